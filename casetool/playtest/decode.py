"""Turn a printed wheel to a number and read the window, with or without its decoder.

All sizes come from casetool.printing.geometry, the pure geometry shared with the code
that draws (the disc's centre, radii, the angle of each position), and from the book's
decoders.layout.json (how the film sees the inks, a key's holes; printing.layout): the
printed page is sampled along the wedge's own axes (u outward, v across), which undoes
the disc's rotation, so the window shows the band as drawn. The decoders are then what a
player holds:

* red film passes red light only: a player sees the red channel;
* the mirror stood at the window's end reverses the band left to right;
* the location key is found on its printed page by its punched (grey) holes, laid over
  the window, and its holes read in order, row by row.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageOps

from ..printing.geometry import (
    DPI,
    FOLDER_SIDE,
    KEY_DROP,
    RES,
    TEXT_R,
    Wheel,
    band_to_page,
    disc_centre,
)
from ..printing.layout import Film, Grille
from .raster import Trim

SHRINK = 4
GAP_MM = 1.7  # a clear gap this wide across the wedge separates parts of the text
DECODED_KINDS = ("red_filter", "mirror", "grille")  # encodings that must hide their text from the naked eye


@dataclass(frozen=True)
class Sheet:
    """A rasterised decoder page and where its trimmed page starts, in pixels at DPI."""
    picture: Image.Image
    trim: Trim

    def centre_px(self, paper: str) -> tuple[float, float]:
        cx, cy = disc_centre(paper)
        return (self.trim.left + cx) * RES, (self.trim.top + cy) * RES


def paper_of(trim: Trim) -> str:
    """The paper a decoder page was made for, from its trimmed size."""
    return "letter" if abs(trim.width - 215.9) < 2 else "a4"


def window(sheet: Sheet, wheel: Wheel, number: int, paper: str) -> Image.Image:
    """What the folder's window shows when the wheel is set to `number` (RGB, band pixels)."""
    page = np.asarray(sheet.picture)
    width, height = round((TEXT_R[1] - TEXT_R[0]) * RES), round(wheel.band_height * RES)
    us = TEXT_R[0] + (np.arange(width) + 0.5) / RES
    vs = -wheel.band_height / 2 + (np.arange(height) + 0.5) / RES
    uu, vv = np.meshgrid(us, vs)
    cx, cy = sheet.centre_px(paper)
    x, y = band_to_page(cx / RES, cy / RES, wheel.angle(number), uu, vv)
    xi = np.clip(np.floor(x * RES).astype(int), 0, page.shape[1] - 1)
    yi = np.clip(np.floor(y * RES).astype(int), 0, page.shape[0] - 1)
    seen = page[yi, xi].copy()
    seen[np.abs(vv) > np.maximum(uu * wheel.tan_half, 0)] = 255  # the folder covers the neighbouring wedges
    return Image.fromarray(seen, "RGB")


def naked_eye(band: Image.Image) -> Image.Image:
    """The window without a decoder: what the eye (and OCR) makes of the colours, in grey."""
    return band.convert("L")


def through_red_film(band: Image.Image, film: Film) -> Image.Image:
    """The red channel, in black and white at the film's contrast.

    Through the film the message shows at its inks' red values and paper and noise at
    theirs; the eye adapts to the film's contrast, so the palest-reading message ink
    (`film.message_red`) is taken as black and the darkest-reading noise ink as white."""
    dark, light = film.message_red, film.noise_red
    return band.getchannel("R").point(lambda r: max(0, min(255, round((r - dark) * 255 / (light - dark)))))


def in_mirror(band: Image.Image) -> Image.Image:
    return ImageOps.mirror(band.convert("L"))


@dataclass(frozen=True)
class Key:
    """A location key's holes: centres in band coordinates (mm), in reading order; and
    the sizes it was made to (the book's layout)."""
    holes: tuple[tuple[float, float], ...]
    grille: Grille


def find_key(sheet: Sheet, paper: str, grille: Grille) -> Key:
    """The key card's letter holes, found on its page by their punch-out grey.

    The key is printed where it lies on the folder (window at 3 o'clock), or KEY_DROP
    below that, under the folder on the folder's page; so a hole's place relative to the
    disc's centre (less the drop) is its place in the band. The alignment circle
    and square are larger than a letter hole and are left out by size.
    """
    page = np.asarray(sheet.picture).astype(int)[::SHRINK, ::SHRINK]  # a hole is still 6 pixels wide
    grey = np.all(np.abs(page - np.array(grille.punch_rgb)) < 12, axis=2)
    cx, cy = sheet.centre_px(paper)
    holes = []
    for box in _blobs(grey):
        y0, y1, x0, x1 = (b * SHRINK for b in box)
        side_x, side_y = (x1 - x0) / RES, (y1 - y0) / RES
        if abs(side_x - grille.hole_mm) < 0.6 and abs(side_y - grille.hole_mm) < 0.6:
            holes.append(((x0 + x1) / 2 / RES - cx / RES, (y0 + y1) / 2 / RES - cy / RES))
    if holes and min(v for _, v in holes) > FOLDER_SIDE / 2:   # printed under its folder, KEY_DROP lower
        holes = [(u, v - KEY_DROP) for u, v in holes]
    return Key(tuple(sorted(holes, key=lambda h: (round(h[1] / (grille.hole_mm / 2)), h[0]))), grille)


