"""A cell of a board page that only many clues settle together, told as steps a player can
follow instead of "it takes thirteen clues together to show it": first the facts few of
those clues settle on their way (a guest's room at an hour, or a room he was not in), each
told as a sentence of its own, so long as each one shortens what is left; and when that is
not enough, a supposition read through to a clash: "Suppose Colonel Ashby had not been in
the Dining Room at eight o'clock: then the fact “...” would put him in the Kitchen, ...;
but then the fact “...” could not hold." Every step of it is a fact few clues force, with
the facts before it (english/board_notes.py finds them on the solver's SAT mirror), or a
part of the answer ("would leave only the Rope as the weapon"). Supposing the victim
elsewhere says first when he was still alive ("then he was still alive at nine, so the
murder came later"), and the rest leans on that alone: the hours the page has ruled out, or
a few notes, leave the murder no hour.

A mixin of the page (english/board_solution.py), which gives the night, what it has told
(cells, rooms ruled out, parts of the answer) and the sentences.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..load.model import Setting, World
from .board_notes import QUOTED, Fact, Found, Notes, Settled, Step
from .board_reason import Cell, Reasoner

LEMMAS = 8          # facts told on the way to one cell, at most
SUPPOSE_TRIES = 4   # clues tried as the one a supposition clashes with
CELLS_TRIED = 14    # cells a step looks at, nearest the cell first
HEAVY = 6           # facts one result rests on (clues and what it leans on) that a step on the way should split
# SAT questions (english/board_notes.py: a millisecond or so each) a page may spend on the
# steps to one cell, and on all of them: a count, not a clock, so the same case gives the same
# page (on 8x8x10x8 a page then takes 5-12 s of CPU, where most cells take a few hundred)
STEP_WORK, PAGE_WORK = 10_000, 50_000


@dataclass
class Supposed:
    """A cell settled by supposing the opposite: the steps it leads to, and the clash."""
    fact: Fact                          # what is supposed
    links: list[tuple[Step, Settled]]   # each step: a fact or part of the answer, and what forces it
    clash: Settled                      # the clues and facts that cannot hold together


class Chaining:
    """The page's search for steps; the page supplies the night and what it has told."""
    night: World
    setting: Setting
    times: list[str]
    people: list[str]
    rooms: list[str]
    victim: str
    told: set[Cell]
    said: set[Cell]   # cells told in a sentence of their own (a clue's own cell is not, unless a step)
    kept: set[tuple[Cell, str]]
    found: list[Found]
    reasoner: Reasoner
    settler: Notes
    stoning: bool
    target: Cell | None
    work: int      # SAT questions asked when the page began
    started = 0    # and when the cell's steps began
    # facts and parts of the answer that few clues did not force earlier in a supposition, with
    # how many facts it had then: not asked again until it has a new one that may bear on them
    failed: dict[Step, int] | None = None
    light = False   # a step of a supposition must not itself rest on HEAVY facts (explain tries so first)

    def room(self, x: str, t: str) -> str:
        raise NotImplementedError

    def _tell(self, cell: Cell, out: list, busy: set[Cell]) -> None:
        raise NotImplementedError

    def _say(self, fact: Fact, by: Settled | None, out: list) -> None:
        raise NotImplementedError

    def _say_found(self, fact: Found, by: Settled, out: list) -> None:
        raise NotImplementedError

    # ---- what the page knows --------------------------------------------------------
    def _known(self, cell: Cell | None) -> dict[Cell, str]:
        return {c: self.room(*c) for c in self.told | set(self.reasoner.why)
                if c not in (cell, self.target)
                and (c in self.said or getattr(self.reasoner.why.get(c), "rule", None) != "clue")}

    def _core(self, cell: Cell, z: str, inside: bool, pool: list[str] | None = None,
              hyp: list[Step] | None = None, sure: list[Step] | None = None) -> Settled | None:
        return self.settler.settle(cell, z, inside, self._known(cell), self.found, sorted(self.kept), hyp or [], pool,
                                   sure or [])

    def _spent(self, page: bool = False) -> bool:
        """Whether the cell's share of SAT questions is spent, or the page's (`page`: only it)."""
        calls = self.settler.session.sat_calls
        return (not page and calls - self.started > STEP_WORK) or calls - self.work > PAGE_WORK

    def settle(self, cell: Cell, z: str, inside: bool, out: list | None = None) -> Settled | Supposed | None:
        """The notes (and what the page has told) that put the cell in room z, or keep it
        out. When they are more than a sentence can quote, first the facts on the way, told
        (into `out`) before it; then, if still too many, a supposition."""
        by = self._core(cell, z, inside)
        if out is None or self.stoning or by is None:
            return by
        if len(by.clues) <= QUOTED:   # few notes; but the victim's room by the hours ruled out is a supposition
            hours = any(self.setting.timeline and f[0] == self.setting.timeline.times for f in by.found)
            if cell[0] == self.victim and hours:
                return self._victim(cell, z, inside, by, out)
            if not self._heavy(by):
                return by
        self.stoning, self.target = True, cell
        self.started = self.settler.session.sat_calls
        was = cell in self.told   # not a premise of its own steps
        self.told.discard(cell)
        try:
            goal = (cell[0], cell[1], z, inside)
            by = self._steps(goal, by, out)
            if len(by.clues) > QUOTED and not self._spent(True):
                self.started = self.settler.session.sat_calls   # the supposition's own share
                return self._supposition(goal, by, out) or by
            return by
        finally:
            self.stoning, self.target = False, None
            if was:
                self.told.add(cell)

    def _victim(self, cell: Cell, z: str, inside: bool, by: Settled, out: list) -> Settled | Supposed:
        """The victim's room by the hours ruled out: 'Suppose Mr Boddy had not been in the
        Hall at nine o'clock: then he was still alive at nine, so the murder came later;
        but ...', which a player follows where 'the rules rule out every other room, with
        the murder ruled out at ten and eleven o'clock' leaves him to find why."""
        self.stoning, self.target = True, cell
        self.started = self.settler.session.sat_calls
        try:
            told = self._supposition((cell[0], cell[1], z, inside), by, out)
            return told if isinstance(told, Supposed) else by
        finally:
            self.stoning, self.target = False, None

    def _supposition(self, goal: Fact, by: Settled, out: list) -> Settled | Supposed | None:
        """The goal by supposing the opposite (its plain steps told into `out` first), or
        None when no supposition is found."""
        sup = self._suppose(goal, by)
        if sup is None:
            return None
        sup = self._plain(sup, out)
        if not sup.links:   # the facts told first leave few clues: said without supposing
            after = self._core((goal[0], goal[1]), goal[2], goal[3])
            return sup if after is None or len(after.clues) > QUOTED else after
        return sup

    def _heavy(self, by: Settled) -> bool:
        """Whether a result rests on more facts than a reader holds at once (HEAVY: the clues,
        the rooms found above, many said as one, and the parts of the answer, the hours ruled
        out as one), with clues enough that a fact on the way may take some of them."""
        hours = self.setting.timeline.times if self.setting.timeline else ""
        parts = [f for f in by.found if f[0] != hours] + [f for f in by.found if f[0] == hours][:1]
        return len(by.clues) >= 2 and len(by.clues) + min(3, len(by.given) + len(by.kept)) + len(parts) >= HEAVY

    # ---- facts on the way -------------------------------------------------------------
    def _cells(self, goal: Fact, clues: list[str], hyp: list[Step]) -> list[Cell]:
        """The cells the clues speak of (a guest each, for a clue about nobody), and the hours
        either side of them, not yet known: the nearest the goal's cell first."""
        x, t = goal[0], goal[1]
        k = self.times.index(t)
        named: set[Cell] = {(x, t)}
        for c in clues:
            for y, u in self.settler.cells[c]:
                if u in self.times:
                    named |= {(p, u) for p in ([y] if y is not None else self.people)}
        near = set(named)
        for y, u in named:
            j = self.times.index(u)
            near |= {(y, self.times[i]) for i in (j - 1, j + 1) if 0 <= i < len(self.times)}
        known = set(self._known(None)) | {(f[0], f[1]) for f in hyp if len(f) == 4 and f[3]}
        cells = [c for c in near if c not in known and c in self.night.loc]
        return sorted(cells, key=lambda c: (abs(self.times.index(c[1]) - k), c not in named, c[0] != x,
                                            c[0], self.times.index(c[1])))[:CELLS_TRIED]

    def _steps(self, goal: Fact, by: Settled, out: list) -> Settled:
        """Facts few of the set's clues settle that shorten it, each told as it is found."""
        for _ in range(LEMMAS):
            if (len(by.clues) <= QUOTED and not self._heavy(by)) or self._spent():
                break
            step = self._step(goal, by, None, [])
            if step is None:
                break
            fact, own, after = step
            for c, _ in own.given:
                self._tell(c, out, set())
            if len(fact) == 3:
                self._say_found(fact, own, out)
            else:
                self._say(fact, own, out)
            by = _told(after)
        return by

    def _answer_facts(self) -> list[Found]:
        """The parts of the answer not yet found: each item ruled out, and the answer's own."""
        have = {(cat, item) for cat, item, _ in self.found}
        return [(cat, item, item == self.night.answer[cat]) for cat in self.setting.answer
                for item in self.setting.categories[cat].ids if (cat, item) not in have
                and not (self.night.answer[cat] != item and (cat, self.night.answer[cat]) in have)]

    def _by_answer(self, goal: Fact, by: Settled) -> tuple[Found, Settled, Settled] | None:
        """A part of the answer at most QUOTED of the set's clues show, that shortens it."""
        answer = self.settler.session.compiled.answer
        for f in self._answer_facts():
            if self._spent():
                return None
            lit = answer[f[0]][f[1]]
            if isinstance(lit, bool):
                continue
            own = self.settler.why([~lit if f[2] else lit], goal[1], self._known(None), self.found, sorted(self.kept),
                                   [], by.clues)
            if own is None or len(own.clues) > QUOTED:
                continue
            after = self.settler.settle((goal[0], goal[1]), goal[2], goal[3], self._known((goal[0], goal[1])),
                                        self.found + [f], sorted(self.kept), [], by.clues)
            if after is not None and len(after.clues) < len(by.clues):
                return f, own, after
        return None

    def _facts(self, cell: Cell, hyp: list[Step], pool: list[str]) -> list[Fact]:
        """The facts about a cell that the pool's clues force, with what the page knows (and
        the supposition's facts): its room, or the rooms it was not in. In the night itself
        only its true facts are asked."""
        x, t = cell
        out_of = {z for (c, z) in self.kept if c == cell} | \
            {f[2] for f in hyp if len(f) == 4 and (f[0], f[1]) == cell and not f[3]}
        if not hyp:
            z = self.room(x, t)
            return [(x, t, z, True)] + [(x, t, r, False) for r in self.rooms if r != z and r not in out_of]
        base, loc = self._base(hyp, pool), self.settler.session.compiled.loc
        ruled = [r for r in self.rooms if r not in out_of and self._cannot(base, loc[cell][r])]
        left = [r for r in self.rooms if r not in ruled and r not in out_of]
        return ([(x, t, left[0], True)] if len(left) == 1 else []) + [(x, t, r, False) for r in ruled]

    def _parts(self, hyp: list[Step], pool: list[str]) -> list[Found]:
        """The parts of the answer the pool's clues force under a supposition, with what the
        page knows: each item ruled out (the hours first, in the night's order), and the item
        left when every other one is."""
        base, answer = self._base(hyp, pool), self.settler.session.compiled.answer
        have = {(f[0], f[1]): f[2] for f in list(self.found) + [f for f in hyp if len(f) == 3]}
        hours = self.setting.timeline.times if self.setting.timeline else None
        out: list[Found] = []
        for cat in sorted(self.setting.answer, key=lambda c: c != hours):
            ids = self.setting.categories[cat].ids
            if any(have.get((cat, item)) for item in ids):
                continue   # the category's item is known: nothing left to find in it
            ruled = [item for item in ids if (cat, item) not in have and self._cannot(base, answer[cat][item])]
            out += [(cat, item, False) for item in ruled]
            left = [item for item in ids if item not in ruled and (cat, item) not in have]
            out += [(cat, left[0], True)] if len(left) == 1 else []
        return out

    def _base(self, hyp: list[Step], pool: list[str]) -> list:
        """The solver's literals of the pool's clues, the supposition and what the page knows."""
        known, loc = self._known(None), self.settler.session.compiled.loc
        base = [self.settler.lit(f) for f in hyp] + [self.settler.session.compiled.enables[c] for c in pool]
        base += [loc[c][r] for c, r in sorted(known.items())] + [~loc[c][r] for c, r in sorted(self.kept)]
        base += [self.settler.lit(f) for f in self.found]
        return [b for b in base if not isinstance(b, bool)]

    def _cannot(self, base: list, lit) -> bool:
        """Whether the literal cannot hold with the base (a constant: whether it is False)."""
        if isinstance(lit, bool):
            return not lit
        return self.settler.session.probe(base + [lit]) is not None

    def _step(self, goal: Fact | None, by: Settled, pool: list[str] | None, hyp: list[Step], supposed: Fact | None = None) \
            -> tuple[Step, Settled, Settled] | None:
        """The first fact, among the cells nearest the goal, that at most QUOTED of the set's
        clues force and that leaves the goal a shorter set (goal None: the supposition's
        clash of `supposed`): the fact, its own set and the goal's new one. A part of the
        answer when no cell does; under a supposition on the victim's room, a part of the
        answer first (what his room says is when he was still alive)."""
        pool = by.clues if pool is None else pool
        focus = goal or supposed
        assert focus is not None
        crime = goal is None and focus[0] == self.victim
        if crime and (found := self._part_step(by, pool, hyp, focus)):
            return found
        # in a supposition of the page, the first fact that keeps the clash as long
        level: tuple[Step, Settled, Settled] | None = None
        for cell in self._cells(focus, by.clues, hyp):
            if goal is not None and len(by.clues) <= QUOTED and (cell == (goal[0], goal[1]) or cell[0] == self.victim):
                # a heavy set's step (english/board_grounds.py): not its own cell, which the goal would lean
                # on, nor the victim's, whose rooms the page tells with the hours (where the body lay)
                continue
            for fact in self._facts(cell, hyp, pool):
                if self._spent():
                    return None
                if self._failed(fact, hyp):
                    continue
                own = self._core(cell, fact[2], fact[3], pool, hyp)
                if own is None or len(own.clues) > QUOTED or (self.light and self._heavy(own)):
                    self._fail(fact, hyp)
                    continue
                if goal is not None:
                    after = self._core((goal[0], goal[1]), goal[2], goal[3], by.clues, [], [fact])
                else:
                    after = self._clash(by.clues, hyp, focus, [fact])
                if after is not None and len(after.clues) < len(by.clues):
                    return fact, own, after
                if after is not None and level is None and self.failed is not None and fact in after.hyp:
                    level = fact, own, after
        if crime or (level and not self._spent()):
            return level   # under a supposition a fact the clash leans on, found by few clues, may open the way
        return self._by_answer(goal, by) if goal is not None else self._part_step(by, pool, hyp, focus)

    def _part_step(self, by: Settled, pool: list[str], hyp: list[Step], supposed: Fact) \
            -> tuple[Found, Settled, Settled] | None:
        """A part of the answer at most QUOTED of the pool's clues force under the
        supposition, that leaves its clash a shorter set."""
        for f in self._parts(hyp, pool):
            lit = self.settler.lit(f)
            if self._spent():
                return None
            if isinstance(lit, bool):
                continue
            if self._failed(f, hyp):
                continue
            own = self.settler.why([~lit], supposed[1], self._known(None), self.found, sorted(self.kept), hyp, pool)
            if own is None or len(own.clues) > QUOTED or (self.light and self._heavy(own)):
                self._fail(f, hyp)
                continue
            after = self._clash(by.clues, hyp, supposed, [f])
            if after is not None and len(after.clues) < len(by.clues):
                return f, own, after
        return None

    def _fail(self, fact: Step, hyp: list[Step]) -> None:
        if self.failed is not None:
            self.failed[fact] = len(hyp)

    def _failed(self, fact: Step, hyp: list[Step]) -> bool:
        """Whether few clues did not force the fact earlier in the supposition, and it has no
        new fact since on the same piece nor a part of the answer (a part of the answer: no new
        fact at all)."""
        if self.failed is None or fact not in self.failed:
            return False
        new = hyp[self.failed[fact]:]
        if len(fact) == 3:
            return not new
        return not any(len(f) == 3 or f[0] == fact[0] for f in new)

    def _alive(self, hyp: list[Step], pool: list[str]) -> list[tuple[Step, Settled]]:
        """Under a supposition on the victim's room, the hours it keeps the murder from, from
        the first on, all by the same few clues (he moved on from the room supposed, or into
        it): he was still alive at the last of them. An hour the page has ruled out that it
        does not keep the murder from is passed over; any other ends them."""
        cat = self.setting.timeline.times if self.setting.timeline else ""
        ruled = {f[1] for f in self.found if f[0] == cat and not f[2]}
        steps: list[tuple[Step, Settled]] = []
        for u in self.times:
            f = (cat, u, False)
            lit = self.settler.lit(f)
            if isinstance(lit, bool) or self._spent():
                break
            own = self.settler.why([~lit], u, self._known(None), [], sorted(self.kept), hyp, pool)
            if own is not None and own.hyp and len(own.clues) <= QUOTED and \
                    (not steps or own.clues == steps[0][1].clues):
                steps.append((f, own))
            elif u not in ruled:
                break   # an hour ruled out for another reason is a step of its own
        return steps

    # ---- a supposition ------------------------------------------------------------------
    def _plain(self, sup: Supposed, out: list) -> Supposed:
        """The supposition, its steps that do not lean on it told first as facts of their own
        (a clue's own cell, a room the clues rule out anyway): 'would' only where it is so."""
        plain: list[Step] = []
        for f, s in sup.links:   # a step that leans only on steps told plainly is told plainly too
            if all(h in plain for h in s.hyp):
                plain.append(f)
        for fact, own in sup.links:
            if fact in plain:
                own = _told(own, plain)   # the steps it leans on, told above
                for c, _ in own.given:
                    self._tell(c, out, set())
                if len(fact) == 3:
                    self._say_found(fact, own, out)
                else:
                    self._say(fact, own, out)
        links = [(f, _told(s, plain)) for f, s in sup.links if f not in plain]
        return Supposed(sup.fact, links, _told(sup.clash, plain))

    def _clash(self, pool: list[str], hyp: list[Step], supposed: Fact, sure: list[Step] | None = None) \
            -> Settled | None:
        return self.settler.why([], supposed[1], self._known(None), self.found, sorted(self.kept), hyp, pool,
                                sure=sure or [])

    def _suppose(self, goal: Fact, by: Settled) -> Supposed | None:
        try:
            return self._tries(goal, by)
        finally:
            self.failed = None

    def _tries(self, goal: Fact, by: Settled) -> Supposed | None:
        """Suppose the goal false, and find the facts that follow from few clues each (from
        all the set's clues but one, which cannot be against the supposition alone) until few
        clues clash with them; the steps the clash does not lean on are left out."""
        supposed = (goal[0], goal[1], goal[2], not goal[3])
        outs: list[str | None] = [*sorted(by.clues, key=lambda c: -self.settler.order[c])[:SUPPOSE_TRIES]]
        for left_out in outs or [None]:
            pool = [c for c in by.clues if c != left_out]
            hyp: list[Step] = [supposed]
            self.failed = {}
            alive = self._alive(hyp, pool) if supposed[0] == self.victim else []
            links = list(alive)
            if alive:   # from here on all the victim's room says is when the murder came
                hyp = [f for f, _ in alive]
            # the hours the page has ruled out, if they leave the murder none, before any note
            clash = (self.settler.why([], supposed[1], {}, self.found, [], hyp, []) if alive else None) or \
                self._clash(by.clues, hyp, supposed)
            if clash is None and alive:   # when he was alive is not all it takes: his room is leaned on too
                hyp = [supposed, *hyp]
                clash = self._clash(by.clues, hyp, supposed)
            while clash is not None and len(clash.clues) > QUOTED and len(links) < 2 * LEMMAS:
                step = self._step(None, clash, pool, hyp, supposed)
                if step is None:
                    break
                fact, own, clash = step
                hyp.append(fact)
                links.append((fact, own))
            if clash is None or len(clash.clues) > QUOTED:
                continue
            need = set(clash.hyp)
            kept: list[tuple[Step, Settled]] = []
            for fact, own in reversed(links[len(alive):]):
                if fact in need:
                    kept.insert(0, (fact, own))
                    need |= set(own.hyp)
            # the hours he was alive at are said together ("still alive at nine"), or not at all
            return Supposed(supposed, (alive if need & {f for f, _ in alive} else []) + kept, clash)
        return None


def _told(by: Settled, facts: list[Step] | None = None) -> Settled:
    """The set, with the facts it leaned on as supposed (all, or those of `facts`) now told:
    cells, rooms ruled out and parts of the answer."""
    now = [f for f in by.hyp if facts is None or f in facts]
    cells = [f for f in now if len(f) == 4]
    when = lambda g: (g[0][1], g[0][0], g[1])   # noqa: E731
    given = sorted(by.given + [((f[0], f[1]), f[2]) for f in cells if f[3]], key=when)
    kept = sorted(by.kept + [((f[0], f[1]), f[2]) for f in cells if not f[3]], key=when)
    found = by.found + [f for f in now if len(f) == 3]
    return Settled(by.clues, given, found, kept, [f for f in by.hyp if f not in now])
