"""Glyphs as PDF drawings: each glyph of the shipped fonts once, as a form XObject.

A wheel prints tens of thousands of letters (statements and the red filter's noise).
Drawn as pictures they made a 20 MB decoders.pdf; drawn as paths inline, more still.
Here each glyph used is one small form (its outline in font units, filled with the
current colour) and every letter on a wheel is a `Do` of it: a few bytes each. Forms
are paths, not text: a PDF reader has nothing to search or copy.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

from .textfit import BOLD_FONT, TEXT_FONT

FACES = {"R": TEXT_FONT, "B": BOLD_FONT}   # resource-name prefix -> font file


class _PdfPen(BasePen):
    """PDF path operators (m, l, c, h) in integer font units; quadratic curves made cubic."""

    def __init__(self, glyph_set):
        super().__init__(glyph_set)
        self.ops: list[str] = []
        self._last = (0.0, 0.0)

    def _point(self, *points) -> str:
        return " ".join(f"{round(x)} {round(y)}" for x, y in points)

    def _moveTo(self, p):
        self.ops.append(f"{self._point(p)} m")
        self._last = p

    def _lineTo(self, p):
        self.ops.append(f"{self._point(p)} l")
        self._last = p

    def _curveToOne(self, p1, p2, p3):
        self.ops.append(f"{self._point(p1, p2, p3)} c")
        self._last = p3

    def _qCurveToOne(self, p1, p2):
        p0 = self._last
        c1 = (p0[0] + 2 / 3 * (p1[0] - p0[0]), p0[1] + 2 / 3 * (p1[1] - p0[1]))
        c2 = (p2[0] + 2 / 3 * (p1[0] - p2[0]), p2[1] + 2 / 3 * (p1[1] - p2[1]))
        self._curveToOne(c1, c2, p2)

    def _closePath(self):
        self.ops.append("h")


class Face:
    """One font: glyph ids, advances and outlines, in font units."""

    def __init__(self, key: str, path: Path):
        self.key = key
        font = TTFont(str(path))
        self.glyphs = font.getGlyphSet()
        self.cmap = font.getBestCmap()
        self.hmtx = font["hmtx"]
        self.order = font.getGlyphOrder()
        self.ids = {name: i for i, name in enumerate(self.order)}
        self.upm = font["head"].unitsPerEm
        self._outlines: dict[str, bytes] = {}

    def name_of(self, char: str) -> str:
        return self.cmap.get(ord(char), ".notdef")

    def advance(self, char: str) -> int:
        return self.hmtx[self.name_of(char)][0]

    def resource(self, char: str) -> str:
        """The form's resource name, e.g. R68 for glyph 68 of the regular face."""
        return f"{self.key}{self.ids[self.name_of(char)]}"

    def outline(self, resource: str) -> bytes:
        """The form's content: the glyph's outline, filled (non-zero winding)."""
        if resource not in self._outlines:
            pen = _PdfPen(self.glyphs)
            self.glyphs[self.order[int(resource[len(self.key):])]].draw(pen)
            self._outlines[resource] = (" ".join(pen.ops) + " f").encode() if pen.ops else b""
        return self._outlines[resource]

    def bbox(self) -> tuple[int, int, int, int]:
        return (-self.upm, -self.upm, 2 * self.upm, 2 * self.upm)


@lru_cache(maxsize=2)
def face(key: str) -> Face:
    return Face(key, FACES[key])


def face_of(resource: str) -> Face:
    return face(resource[0])
