"""The mansion sample (cases/mansion: a board of rooms, suspects and weapons moving over
6-8 hours, decided motives, the victim) at three sizes: every case is ok, its whole
world unique (`unique: world`, and under --world), with no warning. (The forms it uses
are tested against the brute force on small boards in test_board.py, test_decided_facts.py
and test_whole_world.py: the brute force cannot search a mansion.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from casetool.load.project import load_paths
from casetool.solver.check import prove_case
from casetool.solver.options import Options

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
SIZES = ["small", "medium", "large"]


def cases(size):
    loaded = load_paths([ROOT / "cases" / "mansion" / size])
    assert not [d for d in loaded.diagnostics if d.is_error]
    return loaded.cases


@pytest.mark.parametrize("size", SIZES)
def test_every_mansion_case_is_ok_with_its_whole_world_unique(size):
    for case in cases(size):
        assert case.unique == "world"
        result = prove_case(case, Options(time_limit=120))
        assert result.status == "ok", result.message
        assert result.warnings == []
        assert prove_case(case, Options(world=True, warnings=False, time_limit=120)).status == "ok"


def test_the_sizes_differ():
    shapes = []
    for size in SIZES:
        setting = cases(size)[0].setting
        shapes.append(tuple(len(setting.categories[c].items) for c in ("room", "suspect", "weapon", "time")))
    assert shapes == sorted(shapes) and len(set(shapes)) == 3
    assert [s[3] for s in shapes] == [6, 7, 8]
