"""A page step opens with a lead that takes up the step before ('Building on that, ', 'From
there, ') only when it uses what that step found (the editor's read: "We are told that the
weapon was the Candlestick. Building on that, the note ..." claimed a link that was not
there, 8 of 11 cases). Over generated cases kept as fixtures, read against the explanation's
own facts; a level-3 hint likewise."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from casetool.english.hints import hint
from casetool.english.leads import BUILDING
from casetool.english.solution import page_sentences
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ["grange-timeline-8", "murdle-liars-3-hard", "murdle-traits-2-hard", "hampshire-traits-61-medium",
            "tudor-timeline-2-hard", "supercluedo-codes-12-hard", "grange-liars-10-hard", "murdle-liars-6-medium"]


def _kept(tmp_path: Path, fixture: str):
    shutil.copy(ROOT / "cases" / fixture.split("-")[0] / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


@pytest.mark.parametrize("fixture", FIXTURES)
def test_a_lead_that_builds_follows_a_step_it_builds_on(tmp_path, fixture):
    explanation = explain_case(_kept(tmp_path, fixture), 60)
    sentences = page_sentences(explanation)
    for before, step in zip(explanation.steps, explanation.steps[1:], strict=False):
        said = sentences[step.number - 1]
        if said.startswith(tuple(w.strip() for w in BUILDING)):
            assert set(step.facts) & set(before.derived), (fixture, step.number, said)


@pytest.mark.parametrize("fixture", FIXTURES[:4])
def test_a_level_3_hint_builds_only_on_the_step_before(tmp_path, fixture):
    """A hint stands alone, but it is the page's step: 'Building on that' there too means the
    step before it on the page."""
    explanation = explain_case(_kept(tmp_path, fixture), 60)
    known: list = []
    for before, step in zip([None, *explanation.steps], explanation.steps, strict=False):
        said = hint(explanation, known, 3)
        if said.startswith(tuple(w.strip() for w in BUILDING)):
            assert before is not None and set(step.facts) & set(before.derived), (fixture, step.number, said)
        known += [f for f in step.derived if f not in known]
