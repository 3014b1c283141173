"""A guest's room that a carried object shows, told as the board's rule and who it leaves,
never hidden in the facts that move the object ("the fact “The Wrench was carried from the
Hall to the Dining Room between eight and nine o'clock” keeps Mrs Bellamy out of the
Kitchen at nine o'clock", which never says that she carried it, nor why only she could).
A weapon only moves when a guest carries it: when the page knows the object's rooms at two
hours in a row and they differ, and knows every other guest was elsewhere at one of those
hours, the one guest left carried it, and so was at its old room before and its new room
after: "A weapon only moves when someone carries it. Colonel Ashby and Lady Dunmore were not
in the Hall at eight o'clock, nor Dr Crane in the Dining Room at nine o'clock, so only Mrs
Bellamy can have carried the Wrench from the Hall to the Dining Room." A mixin of the page (english/board_solution.py), which gives the night, what it
has told and the sentences; the rule is said once a page.
"""

from __future__ import annotations

from .board_reason import Cell, Reasoner
from .board_voice import Claim, Line, Voice, hour_span
from .names import join
from .phrases import cap

Carry = tuple[str, str, str, list[Cell]]   # the object, the hour before, the hour after, the others' cells
# the weapons moved, the hour of the room they share, the hour next to it, the carriers, the others' cells
Shared = tuple[list[str], str, str, list[str], list[Cell]]


