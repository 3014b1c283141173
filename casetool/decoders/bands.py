"""One wedge's picture, a "band", in the encoding of the character's decoder.

A band is drawn flat, in band coordinates (u along the wedge from TEXT_R[0] to the right,
v across it, centred), at RES pixels per millimetre; `disc` wraps the bands round the
disc. Statements reach the page only as these pictures, never as PDF text.

Encodings: `plain` (black text), `mirror` (black mirror writing: laid out for the
reflection, then flipped), `red_filter` (hidden in noise, see `noise`) and `grille`
(a letter grid, see `grille`).
"""

from __future__ import annotations

import io
import random

from PIL import Image, ImageDraw, ImageOps

from ..printing.geometry import RES, TEXT_R, Wheel
from .noise import Noise
from .palette import COOL_DECOY, LEVEL_DECOY
from .textfit import TEXT_FONT, Fitted, sized, text_length

BASELINE = 0.33  # ems below a line's centre: centres the mix of capitals and small letters


def band_size(wheel: Wheel) -> tuple[int, int]:
    return round((TEXT_R[1] - TEXT_R[0]) * RES), round(wheel.band_height * RES)


def to_px(wheel: Wheel, u: float, v: float) -> tuple[float, float]:
    return (u - TEXT_R[0]) * RES, (v + wheel.band_height / 2) * RES


def text_mask(fitted: Fitted, wheel: Wheel) -> Image.Image:
    """The fitted lines as a mask (L, 255 = ink), read left to right: the statement as the
    wheel prints it (ring), for reading it back. Glyph by glyph at the font's own advances,
    as the vector ring sets them (Pillow would round every advance to whole pixels)."""
    mask = Image.new("L", band_size(wheel), 0)
    draw = ImageDraw.Draw(mask)
    face = sized(TEXT_FONT, fitted.em * RES)
    for slot, line in fitted.lines:
        x, y = to_px(wheel, slot.u0, slot.v + BASELINE * fitted.em)
        for char in line:
            draw.text((x, y), char, fill=255, font=face, anchor="ls")
            x += text_length(char, fitted.em) * RES
    return mask


def ink(mask: Image.Image) -> Image.Image:
    """Black ink on white paper."""
    return ImageOps.invert(mask)


def plain(fitted: Fitted, wheel: Wheel) -> Image.Image:
    return ink(text_mask(fitted, wheel))


def mirror(fitted: Fitted, wheel: Wheel) -> Image.Image:
    """`fitted` must come from textfit.fit(..., mirrored=True): it is the reflection's layout."""
    return ImageOps.mirror(ink(text_mask(fitted, wheel)))


def red_filter(fitted: Fitted, wheel: Wheel, noise: Noise, rng: random.Random) -> Image.Image:
    return noise.hide(text_mask(fitted, wheel), rng, fitted.em)


NUMBER_BOX = (30.0, 12.0)   # millimetres: a hidden number on an event card
NUMBER_EM = 3.2
NUMBER_FACE = TEXT_FONT
NUMBER_SPECKLE = 0.0
DECOY_NUMBERS = 4           # other numbers beside the note's, in colours the film drops
DECOY_TOP = 30              # decoy numbers are drawn from 1 to this, when the book's last note is not given
NUMBER_GAP = 0.3            # ems: the least space between two numbers of a box


def number_noise(seed: str) -> Noise:
    """The noise of a book's event cards: letters and digits in the numbers' face and size."""
    return Noise(seed, em=NUMBER_EM, alphabet="0123456789", face=NUMBER_FACE)


def hidden_number(number: int, noise: Noise, rng: random.Random, top: int = DECOY_TOP) -> Image.Image:
    """A note number for the red filter, in a row with decoy numbers of the same face and
    size, among noise letters and digits.

    Without the film the eye sees a row of numbers: decoys of the note's own hue
    (palette.COOL_DECOY) and of its lightness (palette.LEVEL_DECOY), so no view of the
    colours singles the note's number out (a lone turquoise number among warm letters
    did: the eye read it). Through the film only the note's number is dark. `top`: the
    book's last note number; decoys are drawn up to it, so none is ruled out by being past
    the last note."""
    masks = number_masks(number, rng, top)
    return noise.hide(masks[0], rng, NUMBER_EM, speckle=NUMBER_SPECKLE,
                      decoys=((masks[1], COOL_DECOY), (masks[2], LEVEL_DECOY)))


def number_masks(number: int, rng: random.Random, top: int = DECOY_TOP) -> list[Image.Image]:
    """The row of a hidden number's box as three masks (L, 255 = ink): the note's number,
    the hue decoys, the lightness decoys. Each number gets its own width in the row (the
    widths once went in drawing order, not row order: a two-digit number drawn in a
    one-digit number's place ran into its neighbour or off the box's edge, where the
    card cut it: "16" read "1" through the film)."""
    size = (round(NUMBER_BOX[0] * RES), round(NUMBER_BOX[1] * RES))
    face = sized(NUMBER_FACE, NUMBER_EM * RES)
    texts = [str(number)] + [str(rng.randint(1, top)) for _ in range(DECOY_NUMBERS)]
    order = rng.sample(range(len(texts)), len(texts))
    masks = [Image.new("L", size, 0) for _ in range(3)]   # the note, hue decoys, lightness decoys
    baseline = size[1] / 2 + 0.36 * NUMBER_EM * RES
    for slot, x in zip(order, _row(rng, [face.getlength(texts[slot]) for slot in order], size[0]), strict=True):
        mask = masks[0] if slot == 0 else masks[1 + slot % 2]
        ImageDraw.Draw(mask).text((x, baseline), texts[slot], fill=255, font=face, anchor="ls")
    return masks


def _row(rng: random.Random, widths: list[float], width: int) -> list[float]:
    """Left edges of `widths` in a row across 90% of `width`, in the given order, with
    random gaps of at least NUMBER_GAP."""
    gap = NUMBER_GAP * NUMBER_EM * RES
    spare = 0.9 * width - sum(widths) - gap * (len(widths) - 1)
    shares = [rng.random() for _ in range(len(widths) + 1)]
    x, lefts = 0.05 * width + spare * shares[0] / sum(shares), []
    for w, share in zip(widths, shares[1:], strict=True):
        lefts.append(x)
        x += w + gap + spare * share / sum(shares)
    return lefts


def png_bytes(picture: Image.Image) -> bytes:
    """PNG without timestamps or other metadata: the same picture gives the same bytes.

    Stored uncompressed: it only travels in memory to the PDF writer, which compresses
    every picture itself.
    """
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", optimize=False, compress_level=0)
    return buffer.getvalue()
