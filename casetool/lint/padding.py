"""L014: a clue another clue makes padding (EDITOR.md item 2). An alternative of an
either/or, or the premise of a conditional ("If the crime happened after the late morning,
then ..."), that one other clue of the case settles outright ("The crime happened after
dusk."): the clue is then the rest said the long way, or nothing. Only a clue that cannot be a lie settles: a fact,
a note, an oracle's word; a statement by someone who may lie settles nothing by itself
(deducing across several clues is the puzzle). Judged by the solver on the setting's
rules and the one settling clue, never on the case's other clues.

The generator asks `padded` of every case it writes (generate/engine.py) and steers its
choice with the same question asked in plain Python (generate/padding.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from ..diagnostics import Diagnostic, warning
from ..language import ir
from ..load.model import Case, Clue, LiarRule
from .texts import Text

SECONDS = 2.0  # per question: one clue and the setting's rules solve in milliseconds


@dataclass(frozen=True)
class Padding:
    clue: str        # the padded clue's id
    side: int        # which side: 0 the premise (or the first alternative), 1 the next ...
    by: str          # the settling clue's id
    holds: bool      # what `by` settles the side to


def sides(expr: object) -> tuple[object, ...]:
    """The parts of a clue another clue must not settle: an either/or's (or a list's)
    alternatives, a conditional's premise. (A conclusion that another clue denies is an
    alibi, "Plum never left the billiard room" beside "nothing happened there": the
    puzzle, not padding; one it affirms leaves the clue redundant, which check finds.)"""
    if isinstance(expr, ir.Or):
        return tuple(expr.args)
    if isinstance(expr, ir.Implies) and expr.left != ir.Const(True):
        return (expr.left,)
    return ()


def certain(case: Case, clue: Clue) -> bool:
    """Can the clue not be a lie? (a fact, a note, or a speaker the liar rule never lets lie)"""
    return clue.expr is not None and (clue.speaker is None or clue.speaker not in case.who_can_lie())


def padded(case: Case) -> list[Padding]:
    """Every side of a clue of `case` that another single clue, which cannot be a lie,
    settles outright (a side the setting alone settles is L012's, not counted here)."""
    composite = [c for c in case.clues if c.expr is not None and sides(c.expr)]
    if not composite:
        return []
    settling = [c for c in case.clues if certain(case, c)]
    try:
        return _Judge(case, composite, settling).findings()
    except TimeoutError:   # the solver's OutOfTime: no finding rather than a guess
        return []


class _Judge:
    """One small model: each settling clue, and each side and its denial, as switched clues."""

    def __init__(self, case: Case, composite: list[Clue], settling: list[Clue]):
        # ortools is imported only when a case has an either/or or a conditional
        from ..solver.compile import compile_case
        from ..solver.session import Oracle
        self.composite, self.settling = composite, settling
        parts = [_part(c, f"by:{c.id}", c.expr) for c in settling]
        for c in composite:
            for k, side in enumerate(sides(c.expr)):
                parts += [_part(c, f"{c.id}:{k}:yes", side), _part(c, f"{c.id}:{k}:no", ir.Not(cast(ir.Formula, side)))]
        plain = replace(case, clues=parts, always=list(case.always), liar_rule=LiarRule("none"), resolved_rule=None)
        self.compiled = compile_case(plain)
        self.oracle = Oracle(self.compiled)

    def can(self, *ids: str) -> bool:
        return self.oracle.satisfiable([self.compiled.enables[i] for i in ids], SECONDS)

    def findings(self) -> list[Padding]:
        out = []
        for c in self.composite:
            for k in range(len(sides(c.expr))):
                yes, no = f"{c.id}:{k}:yes", f"{c.id}:{k}:no"
                if not (self.can(yes) and self.can(no)):
                    continue   # the setting settles it: L012 (a premise that cannot hold)
                by = next((d for d in self.settling if d.id != c.id and self.settles(d.id, yes, no)), None)
                if by is not None:
                    out.append(Padding(c.id, k, by.id, not self.can(f"by:{by.id}", no)))
        return out

    def settles(self, by: str, yes: str, no: str) -> bool:
        """Does clue `by`, possible on its own, leave the side only one way?"""
        with_yes, with_no = self.can(f"by:{by}", yes), self.can(f"by:{by}", no)
        return with_yes != with_no


def _part(clue: Clue, name: str, expr) -> Clue:
    return replace(clue, id=name, speaker=None, expr=expr, synthetic=True)


def lint(t: Text, found: list[Padding], english) -> list[Diagnostic]:
    """L014 on the text of a padded clue: its first side settled (one is enough to rewrite it)."""
    clue = t.clue
    p = next((f for f in found if clue is not None and f.clue == clue.id), None)
    if t.field != "clue" or clue is None or p is None:
        return []
    side = sides(clue.expr)[p.side]
    said = english(side if p.holds else _negated(side))
    return [warning(t.pos(0), "L014", f"clue '{p.by}' already settles that {said}: this clue is padding",
                    "say what is left plainly, or choose a clue that no single other clue settles")]


def _negated(expr):
    if isinstance(expr, ir.Compare) and expr.op in (ir.CompareOp.EQ, ir.CompareOp.NE):
        return replace(expr, op=ir.CompareOp.NE if expr.op == ir.CompareOp.EQ else ir.CompareOp.EQ)
    return ir.Not(expr)
