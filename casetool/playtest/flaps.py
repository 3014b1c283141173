"""The murder card holders of a code book (seed 002), judged as they come out of the printer.

Each mystery's holder is a double-sided sheet: a front page
headed "Murder card holder · Mystery N:" with a grey flap over each corner of its three
murder cards, and the next page printed on its back. A player who prints it sees the
front, uncut: it must show no part of any code (no colour name in the text, no coloured
swatch in the picture, nothing but "lift" and what the flap hides inside a flap). Lifting
a flap turns it over: what the player then reads is what the back page prints behind that
flap (the flap's box mirrored left to right, as a long-edge duplex print puts it), and it
must be that corner's code, as the detective sheet lists it. The back prints nothing
outside its flaps, so nothing but a lifted flap shows a code.

Flaps are found on the front by their printed "lift" (pdftotext -bbox); codes are read
from the back's text layer; swatches are looked for in the front's picture.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .cards import _words
from .raster import MM_PER_PT, Pdf

HEADING = re.compile(r"Murder card holder\s*·\s*Mystery (\d+):")
FLAP_WORDS = {"lift", "colour", "number"}
SATURATED = 0.35        # HSV saturation above which a pixel is a colour, not paper, grey or the card's tint
SWATCH_PIXELS = 20      # at PICTURE_DPI a 7 mm swatch is ~300 pixels; stray anti-aliasing stays under this
PICTURE_DPI = 50

@dataclass
class Holder:
    """One mystery's sheet as read: what the uncut front shows, and each lifted flap."""
    front_page: int
    front_shows: list[str]          # code parts (or swatches) a player sees before any flap is lifted
    lifted: list[list[str]]         # per card, top to bottom, the code read under each flap in code order
    back_outside: list[str]         # words on the back that are behind no flap


def holders(pdf: Pdf, codes: set[str], flap_mm: tuple[float, float]) -> dict[int, Holder]:
    """Mystery -> its holder sheet as read. `codes`: every code part of the setting (lower case),
    the words that must not show on a front; `flap_mm`: a flap's size (decoders.layout.json)."""
    out: dict[int, Holder] = {}
    for page in range(1, pdf.pages):
        found = HEADING.search(" ".join(pdf.text(page).split()))
        if found is None:
            continue
        out[int(found.group(1))] = _read(pdf, page, codes, flap_mm)
    return out


def _read(pdf: Pdf, page: int, codes: set[str], flap_mm: tuple[float, float]) -> Holder:
    front, back = _words(pdf, page), _words(pdf, page + 1)
    trim = pdf.trims[page - 1]
    width_pt = (2 * trim.left + trim.width) / MM_PER_PT   # the media box: the bleed is the same on both sides
    w, h = flap_mm[0] / MM_PER_PT, flap_mm[1] / MM_PER_PT
    centres = sorted((((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1, t in front if t == "lift"),
                     key=lambda c: (round(c[1] / h), c[0]))
    boxes = [(x - w / 2, y - h / 2, x + w / 2, y + h / 2) for x, y in centres]
    shows = [t.lower() for i, (*_, t) in enumerate(front)
             if t.lower() in codes and not (i > 0 and front[i - 1][4] == "Mystery")]  # "Mystery 1" is no code
    shows += [t for x0, y0, x1, y1, t in front if any(_inside(x0, y0, x1, y1, b) for b in boxes)
              and t.lower() not in FLAP_WORDS]
    if _swatches(pdf, page):
        shows.append("coloured swatches")
    mirrored = [(width_pt - b[2], b[1], width_pt - b[0], b[3]) for b in boxes]
    lifted = [[t.lower() for x0, y0, x1, y1, t in sorted(back) if _inside(x0, y0, x1, y1, b)] for b in mirrored]
    outside = [t for x0, y0, x1, y1, t in back if not any(_inside(x0, y0, x1, y1, b) for b in mirrored)]
    cards = [[" ".join(f) for f in lifted[i:i + 4]] for i in range(0, len(lifted), 4)]
    return Holder(page, list(dict.fromkeys(shows)), cards, outside)


def _inside(x0: float, y0: float, x1: float, y1: float, box: tuple[float, float, float, float]) -> bool:
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return box[0] <= cx <= box[2] and box[1] <= cy <= box[3]


def _swatches(pdf: Pdf, page: int) -> bool:
    """Whether the printed front shows any saturated colour (a code's colour swatch)."""
    rgb = np.asarray(pdf.picture(page, PICTURE_DPI)).astype(float) / 255
    top, bottom = rgb.max(axis=2), rgb.min(axis=2)
    saturation = np.where(top > 0, (top - bottom) / np.maximum(top, 1e-6), 0)
    return int((saturation > SATURATED).sum()) > SWATCH_PIXELS


def code_words(book) -> set[str]:
    """Every code part of the setting's items, as words a page could show."""
    out = set()
    for cid in book.setting.answer:
        for item in book.setting.categories[cid].items:
            out |= set(_code(item))
    return out


def expected(book, case) -> list[list[str]]:
    """The answer's codes, card by card, as the flaps are read: the setting's data, not the sheet."""
    setting = book.setting
    return [_code(setting.categories[cid].item(case.solution[cid])) for cid in setting.answer]


def _code(item) -> list[str]:
    """An item's code in the order the detective sheet lists it: its colours, then its numbers."""
    code = item.attrs.get("code") or {}
    return [str(part).lower() for part in [*code.get("colours", []), *code.get("numbers", [])]]
