"""A board page that keeps a guest out of a room by the board's moves rule alone says so (english/
board_cited.py): never "Since Lady Dunmore was in the Ballroom at eleven o'clock, the rules printed
with the case allow Lady Dunmore no visit to the Kitchen at midnight" (mansion medium, hard, seed
91), which names no rule a player can find."""

from __future__ import annotations

import re
from pathlib import Path

from casetool.english.board_notes import Settled
from casetool.english.board_solution import _Page, board_paragraphs
from casetool.load.project import load_paths
from casetool.solver.budget import Budget
from casetool.solver.session import Session
from kept import kept_case

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
MEDIUM = ROOT / "cases" / "mansion" / "medium"


def _case(tmp_path: Path, name: str):
    return kept_case(tmp_path, MEDIUM, name)


def test_a_guest_too_far_the_hour_before_is_kept_out_by_the_steps_not_by_the_rules_unnamed(tmp_path):
    paragraphs = board_paragraphs(_case(tmp_path, "mansion-board-medium-hard-91"))
    assert paragraphs is not None
    lines = [line for p in paragraphs for line in p]
    text = " ".join(line.text for line in lines)
    assert "Since Lady Dunmore was in the Ballroom at eleven o'clock, the rules printed" not in text, text
    line = next(line for line in lines if ("not_cell", "dunmore", "midnight", "kitchen") in line.claims)
    said = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", line.text) if "Kitchen" in s]
    assert said and "Ballroom" in said[-1] and ("more than a step" in said[-1] or "too far" in said[-1]), line.text


def test_two_hours_and_more_steps_apart_is_said_with_the_moves_rule():
    """Mrs Bellamy in the Study at eight o'clock: the Kitchen is four doors away, too far by ten."""
    case = load_paths([MEDIUM]).cases[0]
    session = Session.open(case, Budget(30.0))
    try:
        assert session.feasible(session.clue_lits([c.id for c in case.clues]))
        page = _Page(case, session.world(), session)
        far = page._kept_out("bellamy", "ten", "kitchen", Settled([], [(("bellamy", "eight"), "study")]))
        near = page._kept_out("bellamy", "ten", "hall", Settled([], [(("bellamy", "eight"), "study")]))
    finally:
        session.close()
    assert far == ("From the Study at eight o'clock, Mrs Bellamy could not have been in the Kitchen at ten "
                   "o'clock: it is more than two steps away, and nobody moves more than a room an hour."), far
    assert "steps away" not in near, near   # two doors in two hours: the moves rule keeps nobody out
    dagger = page._kept_out("dagger", "ten", "kitchen", Settled([], [(("dagger", "eight"), "study")]))
    assert dagger.endswith("it is more than two steps away, and a weapon moves no more than a room an hour."), dagger


def test_the_victims_room_at_the_murder_is_the_weapons_said_so(tmp_path):
    """mansion medium hard seed 97: the Dagger found the weapon, in the Ballroom at eight o'clock, the
    hour of the murder: the page says so, never 'the rules printed with the case rule out every room
    but the Ballroom for Lord Ashdown at eight o'clock'."""
    case = _case(tmp_path, "mansion-board-medium-hard-97")
    paragraphs = board_paragraphs(case)
    assert paragraphs is not None
    line = next(line for p in paragraphs for line in p if ("cell", "ashdown", "eight", "ballroom") in line.claims)
    # the rule it rests on said, as the mansion's rules print it ('the weapon was in the room with them')
    assert line.text.endswith("By the rules, the weapon was in the room at the moment of the murder: the Dagger was "
                              "the weapon, and it was in the Ballroom at eight o'clock, the hour of the murder, so "
                              "Lord Ashdown was killed there."), line.text
    assert "the weapon was in the room with them" in " ".join(case.setting.rules.split()), case.setting.rules

