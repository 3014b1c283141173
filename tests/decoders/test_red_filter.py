"""The red filter hides: a player's eye cannot read the statements, red film can.

Through red film a colour is seen by its red channel, so the film view is the red
channel. The naked eye is modelled by S-CIELAB (casetool.playtest.eye): the page as a
person sees it from 15 cm, then every colour view of it. The event cards' numbers are
isoluminant with their noise; the wheels' statements have the noise's distribution of
lightness and their decoys' hues (palette.WHEEL_*, playtest/separable.py). Measured on the printed wheel (or a one-wedge patch), rasterised at print
resolution (300 dpi), through the folder's window.
"""

import io
import itertools
import random

import numpy as np
import pytest
from casetool.decoders import manifest
from casetool.decoders.drawing import draw_wheel
from casetool.decoders.palette import (
    COOL,
    DECOY,
    FILM_DARK,
    MESSAGE,
    NOISE,
    OVER,
    VIOLET,
    WHEEL_DECOY,
    WHEEL_MESSAGE,
    WHEEL_WARM,
)
from casetool.decoders.redfilter import red_wedge
from casetool.decoders.ring import Ops
from casetool.decoders.stamp import stamp
from casetool.decoders.textfit import fit
from casetool.playtest import decode, eye, ocr, separable
from casetool.printing.geometry import Wheel, disc_centre
from PIL import Image
from pypdf import PdfWriter

from decoder_support import (
    grey,
    in_window,
    line_strips,
    ocr_lines,
    rasterise,
    read_wedge,
    reference,
    share_read,
    words,
)

A4 = (595.2756, 841.8898)   # points
STATEMENTS = 12             # the real statements read back (the first of each witness wheel's)


def test_the_film_darkens_only_the_message_and_the_noise_spans_its_luminance():
    """Numbers the hiding rests on: message colours dark in red, all others pale in red,
    even where two or three transparent OVER inks overlap other noise; and in luminance
    (CIE Y) the noise spans the message's on both sides, by far (isoluminant hiding:
    test_message_and_noise_have_one_luminance_on_the_printed_patch measures the print)."""
    # the message is as pale as the film allows (red <= 120): the paler it is, the closer to
    # the noise's pale cyans; through the film it still reads (the OCR tests below)
    assert max(c[0] for c in MESSAGE) <= FILM_DARK - 30
    assert min(c[0] for c in NOISE + DECOY) > FILM_DARK + 40
    lowest_under = min(c[0] for c in NOISE + DECOY)
    for a, b in itertools.combinations_with_replacement([c[0] for c in OVER], 2):
        assert a * b * lowest_under / 255 ** 2 > FILM_DARK, (a, b)
    noise = eye.luminance(NOISE + VIOLET + COOL)
    message = eye.luminance(MESSAGE)
    assert noise.min() < message.min() - 0.3 and message.max() + 0.1 < noise.max(), (message, noise)
    assert np.ptp(message) < 0.1   # one luminance: no message colour stands out from the others



def test_the_message_is_the_extreme_of_no_colour_axis_and_the_over_layer_keeps_it_light():
    """Numbers the hiding rests on in colour: the message's b* (blue-yellow) is centred on
    the page's (paper, b* 0), well inside the noise's range on both sides, so no end of
    the b* view is the message's; and where the transparent over-layer crosses it, it
    stays far lighter than the darkest noise (deep over-inks made dark pieces of exactly
    its strokes, which the lightness view read)."""
    b = eye.lab(np.array(MESSAGE, float))[:, 2]
    noise_b = eye.lab(np.array(NOISE + VIOLET + COOL, float))[:, 2]
    assert abs(b.mean()) < 3 and np.ptp(b) <= 25, b
    assert noise_b.min() < b.min() - 30 and b.max() + 30 < noise_b.max(), (b, noise_b)
    crossed = np.array([np.array(m) * np.array(o) / 255 for m in MESSAGE for o in OVER])
    assert eye.luminance(crossed).min() > 2 * eye.luminance(NOISE).min(), eye.luminance(crossed).min()

@pytest.fixture(scope="module")
def printed_wheels(hampshire, tmp_path_factory):
    """Each red-filter wheel of the sample drawn on its own page, rasterised at 300 dpi."""
    book, alloc = hampshire
    folder = tmp_path_factory.mktemp("red")
    out = {}
    for plan in alloc.wheels:
        decoder = book.setting.decoders.get(plan.character.decoder or "")
        if not decoder or decoder.kind != "red_filter":
            continue
        writer = PdfWriter()
        writer.add_blank_page(*A4)
        blank = io.BytesIO()
        writer.write(blank)
        drawing, _ = draw_wheel(plan, book.setting, book.seed)
        pdf = folder / f"{plan.character.id}.pdf"
        pdf.write_bytes(stamp(blank.getvalue(), {0: (drawing.ring, disc_centre("a4"))}))
        out[plan.character.id] = (plan, rasterise(pdf, 1))
    return out


