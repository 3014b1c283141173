"""The print-shop build (issue 26 item 10): `casetool build --pdf-x` writes PDF/X-4 files
whose output intent is a CMYK profile, and the red-film boxes can be judged on a soft
proof through that profile. Real builds, read back with pypdf."""

import random
from pathlib import Path

import pytest
from casetool.cli import cli
from casetool.decoders import bands
from casetool.decoders.manifest import film
from casetool.decoders.noise import Noise
from casetool.decoders.textfit import fit
from casetool.playtest import hiding, ocr
from casetool.printing import cmyk
from casetool.printing.geometry import Wheel
from click.testing import CliRunner
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]
try:
    PROFILE: Path | None = cmyk.output_profile()
except cmyk.NoProfile:
    PROFILE = None
needs_profile = pytest.mark.skipif(PROFILE is None, reason="no CMYK profile: install Debian's libgs-common "
                                                            "(system-packages.txt) for the PDF/X tests")


@pytest.fixture(scope="module")
def pdf_x_book(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pdf-x")
    result = CliRunner().invoke(cli, ["build", str(ROOT / "cases/murdle"), "-o", str(out), "--pdf-x"])
    assert result.exit_code == 0, result.output
    return out


@needs_profile
@pytest.mark.slow
@pytest.mark.parametrize("name", ["casebook.pdf", "decoders.pdf"])
def test_the_pdf_x_build_has_a_cmyk_output_intent_and_the_pdf_x_keys(pdf_x_book, name):
    reader = PdfReader(pdf_x_book / name)
    assert reader.pdf_header >= "%PDF-1.6"   # PDF/X-4 is PDF 1.6
    intents = reader.trailer["/Root"]["/OutputIntents"]
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] == cmyk.profile_name(PROFILE)
    assert intent["/DestOutputProfile"].get_object()["/N"] == 4   # CMYK
    xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data()
    assert b"GTS_PDFXVersion" in xmp and b"PDF/X-4" in xmp
    info = reader.metadata
    assert info["/Trapped"] == "/False"
    # a PDF/X must be dated: the epoch (no SOURCE_DATE_EPOCH), never the clock
    assert info["/CreationDate"] == info["/ModDate"] == "D:19700101000000Z"


@needs_profile
def test_a_profile_that_is_not_cmyk_is_refused_with_what_to_do(tmp_path):
    rgb = tmp_path / "screen.icc"
    from PIL import ImageCms
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    result = CliRunner().invoke(cli, ["build", str(ROOT / "cases/murdle"), "-o", str(tmp_path / "out"),
                                      "--pdf-x", "--output-profile", str(rgb)])
    assert result.exit_code == 2   # a usage error, not a crash
    assert "RGB profile" in result.output and "CMYK" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out" / "casebook.pdf").exists()


@needs_profile
def test_the_soft_proof_keeps_the_film_dark_and_the_noise_pale_of_every_palette_colour():
    """Through the press's CMYK and back, each message colour still reads dark through the
    film and each noise colour still vanishes (their red channels stay either side)."""
    from casetool.decoders.palette import DECOY, FILM_DARK, MESSAGE, NOISE
    from PIL import Image
    colours = list(MESSAGE + NOISE + DECOY)
    swatch = Image.new("RGB", (len(colours), 1))
    swatch.putdata(colours)
    reds = [p[0] for p in cmyk.soft_proof(swatch, PROFILE).get_flattened_data()]
    assert max(reds[:len(MESSAGE)]) < FILM_DARK < min(reds[len(MESSAGE):])
    # the press cannot print the message's turquoises: they come back paler in red
    assert min(reds[:len(MESSAGE)]) > max(c[0] for c in MESSAGE) + 10


@needs_profile
@pytest.mark.slow
def test_the_hiding_judge_runs_on_a_soft_proof_beside_the_rgb():
    if ocr.available() is None:
        pytest.skip("tesseract is not installed")
    text = "The thief wore a green hat and left by the garden gate."
    wheel = Wheel(100)
    band = bands.red_filter(fit(text, wheel), wheel, Noise("tests/pdf-x"), random.Random("tests/pdf-x"))
    rgb, proofed = hiding.judge(band, text, film=film()), hiding.judge(band, text, PROFILE, film=film())
    assert rgb.film >= 0.95 and proofed.film >= 0.8
    assert set(rgb.naked) == set(proofed.naked) == {"2x", "3x"}
    assert proofed.separation is not None and rgb.separation is not None


@needs_profile
@pytest.mark.slow
def test_a_pdf_x_build_after_an_ordinary_one_is_not_served_from_the_cache(tmp_path):
    """decoders.pdf is cached by what it is made from (decoders/cache.py): the output
    profile is part of that, so the same folder built again with --pdf-x gets PDF/X."""
    out = tmp_path / "out"
    for extra in ([], ["--pdf-x"]):
        result = CliRunner().invoke(cli, ["build", str(ROOT / "cases/murdle"), "-o", str(out), *extra])
        assert result.exit_code == 0, result.output
        intents = PdfReader(out / "decoders.pdf").trailer["/Root"].get("/OutputIntents")
        assert bool(intents) == bool(extra)
