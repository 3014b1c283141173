"""Which notes settle a board cell that the page's propagation (english/board_reason.py)
leaves open: a minimal set of clues that, with cells the page has already told, puts a
piece in its room at an hour, or keeps it out of a room. Asked of the case's solver
session with the clues and the told cells as assumptions, as explain/steps.py asks for a
step's clues: the core of "the cell is otherwise", cut down to a minimal one (the clues
tried for deletion first, so what stays is the fewest notes, leaning on what the page has
shown). Read by english/board_solution.py, which names the notes in its sentence.

The questions go to the session's incremental SAT mirror (Session.minimal, sat=True): a
page asks hundreds of them, and CP-SAT loads the whole model again for each (an 8x8x10x8
page took 12.3 s of CPU that way, 0.7 s on the mirror). Its cores differ from CP-SAT's, and
a core can reach across the night; so the set is looked for among the clues nearest the cell's
hour first (`_nearest`), which keeps it short and where a player would look.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..language import ir
from ..load.model import Case
from ..solver.budget import OutOfTime
from ..solver.session import Session
from .board_reason import Cell

Found = tuple[str, str, bool]   # (answer category, item, whether it is the answer): "the murder was not at eight"


Fact = tuple[str, str, str, bool]   # (piece, hour, room, inside): "Dr Crane was (not) in the Hall at nine"
# A step of a supposition (english/board_chain.py): a cell's room, or a part of the answer ("then
# Mr Boddy was still alive at nine, so the murder came after nine": the hours up to nine ruled out)
Step = Fact | Found


@dataclass
class Settled:
    """Why a cell is (or is not) in a room: these clues, with these told cells."""
    clues: list[str]                 # clue ids, in the case's order
    given: list[tuple[Cell, str]]    # told cells the clues lean on, with their rooms
    found: list[Found] = field(default_factory=list)   # parts of the answer found above that they lean on
    kept: list[tuple[Cell, str]] = field(default_factory=list)   # rooms told above as not the cell's
    hyp: list[Step] = field(default_factory=list)      # what a supposition has it, leaned on (english/board_chain.py)


QUOTED = 3             # clues a sentence quotes; a longer set is counted (english/board_cited.py)
# Constraints x CP-SAT solves a page may spend looking for shorter sets: some 1,600 solves on the
# small mansion (900 constraints, 1-2 ms a solve; a page asks 140), 360 on the large one (4,200; 280
# asked), 200 at 8x8x10x8 (7,500 constraints, 10-40 ms a solve; 1,400 would be asked)
CPSAT_WORK = 1_500_000


class Notes:
    def __init__(self, case: Case, session: Session, times: list[str]):
        self.case, self.session, self.times = case, session, times
        self.order = {c.id: k for k, c in enumerate(case.clues)}
        self.cells = {c.id: _cells(c.expr, c.means) for c in case.clues}
        # CP-SAT questions the page may spend on shorter sets: as many as a model of this size
        # allows in CPSAT_WORK (a count, not a clock: the same case gives the same page)
        self.cpsat_left = CPSAT_WORK // max(1, len(session.model.proto.constraints))

    def lit(self, fact: Step):
        """The solver's literal of a fact or a part of the answer (a constant True or False
        when the board decides it)."""
        if len(fact) == 3:
            lit = self.session.compiled.answer[fact[0]][fact[1]]
            return lit if fact[2] or isinstance(lit, bool) else ~lit
        lit = self.session.compiled.loc[(fact[0], fact[1])][fact[2]]
        return lit if fact[3] or isinstance(lit, bool) else ~lit

    def settle(self, cell: Cell, z: str, inside: bool, told: dict[Cell, str],
               found: Sequence[Found] = (), kept: Sequence[tuple[Cell, str]] = (),
               hyp: Sequence[Step] = (), pool: Sequence[str] | None = None, sure: Sequence[Step] = ()) \
            -> Settled | None:
        """The clues (and told cells, and parts of the answer found) that force `cell` into
        room z (inside) or out of it; None when the solver runs out of time or finds none.
        `kept`: rooms told as not a cell's; `hyp`: facts a supposition has; `pool`: the
        clues to choose from (default all, nearest the hour first); `sure`: facts always
        leaned on (a fact just found: the minimal set is looked for around it)."""
        claim = self.lit((cell[0], cell[1], z, inside))
        if isinstance(claim, bool):
            return None
        return self.why([~claim], cell[1], told, found, kept, hyp, pool, cell, sure)

    def why(self, fixed: list, t: str, told: dict[Cell, str], found: Sequence[Found] = (),
            kept: Sequence[tuple[Cell, str]] = (), hyp: Sequence[Step] = (), pool: Sequence[str] | None = None,
            cell: Cell | None = None, sure: Sequence[Step] = ()) -> Settled | None:
        """The clues and facts that cannot hold with all of `fixed` (none: that cannot hold
        at all, a supposition's clash), about hour t; None when none are found in time."""
        loc = self.session.compiled.loc
        enables = self.session.compiled.enables
        ids = [c.id for c in self.case.clues] if pool is None else sorted(pool, key=self.order.__getitem__)
        parts: dict[int, tuple[str, Any]] = {enables[c].index: ("clue", c) for c in ids}
        lits = [enables[c] for c in ids]

        def offer(lit, what) -> None:
            if not isinstance(lit, bool) and lit.index not in parts:
                parts[lit.index] = what
                lits.append(lit)
        for k, room in sorted(told.items(), key=lambda kv: (self.times.index(kv[0][1]), kv[0][0])):   # one order a run
            if k != cell:
                offer(loc[k][room], ("cell", k))
        for k, room in sorted(kept, key=lambda g: (self.times.index(g[0][1]), g[0])):
            if k != cell:
                offer(~loc[k][room], ("kept", (k, room)))
        for h in hyp:
            offer(self.lit(h), ("hyp", h))
        answer = self.session.compiled.answer
        for f in found:
            offer(answer[f[0]][f[1]] if f[2] else ~answer[f[0]][f[1]], ("found", f))
        x = cell[0] if cell else None

        def order(lit):
            # tried for deletion first: the clues, farthest from the cell first (what
            # stays reads as the notes about this piece near this hour)
            kind, what = parts[lit.index]
            if kind != "clue":
                return (1, 0, 0)
            near = [abs(self.times.index(u) - self.times.index(t)) + (0 if y == x else len(self.times))
                    for y, u in self.cells[what] if u in self.times]
            return (0, -min(near, default=2 * len(self.times)), -self.order[what])

        # the fewest clues with every fact offered, then the fewest of those facts: a core
        # found with both at once keeps whichever the solver's first core named
        fixed = list(fixed) + [self.lit(f) for f in sure]
        facts = [lit for lit in lits if parts[lit.index][0] != "clue"]
        clue_lits = [lit for lit in lits if parts[lit.index][0] == "clue"]
        try:
            core = self._nearest(clue_lits, fixed + facts, parts, t, order) if pool is None else \
                self.session.minimal(clue_lits, fixed + facts, key=order, sat=True)
            if core is None:
                return None
            if facts and self.session.probe(core + fixed) is not None:
                core += []   # the clues alone do it
            elif facts:
                core += self.session.minimal(facts, fixed + core, sat=True) or []
        except OutOfTime:
            return None
        chosen = [parts[lit.index] for lit in core]
        clues = sorted((c for k, c in chosen if k == "clue"), key=self.order.__getitem__)
        given = [(c, told[c]) for k, c in chosen if k == "cell"]
        when = lambda g: (self.times.index(g[0][1]), g[0][0], g[1])   # noqa: E731
        return Settled(clues, sorted(given, key=when), [f for k, f in chosen if k == "found"],
                       sorted((g for k, g in chosen if k == "kept"), key=when),
                       [f for f in hyp if any(k == "hyp" and g == f for k, g in chosen)] + list(sure))

    def _nearest(self, lits: list, fixed: list, parts: dict[int, tuple[str, Any]], t: str, order) -> list | None:
        """A minimal set from the clues nearest the hour: those within one hour of it first,
        then two, and so on (what a player reads around the cell), the told cells and found
        parts always offered. One question a window, then the minimal set within the first
        window that holds enough, on the SAT mirror. That set is quick but often longer than
        a page can quote, and CP-SAT's cores find a shorter one more often than not; but
        CP-SAT loads the whole model again for each question, so it is asked only while the
        page's CPSAT_WORK lasts."""
        def clues(core: list) -> int:
            return sum(parts[lit.index][0] == "clue" for lit in core)

        hour = self.times.index(t)
        reach = {lit.index: max((abs(self.times.index(u) - hour) for _, u in self.cells[parts[lit.index][1]]),
                                default=0) if parts[lit.index][0] == "clue" else 0 for lit in lits}
        for window in sorted(set(reach.values())):
            near = [lit for lit in lits if reach[lit.index] <= window]
            if len(near) < len(lits) and self.session.probe(near + fixed) is None:
                continue   # not enough this close: look further
            core = self.session.minimal(near, fixed, key=order, sat=True)
            if core is not None and clues(core) > QUOTED and self.cpsat_left > 0:
                before = self.session.calls
                other = self.session.minimal(near, fixed, key=order)
                self.cpsat_left -= self.session.calls - before
                core = other if other is not None and clues(other) < clues(core) else core
            return core
        return None


def _cells(expr, means: str) -> list[tuple[str | None, str]]:
    """The (piece, hour) cells a clue names at a named hour (piece None: "nobody"). A piece
    the clue's own words do not name is None too: "nobody set foot in the Hall after
    eight" is read (unrolled) as a cell of every guest, but it names none of them."""
    if expr is None:
        return []
    named = set(re.findall(r"\w+", means))
    return [(n.person.item if isinstance(n.person, ir.ItemConst) and n.person.item in named else None, n.time.item)
            for n in ir.walk(expr) if isinstance(n, ir.At) and isinstance(n.time, ir.ItemConst)]
