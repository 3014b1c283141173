"""`casetool build --marks`: decoders.pdf gets the casebook's bleed, crop marks outside it
and a slug line, and its rings are still stamped where the discs are drawn."""

import re
import subprocess

import pytest
from casetool.printing.geometry import disc_centre
from casetool.printing.paper import MARK_ZONE_MM, SLUG_GAP_MM
from pypdf import PdfReader

from decoder_support import ROOT, build

pytestmark = pytest.mark.slow  # a whole build of the village casebook, both PDFs

VILLAGE = ROOT / "tests" / "fixtures" / "render" / "village"
MM = 72 / 25.4
BLEED = 3.0  # --marks without --bleed: the print shop's usual 3 mm


@pytest.fixture(scope="module")
def marked(tmp_path_factory):
    out = tmp_path_factory.mktemp("marked")
    result = build(VILLAGE, out, "--marks", "both")
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("name", ["casebook.pdf", "decoders.pdf"])
def test_every_page_has_the_bleed_and_room_for_the_marks(marked, name):
    pages = PdfReader(marked / name).pages
    for number, page in enumerate(pages, 1):
        trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
        assert float(trim.width) == pytest.approx(210 * MM, abs=0.01), (name, number)
        assert float(trim.height) == pytest.approx(297 * MM, abs=0.01), (name, number)
        for side in ("left", "bottom"):
            assert float(getattr(bleed, side)) == pytest.approx(float(getattr(trim, side)) - BLEED * MM, abs=0.01)
            assert float(getattr(media, side)) == pytest.approx(float(getattr(trim, side)) - (BLEED + MARK_ZONE_MM) * MM,
                                                               abs=0.01)
        assert float(bleed.width) == pytest.approx((210 + 2 * BLEED) * MM, abs=0.01)
        assert float(media.width) == pytest.approx((210 + 2 * (BLEED + MARK_ZONE_MM)) * MM, abs=0.01)


def test_every_decoder_page_has_its_slug_below_the_bleed(marked):
    """The slug names the job; it sits in the marks' zone under the bleed, clear of the crop marks."""
    pdf = marked / "decoders.pdf"
    count = len(PdfReader(pdf).pages)
    words = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = words.split("<page ")[1:]
    assert len(pages) == count
    media_h = (297 + 2 * (BLEED + MARK_ZONE_MM)) * MM
    trim_bottom = media_h - (BLEED + MARK_ZONE_MM) * MM   # from the media box's top, as pdftotext measures
    for number, page in enumerate(pages, 1):
        slug = [(float(x), float(y)) for x, y, w in re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<', page)
                if w == "decoders"]
        assert slug, f"page {number} has no slug"
        x, y = max(slug, key=lambda at: at[1])  # the lowest: page 1's heading says 'decoders' too
        assert y > trim_bottom + BLEED * MM + SLUG_GAP_MM * MM * 0.5, f"page {number}: slug inside the bleed"
        assert y < media_h, f"page {number}: slug off the sheet"
        assert x > (BLEED + MARK_ZONE_MM + 10) * MM, f"page {number}: slug over the crop marks"
    assert "Village Tales" in PdfReader(pdf).pages[0].extract_text()
    assert "bleed 3mm" in PdfReader(pdf).pages[0].extract_text()


def test_the_rings_are_stamped_on_their_discs_not_on_the_media_box(marked):
    """With a bleed the media box reaches past the trim: the ring's origin is the disc centre
    measured from the trimmed page's corner, as the drawn disc is."""
    reader = PdfReader(marked / "decoders.pdf")
    cx, cy = disc_centre("a4")
    stamped = 0
    for page in reader.pages:
        contents = page.get("/Contents").get_object()
        last = contents[-1].get_object().get_data() if isinstance(contents, list) else b""
        match = re.search(rb"q [\d.]+ 0 0 -[\d.]+ (-?[\d.]+) (-?[\d.]+) cm\n", last)
        if match:
            stamped += 1
            assert float(match.group(1)) == pytest.approx(float(page.trimbox.left) + cx * MM, abs=0.01)
            assert float(match.group(2)) == pytest.approx(float(page.trimbox.top) - cy * MM, abs=0.01)
    assert stamped == 5  # the village's five wheels