def _windows(printed_wheels, count=STATEMENTS):
    """(statement, what its window shows) for the first real statements of each wheel, in turn."""
    wheel = Wheel(100)
    plans = [(plan, page) for plan, page in printed_wheels.values()]
    picked = []
    for i in itertools.count():
        row = [(plan, page, plan.real()[i]) for plan, page in plans if i < len(plan.real())]
        if not row or len(picked) >= count:
            break
        picked += row
    return [(s, in_window(read_wedge(page, disc_centre("a4"), wheel, s.number), wheel)) for _, page, s in picked[:count]]


@pytest.mark.slow
def test_ocr_reads_the_statements_through_the_film_and_not_without(printed_wheels):
    """Tesseract on the printed window: < 10% of the statements' words in grey (the eye's
    view), >= 95% through red film (the red channel, its contrast stretched as the eye
    adapts to the dim view through the film: from the palest message ink to the darkest
    noise ink, as playtest stretches it, decode.through_red_film)."""
    wheel = Wheel(100)
    expected, eye, film = [], [], []
    for statement, window in _windows(printed_wheels):
        expected += words(statement.text)
        rgb = window.astype(np.uint8)
        eye += line_strips(grey(rgb).astype(np.uint8), statement.text, wheel)
        seen = decode.through_red_film(Image.fromarray(rgb, "RGB"), manifest.film())
        film += line_strips(np.asarray(seen), statement.text, wheel)
    by_eye, by_film = share_read(expected, ocr_lines(eye)), share_read(expected, ocr_lines(film))
    print(f"\nOCR, {len(expected)} words: {by_eye:.1%} without the film, {by_film:.1%} through it")
    assert by_eye < 0.10 and by_film >= 0.95, (by_eye, by_film)


@pytest.mark.slow
def test_in_grey_message_and_noise_have_one_lightness(printed_wheels):
    """On the printed window, the message's ink and the noise's ink (told apart by the
    layout's own mask) differ in grey by less than a quarter of the noise's spread,
    while through the film they are far apart. Both are ink away from its edge: the
    message's core (its mask less a pixel), the noise's pixels not by bare paper (as
    separable compares them: an edge mixes ink with paper)."""
    wheel = Wheel(100)
    msg_grey, noise_grey, msg_red, noise_red = [], [], [], []
    for statement, window in _windows(printed_wheels, 6):
        mask = reference(statement.text, wheel)
        core = mask & np.roll(mask, 1, 0) & np.roll(mask, -1, 0) & np.roll(mask, 1, 1) & np.roll(mask, -1, 1)
        g, red = grey(window), window[..., 0]
        ink = (g < 235) & ~_grown(mask) & ~separable._touching((window >= eye.PAPER).all(axis=-1))
        msg_grey.append(g[core]), noise_grey.append(g[ink]), msg_red.append(red[core]), noise_red.append(red[ink])
    mg, ng = np.concatenate(msg_grey), np.concatenate(noise_grey)
    mr, nr = np.concatenate(msg_red), np.concatenate(noise_red)
    print(f"\ngrey: message {mg.mean():.0f} ± {mg.std():.0f}, noise {ng.mean():.0f} ± {ng.std():.0f}; "
          f"red: message {mr.mean():.0f}, noise {nr.mean():.0f}; Michelson contrast in grey "
          f"{abs(mg.mean() - ng.mean()) / (mg.mean() + ng.mean()):.3f}, in red {abs(mr.mean() - nr.mean()) / (mr.mean() + nr.mean()):.3f}")
    assert abs(mg.mean() - ng.mean()) < 0.25 * ng.std()
    assert nr.mean() - mr.mean() > 100


def _grown(mask: np.ndarray) -> np.ndarray:
    out = mask.copy()
    for dy, dx in itertools.product((-2, -1, 0, 1, 2), repeat=2):
        out |= np.roll(np.roll(mask, dy, 0), dx, 1)
    return out


def through_film(rgb: np.ndarray) -> np.ndarray:
    """The red channel, stretched from the message's red (about 60) to the noise's (200 and up)."""
    return np.clip((rgb[..., 0].astype(float) - 60) / 140 * 255, 0, 255).astype(np.uint8)


