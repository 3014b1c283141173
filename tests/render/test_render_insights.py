"""--with-deductions prints 'How to deduce it' under each solution (upside down with it);
--with-difficulty adds the grade to the index; timed notes stay off the mystery pages."""

from pathlib import Path

import pytest

from render_support import VILLAGE, build, page_texts, reader, upside_down

pytestmark = pytest.mark.slow  # builds PDFs (or sweeps the brute force): the inner loop `-m "not slow"` skips it

SAMPLES = Path(__file__).resolve().parents[2] / "cases"


def test_deductions_and_difficulty(tmp_path):
    out = tmp_path / "out"
    result = build(VILLAGE, out, "--with-deductions", "--with-difficulty")
    assert result.exit_code == 0, result.output
    texts = page_texts(out / "casebook.pdf")
    index = next(t for t in texts if "Mystery Index" in t)
    assert "Difficulty" in index and any(level in index for level in ("easy", "medium", "hard", "fiendish"))
    solution_pages = [i for i, t in enumerate(texts) if "How to deduce it" in t]
    assert solution_pages
    page = reader(out / "casebook.pdf").pages[solution_pages[0]]
    assert upside_down(page, "How to deduce it")


def test_plain_build_prints_neither(built):
    texts = " ".join(page_texts(built / "casebook.pdf"))
    assert "How to deduce it" not in texts and "Difficulty" not in texts


def test_timed_notes_are_read_from_the_notepad_not_the_mystery_page(built_book):
    texts = page_texts(built_book(SAMPLES / "tudor") / "casebook.pdf")
    mystery = next(t for t in texts if "The Comet Party" in t and "Clues" in t)
    assert "inspector's notepad" in mystery
    assert "not a ray of daylight" not in " ".join(t for t in texts if "Solution to" not in t)
