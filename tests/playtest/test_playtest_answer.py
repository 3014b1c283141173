"""The solution page is judged against the answer the case's clues leave (the solver), not
against the text that printed it (issue 28 item 8)."""

from dataclasses import replace
from pathlib import Path

import pytest
from casetool.api import load_book
from casetool.playtest import play
from casetool.playtest.book import MysteryPage

ROOT = Path(__file__).resolve().parent.parent.parent
VILLAGE = ROOT / "tests" / "fixtures" / "render" / "village"


@pytest.fixture(scope="module")
def case():
    book, _, _ = load_book(VILLAGE)
    return book.cases[0]


def test_the_answer_is_the_one_the_clues_leave_whatever_the_case_declares(case):
    assert play.derived_answer(case) == case.solution
    culprit = case.setting.culprit
    other = next(i.id for i in case.setting.categories[culprit].items if i.id != case.solution[culprit])
    wrong = replace(case, solution={**case.solution, culprit: other})
    assert play.derived_answer(wrong) == case.solution


def test_clues_that_leave_more_than_one_answer_leave_none_to_look_for(case):
    assert play.derived_answer(replace(case, clues=[])) is None
    page = MysteryPage(case.number, [1], "", {}, 7)
    [check] = play._solution(None, {}, case, page, None)
    assert not check.ok and "no single answer" in check.detail


def test_the_answer_lines_name_the_culprit_first(case):
    lines = play._answer_lines(case, case.solution)
    setting = case.setting
    assert lines[0] == (setting.categories[setting.culprit].label, setting.item_name(case.solution[setting.culprit]))
    assert len(lines) == len(setting.answer)