@pytest.mark.slow
def test_event_card_numbers_read_only_through_the_film():
    """Every note number of the tudor cards, OCR'd (digits only) from its printed picture:
    through the film each reads exactly; without it, fewer than 10% do."""
    from casetool.decoders.document import _card_views
    from casetool.decoders.timed import event_cards, notepad
    from PIL import Image

    from decoder_support import ROOT, load_book, need_tesseract

    pytesseract = need_tesseract()
    book = load_book(ROOT / "cases" / "tudor")
    notes = notepad(book, set())
    cards = event_cards(book, notes)
    pictures = {}
    shown = [(r["number"], original.number) for card in _card_views(book, cards, pictures)
             for r, original in zip(card["releases"], next(c for c in cards if (c.case, c.at) == (card["case"], card["at"])).releases, strict=False)]
    digits = "--psm 7 -c tessedit_char_whitelist=0123456789"
    by_eye = by_film = 0
    for url, number in shown:
        rgb = np.asarray(Image.open(io.BytesIO(pictures[url])).convert("RGB"))
        eye = pytesseract.image_to_string(Image.fromarray(grey(rgb).astype(np.uint8)), config=digits).split()
        film = pytesseract.image_to_string(Image.fromarray(through_film(rgb)), config=digits).split()
        by_eye += str(number) in eye
        by_film += film == [str(number)]
    print(f"\n{len(shown)} note numbers: {by_eye} read without the film, {by_film} through it")
    assert by_film == len(shown) and by_eye < 0.1 * len(shown)


PATCH_TEXT = "If the thief is middle-aged, the thief is no painter; those were all at their easels."


def _printed_patch(folder, message=None):
    """One wedge of a 100-position wheel holding PATCH_TEXT, drawn with the real noise
    (and the real palette, or `message` colours for the statement), printed and
    rasterised at 300 dpi, seen through the window."""
    import casetool.decoders.redfilter as redfilter
    from casetool.playtest.raster import Pdf

    wheel = Wheel(100)
    ops = Ops()
    real, redfilter.MESSAGE = redfilter.MESSAGE, message or redfilter.MESSAGE
    try:
        red_wedge(ops, wheel, 1, fit(PATCH_TEXT, wheel), random.Random("patch/1"))
    finally:
        redfilter.MESSAGE = real
    writer = PdfWriter()
    writer.add_blank_page(*A4)
    blank = io.BytesIO()
    writer.write(blank)
    pdf = folder / "patch.pdf"
    pdf.write_bytes(stamp(blank.getvalue(), {0: (ops.ring(), disc_centre("a4"))}))
    printed = Pdf(pdf)
    sheet = decode.Sheet(printed.picture(1, 300), printed.trims[0])
    return decode.window(sheet, wheel, 1, "a4")


@pytest.fixture(scope="module")
def patch(tmp_path_factory):
    return _printed_patch(tmp_path_factory.mktemp("patch"))


def _naked_read(patch, count):
    film = decode.through_red_film(patch, manifest.film())
    boxes = decode.pieces(film)
    seen = []
    score, view, ranks = eye.worst(patch, film, lambda picture: ocr.exact_recall(
        PATCH_TEXT, seen.append(ocr.read(decode.stacked(picture, boxes))) or seen[-1], 3), count=count)
    return score, view, ranks, seen


@pytest.mark.slow
def test_the_judge_reads_a_visible_message_in_the_same_noise(tmp_path):
    """The judge is not blind: the same statement in near-black among the same noise (a
    message any reader sees) is read by OCR in the views playtest reads, at the judge's
    distance (eye.DISTANCE_MM), and shows in them more strongly than the real palette's."""
    from decoder_support import need_tesseract

    need_tesseract()
    score, view, ranks, seen = _naked_read(_printed_patch(tmp_path, ((30, 30, 30),) * 6), eye.READ)
    print(f"\nblack message: {score:.0%} ({view}); correlations {ranks}")
    assert score >= 0.4, (view, score, seen, ranks)
    assert max(abs(c) for c in ranks.values()) >= 0.7, ranks


def test_message_and_noise_inks_have_one_lightness_on_the_printed_patch(patch):
    """On the printed patch the message's ink (told by the film: red under 150) and the
    noise's ink (red 190 and up) have one distribution of CIELAB lightness: the largest
    gap between their cumulative distributions (what a person sorting by lightness, or a
    stump, gains over chance, twice over) is under a quarter. Pixels by bare paper are
    left out, as separable leaves them out: they are the antialiased fringe of both inks.
    Through the film the two stay far apart."""
    rgb = np.asarray(patch.convert("RGB")).astype(float)
    ink = ~separable._touching((rgb >= eye.PAPER).all(axis=-1))
    lightness, red = eye.lab(rgb)[..., 0], rgb[..., 0]
    message, noise = lightness[(red < FILM_DARK) & ink], lightness[(red >= separable.NOISE_RED) & ink]
    levels = np.linspace(0, 100, 201)
    gap = np.abs(np.searchsorted(np.sort(message), levels) / message.size
                 - np.searchsorted(np.sort(noise), levels) / noise.size).max()
    print(f"\nL*: message {np.percentile(message, (10, 50, 90)).round()}, noise {np.percentile(noise, (10, 50, 90)).round()}; "
          f"largest gap {gap:.2f}")
    assert gap < 0.25
    assert rgb[..., 0][(red >= separable.NOISE_RED) & ink].mean() - rgb[..., 0][(red < FILM_DARK) & ink].mean() > 100


