"""page_truth reads the trait a cleared suspect's reason says of the found item ('; it happened
in the Orchard, which is on the grass, so ...', reasons._which) against the setting: the trait
must be the found item's own, not only stripped off before the reason is read (536d6ec)."""

from __future__ import annotations

import pytest
from kept import kept_case
from page_truth import assert_which, possible_answers


@pytest.fixture
def solved(tmp_path):
    case = kept_case(tmp_path, "murdle", "murdle-liars-92-hard")   # Professor Ochre, the atlas, the Library
    (answer,) = possible_answers(case)
    return case, dict(zip(case.setting.answer, answer, strict=True))


@pytest.mark.parametrize(("subject", "which"), [("the crime", "which is on a wooden floor"),
                                                ("the crime", "which is indoors"),
                                                ("the weapon", "which was made of paper")])
def test_a_trait_of_the_found_item_reads_true(solved, subject, which):
    case, answer = solved
    assert_which(case, answer, subject, which, "here", "...")


@pytest.mark.parametrize(("subject", "which"), [("the crime", "which is on the grass"),
                                                ("the crime", "which is outdoors"),
                                                ("the weapon", "which was made of metal")])
def test_a_trait_the_found_item_lacks_fails(solved, subject, which):
    case, answer = solved
    with pytest.raises(AssertionError):
        assert_which(case, answer, subject, which, "here", "...")
