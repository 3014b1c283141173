"""Two witnesses whose truth is open under the one-liar rule (english/one_liar.py): 'Whether or
not Ada Vane or Basil Crane is lying, Ada Vane's statement ... and Basil Crane's statement ...
together tell us that Basil Crane is not the murderer' was a bare result on every grange traits
and liars page (70 in 50 generated cases). The page argues it: one of the two must be telling
the truth, and neither statement would be true of the suspect cleared, by their looks;
one_true_truth.py checks each part by the brute force."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import one_true_truth
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from page_truth import assert_page_true

ROOT = Path(__file__).resolve().parents[2]


def _kept(tmp_path: Path, fixture: str):
    shutil.copy(ROOT / "cases" / "grange" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def test_one_of_two_witnesses_must_be_telling_the_truth(tmp_path, monkeypatch):
    case = _kept(tmp_path, "grange-traits-21-hard")
    page = " ".join(solution_prose(explain_case(case, 60)).split())
    assert not re.search(r"[Ww]hether or not|together tell us|side by side", page), page
    assert ("Ada Vane says that the murderer usually keeps to the Library, and Basil Crane that if the murderer has "
            "fair hair, they do not usually keep to the Hall; only one witness lies, so one of them must be telling "
            "the truth. Neither would be true of Basil Crane, who usually keeps to the Hall and has fair hair, so he is "
            "not the murderer.") in page, page
    assert "nor of Dev Marlow, who usually keeps to the Cellar and stands six foot, so neither of them is the " \
           "murderer, which leaves Ada Vane as the murderer." in page, page   # who is cleared, then who is left
    checked = []
    real = one_true_truth.assert_one_true
    monkeypatch.setattr(one_true_truth, "assert_one_true", lambda *a: checked.append(real(*a)) or checked[-1])
    assert_page_true(case)
    assert sum(checked) == 2, checked


def test_a_witness_found_truthful_is_told_why(tmp_path, monkeypatch):
    """'Basil Crane told the truth.' followed the argument with no reason; the reason is his
    statement, true of every suspect left (checked by one_true_truth.assert_verdicts)."""
    case = _kept(tmp_path, "grange-traits-21-hard")
    page = " ".join(solution_prose(explain_case(case, 60)).split())
    assert "Basil Crane's statement is true of everyone else, so it was the truth." in page, page
    assert "Cora Lisle's statement is true of Ada Vane, so it was the truth." in page, page
    assert not re.search(r"\. (Basil Crane|Cora Lisle) told the truth\.", page), page
    checked = []
    real = one_true_truth.assert_verdicts
    monkeypatch.setattr(one_true_truth, "assert_verdicts", lambda *a: checked.append(real(*a)) or checked[-1])
    assert_page_true(case)
    assert sum(checked) == 2, checked
