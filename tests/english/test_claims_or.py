"""An inclusive or on a page (english/claims.py in_words, a liar's 'neither' turned round):
where the case's answer (the brute force's of tests/solver) makes both sides true, the page
says "A or B, perhaps both", never "either A or B", which a reader takes for one or the other
(murdle liars 63: "meaning that either the weapon was a poisoned teacup or the crime
happened in the Orchard", both so)."""

from __future__ import annotations

import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from casetool.english.claims import in_words, opposite
from casetool.english.solution import page_sentences
from casetool.explain.steps import explain_case
from casetool.language.text import resolve_text
from casetool.load.project import load_paths

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import possible_answers  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def case(tmp_path_factory):
    folder = tmp_path_factory.mktemp("murdle")
    shutil.copy(ROOT / "cases" / "murdle" / "setting.yaml", folder / "setting.yaml")
    shutil.copy(FIXTURES / "murdle-liars-63-fiendish.yaml", folder / "001.yaml")
    got = load_paths([folder / "001.yaml"]).cases[0]
    (answer,) = possible_answers(got)
    assert answer[1:] == ("teacup", "orchard")   # both sides of Duchess Cerulean's words hold
    return got


def _expr(case, means: str):
    expr, problem = resolve_text(means, case.setting, None)
    assert problem is None, problem
    return expr


@pytest.mark.parametrize("means,said", [
    ("weapon == teacup or place == orchard",
     "the weapon was a poisoned teacup or the crime happened in the Orchard, perhaps both"),
    ("weapon == teacup or place == library",   # one side false: 'either' reads right
     "either the weapon was a poisoned teacup or the crime happened in the Library"),
    ("weapon == atlas or place == orchard",
     "either the weapon was a leather-bound atlas or the crime happened in the Orchard"),
])
def test_an_or_true_on_both_sides_is_said_perhaps_both(case, means, said):
    assert in_words(case, _expr(case, means)) == said


def test_a_liars_neither_turned_round_true_on_both_sides_is_said_perhaps_both(case):
    """'The weapon was not a poisoned teacup, and the crime did not happen in the Orchard',
    a lie: what holds is one of them or both, and here both do."""
    clue = replace(case.clues[0], expr=_expr(case, "weapon != teacup and place != orchard"))
    assert opposite(case, clue) == "the weapon was a poisoned teacup or the crime happened in the Orchard, perhaps both"
    clue = replace(case.clues[0], expr=_expr(case, "weapon != atlas and place != orchard"))
    assert opposite(case, clue) == "either the weapon was a leather-bound atlas or the crime happened in the Orchard"


def test_the_page_says_the_statement_that_holds_on_both_sides_perhaps_both(case):
    page = " ".join(page_sentences(explain_case(case, 60)))
    assert ("Duchess Cerulean's statement about the weapon and the place would be true, meaning that the weapon "
            "was a poisoned teacup or the crime happened in the Orchard, perhaps both, so the weapon was a "
            "poisoned teacup.") in page, page
    assert "meaning that either" not in page
