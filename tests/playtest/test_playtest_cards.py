"""The event cards' hidden note numbers as playtest judges them (real tesseract)."""

import random

import pytest
from casetool.decoders import bands
from casetool.decoders.manifest import film
from casetool.decoders.palette import MESSAGE
from casetool.decoders.textfit import BOLD_FONT, sized
from casetool.playtest import cards, decode
from casetool.printing.geometry import RES
from PIL import Image, ImageDraw

SIZE = (330, 128)   # a "Read note" box at 300 dpi, inside its border


def picture(*numbers: tuple[str, int], colour=(0, 0, 0)) -> Image.Image:
    """`numbers` as (text, left edge in px) on white, on the box's centre line."""
    out = Image.new("RGB", SIZE, "white")
    face = sized(BOLD_FONT, 4.0 * RES)
    for text, x in numbers:
        ImageDraw.Draw(out).text((x, SIZE[1] / 2), text, fill=colour, font=face, anchor="lm")
    return out


def test_a_number_read_alone_at_its_place_is_singled_out():
    spot = (30, 20, 110, 108)
    assert cards._singles_out(picture(("12", 40)), spot, "12")
    assert not cards._singles_out(picture(("12", 40), ("5", 220)), spot, "12")   # among other numbers
    assert not cards._singles_out(picture(("12", 200)), spot, "12")              # elsewhere in the box


def test_a_note_number_printed_without_noise_is_read_by_the_naked_eye():
    box = picture(("17", 120), colour=MESSAGE[2])
    number = cards._digits(decode.through_red_film(box, film()))
    assert number == "17"
    assert cards._naked(box, number, film()) == ("17", True)


def test_a_grey_reading_away_from_the_note_does_not_single_it_out(monkeypatch):
    """The grey view reads "2", but a noise digit far from where the film shows the note 2:
    a player without the film cannot tell that "2" is the note (no colour view reads it)."""
    box = picture(("2", 20), colour=(205, 20, 45))          # crimson: gone through the film
    face = sized(BOLD_FONT, 4.0 * RES)
    ImageDraw.Draw(box).text((230, SIZE[1] / 2), "2", fill=(115, 255, 255), font=face, anchor="lm")
    number = cards._digits(decode.through_red_film(box, film()))
    assert number == "2" and cards._digits(decode.naked_eye(box)) == "2"
    monkeypatch.setattr(cards.eye, "worst", lambda *a, **k: (0.0, "", {}))
    assert cards._naked(box, number, film()) == ("2", False)
    assert not cards.Box(1, 1, number, *cards._naked(box, number, film())).shown


@pytest.mark.parametrize("number", [3, 18, 27])
def test_a_hidden_number_reads_through_the_film_alone(number):
    noise = bands.number_noise("test/event-cards")
    box = bands.hidden_number(number, noise, random.Random(number))
    assert cards._digits(decode.through_red_film(box, film())) == str(number)


def test_the_numbers_of_a_box_stand_apart_inside_it():
    face = sized(bands.NUMBER_FACE, bands.NUMBER_EM * RES)
    width = round(bands.NUMBER_BOX[0] * RES)
    for seed in range(50):
        rng = random.Random(seed)
        widths = [face.getlength(str(rng.randint(1, 30))) for _ in range(1 + bands.DECOY_NUMBERS)]
        lefts = bands._row(rng, widths, width)
        rights = [x + w for x, w in zip(lefts, widths, strict=True)]
        assert lefts[0] >= 0.05 * width - 1e-6 and rights[-1] <= 0.95 * width + 1e-6
        gap = bands.NUMBER_GAP * bands.NUMBER_EM * RES
        assert all(nxt - right >= gap - 1e-6 for right, nxt in zip(rights[:-1], lefts[1:], strict=True))



def test_every_number_of_a_drawn_box_lies_inside_it_apart_from_the_note():
    """The drawn row (bands.number_masks), not only _row: inside the box's middle 90%,
    where the card does not cut it, and the note's columns clear of every decoy's."""
    import numpy as np
    gap = bands.NUMBER_GAP * bands.NUMBER_EM * RES
    for seed in range(120):
        number = 1 + seed % 40
        note, *decoys = (np.asarray(m) > 0 for m in bands.number_masks(number, random.Random(seed)))
        width = note.shape[1]
        ink = note | decoys[0] | decoys[1]
        columns = np.flatnonzero(ink.any(axis=0))
        assert columns.min() >= 0.05 * width - 1 and columns.max() <= 0.95 * width + 1, (seed, columns.min(), columns.max())
        mine = np.flatnonzero(note.any(axis=0))
        others = np.flatnonzero((decoys[0] | decoys[1]).any(axis=0))
        assert np.abs(mine[:, None] - others[None, :]).min() >= gap - 2, seed


# Boxes (noise seed, draw seed, number) the drawing once showed to the naked eye: note 36
# in the wheels' turquoises was the most colourful number of its row, and the hue view
# read it alone (found in a sweep of 240 boxes, numbers 1-40 x 6 seeds); the rest are
# its neighbours in that sweep, single digits among them.
SWEPT = [("sweep", f"sweep/{seed}/{number}", number) for seed, number in
         [(4, 36), (4, 35), (4, 37), (4, 1), (2, 1), (4, 7), (2, 10), (4, 2)]]


@pytest.mark.slow
@pytest.mark.parametrize(("noise_seed", "seed", "number"), SWEPT)
def test_swept_boxes_show_their_number_through_the_film_alone(noise_seed, seed, number):
    noise = bands.number_noise(noise_seed)
    picture = bands.hidden_number(number, noise, random.Random(seed))
    inset = round(cards.INSET_MM * cards.DPI / 25.4)
    box = picture.crop((inset, inset, picture.width - inset, picture.height - inset))
    read = cards._digits(decode.through_red_film(box, film()))
    assert read == str(number)
    assert not cards.Box(1, 1, read, *cards._naked(box, read, film())).shown



def test_no_decoy_is_past_the_books_last_note(monkeypatch):
    """A player who counts the notes (17 in a short book) could strike out a decoy of 25:
    the decoys are drawn up to the book's last note number (here 6)."""
    from casetool.decoders import bands
    drawn: list[str] = []
    real = bands.ImageDraw.ImageDraw.text
    monkeypatch.setattr(bands.ImageDraw.ImageDraw, "text",
                        lambda self, xy, text, *a, **k: drawn.append(text) or real(self, xy, text, *a, **k))
    for seed in range(40):
        bands.number_masks(3, random.Random(seed), 6)
    assert {int(t) for t in drawn} == set(range(1, 7))
