"""One verdict step: the verdict, then the warnings, the result built once.

The solver gives the verdict and its warnings W001-W003 (solver.check); W004, the
declared difficulty against the explanation's grade, needs an explanation, so it is
handed to the solver's step from here, above both the solver and the explanation (the
solver never imports casetool.explain). It spends what is left of the case's one budget.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic, warning
from ..load.model import Case
from ..solver.budget import Budget, OutOfTime
from ..solver.check import CaseResult, prove_case
from ..solver.runner import check_all


def judge(case: Case, options) -> CaseResult:
    """The verdict and its warnings, W004 included for an ok case that declares a difficulty."""
    return prove_case(case, options, Budget(options.time_limit), later=difficulty_warnings)


def judge_all(cases: list[Case], options, jobs: int | None = None, done=None) -> list[CaseResult]:
    """`judge` on every case (solver.runner.check_all: `done(i, result)` as each comes in)."""
    return check_all(cases, options, jobs, judge, done)


def difficulty_warnings(case: Case, budget: Budget) -> list[Diagnostic]:
    """W004 when the explanation grades the case otherwise than it declares (W009 when the
    budget runs out first)."""
    if not case.difficulty:
        return []
    # The explanation is imported only for a case that declares a difficulty.
    from .grade import grade
    from .steps import explain_case

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