class Carrying(Voice):
    """The page's carrier steps; the page supplies what it has told and how it tells a cell."""
    reasoner: Reasoner
    told: set[Cell]
    said: set[Cell]
    turns: dict[str, int]

    def _tell(self, cell: Cell, out: list[Line], busy: set[Cell]) -> None:
        raise NotImplementedError

    def _known_room(self, cell: Cell) -> str | None:
        """The cell's room when the page has told it or can tell it from its propagation."""
        return self.room(*cell) if cell in self.told or cell in self.reasoner.why else None

    def carrier(self, cell: Cell) -> Carry | None:
        """The carry that puts person x somewhere at hour t, if what the page knows shows one:
        an object whose known rooms at t and the hour next to it differ, and every other
        person known to be elsewhere at one of the two hours."""
        x, t = cell
        if x not in self.people:
            return None
        k = self.times.index(t)
        hours = [(self.times[j], self.times[j + 1]) for j in (k - 1, k) if 0 <= j < len(self.times) - 1]
        objects = [o for c in self.tl.objects for o in self.setting.categories[c].ids]
        for t0, u in hours:
            for o in objects:
                a, b = self._known_room((o, t0)), self._known_room((o, u))
                if a is None or b is None or a == b or (self.room(x, t0), self.room(x, u)) != (a, b):
                    continue
                others = [self._elsewhere(p, (t0, a), (u, b)) for p in self.people if p != x]
                if all(others):
                    return o, t0, u, [c for c in others if c is not None]
        return None

    def _elsewhere(self, p: str, *rooms: tuple[str, str]) -> Cell | None:
        """A cell of p's the page knows that is not the object's room at that hour."""
        return next(((p, h) for h, z in rooms if self._known_room((p, h)) not in (None, z)), None)

    def shared(self, cell: Cell) -> Shared | None:
        """Two weapons or more that left person x's room at hour t for different rooms an hour
        later (or came into it from different rooms an hour before), and as many guests the page
        does not know to be elsewhere: one guest cannot carry two weapons two ways, so those guests
        carried one each, and each was in x's room at t. Never 'the fact “The Candlestick was
        carried from the Library to the Study ...” keeps Mrs Bellamy out of the Ballroom at eight
        o'clock' (mansion medium hard seed 97), which reads as if only she could have carried
        it, when Lady Dunmore could have too and the Rope's move is what settles it."""
        x, t = cell
        if x not in self.people:
            return None
        k, z = self.times.index(t), self.room(x, t)
        objects = [o for c in self.tl.objects for o in self.setting.categories[c].ids]
        for j in (k + 1, k - 1):
            if not 0 <= j < len(self.times):
                continue
            h = self.times[j]
            moved: dict[str, str] = {}   # the room at h -> the first object that went there (or came from it)
            for o in objects:
                a, b = self._known_room((o, t)), self._known_room((o, h))
                if a == z and b not in (None, z):
                    moved.setdefault(b, o)
            if len(moved) < 2:
                continue
            gone = {p: self._gone(p, (t, z), (h, list(moved))) for p in self.people}
            left = [p for p in self.people if gone[p] is None]
            if len(left) == len(moved) and x in left:
                return list(moved.values()), t, h, left, [c for c in gone.values() if c is not None]
        return None

    def _gone(self, p: str, here: tuple[str, str], there: tuple[str, list[str]]) -> Cell | None:
        """A cell of p's the page knows that keeps p from every one of the moves: not in the
        room at one hour, or in none of the rooms at the other."""
        (t, z), (h, rooms) = here, there
        if self._known_room((p, t)) not in (None, z):
            return p, t
        return (p, h) if self._known_room((p, h)) not in (None, *rooms) else None

    def carry_shared(self, cell: Cell, out: list[Line], busy: set[Cell]) -> bool:
        """Tell the cell by weapons moved two ways at once (`shared`), with every carrier's room
        at that hour, after the rooms it leans on; False when none shows it."""
        found = self.shared(cell)
        if found is None:
            return False
        moved, t, h, left, others = found
        leans = [*((o, w) for o in moved for w in sorted((t, h), key=self.times.index)), *others]
        for c in leans:
            self._tell(c, out, busy)
        self._recall(others, out)
        claims: list[Claim] = [("cell", p, t, self.room(p, t)) for p in left]
        for p in left:
            self.told.add((p, t))
            self.said.add((p, t))
        given = tuple((y, w, self.room(y, w)) for y, w in leans)
        out.append(Line(self._each_carried(moved, t, h, left, others), claims, "", [("shared", tuple(left), t, h, given)]))
        return True

    def _recall(self, cells: list[Cell], out: list[Line]) -> None:
        """The rooms a fact states that the page knows and has not said yet, said as the fact
        before a sentence says who was elsewhere by them ('Dr Crane stayed in the Ballroom
        from nine to ten o'clock.', not 'nor Dr Crane in the Study or in the Hall at nine
        o'clock' with its ground unsaid)."""
        for x, t in cells:
            why = self.reasoner.why.get((x, t))
            if (x, t) in self.said or why is None or why.rule != "clue":
                continue
            claim: Claim = ("cell", x, t, self.room(x, t))
            self.said.add((x, t))
            out.append(self.placed(x, t, self.room(x, t), why.clues[0], [claim, ("by", tuple(why.clues), (), (), claim)]))

    def _each_carried(self, moved: list[str], t: str, h: str, left: list[str], others: list[Cell]) -> str:
        """'A weapon only moves when someone carries it. Between eight and nine o'clock the
        Candlestick went from the Library to the Study and the Rope from the Library to the
        Hall, and one guest cannot carry both. Colonel Ashby was not in the Library at eight
        o'clock, nor Dr Crane in the Study or the Hall at nine o'clock, so Mrs Bellamy and Lady
        Dunmore carried them, one each: both were in the Library at eight o'clock.'"""
        first, last = sorted((t, h), key=self.times.index)
        span = hour_span(self.words.moment(self.setting, first), self.words.moment(self.setting, last))
        moves = [f"{self.name(o)} from {self.name(self.room(o, first))} to {self.name(self.room(o, last))}"
                 for o in moved]
        went = f"{moves[0].split(' from ', 1)[0]} went from {moves[0].split(' from ', 1)[1]}"
        both = "both" if len(moved) == 2 else f"all {len(moved)}"
        head = f"{self._rule_once(moved[0])}Between {span}, {join([went, *moves[1:]], 'and')}, and one guest " \
               f"cannot carry {both}."
        apart = self._apart_each(others, t, self.room(left[0], t), h, [self.room(o, h) for o in moved])
        who = join([self.name(p) for p in left], "and")
        all_ = "both" if len(left) == 2 else "all"
        so = f"{who} carried them, one each: {all_} were {self.where(self.room(left[0], t))} {self.at(t)}."
        return f"{head} {cap(apart)}, so {so}" if apart else f"{head} {cap(so)}"

    def _apart_each(self, others: list[Cell], t: str, z: str, h: str, rooms: list[str]) -> str:
        """'Colonel Ashby was not in the Library at eight o'clock, nor Dr Crane in the Study or
        the Hall at nine o'clock': who was elsewhere, at the hour the moves share a room first."""
        parts: list[str] = []
        for hour, where in ((t, self.where(z)), (h, join([self.where(r) for r in rooms], "or"))):
            who = [self.name(p) for p, w in others if w == hour]
            if who and parts:
                parts.append(f"nor {join(who, 'and')} {where} {self.at(hour)}")
            elif who:
                parts.append(f"{join(who, 'and')} {'was' if len(who) == 1 else 'were'} not {where} {self.at(hour)}")
        return ", ".join(parts)

    def carry(self, cell: Cell, out: list[Line], busy: set[Cell]) -> bool:
        """Tell the cell by the carry that shows it, after the rooms it leans on; False when
        no carry shows it."""
        found = self.carrier(cell)
        if found is None:
            return self.carry_shared(cell, out, busy)
        o, t, u, others = found
        x = cell[0]
        leans = [(o, t), (o, u), *others]
        for c in leans:
            self._tell(c, out, busy)
        claims: list[Claim] = []
        for c in ((x, t), (x, u)):
            claims.append(("cell", x, c[1], self.room(*c)))
            self.told.add(c)
            self.said.add(c)
        # what the board's rules alone force from the rooms it leans on (tests/english/test_board_carry.py)
        given = tuple((y, h, self.room(y, h)) for y, h in leans)
        out.append(Line(self._carried(x, o, t, u, others), claims, "", [("carried", x, t, u, given)]))
        return True

    def carry_near(self, cell: Cell, z: str, out: list[Line], busy: set[Cell]) -> bool:
        """Keep the cell out of room z by a carry an hour before or after that puts the person
        more than a step from z ('... so only Dr Crane can have carried the Wrench from the Hall
        to the Dining Room. From the Hall at nine o'clock, Dr Crane could not have been in the
        Kitchen at eight o'clock: it is more than a step away.'); False when none does."""
        x, t = cell
        k = self.times.index(t)
        for j in (k - 1, k + 1):
            if not 0 <= j < len(self.times):
                continue
            near = (x, self.times[j])
            if near in self.told or z in self.reasoner.reach[self.room(*near)] or self.carrier(near) is None:
                continue
            self.carry(near, out, busy)
            out.append(Line(self._too_far(x, t, z, self.room(*near), near[1]), [("not_cell", x, t, z)]))
            return True
        return False

    def not_carried(self, cell: Cell, z: str, out: list[Line], busy: set[Cell]) -> bool:
        """Keep an object out of room z at hour u when it was next door an hour before or after
        and nobody known could have carried it between the two: 'Nobody could have carried the
        Candlestick from the Dining Room to the Hall between nine and ten o'clock: Colonel Ashby
        was not in the Dining Room at nine o'clock, nor Lady Dunmore in the Hall at ten o'clock,
        so it was not in the Hall at ten o'clock.' False when the page does not know enough."""
        o, u = cell
        if o in self.people or o == self.victim:
            return False
        k = self.times.index(u)
        for j in (k - 1, k + 1):
            if not 0 <= j < len(self.times):
                continue
            h = self.times[j]
            a = self._known_room((o, h))
            if a is None or a == z or z not in self.reasoner.reach[a]:
                continue
            ends = ((h, a), (u, z)) if j < k else ((u, z), (h, a))
            others = [self._elsewhere(p, *ends) for p in self.people]
            if not all(others):
                continue
            leans = [(o, h), *(c for c in others if c is not None)]
            for c in leans:
                self._tell(c, out, busy)
            given = tuple((y, w, self.room(y, w)) for y, w in leans)
            text = self._not_carried(o, u, z, ends, [c for c in others if c is not None])
            out.append(Line(text, [("not_cell", o, u, z)], "", [("not_carried", o, u, z, given)]))
            return True
        return False

    def _not_carried(self, o: str, u: str, z: str, ends: tuple, others: list[Cell]) -> str:
        (t, a), (w, b) = ends
        span = hour_span(self.words.moment(self.setting, t), self.words.moment(self.setting, w))
        rule = self._rule_once(o)
        head = f"{rule}Nobody could have carried {self.name(o)} from {self.name(a)} to {self.name(b)} between {span}"
        apart = self._apart(others, ends)
        return f"{head}: {apart}, so {self.again(o, head + apart)} was not {self.where(z)} {self.at(u)}."

    def _rule_once(self, o: str) -> str:
        """'A weapon only moves when someone carries it. ', the first time a page leans on it."""
        first = "carried" not in self.turns
        self.turn("carried", 1)
        kind = self.setting.categories[self.setting.find_item(o).category].label.lower()   # type: ignore[union-attr]
        return f"A {kind} only moves when someone carries it. " if first else ""

    def _apart(self, others: list[Cell], ends: tuple) -> str:
        """'Colonel Ashby was not in the Hall at eight o'clock, nor Dr Crane in the Dining Room at
        nine o'clock': who was elsewhere at either end of a move."""
        apart: list[str] = []
        for hour, z in ends:
            who = [self.name(p) for p, h in others if h == hour]
            if not who:
                continue
            if apart:
                apart.append(f"nor {join(who, 'and')} {self.where(z)} {self.at(hour)}")
            else:
                apart.append(f"{join(who, 'and')} {'was' if len(who) == 1 else 'were'} not {self.where(z)} {self.at(hour)}")
        return ", ".join(apart)

    def _carried(self, x: str, o: str, t: str, u: str, others: list[Cell]) -> str:
        """'A weapon only moves when someone carries it. Dr Crane was not in the Kitchen at ten
        o'clock, nor Colonel Ashby in the Dining Room at eleven o'clock, so only Mrs Bellamy can
        have carried the Dagger from the Kitchen to the Dining Room.' The rule in the rules' words,
        once a page; then who else was elsewhere."""
        a, b = self.room(o, t), self.room(o, u)
        span = hour_span(self.words.moment(self.setting, t), self.words.moment(self.setting, u))
        rule = self._rule_once(o)
        apart = self._apart(others, ((t, a), (u, b)))
        so = f"only {self.name(x)} can have carried {self.name(o)} from {self.name(a)} to {self.name(b)}"
        if not apart:   # the hours are not said yet
            so += f" between {span}"
        return f"{rule}{cap(apart)}, so {so}." if apart else f"{rule}{cap(so)}."
