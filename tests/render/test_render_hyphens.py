"""The casebook PDF breaks no word at a line end (templates/casebook.css, `hyphens: manual`):
WeasyPrint hyphenated justified text by pyphen's British patterns for lang "en", and printed
"Lib-rary", "reas-on", "sur-vive", "state-ment" (murdle seeds 63-64, the book readA built);
it cannot tell a name from a word. Read back with pypdf."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from render_support import build, page_texts

pytestmark = pytest.mark.slow  # builds a PDF

BOOK = Path(__file__).resolve().parents[1] / "fixtures" / "render" / "murdle-hyphens"
# a hyphen WeasyPrint put at a line end (U+2010; a word that has its own hyphen may break there)
BROKEN = re.compile(r"[A-Za-z][\u2010\u00ad]$", re.M)


def test_no_word_or_name_is_broken_at_a_line_end(tmp_path):
    folder = tmp_path / "book"
    shutil.copytree(BOOK, folder)
    result = build(folder, tmp_path / "out", "--no-decoders", "--time-limit", "60")
    assert result.exit_code == 0, result.output
    texts = page_texts(tmp_path / "out" / "casebook.pdf")
    whole = "\n".join(texts)
    assert "Library" in whole and "Orchard" in whole   # the names the old breaks split
    broken = [line for text in texts for line in text.splitlines() if BROKEN.search(line)]
    assert not broken, broken
