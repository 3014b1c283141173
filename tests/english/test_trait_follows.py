"""A supposition that clashes on a trait of the place (or weapon) the page has found says the
trait (issue 24: murdle liars hard 92, '...meaning that the crime did not happen on a wooden
floor, but the crime happened in the Library', the Library's floor left to look up)."""

from __future__ import annotations

from pathlib import Path

import page_truth
import pytest
from casetool.english.solution import page_sentences
from casetool.explain.steps import explain_case
from kept import kept_case

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"


def _case(tmp_path: Path):
    return kept_case(tmp_path, "murdle", "murdle-liars-92-hard")


def test_the_found_place_says_the_trait_the_words_clash_on(tmp_path):
    page = " ".join(" ".join(page_sentences(explain_case(_case(tmp_path), 60))).split())
    assert ("meaning that the crime did not happen on a wooden floor, but the crime happened in the Library, "
            "and so happened on a wooden floor. So Vicar Vermilion is not the murderer") in page
    page_truth.assert_page_true(_case(tmp_path))


@pytest.mark.parametrize("wrong", ["happened on a stone floor", "happened outdoors"])
def test_a_trait_not_the_places_fails_the_page_check(tmp_path, wrong):
    sentence = f"..., meaning that the crime did not happen on a wooden floor, but the crime happened in the Library, and so {wrong}."
    with pytest.raises(AssertionError):
        page_truth._assert_follows(_case(tmp_path), sentence, "made up")
