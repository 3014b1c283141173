"""An explanation only for a case the check proves ok: explain and hint refuse the rest
with the check's verdict (an explanation of a contradictory case would "derive" anything).

The check and the explanation share one time budget (`--time-limit`, solving; compiling is bounded on its own)."""

from __future__ import annotations

from dataclasses import dataclass

from ..load.model import Case
from ..solver.budget import Budget, OutOfTime
from ..solver.check import OK, STATUS_UNKNOWN, TIME_OUT, CaseResult, prove_case
from ..solver.options import Options
from ..solver.verdicts import verdict_lines
from .steps import Explanation, explain_case


@dataclass
class Checked:
    result: CaseResult                 # the verdict; 'unknown' when the explanation ran out of time
    explanation: Explanation | None    # None unless the case is ok and was explained in time


def explain_checked(case: Case, time_limit: float) -> Checked:
    budget = Budget(time_limit)
    result = prove_case(case, Options(time_limit=time_limit, warnings=False), budget)
    if result.status != OK:
        return Checked(result, None)
    try:
        return Checked(result, explain_case(case, budget=budget))
    except OutOfTime:
        result.status, result.message = STATUS_UNKNOWN, TIME_OUT.format(time_limit)
        result.answers = []
        return Checked(result, None)


def refusal_text(result: CaseResult) -> str:
    """The check's verdict, as `casetool check` prints it, and why there is no explanation."""
    lines = verdict_lines(result)
    lines.append("  Not explained: only a case with exactly one answer, the declared one, has an explanation "
                 "(see `casetool check`).")
    return "\n".join(lines) + "\n"


def refusal_json(result: CaseResult) -> dict:
    return {"file": result.file, "case": result.number, "title": result.title, "status": result.status,
            "message": result.message, "complete": False, "steps": []}
