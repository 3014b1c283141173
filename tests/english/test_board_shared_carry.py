"""Two weapons that leave one room for two rooms in one hour need two guests to carry them
(english/board_carry.py `shared`): never 'the fact “Colonel Ashby stayed in the Hall from eight
to nine o'clock” and the fact “The Candlestick was carried from the Library to the Study between
eight and nine o'clock” keep Mrs Bellamy out of the Ballroom at eight o'clock' (mansion medium
hard seed 97 in the editor's read), which reads as if only she could have carried the
Candlestick, when Lady Dunmore could have too and the Rope's move is what settles it. The
rooms the sentence gives are checked against the brute force of tests/solver: the board's rules
alone, with the rooms the sentence leans on, leave each carrier no other room."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from casetool.english.board_solution import board_paragraphs
from kept import kept_case

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from test_board_solution import assert_forced  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
MEDIUM = ROOT / "cases" / "mansion" / "medium"

SAID = ("A weapon only moves when someone carries it. Between eight and nine o'clock, the Candlestick went from the "
        "Library to the Study and the Rope from the Library to the Hall, and one guest cannot carry both. Colonel "
        "Ashby was not in the Library at eight o'clock, nor Dr Crane in the Study or in the Hall at nine o'clock, so "
        "Mrs Bellamy and Lady Dunmore carried them, one each: both were in the Library at eight o'clock.")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    case = kept_case(tmp_path_factory.mktemp("hard97"), MEDIUM, "mansion-board-medium-hard-97")
    paragraphs = board_paragraphs(case)
    assert paragraphs is not None
    return case, [line for p in paragraphs for line in p]


def test_two_carriers_are_said_as_two_with_the_move_that_needs_them(page):
    _, lines = page
    text = " ".join(line.text for line in lines)
    assert "out of the Ballroom at eight o'clock. Likewise" not in text, text
    assert "keep Mrs Bellamy out of the Ballroom" not in text, text
    assert SAID in text, text
    # the rooms the sentence leans on are said before it: Dr Crane's at nine by its fact
    before = text[:text.index(SAID)]
    assert "Dr Crane in the Ballroom at nine o'clock" in before, before


def test_the_carriers_rooms_are_forced_by_the_rooms_the_sentence_leans_on(page):
    case, lines = page
    shared = [line for line in lines if line.data and line.data[0][0] == "shared"]
    assert len(shared) == 1, [line.text for line in lines]
    _, left, t, _, given = shared[0].data[0]
    assert sorted(left) == ["bellamy", "dunmore"] and t == "eight"
    # the carry leans on no part of the answer; the brute force of a board this size is searched
    # under the night's answer alone (every answer would take hours)
    night = tuple((cat, item, True) for cat, item in case.solution.items())   # the case's own answer, as printed
    assert len(night) == 4, night
    for claim in shared[0].claims:
        assert claim[0] == "cell" and claim[3] == "library", claim
        assert_forced(case, (), given, night, claim)
    with pytest.raises(AssertionError):   # without the Rope's room at nine, one guest could carry the Candlestick alone
        assert_forced(case, (), [g for g in given if g[:2] != ("rope", "nine")], night, shared[0].claims[0])
