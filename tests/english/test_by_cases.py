"""A step whose suspects' words turn on whether they did it (culprit rule) is told by cases, each
read to a clash ('Suppose the crime happened in the Greenhouse. If Duchess Cerulean were the
murderer, her statement ... would be a lie, ...; If neither of them were the murderer, ...'),
never 'whether or not X or Y is the murderer (and so lying), ... together tell us that ...'.
Each case is checked by the brute force (chain_truth.py). On the page such a step is rarer:
it reads with everything found before it (chain.with_known), which often settles who spoke
truly; read with the step's own facts alone (as a hint may), it splits."""

from __future__ import annotations

import shutil
from pathlib import Path

import chain_truth
import pytest
from casetool.english.solution import solution_prose
from casetool.english.suppose import supposed_against
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from page_truth import assert_page_true

ROOT = Path(__file__).resolve().parents[2]


def _case(tmp_path, fixture):
    shutil.copy(ROOT / "cases" / "murdle" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


@pytest.mark.parametrize("fixture,splits", [("murdle-liars-35", 2), ("murdle-traits-13", 2), ("murdle-liars-2", 1)])
def test_words_that_turn_on_who_did_it_are_read_case_by_case(tmp_path, monkeypatch, fixture, splits):
    case = _case(tmp_path, fixture)
    explanation = explain_case(case, 60)
    checked = []
    split = chain_truth._assert_cases
    monkeypatch.setattr(chain_truth, "_assert_cases", lambda *a: checked.append(1) or split(*a))
    for step in explanation.steps:
        told = supposed_against(case, step)
        if ". If " in told:
            assert chain_truth.assert_chains_true(case, step, f"{told[:1].upper()}{told[1:]} So it follows.", (fixture, step.number))
    assert len(checked) == splits


@pytest.mark.parametrize("fixture", ["murdle-liars-35", "murdle-traits-13", "murdle-liars-2"])
def test_no_page_says_whether_or_not_someone_did_it(tmp_path, fixture):
    case = _case(tmp_path, fixture)
    page = " ".join(solution_prose(explain_case(case, 60)).split())
    assert "whether or not" not in page.lower(), page
    assert_page_true(case)
