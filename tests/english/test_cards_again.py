"""A card step that reads clues an earlier step spelled out names them once, as the player
finds them in the book: 'We come back to your own hand and suggestions 2, 5 and 11.', never a
list of ids ('Recall your own hand, suggestion 2, suggestion 5, suggestion 11 and suggestion
13.', classic cards 11 fiendish; issue 24, the editor's item 7)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]


def _page(tmp_path: Path, fixture: str) -> str:
    shutil.copy(ROOT / "cases" / "classic" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    case = load_paths([tmp_path / "001.yaml"]).cases[0]
    return " ".join(solution_prose(explain_case(case, 60)).split())


@pytest.mark.parametrize("fixture", ["classic-cards-11-fiendish", "classic-cards-4-hard"])
def test_clues_read_again_are_named_once_by_number(tmp_path, fixture):
    page = _page(tmp_path, fixture)
    again = re.findall(r"We come back to [^.]*\.", page)
    assert again, page
    assert "Recall" not in page
    for sentence in again:
        assert not re.search(r"suggestion \d+, suggestion", sentence), sentence
        assert not re.search(r"suggestion \d+ and suggestion", sentence), sentence


def test_suggestions_read_again_are_counted_in_order(tmp_path):
    page = _page(tmp_path, "classic-cards-11-fiendish")
    assert "We come back to your own hand and suggestions 2, 5, 11 and 13." in page, page
