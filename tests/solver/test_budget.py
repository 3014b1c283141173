"""The time limit counts solving; compiling is bounded on its own (issue 14).

`--time-limit` is for the solver: a compile that takes most of it must not leave the
verdict `unknown`. A compile that runs past its own limit ends in `unknown` with a message
that says it was the compile."""

import time
from pathlib import Path

import pytest
from casetool.load.project import load_paths
from casetool.solver.budget import Budget, CompileOutOfTime, OutOfTime
from casetool.solver.check import prove_case
from casetool.solver.options import Options
from casetool.solver.session import Session

TWELVE = Path(__file__).resolve().parents[1] / "language" / "fixtures" / "twelve"


def big_case():
    return load_paths([TWELVE / "setting.yaml", TWELVE / "003-just-under.yaml"]).cases[0]


def test_time_in_a_paused_block_does_not_count():
    budget = Budget(0.2)
    with budget.paused():
        time.sleep(0.3)
    budget.check()  # 0.3 s spent, but paused: still within 0.2 s
    assert budget.left() > 0.1


def test_compiling_is_not_charged_to_the_solving_budget():
    case = big_case()
    budget = Budget(5.0)
    before = budget.left()
    start = time.monotonic()
    session = Session.open(case, budget)
    took = time.monotonic() - start
    assert session.compiled.enables
    assert before - budget.left() < took / 2 + 0.01  # the compile's time came back to the budget


def test_a_compile_past_its_own_limit_says_so():
    result = prove_case(big_case(), Options(time_limit=60, compile_limit=0.0))
    assert result.status == "unknown"
    assert "compiling the clues took longer than 0 s (the compile limit)" in result.message


def test_the_compile_limit_is_its_own_exception():
    with pytest.raises(CompileOutOfTime):
        Session.open(big_case(), Budget(60), compile_limit=0.0)
    assert issubclass(CompileOutOfTime, OutOfTime)  # callers that only know OutOfTime still stop
