"""A timeline step that rests on the setting's rule of movement says the rule and how far the
rooms are (issue 24: grange hard 91 'All the fair-haired guests were in the Hall at nine
o'clock tells us that the murderer is not Basil Crane or Cora Lisle', the crime at ten in the
Cellar, two rooms away, with neither said)."""

from __future__ import annotations

from pathlib import Path

import page_truth
import pytest
from casetool.english.solution import page_sentences
from casetool.explain.steps import explain_case
from kept import kept_case

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
RULE = "everybody moves at most one room at a time, or stays where they are"


def _case(tmp_path: Path, fixture: str):
    return kept_case(tmp_path, "grange", fixture)


@pytest.mark.parametrize(("fixture", "ground", "note"), [
    ("grange-timeline-92-hard", "since the crime happened in the Library, three rooms from the Cellar, and " + RULE,
     "“All the dark-haired guests were in the Cellar at nine o'clock” clears Ada Vane and Dev Marlow."),
    ("grange-timeline-95-hard", "since the crime happened in the Kitchen, two rooms from the Library, and " + RULE,
     "“Ada Vane was in the Library at eight o'clock” clears Ada Vane."),
])
def test_a_step_on_the_rule_of_movement_says_it_and_the_rooms(tmp_path, fixture, ground, note):
    page = " ".join(" ".join(page_sentences(explain_case(_case(tmp_path, fixture), 60))).split())
    assert f"{ground}, the note {note}" in page
    assert page.count(RULE) == 1   # the rule once a page


@pytest.mark.parametrize("fixture", ["grange-timeline-92-hard", "grange-timeline-95-hard"])
def test_the_page_with_its_rooms_is_true(tmp_path, fixture):
    page_truth.assert_page_true(_case(tmp_path, fixture))
