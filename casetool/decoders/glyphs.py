"""Text as outlines: SVG paths drawn from the shipped fonts' glyphs (fontTools).

Labels on the wheels (position numbers, names, ruler figures) are drawn as paths so
that they print the same everywhere and need no font in the SVG renderer; and so
nothing on a wheel is PDF text at all.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

from .textfit import BOLD_FONT, TEXT_FONT

__all__ = ["BOLD_FONT", "TEXT_FONT", "advance", "outline"]


@lru_cache(maxsize=4)
def _font(path: Path) -> tuple:
    font = TTFont(str(path))
    return font.getGlyphSet(), font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm


def advance(text: str, em: float, path: Path = TEXT_FONT) -> float:
    """Width of `text` in millimetres at `em` millimetres to the em."""
    _, cmap, hmtx, upm = _font(path)
    return sum(hmtx[cmap.get(ord(c), ".notdef")][0] for c in text) * em / upm


def outline(text: str, x: float, y: float, em: float, path: Path = TEXT_FONT, anchor: str = "start",
            angle: float = 0.0) -> str:
    """The SVG path data of `text` with its baseline starting at (x, y).

    `anchor`: start, middle or end of the text at (x, y). `angle`: degrees clockwise
    about (x, y), the baseline then runs in that direction.
    """
    glyphs, cmap, hmtx, upm = _font(path)
    shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[anchor] * advance(text, em, path)
    scale = em / upm
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pen = SVGPathPen(glyphs, ntos=lambda n: f"{n:.2f}".rstrip("0").rstrip("."))
    pos = -shift / scale
    for char in text:
        name = cmap.get(ord(char), ".notdef")
        # font units (y up) -> text line (mm, y down) -> rotated about (x, y)
        a, b, c, d = scale * cos, scale * sin, scale * sin, -scale * cos
        e, f = x + pos * scale * cos, y + pos * scale * sin
        glyphs[name].draw(TransformPen(pen, (a, b, c, d, e, f)))
        pos += hmtx[name][0]
    return pen.getCommands()
