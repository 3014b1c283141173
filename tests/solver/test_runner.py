"""`check` uses a process pool only when the casebook's estimated work pays for it (issue 14).

Starting a pool costs a second or more (14 small cases: 5-10 s with a pool, 3 s in one
process), so by default small casebooks are checked in one process; `-j N` is obeyed."""

import os
from pathlib import Path

import pytest
from casetool import workers
from casetool.load.project import load_paths
from casetool.solver.runner import POOL_PAYS_AFTER, estimated_seconds, pool_size

ROOT = Path(__file__).resolve().parents[2]
BOARD = Path(__file__).resolve().parent / "fixtures" / "board"


def cases_of(folder):
    return load_paths([folder]).cases


def test_a_small_casebook_is_checked_in_one_process():
    cases = cases_of(ROOT / "cases" / "hampshire")
    assert len(cases) == 8
    assert sum(estimated_seconds(c) for c in cases) < POOL_PAYS_AFTER
    assert pool_size(cases, None) == 1


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: never a pool")
def test_many_cases_of_a_timeline_get_every_core():
    board = cases_of(BOARD)[0]
    many = [board] * 100  # 6 x 8 x 9 whereabouts cells each: about 0.05 s of checking
    assert sum(estimated_seconds(c) for c in many) > POOL_PAYS_AFTER
    assert pool_size(many, None) == workers.cores()


def test_a_bigger_model_is_estimated_to_take_longer():
    small = cases_of(ROOT / "cases" / "hampshire")[0]
    board = cases_of(BOARD)[0]
    assert estimated_seconds(board) > estimated_seconds(small)


def test_jobs_given_are_obeyed_but_never_more_than_the_cases():
    cases = cases_of(ROOT / "cases" / "hampshire")
    assert pool_size(cases, 2) == 2
    assert pool_size(cases[:1], 4) == 1
    assert pool_size(cases, 20) == 8
