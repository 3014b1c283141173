"""Bounds at load: a clue whose quantifiers unroll too far (T010) and a number the solver
cannot take (T011) are positioned errors, found quickly; a time limit ends every command
with 'unknown' (the time limit for solving, the compile limit for compiling)."""

import time
from pathlib import Path

import pytest
from casetool.load.project import load_paths
from casetool.solver.budget import Budget, OutOfTime
from casetool.solver.compile import compile_case

from cli_support import error_lines, run

TWELVE = Path(__file__).resolve().parent / "fixtures" / "twelve"


@pytest.mark.slow
def test_nested_quantifiers_over_twelve_suspects_are_refused_quickly():
    start = time.monotonic()
    result = run("validate", TWELVE / "001-nested-quantifiers.yaml")
    took = time.monotonic() - start
    [line] = error_lines(result.output)
    assert (line["code"], line["line"], line["col"]) == ("T010", "14", "13")
    assert "unrolls to more than 1,000,000 conditions" in line["msg"] and "split the clue" in line["msg"]
    assert took < 30  # was minutes and gigabytes: 12^6 copies of the body


def test_the_same_clue_stops_check_with_exit_2():
    result = run("check", TWELVE / "001-nested-quantifiers.yaml")
    assert result.exit_code == 2 and "error[T010]" in result.output


@pytest.mark.parametrize("command", ["validate", "check"])
def test_a_number_beyond_what_the_solver_takes_is_refused(command):
    result = run(command, TWELVE / "002-huge-number.yaml")
    assert result.exit_code != 0
    [line] = error_lines(result.output)
    assert (line["code"], line["line"], line["col"]) == ("T011", "14", "22")
    assert "9223372036854775808 is too large" in line["msg"]


def test_compiling_counts_against_the_time_limit():
    case = load_paths([TWELVE / "003-just-under.yaml"]).cases[0]
    spent = Budget(0.0)
    with pytest.raises(OutOfTime):
        compile_case(case, spent)
    assert compile_case(case, Budget(60.0)).enables  # the same case compiles with time to do it


def test_check_of_a_large_clue_ends_in_unknown_within_its_limit():
    # the time limit counts solving; compiling has its own limit (tests/solver/test_budget.py)
    start = time.monotonic()
    result = run("check", "-j", "1", "--compile-limit", "0.01", TWELVE / "003-just-under.yaml")
    assert result.exit_code == 1 and "error[unknown]" in result.output and "compile limit" in result.output
    assert time.monotonic() - start < 30
