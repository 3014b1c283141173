"""A step leans only on what the page or the printed rules have said (issue 24): a note read with
a found item says the item's traits the note tests ('since the crime happened in the Hall, and so
in a room next to the Kitchen, the note “If the crime happened in a room next to the Kitchen,
...”'; grange timeline medium 106 left the Kitchen's neighbours unsaid, murdle liars hard 92 that
the atlas is paper), and a note on an hour next to the crime's that rules out places says the
rule of movement and how far they are from where everyone was (grange timeline hard 91)."""

from __future__ import annotations

import pytest
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from kept import kept_case
from page_truth import assert_page_true

RULE = "everybody moves at most one room at a time, or stays where they are"


def _page(case) -> str:
    return " ".join(solution_prose(explain_case(case, 60)).split())


@pytest.mark.parametrize(("setting", "fixture", "said"), [
    ("grange", "grange-timeline-1-hard",
     "Since the crime happened in the Hall, and so in a room next to the Kitchen, the note “If the crime happened in a "
     "room next to the Kitchen, then it happened before nine o'clock” rules out ten o'clock"),
    ("grange", "grange-timeline-1-hard",   # a trait the found item lacks: the one it has
     "since the crime happened in the Hall, and so in the largest of the four rooms, the note “If the "
     "crime happened before eight o'clock, then it happened in the smallest of the four rooms” rules out seven o'clock."),
    ("murdle", "murdle-liars-92-hard",
     "since the weapon was a leather-bound atlas, and so made of paper, the fact “Whoever used a weapon made of paper "
     "struck indoors” means that"),
    ("grange", "grange-timeline-91-hard",
     f"since the crime happened at eight o'clock, and {RULE}, and the Library is two rooms from the Kitchen, the note "
     "“The Hall, the Library and the Cellar were all empty at nine o'clock” means that the crime did not happen in the "
     "Library, and the Kitchen is the only room left."),
])
def test_a_step_says_the_traits_and_distances_it_leans_on(tmp_path, setting, fixture, said):
    page = _page(kept_case(tmp_path, setting, fixture))
    assert said in page, page
    assert page.count(RULE) <= 1   # the rule once a page


@pytest.mark.parametrize(("setting", "fixture"), [("murdle", "murdle-liars-92-hard"), ("grange", "grange-timeline-91-hard")])
def test_those_pages_are_true(tmp_path, setting, fixture):
    assert_page_true(kept_case(tmp_path, setting, fixture))
