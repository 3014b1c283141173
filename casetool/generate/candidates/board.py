"""A board night's candidates: what the narrator saw hour by hour (where a guest, a weapon
or the victim was, who was with whom, who went where, the rooms nobody was in, the kinds
of room the setting's places have), the inspector's notes (each guest's decided facts,
the murderer's, the weapons that were not used, when the victim was still alive) and,
where the setting's guests speak and the murderer lies (`liar_rule: culprit`), what each
guest says of their own night: true, or the murderer's false alibi.

Every candidate is one fact in one sentence, true in the drawn night; they are drawn hour
by hour, so the case's clues (kept in this order) follow the night as a reader would.
Among them, the richer facts of board_spans.py say in one sentence what several plain ones
say (a piece's stays and moves, guests together, several motives): the chooser merges its
kept plain facts into them.
"""

from __future__ import annotations

import random
from typing import Any

from ...english.phrases import NOTES, frame, item_name
from ...language.facts import decided_facts
from ...load.model import Setting
from ..night import Board
from ..source import Source, liar_witnesses
from ..world import Plan
from .board_spans import rich_at, rich_facts
from .builder import Builder, Candidate, Draft

NEGATIONS = 2     # "was not in" cells drawn a piece and an hour (all rooms would swamp the pool)
PAIRS = 0.5       # the share of (piece, person, hour) pairs drawn as "with" / "not with" clues
# How each speaking guest says where they were, one way each: two guests in the Kitchen at seven
# do not say the same sentence.
VOICES = ("I was {where} {at}", "{at} I was {where}", "I can tell you I was {where} {at}")


def build(source: Source, world: Plan, rng: random.Random) -> Draft:
    night = _Night(Builder(source, world, rng))
    times = night.board.times
    # the richer facts draw their own frames: a seed's plain candidates stay as they were
    rich = random.Random(repr(sorted(world.answer.items())))
    for k, t in enumerate(times):
        night.cells(t)
        night.pairs(t)
        night.places(t)
        night.statements(t)
        if k + 1 < len(times):
            night.moves(t, times[k + 1])
            night.empty_after(t)
        rich_at(night, k, rich)
    night.facts()
    rich_facts(night, rich)
    night.crime()
    return Draft(night.b.out, world.liar_rule)


def cell_means(x: str, t: str, z: str) -> str:
    return f"at({x}, {t}) == {z}"


def move_means(x: str, t: str, z: str, u: str, n: str) -> str:
    return f"{cell_means(x, t, z)} and {cell_means(x, u, n)}"


def spotless_means(cid: str, o: str) -> str:
    return f"{cid} != {o}"


def alive_means(times: str, t: str) -> str:
    return f"{times} > {t}"


def dead_means(times: str, t: str) -> str:
    return f"{times} <= {t}"


def shallow(setting: Setting, world: Plan, people: bool) -> list[str]:
    """The meanings that let a player settle the answer a clue at a time: the hour from
    the two notes around it, the room from where the victim lay then, each weapon but the
    one used from where it was at that hour (the room, or a move into or out of it), or
    from the notes when it lay at the scene too, and (`people`) each guest but the
    murderer the same way. Without them a board case's answer falls only to many cells
    read together (a step of depth 3: hard)."""
    board = Board(setting)
    tl, answer, times = board.tl, world.answer, board.times
    when, scene = answer[tl.times], answer[tl.places]
    k = times.index(when)
    out = [alive_means(tl.times, times[k - 1])] if k else []
    out += [dead_means(tl.times, when)] if k + 1 < len(times) else []
    out += _at_the_hour(world, board.victims, times, k)
    unused = [(cid, o) for cid, o in board.objects if cid in board.answered_objects and o != answer[cid]]
    out += [spotless_means(cid, o) for cid, o in unused if world.loc[(o, when)] == scene]
    out += _at_the_hour(world, [o for _, o in unused if world.loc[(o, when)] != scene], times, k)
    if people:
        out += _at_the_hour(world, [p for p in board.people if p != answer[tl.people]], times, k)
    return out


