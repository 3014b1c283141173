"""Fit a statement into one wedge of a wheel.

A wedge is narrow at the hub and widens toward the rim, so text runs along it (from the
hub outward) in zones: one line where only one fits, then two side by side, then three.
Zones are read like newspaper columns: the first zone's line, then the next zone's lines
top to bottom. Each statement gets the largest type that fits, between MAX_EM and MIN_EM;
below SMALL_EM it still prints, and the author gets a warning (see `wheel_warnings`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

import casetool

from ..printing.geometry import TEXT_R, WEDGE_GAP, Wheel

FONTS = Path(casetool.__file__).parent / "fonts"
TEXT_FONT = FONTS / "LiberationSans-Regular.ttf"
BOLD_FONT = FONTS / "LiberationSans-Bold.ttf"
MAX_EM, MIN_EM, SMALL_EM = 2.6, 1.05, 1.55   # millimetres; 1.55 mm is about 4.4 pt
EM_STEP = 0.05
PITCH = 1.18          # line pitch, in ems
ZONE_PAD = 0.5        # ems of space where a zone ends and the next begins
MAX_ZONES = 4
MEASURE_PX = 200      # fonts are measured at this size and scaled: no hinting effects


@dataclass(frozen=True)
class Slot:
    """A line's place in band coordinates: from u0 to u1 along the wedge, centred at v."""
    u0: float
    u1: float
    v: float

    @property
    def length(self) -> float:
        return self.u1 - self.u0


@dataclass(frozen=True)
class Fitted:
    em: float                                  # type size in millimetres
    lines: tuple[tuple[Slot, str], ...]        # each line of text in its slot, in reading order


@lru_cache(maxsize=4096)
def _unit_length(text: str, path: Path) -> float:
    return font(path).getlength(text) / MEASURE_PX


@lru_cache(maxsize=4)
def font(path: Path = TEXT_FONT) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), MEASURE_PX, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=64)
def sized(path: Path, px: float) -> ImageFont.FreeTypeFont:
    """The font for drawing at `px` pixels to the em (sizes rounded to a quarter pixel)."""
    return ImageFont.truetype(str(path), round(px * 4) / 4, layout_engine=ImageFont.Layout.BASIC)


def text_length(text: str, em: float, path: Path = TEXT_FONT) -> float:
    """Advance width of `text` in millimetres at a type size of `em` millimetres."""
    return _unit_length(text, path) * em


def slots(wheel: Wheel, pitch: float, pad: float, mirrored: bool = False) -> list[Slot]:
    """The line slots of a wedge for lines `pitch` apart, in reading order.

    `mirrored`: the slots of the wedge as seen in a mirror (the rim on the left), read
    left to right in the reflection, for mirror writing.
    """
    inner, outer = TEXT_R
    starts = []
    for k in range(1, MAX_ZONES + 1):
        start = max(inner, (k * pitch / 2 + WEDGE_GAP / 2) / wheel.tan_half)  # where k lines fit across
        if start >= outer - pitch:
            break
        starts.append(start)
    zones = []
    for k, start in enumerate(starts, 1):
        end = starts[k] if k < len(starts) else outer
        u0, u1 = start + (pad if k > 1 else 0), end - (pad if k < len(starts) else 0)
        if u1 - u0 > pitch:
            zones.append((u0, u1, [(j - (k - 1) / 2) * pitch for j in range(k)]))
    if mirrored:
        zones = [(inner + outer - u1, inner + outer - u0, vs) for u0, u1, vs in reversed(zones)]
    return [Slot(u0, u1, v) for u0, u1, vs in zones for v in vs]


def wrap(words: list[str], line_slots: list[Slot], em: float) -> tuple[tuple[Slot, str], ...] | None:
    """Greedy word wrap into the slots in order; None when the words do not fit."""
    lines, i = [], 0
    space = text_length(" ", 1.0) * em
    widths = [text_length(w, 1.0) * em for w in words]  # advance widths scale with the size
    for slot in line_slots:
        if i == len(words):
            break
        taken: list[str] = []
        width = 0.0
        while i < len(words):
            w = widths[i]
            extra = w if not taken else width + space + w
            if extra > slot.length:
                break
            taken.append(words[i])
            width = extra
            i += 1
        if taken:
            lines.append((slot, " ".join(taken)))
    return tuple(lines) if i == len(words) else None


def fit(text: str, wheel: Wheel, mirrored: bool = False) -> Fitted | None:
    """The largest type at which `text` fits the wedge; None when not even MIN_EM fits."""
    words = text.split()
    em = MAX_EM
    while em >= MIN_EM - 1e-9:
        lines = wrap(words, slots(wheel, em * PITCH, em * ZONE_PAD, mirrored), em)
        if lines is not None:
            return Fitted(round(em, 3), lines)
        em -= EM_STEP
    return None
