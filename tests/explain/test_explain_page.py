"""`casetool explain` tells each step in the solution page's own sentences (issue 24 item 9):
through the real CLI, every numbered line is the page's sentence for that step, word for
word, and no line shows what only an author sees (a clue id, a raw item id, a 'rules out:'
list, a capital article inside a sentence)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from casetool.cli import cli
from casetool.english.solution import page_sentences, solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "generate"))
from generate_helpers import generate_into  # noqa: E402

SAMPLES = ["hampshire/002-the-borrowed-banner", "murdle/001-the-stargazer", "classic/001-the-long-weekend",
           "supercluedo/001-the-cellar-stairs", "tudor/001-the-comet-party"]
AUTHOR_WORDS = [("a clue id in quotes", re.compile(r"\bclue '")), ("a 'rules out:' list", re.compile(r"rules out:")),
                ("a category id before an item", re.compile(r"\b(suspect|weapon|place|scene|room): ")),
                ("a capital article mid-sentence", re.compile(r"(?<![.:!?]) (?:not|is|be|was) (?:A|An) [a-z]")),
                ("an id with an underscore", re.compile(r"\b[a-z]+_[a-z_]+\b"))]


def _explained_lines(path: Path) -> list[str]:
    result = CliRunner().invoke(cli, ["explain", str(path)])
    assert result.exit_code == 0, result.output
    return [m.group(1) for m in re.finditer(r"^  \d+\. (.*)$", result.output, re.M)]


def _assert_same_as_page(path: Path) -> None:
    case = load_paths([path]).cases[0]
    explanation = explain_case(case, 60)
    lines = _explained_lines(path)
    assert lines == page_sentences(explanation)
    page = " ".join(solution_prose(explanation).split())
    for line in lines:
        assert line in page, line
        for what, pattern in AUTHOR_WORDS:
            assert not pattern.search(line), (what, line)


@pytest.mark.parametrize("name", SAMPLES)
def test_explain_prints_the_solution_pages_sentences(name):
    _assert_same_as_page(ROOT / "cases" / f"{name}.yaml")


def test_explain_of_a_generated_liars_case_prints_the_pages_sentences(tmp_path):
    """murdle liars fiendish seed 4: the issue's 'not A rowing-boat anchor' and quotes by id."""
    _got, path = generate_into(tmp_path, "murdle", "liars", 4, "fiendish")
    _assert_same_as_page(path)
