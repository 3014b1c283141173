"""Which notes settle a board cell that the page's propagation (english/board_reason.py)
leaves open: a minimal set of clues that, with cells the page has already told, puts a
piece in its room at an hour, or keeps it out of a room. Asked of the case's solver
session with the clues and the told cells as assumptions, as explain/steps.py asks for a
step's clues: the core of "the cell is otherwise", cut down to a minimal one (the clues
tried for deletion first, so what stays is the fewest notes, leaning on what the page has
shown). Read by english/board_solution.py, which names the notes in its sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..language import ir
from ..load.model import Case
from ..solver.budget import OutOfTime
from ..solver.session import Session
from .board_reason import Cell

Found = tuple[str, str, bool]   # (answer category, item, whether it is the answer): "the murder was not at eight"


@dataclass
class Settled:
    """Why a cell is (or is not) in a room: these clues, with these told cells."""
    clues: list[str]                 # clue ids, in the case's order
    given: list[tuple[Cell, str]]    # told cells the clues lean on, with their rooms
    found: list[Found] = field(default_factory=list)   # parts of the answer found above that they lean on


class Notes:
    def __init__(self, case: Case, session: Session, times: list[str]):
        self.case, self.session, self.times = case, session, times
        self.order = {c.id: k for k, c in enumerate(case.clues)}
        self.cells = {c.id: _cells(c.expr) for c in case.clues}

    def settle(self, cell: Cell, z: str, inside: bool, told: dict[Cell, str],
               found: Sequence[Found] = ()) -> Settled | None:
        """The clues (and told cells, and parts of the answer found) that force `cell` into
        room z (inside) or out of it; None when the solver runs out of time or finds none."""
        loc = self.session.compiled.loc
        claim = loc[cell][z]
        if isinstance(claim, bool):
            return None
        enables = self.session.compiled.enables
        parts: dict[int, tuple[str, Any]] = {enables[c.id].index: ("clue", c.id) for c in self.case.clues}
        lits = [enables[c.id] for c in self.case.clues]
        for k, room in sorted(told.items(), key=lambda kv: (self.times.index(kv[0][1]), kv[0][0])):   # one order a run
            lit = loc[k][room]
            if k != cell and not isinstance(lit, bool):
                parts[lit.index] = ("cell", k)
                lits.append(lit)
        answer = self.session.compiled.answer
        for f in found:
            lit = answer[f[0]][f[1]] if f[2] else ~answer[f[0]][f[1]]
            if not isinstance(lit, bool):
                parts[lit.index] = ("found", f)
                lits.append(lit)
        x, t = cell

        def order(lit):
            # tried for deletion first: the clues, farthest from the cell first (what
            # stays reads as the notes about this piece near this hour)
            kind, what = parts[lit.index]
            if kind != "clue":
                return (1, 0, 0)
            near = [abs(self.times.index(u) - self.times.index(t)) + (0 if y == x else len(self.times))
                    for y, u in self.cells[what] if u in self.times]
            return (0, -min(near, default=2 * len(self.times)), -self.order[what])

        try:
            core = self.session.minimal(lits, [~claim if inside else claim], key=order)
        except OutOfTime:
            return None
        if core is None:
            return None
        chosen = [parts[lit.index] for lit in core]
        clues = sorted((c for k, c in chosen if k == "clue"), key=self.order.__getitem__)
        given = [(c, told[c]) for k, c in chosen if k == "cell"]
        return Settled(clues, sorted(given, key=lambda g: (self.times.index(g[0][1]), g[0][0])),
                       [f for k, f in chosen if k == "found"])


def _cells(expr) -> list[tuple[str | None, str]]:
    """The (piece, hour) cells a clue names at a named hour (piece None: "nobody")."""
    if expr is None:
        return []
    return [(n.person.item if isinstance(n.person, ir.ItemConst) else None, n.time.item) for n in ir.walk(expr)
            if isinstance(n, ir.At) and isinstance(n.time, ir.ItemConst)]
