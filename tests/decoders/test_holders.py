"""The murder card holders (seed 002) hide the answer as printed, before any assembly.

supercluedo is built by the real CLI; its decoders.pdf is read back with poppler. The
front of each mystery's sheet, uncut, must show no code (text or colour); the page printed
on its back (the next one, front on an odd page) must put each corner's code exactly
behind its flap, mirrored as a long-edge duplex print does; one mystery per sheet.
"""

from pathlib import Path

import numpy as np
import pytest
from casetool.decoders import holders
from casetool.decoders.sheets import CSS_COLOURS
from casetool.playtest import flaps
from casetool.playtest.raster import Pdf

from decoder_support import ROOT, build, load_book, need_pdftoppm, rasterise

pytestmark = pytest.mark.slow  # builds a book
SUPERCLUEDO = ROOT / "cases" / "supercluedo"
DPI = 100


@pytest.fixture(scope="module")
def sheets(built_book):
    need_pdftoppm()
    book = load_book(SUPERCLUEDO)
    pdf = built_book(SUPERCLUEDO) / "decoders.pdf"
    return book, pdf, flaps.holders(Pdf(pdf), flaps.code_words(book), (holders.FLAP_W, holders.FLAP_H))


def saturated(rgb: np.ndarray) -> np.ndarray:
    top, bottom = rgb.max(axis=2).astype(float), rgb.min(axis=2).astype(float)
    return (top - bottom) / np.maximum(top, 1) > 0.35


def test_each_front_shows_no_code_and_its_flaps_lift_to_the_answer(sheets):
    book, pdf, found = sheets
    assert sorted(found) == [c.number for c in book.cases], "one holder sheet per mystery"
    for case in book.cases:
        sheet = found[case.number]
        assert sheet.front_page % 2 == 1, "the front is on an odd page, so the next page is printed on its back"
        assert sheet.front_shows == [], (case.number, sheet.front_shows)
        assert sheet.back_outside == [], (case.number, sheet.back_outside)
        assert sheet.lifted == flaps.expected(book, case), case.number
        front = rasterise(pdf, sheet.front_page, DPI)
        assert saturated(front).sum() < 20, "a colour on the uncut front"


def test_each_colour_is_printed_behind_its_own_flap(sheets):
    """Read from the pictures, not the text: the back's swatch behind each colour flap is
    that corner's colour, at the flap's place mirrored across the sheet."""
    book, pdf, found = sheets
    width = rasterise(pdf, 1, DPI).shape[1] * 25.4 / DPI
    for case in book.cases:
        back = rasterise(pdf, found[case.number].front_page + 1, DPI).astype(int)
        for card, row in zip(flaps.expected(book, case), holders.flaps("a4"), strict=True):
            for part, flap in zip(card[:2], row[:2], strict=True):
                x0, x1 = width - flap.x1 + holders.CODE_INSET, width - flap.x0 - holders.CODE_INSET
                box = back[round(flap.y0 * DPI / 25.4):round(flap.y1 * DPI / 25.4),
                           round(x0 * DPI / 25.4):round(x1 * DPI / 25.4)]
                hex_ = CSS_COLOURS[part].lstrip("#")
                hex_ = "".join(2 * c for c in hex_) if len(hex_) == 3 else hex_
                want = np.array([int(hex_[i:i + 2], 16) for i in (0, 2, 4)])
                near = np.abs(box - want).max(axis=2) < 40
                assert near.sum() > 100, (case.number, part, flap)


def test_no_sheet_shows_another_mysterys_holder(sheets):
    book, pdf, found = sheets
    for case in book.cases:
        text = Pdf(pdf).text(found[case.number].front_page)
        others = [c.number for c in book.cases if c.number != case.number and f"Mystery {c.number}" in text]
        assert others == [], (case.number, others)


def test_a_front_that_prints_a_code_is_caught(tmp_path, monkeypatch):
    """The old holder (each code printed beside its flap) read as 'the flaps hide the
    cards'; the judge of the uncut sheet must catch a code on the front."""
    real = holders.front_page

    def leaky(holder, paper):
        page = real(holder, paper)
        flap = holders.flaps(paper)[0][2]
        page.labels.append(holders.label(flap.x1 + 10, flap.y0 + 10, 12, 4, holder["holders"][0]["parts"][2]["value"]))
        return page
    monkeypatch.setattr(holders, "front_page", leaky)
    result = build(SUPERCLUEDO, tmp_path / "out")
    assert result.exit_code == 0, result.output
    book = load_book(SUPERCLUEDO)
    found = flaps.holders(Pdf(Path(tmp_path / "out" / "decoders.pdf")), flaps.code_words(book),
                           (holders.FLAP_W, holders.FLAP_H))
    first = book.cases[0]
    number = flaps.expected(book, first)[0][2]
    assert found[first.number].front_shows == [number]
