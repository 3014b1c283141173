"""A wheel's ring of statements and numbers as vector PDF drawing operators.

The ring is drawn in millimetres with y pointing down and the disc's centre at the
origin (the page stamp, `stamp`, puts it on the wheel page). Each wedge is drawn in its
band coordinates (geometry: u along the wedge from the hub, v across it) under a
rotation to its angle, clipped to its sector, so neighbouring wedges never mix. Letters
are `Do`s of glyph forms (pdfglyphs): vector, small, and never PDF text.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..printing.geometry import NUMBER_EM, NUMBER_R, TEXT_R, Wheel
from .pdfglyphs import face
from .textfit import Fitted

BASELINE = 0.33      # ems below a line's centre: as bands.BASELINE, so the layout matches the raster reference
DIGIT_HEIGHT = 0.72  # ems


@dataclass(frozen=True)
class Ring:
    """PDF operators for the ring (mm, y down, centre at 0,0) and the glyph forms they use."""
    content: bytes
    forms: frozenset[str]


class Ops:
    """A growing PDF content stream, and the glyph forms it calls."""

    def __init__(self):
        self.parts: list[str] = []
        self.forms: set[str] = set()
        self._fill: str | None = None

    def add(self, text: str) -> None:
        self.parts.append(text)

    def fill(self, colour: tuple[int, int, int]) -> None:
        op = _fill_op(colour)
        if op != self._fill:
            self.parts.append(op)
            self._fill = op

    def push(self) -> None:
        self.parts.append("q")

    def pop(self) -> None:
        self.parts.append("Q")
        self._fill = None  # Q restores a colour this object no longer knows

    def text(self, line: str, u: float, v: float, em: float, key: str = "R", colours=None,
             gaps: list[float] | None = None) -> None:
        """`line` with its baseline starting at (u, v), `em` mm to the em. `colours(i)`: the
        colour of the i-th glyph (None: the current one); `gaps`: extra space after each glyph, in ems.

        The innermost loop of a wheel (the red filter's noise draws a million glyphs for
        a casebook), so each glyph's operators come from tables made once per face."""
        f = face(key)
        glyphs, upm = _glyph_table(key), f.upm
        s = em / upm
        parts, forms, current = self.parts, self.forms, self._fill
        parts.append("q")
        parts.append(f"{s:.6f} 0 0 {-s:.6f} {u:.3f} {v:.3f} cm")
        for i, char in enumerate(line):
            if colours is not None:
                colour = colours(i)
                if colour is not None:
                    try:
                        op = _RGB[colour]
                    except (KeyError, TypeError):  # a new colour, or one given as a list
                        op = _fill_op(colour)
                    if op != current:
                        parts.append(op)
                        current = op
            glyph = glyphs.get(char) or _glyph(key, char)
            if glyph[0] is not None:
                forms.add(glyph[0])
                parts.append(glyph[1])
            if gaps:
                step = glyph[2] + round(gaps[i] * upm)
                parts.append(_STEPS.get(step) or _step(step))
            else:
                parts.append(glyph[3])
        self._fill = current
        self.pop()

    def ring(self) -> Ring:
        return Ring(("\n".join(self.parts) + "\n").encode(), frozenset(self.forms))


def _rgb(colour: tuple[int, int, int]) -> str:
    return " ".join(f"{c / 255:.3f}".rstrip("0").rstrip(".") or "0" for c in colour)


# Operators by what they draw, made once: a colour's fill operator, a step along the line,
# a glyph's (form name or None for a space, its Do, its advance, the step of its advance).
_RGB: dict[tuple[int, int, int], str] = {}
_STEPS: dict[int, str] = {}
_GLYPHS: dict[str, dict[str, tuple]] = {}


def _fill_op(colour) -> str:
    """The fill operator for a colour (a tuple is remembered)."""
    op = _RGB.get(colour) if isinstance(colour, tuple) else None
    if op is None:
        op = _rgb(colour) + " rg"
        if isinstance(colour, tuple):
            _RGB[colour] = op
    return op


def _step(step: int) -> str:
    op = _STEPS[step] = f"1 0 0 1 {step} 0 cm"
    return op


def _glyph_table(key: str) -> dict[str, tuple]:
    return _GLYPHS.setdefault(key, {})