def _at_the_hour(world: Plan, pieces: list[str], times: list[str], k: int) -> list[str]:
    """Each piece's room at hour k, and its moves into and out of it: whichever of them
    the case keeps tells the room in one clue."""
    out = []
    for x in pieces:
        out.append(cell_means(x, times[k], world.loc[(x, times[k])]))
        for j in (k - 1, k):
            if 0 <= j and j + 1 < len(times):
                t, u = times[j], times[j + 1]
                out.append(move_means(x, t, world.loc[(x, t)], u, world.loc[(x, u)]))
    return out


class _Night:
    def __init__(self, b: Builder):
        self.b, self.rng, self.world = b, b.rng, b.world
        self.setting, self.templates = b.setting, b.templates
        self.board = Board(self.setting)
        self.tl = self.board.tl
        chars = list(self.setting.characters.values())
        narrator = next((c for c in chars if c.role == "narrator" and not c.wheel), None)
        inspector = next((c for c in chars if c.role == "inspector" and not c.wheel), None)
        # the narrator tells what was seen, the inspector what was found out; either stands in for the other
        seen, found = narrator or inspector, inspector or narrator
        self.narrator = seen.id if seen else None
        self.inspector = found.id if found else None
        self.loc = self.world.loc

    # ---- words ------------------------------------------------------------------
    def name(self, x: str) -> str:
        item = self.setting.find_item(x)
        person = item is not None and item.category in (self.tl.people, self.tl.victim)
        return item_name(self.setting, x, item.category if person and item else self.tl.people)

    def at(self, t: str) -> str:
        return self.templates.when(self.setting, t)

    def where(self, z: str) -> str:
        return self.templates.where(self.setting, z)

    def add(self, means: str, clause: str, family: str, level: int, topic: str, form: str,
            oracle: bool = False, barred: str = "", rng: random.Random | None = None) -> bool:
        speaker = self.inspector if oracle else self.narrator
        kind = ("note" if oracle else "fact") if speaker else "fact"
        text = frame(self.templates.pick(rng or self.rng, "notes", NOTES), clause)
        return self.b.add(Candidate("", means, text, speaker, kind, family, level, topic, form=form, barred=barred),
                          True)

    # ---- the narrator: the night hour by hour -----------------------------------------
    def seen(self) -> list[str]:
        """The pieces whose rooms the narrator tells: every one, but where the guests speak for
        themselves (the murderer lying) only the weapons and the victim."""
        if self.world.liar_rule == "culprit":
            return [x for x in self.board.pieces if x not in self.board.people]
        return self.board.pieces

    def cells(self, t: str) -> None:
        """Where each piece was, and (a few) rooms where it was not."""
        for x in self.seen():
            z = self.loc[(x, t)]
            self.add(cell_means(x, t, z), f"{self.name(x)} was {self.where(z)} {self.at(t)}", "cell", 0,
                     f"c:{x}:{t}", "whereabouts")
            others = [r for r in self.board.rooms if r != z]
            for r in self.rng.sample(others, min(NEGATIONS, len(others))):
                # a room ruled out settles a cell only with others: a step harder than a room seen
                self.add(f"at({x}, {t}) != {r}", f"{self.name(x)} was not {self.where(r)} {self.at(t)}", "cell", 1,
                         f"c:{x}:{t}", "negation")

    def pairs(self, t: str) -> None:
        """Who was with whom: two guests, or a weapon (the victim) and a guest. The victim
        after the crime is a body, with nobody ("Lord Ashdown was with Dr Crane at ten
        o'clock", dead at nine, reads as false): where he lay is a cell's, never a pair's."""
        people = self.board.people
        times = self.board.times
        dead = times.index(t) > times.index(self.world.answer[self.tl.times])
        for i, a in enumerate(self.board.pieces):
            for b in people[:i] if a in people else people:
                if self.rng.random() >= PAIRS:
                    continue
                same = self.loc[(a, t)] == self.loc[(b, t)]
                op, verb = ("==", "was with") if same else ("!=", "was not with")
                if a not in people and a not in self.board.victims:   # a thing is not "with" anyone
                    verb = "was in the same room as" if same else "was not in the same room as"
                self.add(f"at({a}, {t}) {op} at({b}, {t})", f"{self.name(a)} {verb} {self.name(b)} {self.at(t)}",
                         "with", 0 if same else 1, f"w:{t}", "whereabouts",
                         barred="the victim, dead by then" if dead and a in self.board.victims else "")

    def places(self, t: str) -> None:
        """The kinds of room the setting's places have ("in the east wing") and its board
        ("in a room next to Dr Crane's")."""
        places = self.setting.categories[self.tl.places]
        people = self.board.people
        for attr in places.attributes.values():
            if attr.id == self.tl.moves or attr.kind != "item" or attr.unknown:
                continue
            for p in people:
                value = places.item(self.loc[(p, t)]).attrs.get(attr.id)   # type: ignore[union-attr]
                if value is not None:
                    self.add(f"at({p}, {t}).{attr.id} == {value}",
                             f"{self.name(p)} was in {self.name(value)} {self.at(t)}", "place", 1, f"p:{p}:{t}",
                             "whereabouts")
        for a in people:
            b = self.rng.choice([q for q in people if q != a]) if len(people) > 1 else None
            if b is not None and self.loc[(b, t)] in self.board.next_to[self.loc[(a, t)]]:
                self.add(f"at({a}, {t}).{self.tl.moves} has at({b}, {t})",
                         f"{self.name(a)} was in a room next to {self.name(b)}'s {self.at(t)}", "place", 1,
                         f"n:{a}:{t}", "whereabouts")

    def from_to(self, t: str, u: str) -> tuple[str, str]:
        """Two hours as a span's ends: ("six", "seven o'clock"), ("eleven o'clock", "midnight")."""
        first, then = self.templates.moment(self.setting, t), self.templates.moment(self.setting, u)
        if first.endswith(" o'clock") and then.endswith(" o'clock"):   # "between six and seven o'clock"
            first = first[:-len(" o'clock")]
        return first, then

    def moves(self, t: str, u: str) -> None:
        """Who went from one room to the next between two hours, or stayed."""
        first, then = self.from_to(t, u)
        objects = {o for _, o in self.board.objects}
        for x in self.seen():
            z, n = self.loc[(x, t)], self.loc[(x, u)]
            if z == n:   # a thing lies where it is; a person stays
                verb = "lay" if x in objects else "stayed"
                clause = f"{self.name(x)} {verb} {self.where(z)} from {first} to {then}"
            else:
                verb = "was carried" if x in objects else "went"
                clause = f"{self.name(x)} {verb} from {self.name(z)} to {self.name(n)} between {first} and {then}"
            self.add(move_means(x, t, z, u, n), clause, "move", 1, f"m:{x}:{t}", "whereabouts")

    def empty_after(self, t: str) -> None:
        """A room nobody was in at an hour, and one nobody entered after it."""
        people, times = self.tl.people, self.tl.times
        # "nobody" is read of everyone: a room the victim was in is not empty ("Lord Ashdown was in
        # the Dining Room at six o'clock" beside "Nobody was in the Dining Room at six o'clock")
        everyone = [*self.board.people, *self.board.victims]
        seen = {self.loc.get((p, t)) for p in everyone}
        empty = [z for z in self.board.rooms if z not in seen]
        if empty:
            z = self.rng.choice(empty)
            self.add(f"no p in {people}: at(p, {t}) == {z}", f"nobody was {self.where(z)} {self.at(t)}",
                     "empty", 1, f"e:{t}", "count")
        later = self.board.times[self.board.times.index(t) + 1:]
        never = [z for z in self.board.rooms if all(self.loc.get((p, u)) != z for p in everyone for u in later)]
        if never:
            z = self.rng.choice(never)
            self.add(f"all t in {times} where t > {t}: no p in {people}: at(p, t) == {z}",
                     f"nobody set foot {self.where(z)} after {self.templates.moment(self.setting, t)}",
                     "empty", 2, f"e:{t}", "count")

    # ---- the guests: their own night, the murderer's a lie ------------------------------
    def statements(self, t: str) -> None:
        """Each speaking guest's room at hour t, and whom they were with, in their own words:
        the truth, or (the murderer, who lies) a room they were not in and a guest they were
        not with, the lie a murderer tells most: an alibi. Only under "the murderer lies"."""
        if self.world.liar_rule != "culprit":
            return
        speakers = {self.setting.characters[w].item: w for w in liar_witnesses(self.setting)}
        murderer = self.world.answer[self.tl.people]
        for n, (p, w) in enumerate(speakers.items()):
            assert p is not None   # liar_witnesses: a speaking guest is an item of the suspects
            honest, z = p != murderer, self.loc[(p, t)]
            rooms = [z] if honest else [r for r in self.board.rooms if r != z]
            room = self.rng.choice(rooms)
            voice = VOICES[n % len(VOICES)]
            self.say(w, cell_means(p, t, room), voice.format(where=self.where(room), at=self.at(t)), honest,
                     f"s:{p}:{t}")
            others = [q for q in self.board.people if q != p and (self.loc[(q, t)] == z) == honest]
            if others and self.rng.random() < PAIRS:
                q = self.rng.choice(others)
                self.say(w, f"at({p}, {t}) == at({q}, {t})", voice.format(where=f"with {self.name(q)}", at=self.at(t)),
                         honest, f"s:{p}:{t}")

    def say(self, speaker: str, means: str, clause: str, honest: bool, topic: str) -> None:
        text = clause[0].upper() + clause[1:] + "."
        self.b.add(Candidate("", means, text, speaker, "statement", "statement", 1, topic, form="whereabouts"), honest)

    # ---- the inspector: facts and the crime --------------------------------------------
    def facts(self) -> None:
        culprit_cat = self.tl.people
        for fact in decided_facts(self.setting):
            label = (self.setting.categories[fact.category].attributes[fact.attribute].label or fact.attribute).lower()
            for item in fact.items:
                value = self.world.facts[(item, fact.attribute)]
                owner = f"{self.name(item)}'s {label}"
                self.add(f"{item}.{fact.attribute} == {value}", f"{owner} was {self.word(value)}", "fact", 0,
                         f"f:{item}", "observation", oracle=True)
                for other in self.rng.sample([v for v in fact.values if v != value], 1) if len(fact.values) > 1 else []:
                    self.add(f"{item}.{fact.attribute} != {other}", f"{owner} was not {self.word(other)}", "fact", 0,
                             f"f:{item}", "negation", oracle=True)
            if fact.category == culprit_cat:
                value = self.world.facts[(self.world.answer[culprit_cat], fact.attribute)]
                self.add(f"{culprit_cat}.{fact.attribute} == {value}",
                         f"the murderer's {label} was {self.word(value)}", "fact", 1, f"f:{culprit_cat}",
                         "observation", oracle=True)

    def word(self, value: Any) -> str:
        return self.name(value) if self.setting.find_item(str(value)) else str(value).replace("_", " ")

    def crime(self) -> None:
        """Weapons that were not used; when the victim was still alive, and dead by."""
        answer, tl = self.world.answer, self.tl
        for cid in self.board.answered_objects:
            noun = (self.setting.categories[cid].label or cid).lower()
            for o in self.setting.categories[cid].ids:
                if o != answer[cid]:
                    self.add(spotless_means(cid, o), f"{self.name(o)} was not the {noun}: it is spotless", "crime", 0,
                             f"a:{cid}", "negation", oracle=True)
        victim = self.name(self.board.victims[0]) if self.board.victims else None
        times = self.board.times
        crime = times.index(answer[tl.times])
        for k, t in enumerate(times):
            moment = self.templates.moment(self.setting, t)
            if k < crime:
                clause = f"{victim} was still alive at {moment}" if victim else f"the crime happened after {moment}"
                self.add(alive_means(tl.times, t), clause, "crime", 1, f"a:{tl.times}", "comparison", oracle=True)
            elif k < len(times) - 1:
                clause = f"{victim} was dead by {moment}" if victim else f"the crime happened by {moment}"
                self.add(dead_means(tl.times, t), clause, "crime", 1, f"a:{tl.times}", "comparison", oracle=True)
