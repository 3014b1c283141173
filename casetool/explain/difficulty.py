"""W004, the declared difficulty against the explanation's grade: a step after the verdict.

It needs an explanation, so it lives above both the solver and the explanation (the
solver never imports casetool.explain). It spends what is left of the case's one budget.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic, warning
from ..model import Case
from ..solver.budget import Budget, OutOfTime
from ..solver.check import OK, CaseResult, prove_case
from ..solver.runner import check_all as run_all
from .grade import grade
from .steps import explain_case


def check_with_difficulty(case: Case, options) -> CaseResult:
    """The verdict and its warnings, then W004 for an ok case that declares a difficulty."""
    budget = Budget(options.time_limit)
    result = prove_case(case, options, budget)
    if not (options.warnings and result.status == OK and case.difficulty):
        return result
    if any(w.code == "W009" for w in result.warnings):
        return result  # the budget is already spent: W009 says the warnings were skipped
    result.warnings = result.warnings + difficulty_warnings(case, budget)
    return result


def difficulty_warnings(case: Case, budget: Budget) -> list[Diagnostic]:
    try:
        g = grade(explain_case(case, budget=budget))
    except OutOfTime:
        return [warning(case.pos, "W009", "difficulty warning skipped: the time limit was reached",
                        "raise --time-limit to see it")]
    if g.level == case.difficulty:
        return []
    pos = case.pos_of("difficulty")
    return [warning(pos, "W004", f"declared difficulty '{case.difficulty}' but the step-wise explanation grades "
                    f"it '{g.level}' (score {g.score}, {g.reasons()}; {g.steps} steps)",
                    "see `casetool explain` and docs/explain.md")]


def check_all(cases: list[Case], options, jobs: int | None = None) -> list[CaseResult]:
    return run_all(cases, options, jobs, check_with_difficulty)
