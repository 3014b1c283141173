"""A step's chain (explain/grade.py) counts the clues that set a condition to settle. A
board's "Nobody set foot in the Hall after ten o'clock" is, hour by hour, 'if t > ten, none of
them was in the Hall': its 'if' reads only the clue's own hours and its 'or' is denied, so it
is plain elimination, not a chain (it graded a small board fiendish, session 17)."""

from __future__ import annotations

from pathlib import Path

import pytest
from casetool.api import load
from casetool.explain.grade import _conditional
from casetool.language.text import resolve_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("setting, means, condition", [
    ("mansion/small", "all t in time where t > ten: no p in suspect: at(p, t) == hall", False),
    ("mansion/small", "room == hall implies time > ten", True),
    ("mansion/small", "room == hall or room == kitchen", True),
    ("murdle", "place == orchard implies weapon.weight != light", True),
    ("murdle", "weapon not in [teacup, anchor]", False),
])
def test_a_condition_is_one_the_world_settles(setting, means, condition):
    case = load([ROOT / "cases" / setting]).cases[0]
    expr, diag = resolve_text(means, case.setting, case)
    assert diag is None
    assert _conditional(expr) is condition
