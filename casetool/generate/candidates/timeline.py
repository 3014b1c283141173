"""The timeline: the inspector's notes on whereabouts (who was where when, who was together,
who was away) and on the place and the time; the object is given at the start, as in the
DVD game's random case."""

from __future__ import annotations

import dataclasses
import random
import re

from ...english.atoms import category_atoms, everyone_clause, list_atom, together_clause
from ...english.phrases import (
    NOTES,
    Templates,
    attribute_value,
    fill,
    frame,
    item_name,
    join_and,
    the_item,
    value_word,
)
from ...language.ir import AWAY
from ...load.model import Setting, Timeline
from ..source import Source
from ..world import Plan
from .builder import Builder, Candidate, Draft

CELL = re.compile(r"^at\((\w+), (\w+)\) == (\w+)$")


def build(source: Source, world: Plan, rng: random.Random) -> Draft:
    """Inspector's notes for a timeline case, one family at a time (the order of the families,
    and so of the random draws, is part of what a seed means)."""
    tw = _Timeline(Builder(source, world, rng))
    tw.given()
    tw.answer_parts()
    for t in tw.times.ids:
        tw.whereabouts(t)
    tw.stays()
    tw.linked_parts()
    return Draft(tw.b.out, "none")


class _Timeline:
    """What the timeline families share: the builder, the categories, the setting's words."""

    def __init__(self, b: Builder):
        self.b, self.rng, self.world = b, b.rng, b.world
        setting, self.templates = b.setting, b.templates
        assert setting.timeline is not None  # timeline cases are drafted for timeline settings only
        self.setting, self.cats = setting, setting.categories
        self.tl: Timeline = setting.timeline
        self.people, self.places, self.times = (self.cats[self.tl.people], self.cats[self.tl.places],
                                                self.cats[self.tl.times])
        chars = setting.characters.values()
        speaker_ch = next((c for c in chars if c.role == "inspector" and not c.wheel), None) or \
            next((c for c in chars if c.role == "narrator" and not c.wheel), None)
        self.speaker = speaker_ch.id if speaker_ch else None
        self.kind = "note" if speaker_ch else "fact"
        self.group_attr = next((a.id for a in self.people.attributes.values()
                                if a.kind == "enum" and 2 <= len(a.values) <= 3), None)

    def add(self, means: str, clause: str, family: str, level: int, topic: str, *, pinned: bool = False,
            reveal: int | None = None, expr: object = None, linked: bool = False, form: str = "whereabouts") -> bool:
        text = frame(self.templates.pick(self.rng, "notes", NOTES), clause)
        return self.b.add(Candidate("", means, text, self.speaker, self.kind, family, level, topic, pinned=pinned,
                                    reveal=reveal, expr=expr, linked=linked, form=form), True)

    def name(self, i: str) -> str:
        return item_name(self.setting, i, self.tl.people)

    def at(self, t: str) -> str:
        return self.templates.when(self.setting, t)      # "at dusk", the setting's own words

    def where(self, z: str) -> str:
        return self.templates.where(self.setting, z)     # "on the Jetty", "in the Hall"

    def given(self) -> None:
        """The object is known from the start, as in the DVD game's random case."""
        tl = self.tl
        for cid in [c for c in self.setting.answer if c not in (tl.people, tl.places, tl.times)]:
            item = self.world.answer[cid]
            subject = self.templates.subject(self.cats[cid])
            self.add(f"{cid} == {item}", f"{subject} was {self.name(item)}", "given", 0, f"{cid}=", pinned=True, reveal=0,
                     form="given")

    def answer_parts(self) -> None:
        """The answer's place and time, told directly, and lists of what they were not. Never
        the culprit's looks: a timeline names its culprit by who could have been at the scene
        (with them, 3 in 10 notes of grange and tudor cases were the culprit's looks or
        conditionals and 1 in 5 a whereabouts; without, half are whereabouts, bench/README
        "Timeline cases tell who was where")."""
        tl, b = self.tl, self.b
        for cid in (tl.places, tl.times):
            atoms = [a for a in category_atoms(self.setting, self.templates, cid) if a.topic != f"{cid}="]
            for level, count in ((0, 10), (1, 4)):
                for _ in range(count):
                    got = b.composed(atoms, level, True)
                    if got:
                        self.add(got[0], got[1], "answer", level, got[0].split()[0], expr=got[2], form=got[3])
        for _ in range(4):
            cid = self.rng.choice([tl.places, tl.times])
            ids = self.cats[cid].ids
            # leave two or more unnamed: "neither A, B nor C" of four is the fourth said the long way
            items = [i for i in self.rng.sample(ids, 3) if i != self.world.answer[cid]][:len(ids) - 2]
            if len(items) >= 2:
                atom = list_atom(self.setting, self.templates, cid, items).negated()
                self.add(atom.means, atom.text, "answer", 1, f"{cid}=", form="list")

    def linked_parts(self) -> None:
        """Notes tying the place to the time ("if the crime happened indoors, then it happened
        before dusk"): each settles only once another note narrows one of them (a chain),
        which is where hard and fiendish timeline cases get their depth."""
        tl = self.tl
        places, times = ([a for a in category_atoms(self.setting, self.templates, cid) if a.topic != f"{cid}="]
                         for cid in (tl.places, tl.times))
        for level, count in ((1, 3), (2, 5)):
            for _ in range(count):
                got = self.b.linked(places, times, level, True)
                if got:
                    self.add(got[0], got[1], "answer", level, got[0].split()[0], expr=got[2], linked=True,
                             form=got[3])

    def whereabouts(self, t: str) -> None:
        cells = {p: self.world.loc[(p, t)] for p in self.people.ids}
        self.together(t, cells)
        if all(z == AWAY for z in cells.values()):
            first = t == self.times.ids[0]
            self.add(f"all p in {self.tl.people}: at(p, {t}) == away", f"nobody had arrived yet {self.at(t)}"
                     if first else f"everyone was away {self.at(t)}", "away", 1, f"t:{t}")
            return
        self.cells(t, cells)
        if self.group_attr:
            self.groups(t, cells)
        self.empty(t, cells)
        self.empty_kinds(t, cells)

    def together(self, t: str, cells: dict[str, str]) -> None:
        if t in self.world.together:
            z = cells[self.people.ids[0]]
            self.add(f"together({t})", f"the suspects were all together {self.at(t)}", "together", 1, f"t:{t}")
            self.add(f"all p in {self.tl.people}: at(p, {t}) == {z}", f"everyone was {self.where(z)} {self.at(t)}",
                     "together", 1, f"t:{t}")

    def cells(self, t: str, cells: dict[str, str]) -> None:
        for p in self.people.ids:
            z = cells[p]
            if z == AWAY:
                self.add(f"at({p}, {t}) == away", f"{self.name(p)} was away {self.at(t)}", "cell", 0, f"c:{p}:{t}")
            else:
                self.add(f"at({p}, {t}) == {z}", f"{self.name(p)} was {self.where(z)} {self.at(t)}", "cell", 0, f"c:{p}:{t}")

    def groups(self, t: str, cells: dict[str, str]) -> None:
        """'All the women were in the Hall', and 'all ... but X'."""
        people, attr, who = self.people, self.group_attr, self.tl.people
        assert attr is not None  # whereabouts asks for groups only when the people have a group attribute
        for value in people.attributes[attr].values:
            members = [p for p in people.ids if the_item(people, p).attrs[attr] == value]
            label = (people.attributes[attr].label or attr).lower()
            # "all ... were": a noun phrase ("All everyone whose hair is fair were" had read as nonsense)
            noun = self.templates.group_noun(attr, value) or f"the people whose {label} is {value_word(value)}"
            spots = [cells[p] for p in members]
            if len(members) >= 2 and len(set(spots)) == 1 and spots[0] != AWAY:
                self.add(f"all p in {who} where p.{attr} == {value}: at(p, {t}) == {spots[0]}",
                         f"all {noun} were {self.where(spots[0])} {self.at(t)}", "group", 1, f"g:{value}:{t}")
            for odd in members:
                rest = [cells[p] for p in members if p != odd]
                if len(rest) >= 2 and len(set(rest)) == 1 and rest[0] not in (AWAY, cells[odd]):
                    # "all ... but X were in the Hall" says X was not: the means says so too
                    self.add(f"all p in {who} where p.{attr} == {value} and p != {odd}: at(p, {t}) == {rest[0]}"
                             f" and at({odd}, {t}) != {rest[0]}",
                             f"all {noun} but {self.name(odd)} were {self.where(rest[0])} {self.at(t)}",
                             "group", 2, f"g:{value}:{t}")

    def empty(self, t: str, cells: dict[str, str]) -> None:
        empty = [z for z in self.places.ids if z not in cells.values()]
        if not empty:
            return
        z = self.rng.choice(empty)
        self.add(f"no p in {self.tl.people}: at(p, {t}) == {z}", f"nobody was {self.where(z)} {self.at(t)}",
                 "empty", 1, f"e:{t}")
        if len(empty) >= 3:
            some = sorted(self.rng.sample(empty, 3), key=self.places.ids.index)
            self.add(f"no p in {self.tl.people}: at(p, {t}) in [{', '.join(some)}]",
                     f"{join_and([self.name(z) for z in some])} were all empty {self.at(t)}", "empty", 1, f"e:{t}")

    def empty_kinds(self, t: str, cells: dict[str, str]) -> None:
        """Nobody in a kind of place: by a set attribute's value, or outside a bool one."""
        places, who, at = self.places, self.tl.people, self.at(t)
        for attr in places.attributes.values():
            if attr.kind == "set":
                for value in attr.values:
                    where = self.kind_of_place(attr.id, value, 0)
                    if where and not any(z != AWAY and value in the_item(places, z).attrs[attr.id]
                                         for z in cells.values()):
                        self.add(f"no p in {who}: any q in {self.tl.places} where q.{attr.id} has {value}: at(p, {t}) == q",
                                 f"nobody was {where} {at}", "empty", 2, f"e:{t}")
            where = self.kind_of_place(attr.id, True, 1) if attr.kind == "bool" else None
            if where and not any(z != AWAY and not the_item(places, z).attrs[attr.id] for z in cells.values()):
                self.add(f"no p in {who}: any q in {self.tl.places} where not q.{attr.id}: at(p, {t}) == q",
                         f"nobody was {where} {at}", "empty", 2, f"e:{t}")

    def kind_of_place(self, attr: str, value: object, which: int) -> str | None:
        """'in the north wing', 'outdoors': a kind of place, from the setting's phrase for the
        crime happening there ("happened in the north wing"; `which` 1: the phrase for the
        crime not happening there, "happened outdoors"); None when the phrase is not one."""
        phrases = self.templates.attribute_phrases(self.places, attr, value)
        word = attribute_value(self.setting, self.places.attributes[attr], value)
        phrase = fill(phrases[which], value=word) if phrases and len(phrases) > which else ""
        return phrase[len("happened "):] if phrase.startswith("happened ") and " not " not in phrase else None

    def stays(self) -> None:
        """When each person arrived and left. Each means what its words tell: "did not arrive
        until ten" is away before ten and there at ten, "left after nine" there at nine and
        away after (the means without the 'there' had Dev Marlow, by grange's rules, never in
        the house while the note had him leave, grange timeline medium seed 96)."""
        times, n = self.times, len(self.times.ids)
        for p in self.people.ids:
            first, last = self.world.stay[p]
            if first > 0:
                t = times.ids[first]
                self.add(f"at({p}, {t}) != away and all t in {self.tl.times} where t < {t}: at({p}, t) == away",
                         f"{self.name(p)} did not arrive until {self.templates.moment(self.setting, t)}", "stay", 1,
                         f"s:{p}", form="stay")
            if last < n - 1:
                t = times.ids[last]
                self.add(f"at({p}, {t}) != away and all t in {self.tl.times} where t > {t}: at({p}, t) == away",
                         f"{self.name(p)} left after {self.templates.moment(self.setting, t)} and was not seen again",
                         "stay", 1, f"s:{p}", form="stay")


