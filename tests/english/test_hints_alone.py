"""A level-3 hint stands without the page before it (english/hints.py, `alone`): it never opens
with a lead that points at a sentence the player never saw ('Now Miss Scarlet (wheel 78) tells
us ...', 'Next, since the crime happened in the Hall, ...', 'Building on that, ...'); 41 of 133
such hints over 18 cases did. Read at every step, the player knowing what the steps before
found."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from casetool.english.hints import alone, hint
from casetool.english.leads import LEADS
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ["murdle/001-the-stargazer", "hampshire/001-the-marrow-vanishes", "grange/001-the-heavy-hand"]
FIXTURES = ["murdle-liars-3-hard", "murdle-traits-2-hard", "hampshire-traits-61-medium", "grange-liars-10-hard"]
POINTING = tuple(w.strip(" ,") for w in LEADS[1:]) + ("For the same reason", "As the ")


def _case(tmp_path: Path, name: str):
    if "/" in name:
        return load_paths([ROOT / "cases" / f"{name}.yaml"]).cases[0]
    shutil.copy(ROOT / "cases" / name.split("-")[0] / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{name}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def _hints(explanation) -> list[str]:
    known: list = []
    said = []
    for step in explanation.steps:
        said.append(hint(explanation, known, 3))
        known += [f for f in step.derived if f not in known]
    return said


@pytest.mark.parametrize("name", SAMPLES + FIXTURES)
def test_no_level_3_hint_opens_with_a_lead(tmp_path, name):
    said = _hints(explain_case(_case(tmp_path, name), 60))
    assert not [s for s in said if s.startswith(POINTING)], said


def test_the_step_is_said_as_the_page_says_it_without_its_lead():
    """hampshire 001's fifth step opened 'Now Miss Scarlet (wheel 78) tells us ...'."""
    said = _hints(explain_case(load_paths([ROOT / "cases" / "hampshire/001-the-marrow-vanishes.yaml"]).cases[0], 60))
    assert said[4] == ("Miss Scarlet (wheel 78) tells us that the culprit does not have brown hair, "
                       "so Reverend Green is not the culprit."), said[4]


@pytest.mark.parametrize("text,expected", [
    ("Next, since the crime happened in the Hall, the fact ...", "since the crime happened in the Hall, the fact ..."),
    ("Building on that, Mrs. White is lying: ...", "Mrs. White is lying: ..."),
    ("In turn, suppose Vicar Vermilion were the murderer", "suppose Vicar Vermilion were the murderer"),
    ("With what we already know, the note ...", "With what we already know, the note ..."),   # the player knows it
    ("Suppose the crime happened in the Library.", "Suppose the crime happened in the Library."),
])
def test_alone_drops_only_a_lead_that_points_back(text, expected):
    assert alone(text) == expected
