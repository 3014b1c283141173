"""The pieces of `casetool playtest` that need no built book: scoring, decoders, geometry."""

import numpy as np
import pytest
from casetool.decoders.manifest import film, key_geometry
from casetool.decoders.noise import MESSAGE, NOISE
from casetool.playtest import decode, ocr
from casetool.playtest.book import solution_page, without_rules
from casetool.printing.geometry import RES
from PIL import Image, ImageDraw


def test_recall_counts_words_and_forgives_one_letter_in_long_words():
    assert ocr.recall("The thief's hair was not red.", "the thiefs hair was not red") == 1.0
    assert ocr.recall("The thief's hair was not red.", "The thief's hait was not red.") == 1.0  # one letter
    assert ocr.recall("It was red.", "It wos red.") == pytest.approx(2 / 3)  # short words must be exact
    assert ocr.recall("a b c d", "") == 0.0


def test_exact_recall_gives_noise_no_credit_for_near_misses():
    assert ocr.exact_recall("The thief's hair was not red.", "Tho thiefs hait wos nat rod") == pytest.approx(1 / 6)


def test_letters_match_ignores_run_together_words():
    assert ocr.letters_match("tied with a very clever knot", "tied witha very clever knot") == 1.0
    assert ocr.letters_match("tied with a very clever knot", "FUWAWeIKRY") < 0.3
    assert ocr.letters_match("It was a woman.", "ii was a woman") == 1.0           # one letter of slack
    assert ocr.letters_match("It was a woman.", "ii wos a woman") < 0.95


def test_red_film_shows_the_message_dark_and_the_noise_as_paper():
    """Every noise colour (reds, lilacs, pale cyans) as paper through the film, every message
    colour black; to the eye the message's grey is inside the noise's, near its mean."""
    band = Image.new("RGB", (6 * len(NOISE), 20), (255, 255, 255))
    draw = ImageDraw.Draw(band)
    for i, colour in enumerate(NOISE):
        draw.rectangle((i * 6, 0, i * 6 + 5, 9), fill=colour)
    step = band.width // len(MESSAGE)
    for i, colour in enumerate(MESSAGE):
        draw.rectangle((i * step, 10, i * step + step - 1, 19), fill=colour)
    seen = np.asarray(decode.through_red_film(band, film()))
    assert seen[:10].min() == 255 and seen[10:, :step * len(MESSAGE)].max() == 0
    naked = np.asarray(decode.naked_eye(band)).astype(int)
    noise, message = naked[:10], naked[10:, :step * len(MESSAGE)]
    assert noise.min() < message.min() and message.max() < noise.max()
    assert abs(message.mean() - noise.mean()) < 40  # to the eye, about the same grey


def test_table_rules_are_whitened_before_reading_numbers():
    cell = Image.new("L", (80, 40), 255)
    draw = ImageDraw.Draw(cell)
    draw.line((2, 0, 2, 39), fill=0, width=2)
    draw.text((30, 10), "19", fill=0)
    cleaned = np.asarray(without_rules(cell))
    assert cleaned[:, 2].min() == 255 and cleaned[:, 30:50].min() < 128


def test_mirror_reverses_left_and_right():
    band = Image.new("RGB", (10, 2), (255, 255, 255))
    band.putpixel((0, 0), (0, 0, 0))
    assert np.asarray(decode.in_mirror(band))[0, 9] == 0


def test_exact_recall_can_leave_out_short_words():
    # "a" and "i" turn up in any OCR of random letters: without the decoder they prove nothing
    assert ocr.exact_recall("I passed a lady in a hat.", "a i a xq hat", shortest=3) == pytest.approx(1 / 3)
    assert ocr.exact_recall("I passed a lady in a hat.", "a i a xq hat") == pytest.approx(4 / 7)


def _word(text, left=0):
    return ocr.Word(text, left, 0, 10, 10, (1, 1, 1))


def test_solution_page_reads_old_style_figures_after_page():
    line = [_word(w) for w in "Solution appears on page".split()]
    assert solution_page(line + [_word("Io")]) == 10       # old-style 1 and 0, as OCR reads them
    assert solution_page(line + [_word("IT")]) == 11       # italic old-style 11 (classic)
    assert solution_page(line + [_word("15.")]) == 15
    assert solution_page(line + [_word("Ix")]) is None
    assert solution_page([_word("page"), _word("10")]) is None


def test_key_holes_with_a_dot_are_not_letters():
    side, grille = 26, key_geometry()
    em = grille.letter_em_mm
    dot, letter = Image.new("L", (side, side), 255), Image.new("L", (side, side), 255)
    r = 0.22 * em * RES
    ImageDraw.Draw(dot).ellipse((13 - r, 13 - r, 13 + r, 13 + r), fill=0)
    ImageDraw.Draw(letter).rectangle((11, 13 - 0.36 * em * RES, 15, 13 + 0.36 * em * RES), fill=0)
    assert not decode.shows_a_letter(dot, grille) and decode.shows_a_letter(letter, grille)
    word = decode.key_word([letter, dot, letter], grille)
    assert word.height == 3 * round(grille.hole_mm * RES)
    assert (np.asarray(word) < 128).any(axis=0).sum() == 2 * 5   # two letters, the dot left out


def test_a_picture_tesseract_crashes_on_is_read_with_a_border(fixtures):
    # a grange card's B view (seed 7): tesseract 5 dies of SIGFPE on it as it is
    picture = Image.open(fixtures / "playtest" / "tesseract-sigfpe.png")
    assert ocr.read(picture, psm=7, upscale=1, letters="0123456789", dictionary=False).strip() == ""