def _glyph(key: str, char: str) -> tuple:
    f = face(key)
    name = None if char.isspace() else f.resource(char)
    advance = f.advance(char)
    glyph = _glyph_table(key)[char] = (name, f"/{name} Do" if name else None, advance,
                                       _STEPS.get(advance) or _step(advance))
    return glyph


def begin_wedge(ops: Ops, wheel: Wheel, number: int, mirrored: bool = False) -> None:
    """Enter the band coordinates of position `number`, clipped to its sector."""
    a = math.radians(wheel.angle(number))
    cos, sin = math.cos(a), math.sin(a)
    ops.push()
    ops.add(f"{cos:.6f} {sin:.6f} {-sin:.6f} {cos:.6f} 0 0 cm")
    h = math.radians(wheel.step / 2)
    (r0, r1), c, s = TEXT_R, math.cos(h), math.sin(h)
    ops.add(f"{r0 * c:.3f} {-r0 * s:.3f} m {r1 * c:.3f} {-r1 * s:.3f} l {r1 * c:.3f} {r1 * s:.3f} l "
            f"{r0 * c:.3f} {r0 * s:.3f} l h W n")
    if mirrored:  # the reflection's layout, flipped end for end: mirror writing
        ops.add(f"-1 0 0 1 {r0 + r1:.3f} 0 cm")


def fitted_text(ops: Ops, fitted: Fitted, colours=None) -> None:
    """A statement laid out by textfit, in its slots (the current fill colour unless `colours`)."""
    count = 0
    for slot, line in fitted.lines:
        start = count
        ops.text(line, slot.u0, slot.v + BASELINE * fitted.em, fitted.em,
                 colours=None if colours is None else (lambda i, start=start: colours(start + i)))
        count += len(line)


def plain_wedge(ops: Ops, wheel: Wheel, number: int, fitted: Fitted, mirrored: bool = False) -> None:
    begin_wedge(ops, wheel, number, mirrored)
    ops.fill((0, 0, 0))
    fitted_text(ops, fitted)
    ops.pop()


def numbers(ops: Ops, wheel: Wheel) -> None:
    """Each position's number along its wedge at the rim, and grey ticks between positions."""
    arc = 2 * math.pi * NUMBER_R[0] / wheel.positions
    em = min(NUMBER_EM, arc * 0.9 / DIGIT_HEIGHT)  # a gap between neighbours
    middle = sum(NUMBER_R) / 2
    f = face("R")
    ops.fill((0, 0, 0))
    for number in range(1, wheel.positions + 1):
        label = str(number)
        size = min(em, (NUMBER_R[1] - NUMBER_R[0]) / (0.56 * len(label)))
        width = sum(f.advance(c) for c in label) * size / f.upm
        a = math.radians(wheel.angle(number))
        ops.push()
        ops.add(f"{math.cos(a):.6f} {math.sin(a):.6f} {-math.sin(a):.6f} {math.cos(a):.6f} 0 0 cm")
        ops.text(label, middle - width / 2, DIGIT_HEIGHT / 2 * size, size)
        ops.pop()
    ops.add("0.467 G 0.15 w")
    ticks = []
    for number in range(1, wheel.positions + 1):
        a = math.radians(wheel.angle(number) + wheel.step / 2)
        x0, y0 = (NUMBER_R[0] - 0.4) * math.cos(a), (NUMBER_R[0] - 0.4) * math.sin(a)
        x1, y1 = (NUMBER_R[1] + 0.6) * math.cos(a), (NUMBER_R[1] + 0.6) * math.sin(a)
        ticks.append(f"{x0:.3f} {y0:.3f} m {x1:.3f} {y1:.3f} l")
    ops.add(" ".join(ticks) + " S")


def scribble(rng: random.Random, u: float, v: float, em: float) -> str:
    """A short stroke of two or three joined segments about a letter's size, from (u, v)."""
    points = [(u, v)]
    for _ in range(rng.choice((2, 3))):
        u, v = u + rng.uniform(-0.7, 0.7) * em, v + rng.uniform(-0.7, 0.7) * em
        points.append((u, v))
    (u0, v0), *rest = points
    return f"{u0:.2f} {v0:.2f} m " + " ".join(f"{x:.2f} {y:.2f} l" for x, y in rest) + " S"
