"""Issue 24, session 16: a supposition that runs into the few suspects left says the looks of
each that undo the words ('but the murderer is Ada Vane, who stands five foot four, or Basil
Crane, who has fair hair'), never the names alone for the reader to look up (chain._clash_tail;
grange liars hard 91 and 92 said 'but the murderer is Ada Vane or Basil Crane'). Each page
stays true by the brute force (page_truth); each test failed before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from kept import kept_case
from page_truth import assert_page_true

ROOT = Path(__file__).resolve().parents[2]


def _kept(tmp_path: Path, fixture: str):
    return kept_case(tmp_path, fixture.split("-")[0], fixture)


@pytest.mark.parametrize("fixture, said", [
    ("grange-liars-91-hard", "meaning that the murderer has dark hair and is not five foot four, but the murderer is "
                             "Ada Vane, who stands five foot four, or Basil Crane, who has fair hair."),
    ("grange-liars-92-hard", "meaning that the murderer usually keeps to the Cellar, but the murderer is Basil Crane, "
                             "who usually keeps to the Hall, or Cora Lisle, who usually keeps to the Kitchen."),
    ("murdle-liars-2-easy", "it says that the murderer has brown eyes, but the murderer is Sergeant Olive, who has "
                            "hazel eyes, or Professor Ochre, who has gray eyes, so Sergeant Olive is lying"),
])
def test_the_suspects_left_are_named_with_the_looks_that_clear_them(tmp_path, fixture, said):
    case = _kept(tmp_path, fixture)
    page = " ".join(solution_prose(explain_case(case, 60)).split())
    assert said in page, page
    assert not re.search(r"but the murderer is [A-Z][\w ]+ or [A-Z][\w ]+[.,]", page), page
    assert_page_true(case)
