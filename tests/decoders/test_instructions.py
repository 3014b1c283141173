"""The first page of decoders.pdf says only what this book's pieces need: a book with no
wheel and no event card (cases/classic: a card game) has nothing hidden and nothing that
must line up, so no "secret text" to keep face down and no ruler to measure."""

from decoder_support import ROOT
from test_decoders_pdf import render, texts


def test_a_book_with_nothing_hidden_prints_no_secret_text_warning(tmp_path):
    render(ROOT / "cases" / "classic", out=tmp_path / "decoders.pdf")
    first = " ".join(texts(tmp_path / "decoders.pdf")[0].split())
    assert "Print this file on A4 or US Letter." in first
    assert "secret text" not in first and "100 mm" not in first and "in colour" not in first
    assert "Copy the detective sheet (page 1) once for every player." in first  # it shares the short first page


def test_a_book_with_event_cards_keeps_the_ruler_and_the_warning(tmp_path):
    render(ROOT / "cases" / "mansion" / "small", out=tmp_path / "decoders.pdf")
    first = " ".join(texts(tmp_path / "decoders.pdf")[0].split())
    assert "exactly 100 mm" in first and "Keep the pages with secret text face down" in first
