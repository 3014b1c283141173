"""The red filter's encoding on a wheel, as vector drawing: a statement hidden in letters.

Red film passes red light only, so through it a colour is seen by its red channel. The
statement is set in inks with little red (palette.WHEEL_MESSAGE: teals, greens, cyans, a
dull blue; red <= 100) over rows of random letters of its own face and size in inks with
a lot of red (WHEEL_WARM: crimsons to pale pinks; WHEEL_DECOY: pale mints, cyans and
blues of the statement's own hue family; red >= 205): through the film the noise is as
pale as the paper and the statement reads dark. To the naked eye (issue 26 item 5) the
statement's inks span the noise's lightness instead of sitting at one level, its hues
are the decoys' hues, and it is drawn in `PASSES` passes clipped to random cells, so a
glyph changes ink where it crosses a cell's edge: no one ink, lightness or stroke
regularity marks it (playtest/separable.py measures this; docs/playtest.md says what it
cannot hide). The reds stay well clear of the film's threshold after a CMYK press's
conversion too (item 10). Scribbles under and light transparent letters over it break
up the outlines. Everything comes from a seeded generator: the same book, the same bytes.
"""

from __future__ import annotations

import math
import random

from ..printing.geometry import TEXT_R, Wheel
from .palette import OVER, WHEEL_DECOY, WHEEL_WARM
from .palette import WHEEL_MESSAGE as MESSAGE
from .ring import Ops, begin_wedge, fitted_text, scribble
from .textfit import PITCH, Fitted

LETTERS = "abcdefghijklmnopqrstuvwxyz" * 3 + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + ".,'"
STROKES_PER_EM2 = 0.25   # scribbles under the text, per square em of the wedge
OVER_PER_EM2 = 0.1       # thin scribbles over the statement: they break up its outline
GAPS = (0.0, 0.0, 0.08)   # extra space after a noise letter, in ems
SPACE_SHARE = 0.07       # word gaps in the rows of noise letters
OVER_SPACE_SHARE = 0.5   # the rows over the statement are sparse: it must stay readable through the film
MULTIPLY = "CTmul"       # the page's graphics state for multiply blending (stamp adds it)
PASSES = 4               # the statement's passes, each in its own inks (_patched)
PATCH = 0.6              # ems: the side of a cell of one pass
DECOY_SHARE = 0.2        # share of noise glyphs in the statement's hue family (palette.WHEEL_DECOY)


def red_wedge(ops: Ops, wheel: Wheel, number: int, fitted: Fitted, rng: random.Random) -> None:
    em = fitted.em
    begin_wedge(ops, wheel, number)
    area = (TEXT_R[1] ** 2 - TEXT_R[0] ** 2) * math.radians(wheel.step) / 2 / em ** 2
    _scribbles(ops, rng, wheel, em, int(area * STROKES_PER_EM2), width=0.085)
    _rows(ops, rng, wheel, em)
    _patched(ops, rng, wheel, fitted)
    ops.add(f"/{MULTIPLY} gs")  # from here on, transparent ink: see palette.OVER
    _rows(ops, rng, wheel, em, colour=lambda: rng.choice(OVER), space=OVER_SPACE_SHARE, every=1)
    _scribbles(ops, rng, wheel, em, max(1, int(area * OVER_PER_EM2)), width=0.04, colour=lambda: rng.choice(OVER))
    ops.pop()


def _patched(ops: Ops, rng: random.Random, wheel: Wheel, fitted: Fitted) -> None:
    """The statement in `PASSES` passes, each in its own run of inks and clipped to its own
    random cells of a grid about `PATCH` ems square: a glyph changes ink where it crosses
    a cell's edge, so each wedge's statement holds many draws of the palette, not a
    few dozen (with one ink a glyph, which decides a wedge's hue and lightness by luck)."""
    side = PATCH * fitted.em
    top = wheel.band_height / 2 + fitted.em
    columns, rows = int((TEXT_R[1] - TEXT_R[0]) / side) + 1, int(2 * top / side) + 1
    cells: list[list[str]] = [[] for _ in range(PASSES)]
    for i in range(columns):
        for j in range(rows):
            cells[rng.randrange(PASSES)].append(f"{TEXT_R[0] + i * side:.2f} {j * side - top:.2f} {side:.2f} {side:.2f} re")
    for rects in cells:
        if not rects:
            continue
        ops.push()
        ops.add(" ".join(rects) + " W n")
        fitted_text(ops, fitted, colours=_runs(rng, lambda: rng.choice(MESSAGE), (1, 2)))
        ops.pop()


def noise_colour(rng: random.Random) -> tuple[int, int, int]:
    return rng.choice(WHEEL_DECOY) if rng.random() < DECOY_SHARE else rng.choice(WHEEL_WARM)


def _runs(rng: random.Random, make, lengths: tuple[int, int]):
    """colour(i) for glyph i: a new colour every few glyphs."""
    state = {"left": 0, "colour": None}

    def colour(i):
        if state["left"] <= 0:
            state["left"], state["colour"] = rng.randint(*lengths), make()
        state["left"] -= 1
        return state["colour"]
    return colour


def _rows(ops: Ops, rng: random.Random, wheel: Wheel, em: float, colour=None, space: float = SPACE_SHARE,
          every: int = 1) -> None:
    """Rows of random letters every half line pitch (`every` 2: every whole pitch): on
    each of the statement's baselines (slot centres fall on multiples of half the pitch)
    and between them, across the wedge."""
    half = em * PITCH / 2
    top = wheel.band_height / 2 + em
    m = int(top / half) + 1
    make = colour or (lambda: noise_colour(rng))
    for k in range(-m, m + 1):
        v = k * half + 0.33 * em
        if abs(v) > top or k % every:
            continue
        u = max(TEXT_R[0], (abs(v) - em) / wheel.tan_half) - rng.uniform(0, em)
        count = int((TEXT_R[1] - u) / (0.5 * em)) + 2
        line = "".join(" " if rng.random() < space else rng.choice(LETTERS) for _ in range(count))
        gaps = [rng.choice(GAPS) for _ in line]  # a few steps only: repeated operators compress well
        ops.text(line, u, v, em, colours=_runs(rng, make, (1, 1)), gaps=gaps)


def _scribbles(ops: Ops, rng: random.Random, wheel: Wheel, em: float, count: int, width: float,
               colour=None) -> None:
    ops.add(f"{width * em:.3f} w 1 J 1 j")
    for _ in range(count):
        u = rng.uniform(*TEXT_R)
        v = rng.uniform(-1, 1) * u * wheel.tan_half
        r, g, b = colour() if colour else noise_colour(rng)
        ops.add(f"{r / 255:.3f} {g / 255:.3f} {b / 255:.3f} RG " + scribble(rng, u, v, em))
