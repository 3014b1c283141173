"""Liars pages name the clash a supposition runs into (issue 24, session 15): a supposition on
who lies whose step reads two statements, one saying nothing new and the other, with no words
for its opposite, undone by the looks of every suspect left, says so ('... would be a lie, yet
it holds whether the murderer is Basil Crane or Cora Lisle'), never '... would not fit
together' (grange liars medium 72). Checked by the brute force (chain_truth._assert_by_those_left)."""

from __future__ import annotations

import shutil
from pathlib import Path

import chain_truth
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from page_truth import assert_page_true


def _kept(tmp_path: Path, fixture: str):
    # the setting as the case was drawn in (grange's heights were hands then: 'three hands high'
    # has no words for its opposite, which is what the page reads round)
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def test_a_supposition_names_the_one_statement_that_clashes(tmp_path, monkeypatch):
    case = _kept(tmp_path, "grange-liars-72-medium")
    page = " ".join(solution_prose(explain_case(case, 60)).split())
    assert "would not fit" not in page, page
    assert ("Suppose Dev Marlow lied: then Dev Marlow's statement about the murderer would be a lie, yet it holds "
            "whether the murderer is Basil Crane or Cora Lisle. So Dev Marlow told the truth.") in page, page
    checked: list = []
    real = chain_truth._assert_by_those_left
    monkeypatch.setattr(chain_truth, "_assert_by_those_left", lambda *a, **k: checked.append(real(*a, **k)) or checked)
    assert_page_true(case)
    assert len(checked) == 1, checked
