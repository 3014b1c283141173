"""`casetool playtest` is bounded: by the pages the book should have, and by --time-limit."""

import shutil
import time
from pathlib import Path

import pytest
from casetool.printing.layout import LAYOUT, Layout, dumps
from pypdf import PdfWriter

from cli_support import run

ROOT = Path(__file__).resolve().parent.parent.parent
VILLAGE = ROOT / "tests" / "fixtures" / "render" / "village"
needs_tools = pytest.mark.skipif(shutil.which("pdfinfo") is None or shutil.which("tesseract") is None,
                                 reason="playtest needs poppler-utils and tesseract-ocr")


def blank_pdf(path: Path, pages: int) -> None:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(595, 842)
    with path.open("wb") as f:
        writer.write(f)


@needs_tools
def test_a_pdf_with_far_more_pages_than_the_book_is_refused_at_once(tmp_path):
    book = tmp_path / "book"
    book.mkdir()
    blank_pdf(book / "casebook.pdf", 20_000)
    blank_pdf(book / "decoders.pdf", 4)
    start = time.monotonic()
    result = run("playtest", book, "--source", VILLAGE)
    assert time.monotonic() - start < 30
    assert result.exit_code == 2, result.output
    [line] = [ln for ln in result.output.splitlines() if "error[P008]" in ln]
    assert line.startswith(f"{book / 'casebook.pdf'}:1:1:") and "20,000 pages" in line


@needs_tools
def test_a_pdf_within_the_bound_is_played(tmp_path):
    book = tmp_path / "book"
    book.mkdir()
    blank_pdf(book / "casebook.pdf", 3)
    blank_pdf(book / "decoders.pdf", 3)
    (book / LAYOUT).write_bytes(dumps(Layout("a4", ())))
    result = run("playtest", book, "--source", VILLAGE, "--format", "json")
    assert result.exit_code == 1 and "P008" not in result.output  # played, and found no mystery pages
    assert "no page of casebook.pdf is headed 'Mystery 1'" in result.output


@needs_tools
@pytest.mark.parametrize("layout", [None, b"{\"version\": 1}"])
def test_a_book_without_a_readable_layout_is_p010_not_a_traceback(tmp_path, layout):
    book = tmp_path / "book"
    book.mkdir()
    blank_pdf(book / "casebook.pdf", 3)
    blank_pdf(book / "decoders.pdf", 3)
    if layout is not None:
        (book / LAYOUT).write_bytes(layout)
    result = run("playtest", book, "--source", VILLAGE)
    assert result.exit_code == 2, result.output
    [line] = [ln for ln in result.output.splitlines() if "error[P010]" in ln]
    assert line.startswith(f"{book / LAYOUT}:1:1:") and "build the book again" in line


@needs_tools
@pytest.mark.slow
def test_the_time_limit_stops_a_playtest(built_book):
    out = built_book(VILLAGE)
    start = time.monotonic()
    result = run("playtest", out, "--source", VILLAGE, "--time-limit", "1.5")
    took = time.monotonic() - start
    assert result.exit_code == 1, result.output
    assert "error[P009]" in result.output and "time limit (1.5 s)" in result.output
    assert took < 15, took
