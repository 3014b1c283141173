"""Issue 26 item 10 on a real page: the red film reads every statement of a rendered
decoders page after the page is printed through a CMYK output profile (a soft proof
through Ghostscript's default_cmyk.icc: casetool/printing/cmyk.py)."""

from pathlib import Path

import pytest
from casetool.playtest import decode, ocr
from casetool.playtest.raster import Pdf
from casetool.printing import cmyk, layout
from casetool.printing.geometry import DPI, Wheel

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.slow
def test_the_film_reads_every_red_film_box_on_the_cmyk_soft_proof(built_book):
    """Every statement of every red-film wheel of the sample (48 in hampshire); before
    the wheels' inks were chosen for the press, four read 92-94% here."""
    if ocr.available() is None:
        pytest.skip("tesseract is not installed")
    try:
        profile = cmyk.output_profile()
    except cmyk.NoProfile as exc:
        pytest.skip(str(exc))
    scores = proofed_film_scores(built_book(ROOT / "cases" / "hampshire"), profile)
    print(f"\nproofed: {min(scores.values()):.0%} at least; {scores}")
    assert len(scores) >= 48 and min(scores.values()) >= 0.95, {k: v for k, v in scores.items() if v < 0.95}


def proofed_film_scores(out: Path, profile: Path) -> dict[tuple[str, int], float]:
    """(character, mystery) -> the share of its statement the film reads on the soft proof
    of the book in `out` (decoders.pdf and its layout)."""
    printed = layout.read(out / layout.LAYOUT)
    assert isinstance(printed, layout.Layout) and printed.film is not None
    pdf = Pdf(out / "decoders.pdf")
    scores = {}
    for plan in (w for w in printed.wheels if w.kind == "red_filter"):
        page = next(p for p in range(1, pdf.pages + 1) if plan.page_title in pdf.text(p))
        sheet = decode.Sheet(cmyk.soft_proof(pdf.picture(page, DPI), profile), pdf.trims[page - 1])
        wheel = Wheel(plan.positions)
        for statement in plan.statements:
            band = decode.window(sheet, wheel, statement.number, decode.paper_of(sheet.trim))
            seen = decode.through_red_film(band, printed.film)
            read = "\n".join(ocr.read(piece) for piece in decode.lines_of(seen))
            scores[plan.character, statement.mystery] = max(ocr.recall(statement.text, read),
                                                            ocr.letters_match(statement.text, read))
    return scores
