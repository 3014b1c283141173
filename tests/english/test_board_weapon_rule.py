"""The mansion's rules print that the weapon was in the room at the murder (the board's rule the
solver always held, cases/mansion/*/setting.yaml), and a board page that leans on it says it:
never 'Since the Candlestick was in the Dining Room at ten o'clock, the rules printed with the
case allow the Dagger no room but the Kitchen at ten o'clock' (mansion medium seed 93), which
leans on a rule the setting did not print. The room the sentence gives is checked by the brute
force of tests/solver: the board's rules with the rooms and the parts of the answer it leans on
leave the weapon no other room."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from casetool.english.board_solution import board_paragraphs
from kept import kept_case

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from test_board_solution import assert_forced  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SAID = ("By the rules, the weapon was in the room at the moment of the murder: Lord Ashdown was in the Kitchen at ten "
        "o'clock, the hour of the murder, and the Candlestick, the Rope and the Wrench were in the Dining Room, so the "
        "Dagger was there too.")


@pytest.mark.parametrize("size", ["small", "medium", "large"])
def test_every_mansion_prints_the_weapon_rule(size):
    from casetool.load.project import load_paths
    case = load_paths([next((ROOT / "cases" / "mansion" / size).glob("001-*.yaml"))]).cases[0]
    assert "the weapon was in the room with them" in " ".join(case.setting.rules.split())


def test_the_weapon_left_at_the_scene_is_said_by_the_rule_and_forced(tmp_path):
    case = kept_case(tmp_path, ROOT / "cases" / "mansion" / "medium", "mansion-board-medium-medium-93")
    paragraphs = board_paragraphs(case)
    assert paragraphs is not None
    lines = [line for p in paragraphs for line in p]
    text = " ".join(line.text for line in lines)
    assert "the rules printed with the case allow the Dagger no room but the Kitchen" not in text, text
    line = next(line for line in lines if SAID in line.text)
    (_, clues, given, found, claim), = [c for c in line.claims if c[0] == "by"]
    assert claim == ("cell", "dagger", "ten", "kitchen") and clues == ()
    # a board this size is searched under the night's answer alone (every answer would take hours)
    night = tuple((cat, item, True) for cat, item in case.solution.items())   # the case's own answer, as printed
    assert len(night) == 4, night
    assert_forced(case, (), given, found + night, claim)
