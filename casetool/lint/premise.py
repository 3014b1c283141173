"""L012: a conditional whose premise the setting already makes false, or whose premise and
conclusion the setting makes impossible together ("If the crime happened in the Library,
then it happened in a room four paces across" when the Library is three): the clue only
says "not the premise", as a riddle. Judged by the solver on the setting's rules alone
(its items, fixed rules, timeline and liar rule), never on the case's other clues."""

from __future__ import annotations

from dataclasses import replace

from ..diagnostics import Diagnostic, warning
from ..language import ir
from ..load.model import Case, Clue
from .texts import Text

SECONDS = 2.0  # per question: a setting's rules alone solve in milliseconds


def premise(t: Text, case: Case, english) -> list[Diagnostic]:
    clue = t.clue
    if t.field != "clue" or clue is None or not isinstance(clue.expr, ir.Implies):
        return []
    if clue.expr.left == ir.Const(True):
        return []
    verdict = _judge(case, clue)
    if verdict == "":
        return []
    at = t.value.lower().find("if ")
    return [warning(t.pos(max(at, 0)), "L012", f"{verdict}: the clue only says that {english(_negated(clue.expr.left))}",
                    "say that plainly, or choose a premise the setting leaves open")]


def _judge(case: Case, clue: Clue) -> str:
    """'' when the premise is open and can hold with its conclusion; else why not."""
    # ortools is imported only when a case has a conditional
    from ..solver.compile import compile_case
    from ..solver.session import Oracle
    parts = [_part(clue, "premise", clue.expr.left), _part(clue, "conclusion", clue.expr.right)]
    try:
        compiled = compile_case(replace(case, clues=parts, always=list(case.always)))
        oracle = Oracle(compiled)
        first, both = [compiled.enables[parts[0].id]], [compiled.enables[p.id] for p in parts]
        if not oracle.feasible(first, SECONDS):
            return "the setting makes the premise false"
        if not oracle.feasible(both, SECONDS):
            return "the setting makes the premise and its conclusion impossible together"
    except TimeoutError:   # the solver's OutOfTime: no finding rather than a guess
        return ""
    return ""


def _negated(expr):
    """`room != library` for `room == library` (the reader has the setting's phrase for it)."""
    if isinstance(expr, ir.Compare) and expr.op in (ir.CompareOp.EQ, ir.CompareOp.NE):
        op = ir.CompareOp.NE if expr.op == ir.CompareOp.EQ else ir.CompareOp.EQ
        return replace(expr, op=op)
    return ir.Not(expr)


def _part(clue: Clue, name: str, expr) -> Clue:
    return replace(clue, id=f"{clue.id}:{name}", speaker=None, expr=expr, synthetic=True)
