"""A statement that rules out several suspects by their looks says each one's looks (issue 24:
hampshire liars 1 said 'if the culprit wears glasses, we are looking for a woman, so the
culprit is not Reverend Green or Mr. Rust', leaving the reader to look up that both are men
who wear glasses)."""

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
    return kept_case(tmp_path, "hampshire", "hampshire-liars-1")


def test_each_suspect_ruled_out_by_looks_has_them_said(tmp_path):
    page = " ".join(" ".join(page_sentences(explain_case(_case(tmp_path), 60))).split())
    assert ("Professor Plum (wheel 64) tells us that if the culprit wears glasses, we are looking for a woman; "
            "Reverend Green wears glasses and is a man, and the same is true of Mr. Rust, "
            "so the culprit is not Reverend Green or Mr. Rust.") in page
    page_truth.assert_page_true(_case(tmp_path))


@pytest.mark.parametrize("wrong", [
    "the same is true of Miss Scarlet",   # a woman
    "Mr. Rust is a woman",
])
def test_looks_said_of_the_wrong_suspect_fail_the_page_check(tmp_path, wrong):
    sentence = ("Professor Plum (wheel 64) tells us that if the culprit wears glasses, we are looking for a woman; "
                f"Reverend Green wears glasses and is a man, and {wrong}, so the culprit is not Reverend Green or Mr. Rust.")
    with pytest.raises(AssertionError):
        page_truth._assert_looks(_case(tmp_path), sentence, "made up")
