"""How a board solution page (english/board_solution.py) says a thing again, and short: a piece
named again in its own sentence as 'he', 'she', 'it' or 'the Colonel' (never a pronoun another
person named before it could take); the rooms the facts state outright, a run of them said as one
list an hour ("The facts put Dr Crane and the Rope in the Hall and the Dagger in the Study at nine
o'clock"), a single one as the fact itself ("Colonel Ashby went from the Hall to the Ballroom
between eleven o'clock and midnight, so he was in the Ballroom at midnight"); the body's rooms
after death said once; and the wordings of a room read off the board's doors. A mixin of the page,
which gives the names and the turn each wording takes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..load.model import Case, Setting, Timeline
from .names import clue_ref, join, pronoun, referent
from .phrases import NUMBERS, Templates, cap

Claim = tuple   # ("cell", piece, time, room) | ("not_time", time) | ("answer", category, item)
LONG = 190      # characters: a sentence longer than this is said as its verdict, then its reason


@dataclass
class Line:
    text: str
    claims: list[Claim] = field(default_factory=list)
    kind: str = ""      # "placed": a room a fact states; "lay": the body's room after death
    data: list[tuple] = field(default_factory=list)   # what the line says, for a run said as one


class Voice:
    """The page's wordings that name a piece again or say a run of lines as one."""
    case: Case
    setting: Setting
    tl: Timeline
    times: list[str]
    people: list[str]
    victim: str
    rooms: list[str]
    words: Templates

    def name(self, x: str) -> str:
        raise NotImplementedError

    def at(self, t: str) -> str:
        raise NotImplementedError

    def where(self, z: str) -> str:
        raise NotImplementedError

    def room(self, x: str, t: str) -> str:
        raise NotImplementedError

    def turn(self, kind: str, ways: int) -> int:
        raise NotImplementedError

    # ---- a piece named again ------------------------------------------------------------
    def again(self, x: str, before: str) -> str:
        """x named again after `before` (the sentence so far, which named it): 'he' or 'she'
        when the setting says so and no other person named in `before` is also 'he' (or
        'she'), 'the Colonel' when no other suspect has that title, 'it' for a thing when
        no other thing is named in `before`; else the name."""
        if x not in self.people and x != self.victim:
            things = [o for c in self.tl.objects for o in self.setting.categories[c].ids if o != x]
            return self.name(x) if any(self.name(o) in before for o in things) else "it"
        said = pronoun(self.setting, x).lower()
        if not said:
            return referent(self.setting, x, before)
        others = [p for p in self.people + [self.victim] if p != x]
        clash = any(self.name(p) in before and pronoun(self.setting, p).lower() == said for p in others)
        return self.name(x) if clash else said

    def again_s(self, x: str, before: str) -> str:
        """The possessive of `again`: 'his', 'her', 'its', 'the Colonel's'."""
        who = self.again(x, before)
        return {"he": "his", "she": "her", "it": "its"}.get(who) or f"{who}'s"

    def again_obj(self, x: str, before: str) -> str:
        """`again` as an object: 'him', 'her', 'it', 'the Colonel'."""
        who = self.again(x, before)
        return {"he": "him", "she": "her"}.get(who, who)

    def verdict(self, head: str, reason: str) -> str:
        """'Head: reason.', or 'Head. Reason.' when that is too long to follow aloud. What the
        reason leans on is said before it (english/board_grounds.py), never after it."""
        one = f"{head}: {reason}."
        return one if len(one) <= LONG else f"{head}. {cap(reason)}."

    # ---- runs of lines said as one --------------------------------------------------------
    def merged(self, paragraph: list[Line]) -> list[Line]:
        """The paragraph with each run of rooms the facts state (and each run of the body's
        rooms after death) said as one line."""
        out: list[Line] = []
        for line in paragraph:
            prev = out[-1] if out else None
            if prev is not None and line.kind and line.kind == prev.kind and \
                    (line.kind == "placed" or line.data[0][0] == prev.data[0][0]):
                prev.data += line.data
                prev.claims += line.claims
                continue
            out.append(Line(line.text, list(line.claims), line.kind, list(line.data)))
        for line in out:
            if line.kind == "placed":
                line.text = self._placed_words(line.data)
            elif line.kind == "lay":
                line.text = self._lay_words(line.data)
        return out

    def _placed_words(self, data: list[tuple]) -> str:
        """A room a fact states: the fact said as it is, with the room it gives; a run of
        them as the rooms the facts give, an hour at a time."""
        if len(data) == 1:
            x, t, z, cid = data[0]
            fact = " ".join(next(c for c in self.case.clues if c.id == cid).text.split()).rstrip(".")
            if fact != f"{cap(self.name(x))} was {self.where(z)} {self.at(t)}":
                # 'there' only when the fact names no other room it could be
                there = sum(self.name(r) in fact for r in self.rooms) == 1 and self.name(z) in fact
                if there and self.names_hour(fact, t):   # 'lay in the Hall from ten to eleven o'clock': said once
                    return f"{fact}."
                return f"{fact}, so {self.again(x, fact)} was {'there' if there else self.where(z)} {self.at(t)}."
            return (f"The facts put {self.name(x)} {self.where(z)} {self.at(t)}.",
                    f"{cap(self.at(t))}, the facts put {self.name(x)} {self.where(z)}.")[self.turn("placed", 2)]
        data = sorted(data, key=lambda d: self.times.index(d[1]))   # facts all: any order holds, the night's reads
        pieces = [x for x, *_ in data]
        cells = {x: [(y, u) for y, u, *_ in data if y == x] for x in dict.fromkeys(pieces)}
        each = f"The facts put {join([f'{self.name(x)} {self._ends(cs)}' for x, cs in cells.items()], 'and')}."
        if len(set(pieces)) < len(pieces) or (len({d[1] for d in data}) == len(data) and len(each) <= LONG):
            return each   # each piece with its rooms: a piece at two hours, or one piece an hour
        hours: dict[str, dict[str, list[str]]] = {}
        for x, t, z, _ in data:
            hours.setdefault(t, {}).setdefault(z, []).append(self.name(x))
        said = [(join([f"{join(xs, 'and')} {self.where(z)}" for z, xs in rooms.items()], "and"), t)
                for t, rooms in hours.items()]
        two = f"The facts put {said[0][0]} {self.at(said[0][1])}, and {said[-1][0]} {self.at(said[-1][1])}."
        if len(said) == 2 and len(two) <= LONG:
            return two
        first, *rest = said
        return " ".join([f"The facts put {first[0]} {self.at(first[1])}."]
                        + [f"{cap(self.at(t))}, they put {what}." for what, t in rest])

    def names_hour(self, fact: str, t: str) -> bool:
        """Whether the fact names hour t itself ('from ten to eleven o'clock' names ten): a
        room it gives at that hour is what it says, not a step from it."""
        word = self.words.moment(self.setting, t).removesuffix(" o'clock")
        return re.search(rf"\b{re.escape(word)}\b", fact, re.IGNORECASE) is not None

    def _lay_words(self, data: list[tuple]) -> str:
        """'Lord Ashdown was dead by nine o'clock, and the body lay where it fell: he was in
        the Kitchen at ten and eleven o'clock as at nine o'clock' (the body, not 'he', first:
        a setting's victim need not be a man)."""
        x, _, z, dead, _ = data[0]
        hours = [t for _, t, _, _, _ in data]
        since = next(u for *_, u in data if u not in hours)
        head = f"{cap(self.name(x))} was dead by {self.words.moment(self.setting, dead)}, and the body lay where it fell:"
        return f"{head} {self.again(x, head)} was {self.where(z)} {self._hours(hours)} as {self.at(since)}."

    def _hours(self, hours: list[str]) -> str:
        if len(hours) == 1:
            return self.at(hours[0])
        return f"at {hour_list([self.words.moment(self.setting, u) for u in sorted(hours, key=self.times.index)])}"

    def placed(self, x: str, t: str, z: str, cid: str, claims: list[Claim]) -> Line:
        """A room one clue states outright; a fact's is said with the others around it."""
        ref = clue_ref(self.case, cid)
        if ref.startswith("the fact"):
            return Line("", claims, "placed", [(x, t, z, cid)])
        return Line(f"{cap(ref)} puts {self.name(x)} {self.where(z)} {self.at(t)}.", claims)

    # ---- the board's doors ----------------------------------------------------------------
    def _ruling(self, clues: list[str]) -> tuple[str, str]:
        """The clues that rule rooms out, quoted when few ('the fact “...” and the note “...”'),
        else 'the clues'; and the ending of a verb after them."""
        if clues and len(clues) <= 3:
            return join([clue_ref(self.case, c) for c in clues], "and"), "s" if len(clues) == 1 else ""
        return "the clues", ""

    def _ruled(self, x: str, t: str, z: str, ruled: list[str], clues: list[str] | None = None) -> str:
        """Every other room ruled out by clues (nobody there, another wing, not next door), said
        with the clues that rule them out: what leaves the one room is told, not only that it does."""
        refs, s = self._ruling(clues or [])
        if len(ruled) <= 3:
            return f"{cap(refs)} keep{s} {self.name(x)} out of {join([self.name(r) for r in ruled], 'and')} " \
                   f"{self.at(t)}, which leaves {self.name(z)}."
        return f"{cap(refs)} rule{s} out every room but {self.name(z)} for {self.name(x)} {self.at(t)}."

    def _too_far(self, x: str, t: str, z: str, y: str, u: str) -> str:
        X = cap(self.name(x))
        return (f"From {self.name(y)} {self.at(u)}, {self.name(x)} could not have been {self.where(z)} {self.at(t)}: "
                f"it is more than a step away.",
                f"{X} was {self.where(y)} {self.at(u)}, too far from {self.name(z)} to be there {self.at(t)}.",
                f"{cap(self.name(z))} is more than a step from {self.name(y)}, where {self.name(x)} was "
                f"{self.at(u)}.")[self.turn("too_far", 3)]

    def _ends(self, cells: list[tuple[str, str]]) -> str:
        """'in the Library at ten o'clock and at midnight', 'in the Hall at seven o'clock and
        in the Study at nine o'clock': a piece's known rooms, a room said once."""
        rooms: dict[str, list[str]] = {}
        for c in cells:
            rooms.setdefault(self.room(*c), []).append(c[1])
        return join([f"{self.where(r)} {join([self.at(u) for u in us], 'and')}" for r, us in rooms.items()], "and")

    def _reach(self, x: str, t: str, z: str, cells: list[tuple[str, str]], ruled: list[str],
               clues: list[str] | None = None) -> str:
        head = f"{cap(self.name(x))} was {self._ends(cells)}"
        if not ruled:
            if len(cells) == 2 and self.turn("reach", 2):
                (a, u), (b, w) = [(self.room(*c), c[1]) for c in cells]
                return (f"Between {self.name(a)} {self.at(u)} and {self.name(b)} {self.at(w)}, {self.name(x)} "
                        f"can only have passed through {self.name(z)}.")
            return f"{head}, so {self.again(x, head)} was {self.where(z)} {self.at(t)}: no other room is a step from both."
        refs, s = self._ruling(clues or [])
        out = join([self.name(r) for r in ruled], 'and')
        way = self.turn("ruled", 3)
        said = self._says_out(ruled, clues or [], t)   # the facts quoted name the rooms: not named again
        if way == 1:   # the rooms within a step named, then what rules all but one out
            known = [f"{self.name(self.room(*c))} {self.at(c[1])}" for c in cells]
            within = join([self.where(r) for r in [z] + ruled], "or")
            ends = f"leave{s} only {self.name(z)}" if said else f"rule{s} out {out}, which leaves {self.name(z)}"
            return (f"A step at most from {join(known, 'and')}, {self.name(x)} could only have been {within} "
                    f"{self.at(t)}; {refs} {ends}.")
        if said:
            return (f"{head}; of the rooms a step from {'both' if len(cells) == 2 else 'there'}, {refs} leave{s} "
                    f"{self.again_obj(x, head)} only {self.name(z)} {self.at(t)}.")
        if way == 2:
            return (f"{head}; of the rooms at most a step from {'both' if len(cells) == 2 else 'there'}, {refs} "
                    f"rule{s} out {out} {self.at(t)}, and only {self.name(z)} is left.")
        return (f"{head}; {refs} keep{s} {self.again_obj(x, head)} out of {out} {self.at(t)}, and of the rooms a "
                f"step from {'both' if len(cells) == 2 else 'there'} only {self.name(z)} is left.")


    def _says_out(self, ruled: list[str], clues: list[str], t: str) -> bool:
        """Whether the facts quoted say in so many words that the rooms ruled out were not the
        piece's at hour t ('Nobody was in the Kitchen at eight o'clock'): then what they rule
        out is not said again after them."""
        texts = [" ".join(c.text.split()) for c in self.case.clues if c.id in clues]
        if not ruled or len(texts) != len(clues) or not 0 < len(clues) <= 3 or \
                not all(clue_ref(self.case, c).startswith("the fact") for c in clues):
            return False
        negative = [f for f in texts if self.names_hour(f, t) and re.search(r"\b(not|[Nn]obody)\b", f)]
        return all(any(self.name(r) in f for f in negative) for r in ruled)


def hour_list(hours: list[str]) -> str:
    """'seven and eight o'clock', 'eleven o'clock and midnight' (and 'eleven o'clock and one
    o'clock' across midnight)."""
    o = " o'clock"
    bare = [h.removesuffix(o) for h in hours]
    if all(h.endswith(o) and b in NUMBERS for h, b in zip(hours, bare, strict=True)) \
            and [NUMBERS.index(b) for b in bare] == sorted(NUMBERS.index(b) for b in bare):
        return join(bare[:-1] + [hours[-1]], "and")
    return join(hours, "and")


def hour_span(first: str, last: str) -> str:
    """'six and eight o'clock', as the clues say it; 'ten o'clock and one o'clock' across
    midnight, where 'ten and one o'clock' would read as a quarter past."""
    o = " o'clock"
    a, b = first.removesuffix(o), last.removesuffix(o)
    if first.endswith(o) and last.endswith(o) and a in NUMBERS and b in NUMBERS and NUMBERS.index(a) < NUMBERS.index(b):
        return f"{a} and {last}"
    return f"{first} and {last}"