def _proofed_red(colours) -> list[int]:
    """The red channel of each sRGB colour printed through the default CMYK profile."""
    from casetool.printing import cmyk
    from PIL import Image

    try:
        profile = cmyk.output_profile()
    except cmyk.NoProfile as exc:
        pytest.skip(str(exc))
    row = Image.fromarray(np.array([colours], dtype=np.uint8), "RGB")
    return [int(r) for r in np.asarray(cmyk.soft_proof(row, profile))[0, :, 0]]


def test_the_wheel_inks_keep_their_side_of_the_film_through_a_cmyk_press():
    """Issue 26 item 10: through Ghostscript's default CMYK profile the press lifted the
    old pale turquoises' red from 112-115 to 135-138 and pulled the violet noise's down to
    163. The wheels' inks keep 25 under the film's threshold (message) and at or over the
    film's white point (noise) after the press as before it, and the transparent over-layer
    keeps any noise ink it crosses (twice) over the threshold."""
    film = manifest.film()
    noise = WHEEL_WARM + WHEEL_DECOY
    assert max(c[0] for c in WHEEL_MESSAGE) <= 100 and min(c[0] for c in noise) >= 205
    message_red, noise_red = _proofed_red(WHEEL_MESSAGE), _proofed_red(noise)
    print(f"\nproofed red: message {max(message_red)} at most, noise {min(noise_red)} at least")
    assert max(message_red) <= FILM_DARK - 25, message_red
    assert min(noise_red) >= film.noise_red, noise_red
    for a, b in itertools.combinations_with_replacement([c[0] for c in OVER], 2):
        assert a * b * min(noise_red) / 255 ** 2 > FILM_DARK, (a, b)


def test_the_eye_model_blurs_colour_more_than_lightness():
    """S-CIELAB at 35 cm and 300 dpi: a one-pixel-period grating of two isoluminant colours
    (red-green) is averaged away, while a lightness grating of the same size keeps
    contrast; the kernels are in pixels from dpi and distance (72.2 px per degree here)."""
    assert abs(eye.px_per_degree(300, 350) - 72.2) < 0.1
    stripes = (np.arange(64) // 4 % 2).astype(bool)[None, :].repeat(64, 0)
    chroma = np.where(stripes[..., None], [200, 90, 90], [60, 150, 60]).astype(float)  # about one luminance
    light = np.where(stripes[..., None], [230, 230, 230], [90, 90, 90]).astype(float)
    def contrast(picture, axis):
        lab_ = eye.lab_of_xyz(np.maximum(eye.seen(picture), 0))[16:48, 16:48, axis]
        return np.ptp(lab_) / np.ptp(eye.lab(picture)[16:48, 16:48, axis])
    assert contrast(chroma, 1) < 0.6 * contrast(light, 0), (contrast(chroma, 1), contrast(light, 0))


@pytest.mark.slow
def test_the_patch_reads_through_the_film_and_in_no_colour_view(patch):
    """Tesseract on the printed patch: through the film (red channel) every word; in every
    colour view of the patch as the eye sees it from eye.DISTANCE_MM (S-CIELAB, then the views),
    no more than playtest allows (10% of the words of three letters or more)."""
    from decoder_support import need_tesseract

    need_tesseract()
    film = decode.through_red_film(patch, manifest.film())
    through = " ".join(ocr.read(p) for p in decode.lines_of(film))
    assert max(ocr.recall(PATCH_TEXT, through), ocr.letters_match(PATCH_TEXT, through)) >= 0.95, through
    score, view, ranks, seen = _naked_read(patch, len(eye.NAMES))
    print(f"\nnaked eye, best of {len(eye.NAMES)} views: {score:.0%} ({view}); correlations {ranks}")
    assert score < 0.10, (view, score, seen, ranks)
    # the message shows in no view as strongly as in the film: the views' correlation stays below 0.7
    assert max(abs(c) for c in ranks.values()) < 0.7, ranks
