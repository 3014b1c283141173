"""No page of a sample's print is left nearly empty unless it is meant to be (issue 26 item 9).

Every sample is built by the real CLI (the session's shared books) and each page of
casebook.pdf and decoders.pdf is rasterised: a page's fill is how far its ink reaches
down the page area, from the first dark row to the last, between the running head and
the page number. Ruled note lines are light grey and do not count: a page of a short
table and ruled lines is a near-empty page with lines on it.

Pages meant to be nearly empty are named by why (ALLOWED): a solution alone on its page
(issue 26 item 3: one solution per page), a blank page (facing a solution, backing pieces
to cut, item 4), a mystery's own page and the mystery index (each a page of its own, the
rest ruled for notes). Pages still near-empty for a reason not yet fixed are in LEFT, each
with its reason; the test fails when one of them fills (take it off) or a new one appears.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ["classic", "grange", "hampshire", "murdle", "supercluedo", "tudor",
           "mansion/small", "mansion/medium", "mansion/large"]
DPI = 30
FILLED = 0.40        # a page's ink must reach over this share of its page area
INK = 128            # darker than this is ink; note rules (#9a9a9a, 0.5 pt) rasterise lighter
HEAD_MM, FOOT_MM = 15.0, 16.0   # the running head and the page number / slug, outside the page area

ALLOWED = {          # kind: how to know it from the page's text
    "solution": re.compile(r"Solution to Mystery \d"),
    "mystery": re.compile(r"^\s*MYSTERY \d+\s*$", re.M),
    "index": re.compile(r"^Mystery Index$", re.M),
    "cut-back": re.compile(r"This side is left blank"),
}
LEFT: dict[tuple[str, str, int], str] = {}   # none: the small board's page is told shorter since issue 24 (3,230 characters)


def fills(pdf: Path) -> list[float]:
    """Each page's fill, 0..1: the share of the page area its ink spans, top to bottom."""
    out = subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", str(pdf)], capture_output=True, check=True).stdout
    return [_reach(page) for page in _pgm_pages(out)]


def _pgm_pages(data: bytes):
    """The pages of pdftoppm's PGM stream (one P5 image after another)."""
    at = 0
    while at < len(data):
        head = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data[at:])
        assert head, "pdftoppm wrote no PGM"
        width, height = int(head.group(1)), int(head.group(2))
        start = at + head.end()
        yield np.frombuffer(data[start:start + width * height], dtype=np.uint8).reshape(height, width)
        at = start + width * height


def _reach(grey: np.ndarray) -> float:
    px = DPI / 25.4
    area = grey[int(HEAD_MM * px):grey.shape[0] - int(FOOT_MM * px)]
    rows = np.flatnonzero((area < INK).any(axis=1))
    return 0.0 if len(rows) == 0 else (rows[-1] - rows[0] + 1) / area.shape[0]


def page_texts(pdf: Path) -> list[str]:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split("\f")


def near_empty(pdf: Path) -> dict[int, float]:
    """{page number: fill} of every page under FILLED that is not of an allowed kind."""
    reach = fills(pdf)
    texts = page_texts(pdf)[:len(reach)]   # pdftotext ends every page, the last too, with a form feed
    return {n: round(f, 2) for n, (f, text) in enumerate(zip(reach, texts, strict=True), 1)
            if 0 < f < FILLED and not any(kind.search(text) for kind in ALLOWED.values())}


@pytest.mark.slow   # builds the samples (shared with the other tests of a session)
@pytest.mark.parametrize("sample", SAMPLES)
def test_no_page_is_left_nearly_empty_unless_meant(built_book, sample):
    if shutil.which("pdftoppm") is None or shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils (pdftoppm, pdftotext) not installed")
    out = built_book(ROOT / "cases" / sample)
    found = {(sample, name, n): f for name in ("casebook.pdf", "decoders.pdf")
             for n, f in near_empty(out / name).items()}
    left = {key for key in LEFT if key[0] == sample}
    assert set(found) - left == set(), f"near-empty pages (page: fill): {found}"
    assert left - set(found) == set(), f"these pages fill now: take them off LEFT: {left - set(found)}"


def test_a_page_of_three_cards_on_its_top_third_is_near_empty(tmp_path):
    """The measure itself: a page whose ink stops a third of the way down is near-empty,
    one whose ink reaches the foot is not, and light ruled lines do not count."""
    a4 = (2480 * DPI // 300, 3508 * DPI // 300)
    third = Image.new("L", a4, 255)
    third.paste(0, (40, 60, 200, 60 + a4[1] // 3 - 60))
    lined = third.copy()
    for y in range(a4[1] // 3, a4[1] - 30, 10):
        lined.paste(200, (40, y, 200, y + 1))
    full = third.copy()
    full.paste(0, (40, a4[1] - 25, 200, a4[1] - 20))   # just above the page number
    reach = [_reach(np.asarray(im)) for im in (third, lined, full)]
    assert reach[0] < FILLED and reach[1] < FILLED and reach[2] > 0.8


@pytest.mark.slow   # builds classic on US Letter (about 15 s)
def test_classic_on_letter_leaves_no_page_nearly_empty(tmp_path):
    """On Letter, 17.6 mm shorter than A4, classic's detective sheet went to a page of its
    own and left the decoders' cover a fifth full; its rows are tighter there, so the sheet
    sits under the cover as on A4, and no casebook page is left near-empty either."""
    if shutil.which("pdftoppm") is None or shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils (pdftoppm, pdftotext) not installed")
    from casetool.cli import cli
    from click.testing import CliRunner

    done = CliRunner().invoke(cli, ["build", str(ROOT / "cases" / "classic"), "-o", str(tmp_path),
                                    "--paper", "letter", "--quiet"])
    assert done.exit_code == 0, done.output
    found = {(name, n): f for name in ("casebook.pdf", "decoders.pdf") for n, f in near_empty(tmp_path / name).items()}
    assert found == {}, f"near-empty pages (page: fill): {found}"
    assert len(page_texts(tmp_path / "decoders.pdf")) - 1 == 1, "the detective sheet shares the cover's page"
