"""A board solution page says a fact once and names what a clash goes against (the editor's
read of mansion small 65 and the mansion/small book's case 2, seed 68):
- a fact that says the very thing is said once as it stands, not 'The fact “Lord Ashdown was
  not in the Hall at ten o'clock” keeps him out of the Hall at ten o'clock' nor 'The Dagger
  lay in the Hall from ten to eleven o'clock, so it was there at ten o'clock';
- clues that clash only together are named together ('But then the fact “...” and the note
  “...” could not both be true'), never 'goes against A or B' (each clue of such a clash is
  needed: the brute force checks it here and on the tiny board in test_board_together);
- 'the murder ruled out at every hour but seven and eleven o'clock' only names hours the page
  has not ruled out (eleven had been: now 'at six, eight, nine and ten o'clock').
The cases are mansion small, whose claims the brute force of tests/solver checks."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from casetool.english.board_solution import board_paragraphs
from casetool.load.project import load_paths

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_board_solution import assert_claim, assert_said_before  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def kept_case(tmp_path: Path, name: str):
    shutil.copy(ROOT / "cases" / "mansion" / "small" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(FIXTURES / f"{name}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path]).cases[0]


def lines_of(case):
    paragraphs = board_paragraphs(case)
    assert paragraphs is not None
    return paragraphs, [line for p in paragraphs for line in p]


def assert_clash_needs_each(case, lines) -> None:
    """Every clash of the page is forced by its clues and cells, and by none of its clues one
    short: they clash together, so the page names them together."""
    clashes = [c for line in lines for c in line.claims if c[0] == "if" and c[4] == ("clash",)]
    assert clashes
    for claim in clashes:
        assert_claim(case, claim, None, None)
        _, clues, given, found, _ = claim
        for k in range(len(clues)):
            with pytest.raises(AssertionError):
                assert_claim(case, ("if", clues[:k] + clues[k + 1:], given, found, ("clash",)), None, None)


def test_a_fact_that_says_it_is_said_once_and_a_clash_names_its_clues_together(tmp_path):
    case = kept_case(tmp_path, "mansion-board-small-65")
    paragraphs, lines = lines_of(case)
    texts = [line.text for line in lines]
    page = " ".join(texts)
    assert "keeps him out of the Hall at ten o'clock" not in page, page
    assert "so it was there at ten o'clock" not in page, page
    said = next(line for line in lines if ("not_cell", "ashdown", "ten", "hall") in line.claims)
    assert said.text == "Lord Ashdown was not in the Hall at ten o'clock.", said.text
    assert "The Dagger lay in the Hall from ten to eleven o'clock." in texts, texts
    assert not re.search("\u201d or the (fact|note)", page), page
    assert "But then the fact \u201cLord Ashdown went from the Library to the Hall between eight and nine " \
           "o'clock\u201d and the note \u201cLord Ashdown was dead by ten o'clock\u201d could not both be true" in page, page
    assert_clash_needs_each(case, lines)
    assert_said_before(case, paragraphs)


def test_what_is_left_of_the_hours_matches_the_page_and_three_clues_clash_together(tmp_path):
    case = kept_case(tmp_path, "mansion-board-small-68-book-2")
    paragraphs, lines = lines_of(case)
    page = " ".join(line.text for line in lines)
    assert not re.search("\u201d or the (fact|note)", page), page
    assert "could not all be true" in page, page
    ruled: set[str] = set()
    for line in lines:   # 'every hour but ...' names only hours the page has not yet ruled out
        m = re.search(r"every hour but ([\w ,']+)", line.text)
        if m:
            assert not [u for u in ruled if re.search(rf"\b{u}\b", m.group(1))], (ruled, line.text)
        ruled |= {c[1] for c in line.claims if c[0] == "not_time"}
    # the crime's paragraph opens 'That leaves seven o'clock for the murder': the hours are not
    # listed again in it (they were 'at six, eight, nine and ten o'clock')
    crime = " ".join(line.text for line in paragraphs[-1])
    assert crime.startswith("That leaves seven o'clock for the murder.") and "ruled out at" not in crime, crime
    assert_said_before(case, paragraphs)