def merge_together(setting: Setting, templates: Templates, order: list[Candidate],
                   rng: random.Random) -> list[Candidate]:
    """The case's notes with the people who were in one place at one time said as one
    scene ("Reverend Green, Professor Plum and Mrs. Peacock were in the Hall at dawn"), not a
    note each (a tudor case had eight notes "X was in the Y at dawn" in a row). The scene
    means every one of them, so it is needed as its parts were; it takes the first's place.
    When the case tells where every suspect was at a time and most shared one place, the
    time is one note said from the crowd ("Everyone but Mrs. White and Francis was in the
    Dining Room at dinner; ..."; atoms.everyone_clause): its words say each suspect's place,
    as the notes it joins did, so it means no more and no less than they did."""
    spots: dict[str, tuple[str, str, str]] = {c.key: (m[1], m[2], m[3]) for c in order
                                              if c.family == "cell" and (m := CELL.match(c.means))}
    scenes: dict[tuple[str, ...], list[Candidate]] = {}   # (time, place) -> its cells, in order
    for c in order:
        if c.key in spots:
            scenes.setdefault(spots[c.key][1:], []).append(c)
    crowds = _crowds(setting, spots, order)
    out: list[Candidate] = []
    for c in order:
        time = spots[c.key][1] if c.key in spots else None
        scene = crowds[time] if time in crowds else scenes[spots[c.key][1:]] if c.key in spots else [c]
        if len(scene) == 1:
            out.append(c)
        elif c is scene[0]:   # the others of the scene are said in it
            means = " and ".join(g.means for g in scene)
            if time in crowds:
                cells = {spots[g.key][0]: spots[g.key][2] for g in scene}
                clause, means = everyone_clause(setting, templates, cells, time), _crowd_means(setting, cells, time)
            else:
                _who, _time, place = spots[c.key]
                clause = together_clause(setting, templates, [spots[g.key][0] for g in scene], place, _time)
            text = frame(templates.pick(rng, "notes", NOTES), clause)
            out.append(dataclasses.replace(c, means=means, text=text))
    return out


