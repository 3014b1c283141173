"""The mansion samples' stories are a casebook's, not generator stubs (issue 24, session 17):
'On Friday the last train left without anyone on it. Colonel Ashby fainted at the sight, and
had to be carried out.' read as two unconnected sentences. Each now sets the evening up
(the victim, the guests, why they stayed), names no room, hour or weapon (which the notes
alone decide, so the story cannot contradict them), and the motive it raises is the
murderer's, as each case's notes prove it (plain expected words below)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casetool.english.ending import story_ending
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]
SENTENCE = re.compile(r"(?<!\bMr)(?<!\bMrs)(?<!\bDr)[.!?]\s+")

# the murderer's motive (each case's notes) and the why the ending gives from the story
MOTIVE = {"small": ("revenge", "She had not forgotten the quarrel"),
          "medium": ("greed", "had everything to gain from the will"),
          "large": ("revenge", "had not forgotten the quarrel")}


@pytest.mark.parametrize("size", sorted(MOTIVE))
def test_a_mansion_sample_story_is_a_casebooks(size):
    (path,) = (ROOT / "cases" / "mansion" / size).glob("001-*.yaml")
    (case,) = load_paths([path]).cases
    story = " ".join(case.story.split())
    assert len(SENTENCE.split(story)) >= 4 and len(story.split()) >= 60, story
    assert "Lord Ashdown" in story and "story stub" not in path.read_text(), story
    told = [i.name for cat, c in case.setting.categories.items() if cat in ("room", "time", "weapon")
            for i in c.items if re.search(rf"\b{re.escape(i.name)}\b", story, re.I)]
    assert not told, told
    motive, why = MOTIVE[size]
    murderer = case.setting.item_name(case.solution["suspect"])
    notes = {c.text for c in case.clues}
    assert {f"The murderer's motive was {motive}.", f"{murderer}'s motive was {motive}."} & notes
    assert why in story_ending(case, case.solution), story_ending(case, case.solution)