def _blobs(mask: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Bounding boxes (y0, y1, x0, x1) of the mask's connected parts (4-neighbour flood fill)."""
    seen = np.zeros_like(mask, dtype=bool)
    boxes = []
    for y, x in zip(*np.nonzero(mask), strict=True):
        if seen[y, x]:
            continue
        stack, box = [(y, x)], [y, y, x, x]
        seen[y, x] = True
        while stack:
            py, px = stack.pop()
            box = [min(box[0], py), max(box[1], py), min(box[2], px), max(box[3], px)]
            for ny, nx in ((py + 1, px), (py - 1, px), (py, px + 1), (py, px - 1)):
                if 0 <= ny < mask.shape[0] and 0 <= nx < mask.shape[1] and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    stack.append((ny, nx))
        boxes.append((box[0], box[1] + 1, box[2], box[3] + 1))
    return boxes


def through_key(band: Image.Image, key: Key, wheel: Wheel) -> list[Image.Image]:
    """What each of the key's holes shows, in the order they are read (grey, hole-sized)."""
    grey = band.convert("L")
    side = round(key.grille.hole_mm * RES)
    out = []
    for u, v in key.holes:
        x, y = (u - TEXT_R[0]) * RES, (v + wheel.band_height / 2) * RES
        out.append(grey.crop((round(x - side / 2), round(y - side / 2), round(x + side / 2), round(y + side / 2))))
    return out


def shows_a_letter(hole: Image.Image, grille: Grille) -> bool:
    """A hole shows a letter, not the dot of an empty cell: its ink is a capital's height.

    The dot is 0.44 em across and a capital about 0.72 em high (as the key's letters are
    set); the line between is drawn at 0.58 em, well clear of both (measured on
    hampshire: dots 0.85-0.93 mm, capitals 1.44-1.52 mm at an em of 2.1 mm)."""
    rows = np.nonzero((np.asarray(hole) < 128).any(axis=1))[0]
    return len(rows) > 0 and (rows[-1] - rows[0] + 1) / RES > 0.58 * grille.letter_em_mm


def key_word(holes: list[Image.Image], grille: Grille) -> Image.Image:
    """The letters the holes show, set side by side as a word, on white.

    A player reads the holes in order as one word; tesseract does the same far better
    than one letter at a time (measured on hampshire: 8 of 8 words read as a word at a
    gap of 0.3 of a hole, 0 to 3 of 8 letter by letter with psm 10)."""
    letters = [h for h in holes if shows_a_letter(h, grille)]
    side = round(grille.hole_mm * RES)
    gap = round(0.3 * side)
    word = Image.new("L", (len(letters) * (side + gap) + 2 * side, 3 * side), 255)  # a margin round the word
    for i, hole in enumerate(letters):
        word.paste(hole, (side + i * (side + gap), side))
    return word


__all__ = ["DPI", "DECODED_KINDS", "Key", "Sheet", "find_key", "in_mirror", "naked_eye", "paper_of",
           "key_word", "pieces", "shows_a_letter", "stacked", "through_key", "through_red_film", "window"]


def lines_of(picture: Image.Image, gap_mm: float = GAP_MM) -> list[Image.Image]:
    """The picture cut at every clear gap across the wedge at least `gap_mm` wide.

    A wedge holds one line near the hub and two or three further out; tesseract reads
    a block of lines at one height best, so each stretch between clear gaps is read on
    its own. A cut inside a line falls between words and costs nothing: the statement is
    scored by its words (ocr.recall)."""
    return [picture.crop(box) for box in pieces(picture, gap_mm)]


def pieces(picture: Image.Image, gap_mm: float = GAP_MM) -> list[tuple[int, int, int, int]]:
    """The boxes `lines_of` cuts the picture into."""
    dark = np.asarray(picture.convert("L")) < 128
    ink = [bool(v) for v in np.any(dark, axis=0).tolist()]
    gap, spans, start, white = round(gap_mm * RES), [], None, 0
    for x, inked in enumerate(ink):
        if not inked:
            white += 1
            continue
        if start is None:
            start = x
        elif white >= gap:
            spans.append((start, x - white))
            start = x
        white = 0
    if start is not None:
        spans.append((start, len(ink) - white))
    pad = round(0.5 * RES)
    return [(max(0, a - pad), 0, min(picture.width, b + pad), picture.height) for a, b in spans]


def stacked(picture: Image.Image, boxes: list[tuple[int, int, int, int]]) -> Image.Image:
    """The boxes of `picture` one under another on white, a line's height apart: one
    picture to read in one go (one OCR call, not one a piece)."""
    crops = [picture.crop(box) for box in boxes] or [picture]
    gap = crops[0].height // 2
    out = Image.new(picture.mode, (max(c.width for c in crops), sum(c.height + gap for c in crops) + gap), 255)
    y = gap
    for crop in crops:
        out.paste(crop, (0, y))
        y += crop.height + gap
    return out
