"""The print wastes no paper and counts right (issue 26 item 9): components that fit share
a page, and a book of one mystery says "1 mystery", never "1 mysteries", anywhere in print.

Books are built by the real CLI; pages are read back with poppler (pictures and text).
"""

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from decoder_support import ROOT, build, need_pdftoppm, rasterise

pytestmark = pytest.mark.slow  # builds books
FILLED = 0.45   # a text page's ink must reach this far down its page area


def ink_reach(pdf: Path, page: int) -> float:
    """How far down the page area (top to bottom margin) dark ink reaches, 0..1."""
    grey = rasterise(pdf, page, dpi=30).mean(axis=2)
    body = grey[int(grey.shape[0] * 0.05):int(grey.shape[0] * 0.93)]
    rows = np.flatnonzero((body < 160).any(axis=1))
    return 0.0 if len(rows) == 0 else rows.max() / body.shape[0]


@pytest.mark.parametrize("name", ["classic", "murdle", "hampshire"])
def test_no_decoder_page_is_left_nearly_empty(built_book, name):
    """classic and murdle: the short first page takes the detective sheet; hampshire: the
    location key goes under its folder (a page of its own held one 24 x 83 mm card)."""
    need_pdftoppm()
    pdf = built_book(ROOT / "cases" / name) / "decoders.pdf"
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(pdf)], capture_output=True,
                                                              text=True).stdout).group(1))
    reach = [ink_reach(pdf, p) for p in range(1, pages + 1)]
    assert all(r >= FILLED for r in reach), f"{name}: a near-empty page, ink reaches {reach}"


PLURALS = re.compile(r"\b1 (mysteries|wheels|notes|cards|pages|positions|players|clues|statements|suspects|"
                     r"events|things|tokens|pawns|liars|answers)\b")


def one_mystery(source: Path, folder: Path) -> Path:
    shutil.copytree(source, folder)
    text = (folder / "casebook.yaml").read_text()
    first = re.search(r"cases:\s*\[([^,\]]+)", text) or re.search(r"cases:\s*\n\s*-\s*(\S+)", text)
    head = text.split("\ncases:")[0]
    tail = text.split("\ncases:")[1].split("\n", 1)[1] if "\n" in text.split("\ncases:")[1] else ""
    tail = "\n".join(line for line in tail.splitlines() if not line.lstrip().startswith("- "))
    (folder / "casebook.yaml").write_text(f"{head}\ncases: [{first.group(1).strip()}]\n{tail}\n")
    return folder


@pytest.mark.parametrize("name", ["tudor", "hampshire"])
def test_a_book_of_one_mystery_counts_in_the_singular(tmp_path, name):
    need_pdftoppm()
    folder = one_mystery(ROOT / "cases" / name, tmp_path / name)
    result = build(folder, tmp_path / "out")
    assert result.exit_code == 0, result.output
    printed = [subprocess.run(["pdftotext", str(tmp_path / "out" / f), "-"], capture_output=True, text=True).stdout
               for f in ("casebook.pdf", "decoders.pdf")]
    printed.append(re.sub(r"<[^>]+>", " ", (tmp_path / "out" / "casebook.html").read_text()))
    text = " ".join(" ".join(printed).split())
    assert "1 mystery" in text or "one mystery" in text.lower()
    assert PLURALS.findall(text) == []


def test_the_whereabouts_sheet_joins_the_detective_sheet_when_it_fits(built_book):
    """grange: both note sheets, whole, on one page (the whereabouts grid held a page of
    its own, a quarter full)."""
    pdf = built_book(ROOT / "cases" / "grange") / "decoders.pdf"
    pages = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout.split("\f")
    detective = [i for i, t in enumerate(pages) if "Detective sheet" in t and "Mystery" in t]
    whereabouts = [i for i, t in enumerate(pages) if "Whereabouts ·" in t]
    assert len(detective) == 1 and whereabouts == detective
