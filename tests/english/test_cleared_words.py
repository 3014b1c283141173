"""Issue 24, session 16: a suspect cleared under the culprit rule tells the truth, and the page
says what their statement says before what it gives ('his statement about the weapon and the
place tells us that if the weapon was made of paper, the crime did not happen in the Orchard;
the weapon was a leather-bound atlas, so ...'), never 'his statement ... tells us that the crime
must have happened in the Greenhouse' with the words left to look up (murdle liars hard 91).
Each page stays true by the brute force (page_truth); the test failed before."""

from __future__ import annotations

from pathlib import Path

import pytest
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from kept import kept_case
from page_truth import assert_page_true

ROOT = Path(__file__).resolve().parents[2]


def _kept(tmp_path: Path, fixture: str):
    return kept_case(tmp_path, "murdle", fixture)


@pytest.mark.parametrize("fixture, said", [
    ("murdle-liars-91-hard", "Professor Ochre is not the murderer and so tells the truth: his statement about the weapon "
                             "and the place tells us that if the weapon was made of paper, the crime did not happen in the "
                             "Orchard; the weapon was a leather-bound atlas, so the crime must have happened in the Greenhouse."),
    ("murdle-traits-91-fiendish", "Vicar Vermilion is not the murderer and so tells the truth: his statement about the place "
                                  "and the weapon tells us that if the crime happened in the Greenhouse, the weapon was a brass "
                                  "telescope; the crime happened in the Greenhouse, so the weapon must have been a brass telescope."),
    # an 'either' with a side on the culprit: the looks of the suspects left settle it (reasons._found_culprit)
    ("murdle-traits-13", "her statement about the weapon and the murderer tells us that either the weapon was made of "
                         "metal or the murderer is tall; the murderer is Vicar Vermilion, who is of average height, or "
                         "Professor Ochre, who is short, so the weapon was made of metal, and so the weapon was not a "
                         "poisoned teacup or a leather-bound atlas."),
])
def test_a_cleared_suspects_statement_is_said_before_what_it_gives(tmp_path, fixture, said):
    case = _kept(tmp_path, fixture)
    page = " ".join(solution_prose(explain_case(case, 60)).split())
    assert said in page, page
    assert_page_true(case)
