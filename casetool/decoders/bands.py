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

from .geometry import RES, TEXT_R, Wheel
from .noise import Noise
from .textfit import BOLD_FONT, TEXT_FONT, Fitted, sized, text_length

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
NUMBER_EM = 4.2
NUMBER_SPECKLE = 0.0


def hidden_number(number: int, noise: Noise, rng: random.Random) -> Image.Image:
    """A note number for the red filter: speckled violet digits, somewhere along the box,
    among noise letters and digits of the same face and size."""
    size = (round(NUMBER_BOX[0] * RES), round(NUMBER_BOX[1] * RES))
    mask = Image.new("L", size, 0)
    face = sized(BOLD_FONT, NUMBER_EM * RES)
    width = face.getlength(str(number))
    x = rng.uniform(0.08 * size[0], 0.92 * size[0] - width)
    ImageDraw.Draw(mask).text((x, size[1] / 2 + 0.36 * NUMBER_EM * RES), str(number), fill=255, font=face, anchor="ls")
    return noise.hide(mask, rng, NUMBER_EM, speckle=NUMBER_SPECKLE)


def png_bytes(picture: Image.Image) -> bytes:
    """PNG without timestamps or other metadata: the same picture gives the same bytes.

    Stored uncompressed: it only travels in memory to the PDF writer, which compresses
    every picture itself.
    """
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", optimize=False, compress_level=0)
    return buffer.getvalue()