def _crowd_means(setting: Setting, cells: dict[str, str], time: str) -> str:
    """'all p in suspect where p != white: at(p, dinner) == dining_room and at(white, dinner) ==
    library': the crowd by who it leaves out, as its words say it (a name the note does not say
    is never in its means), then each one left out."""
    assert setting.timeline is not None  # cells are a timeline's
    spots = list(cells.values())
    crowd = max(spots, key=spots.count)   # the place everyone_clause says the crowd was in
    odd = [p for p in cells if cells[p] != crowd]
    but = " where " + " and ".join(f"p != {p}" for p in odd) if odd else ""
    return " and ".join([f"(all p in {setting.timeline.people}{but}: at(p, {time}) == {crowd})"]
                        + [f"at({p}, {time}) == {cells[p]}" for p in odd])


CROWD = 4   # the fewest in one place a note says from the crowd ("everyone but X was ..."); fewer are named
ODD = 3     # the most it names as elsewhere, and fewer than half the crowd (else the names are the shorter)


def _crowds(setting: Setting, spots: dict[str, tuple[str, str, str]], order: list[Candidate]) -> dict[str, list[Candidate]]:
    """Time -> its cells, for each time where the case's notes place every suspect, at least
    CROWD of them in one place and at most ODD elsewhere."""
    assert setting.timeline is not None  # cells are a timeline's
    people = set(setting.categories[setting.timeline.people].ids)
    hours: dict[str, list[Candidate]] = {}
    for c in order:
        if c.key in spots:
            hours.setdefault(spots[c.key][1], []).append(c)
    out = {}
    for time, cells in hours.items():
        where = {spots[c.key][0]: spots[c.key][2] for c in cells}
        most = max(list(where.values()).count(z) for z in where.values())
        odd = len(people) - most
        if set(where) == people and len(where) == len(cells) and most >= CROWD and odd <= min(ODD, (most - 1) // 2):
            out[time] = cells
    return out
