"""The location key (a Cardan grille): a letter grid in every wedge, one punched key.

Every wedge of the wheel has the same grid of letter cells. The key card has a hole
over some of them (the same cells for every position), spread along the wedge in
reading order. At each position the statement's letters sit under the holes, in
order; the holes left over show a dot, and every other cell a random capital. The key
has two alignment holes, a circle and a square, that must show the folder's circle and
square marks: laid upside down or back to front, the key shows the wrong marks.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass

from PIL import Image, ImageDraw

from ..printing.geometry import RES, Wheel
from .bands import band_size, to_px
from .pdfglyphs import face
from .ring import begin_wedge
from .textfit import BOLD_FONT, sized, slots

CELL = 2.7          # millimetres between cell centres
LETTER_EM = 2.1     # type size of the grid letters
MIN_HOLES = 4
BLANK = ""          # a hole with no letter shows a dot
DOT_SHARE = 0.18    # share of the other cells that show a dot


@dataclass(frozen=True)
class Grid:
    cells: tuple[tuple[float, float], ...]   # (u, v) centres in reading order
    holes: tuple[int, ...]                   # indices of the punched cells, in reading order


def letters(text: str) -> str:
    """What a grille statement spells: its letters, in capitals."""
    return "".join(c for c in text.upper() if c in string.ascii_uppercase)


def grid(wheel: Wheel, words: list[str], seed: str) -> Grid | None:
    """The grid of a wedge and the key's holes, enough for the longest word; None if it cannot hold it."""
    cells = []
    for slot in slots(wheel, CELL, CELL * 0.3):
        count = int(slot.length // CELL)
        start = slot.u0 + (slot.length - count * CELL) / 2 + CELL / 2
        cells += [(start + i * CELL, slot.v) for i in range(count)]
    needed = max([MIN_HOLES] + [len(letters(w)) for w in words])
    if 2 * needed - 1 > len(cells):  # holes never touch: a cell of card between any two
        return None
    return Grid(tuple(cells), _holes(len(cells), needed, random.Random(f"grille/{seed}")))


def _holes(count: int, holes: int, rng: random.Random) -> tuple[int, ...]:
    """`holes` cells out of `count`, in reading order, never two side by side (the card
    between them would tear): choose from count - holes + 1 places, then space them out."""
    chosen = sorted(rng.sample(range(count - holes + 1), holes))
    return tuple(c + i for i, c in enumerate(chosen))


def fill(g: Grid, text: str, rng: random.Random) -> list[str]:
    """The letter in every cell: the statement under the holes, random capitals elsewhere.

    Dots pad a short word's spare holes; other cells get dots too, now and then, so
    that the dots do not show where the holes are.
    """
    word = letters(text)
    out = [BLANK if rng.random() < DOT_SHARE else rng.choice(string.ascii_uppercase) for _ in g.cells]
    for i, cell in enumerate(g.holes):
        out[cell] = word[i] if i < len(word) else BLANK
    return out


def band(g: Grid, cell_letters: list[str], wheel: Wheel) -> Image.Image:
    """The wedge's grid, black on white."""
    picture = Image.new("L", band_size(wheel), 255)
    draw = ImageDraw.Draw(picture)
    face = sized(BOLD_FONT, LETTER_EM * RES)
    for (u, v), letter in zip(g.cells, cell_letters, strict=False):
        draw_cell(draw, face, to_px(wheel, u, v), letter)
    return picture


def draw_cell(draw: ImageDraw.ImageDraw, face, centre: tuple[float, float], letter: str) -> None:
    x, y = centre
    if letter == BLANK:
        r = 0.22 * LETTER_EM * RES
        draw.ellipse((x - r, y - r, x + r, y + r), fill=0)
    else:
        draw.text((x, y + 0.344 * LETTER_EM * RES), letter, fill=0, font=face, anchor="ms")  # capitals centred


def wedge(ops, g: Grid, cell_letters: list[str], wheel: Wheel, number: int) -> None:
    """The wedge's grid as vector drawing (see ring), black: what the wheel prints."""
    begin_wedge(ops, wheel, number)
    ops.fill((0, 0, 0))
    f = face("B")
    dots = []
    for (u, v), letter in zip(g.cells, cell_letters, strict=False):
        if letter == BLANK:
            dots.append(_circle(u, v, 0.22 * LETTER_EM))
        else:
            width = f.advance(letter) * LETTER_EM / f.upm
            ops.text(letter, u - width / 2, v + 0.344 * LETTER_EM, LETTER_EM, key="B")
    if dots:
        ops.add(" ".join(dots) + " f")
    ops.pop()


def _circle(x: float, y: float, r: float) -> str:
    k = 0.5523 * r  # the Bezier approximation of a quarter circle
    return (f"{x + r:.3f} {y:.3f} m {x + r:.3f} {y + k:.3f} {x + k:.3f} {y + r:.3f} {x:.3f} {y + r:.3f} c "
            f"{x - k:.3f} {y + r:.3f} {x - r:.3f} {y + k:.3f} {x - r:.3f} {y:.3f} c "
            f"{x - r:.3f} {y - k:.3f} {x - k:.3f} {y - r:.3f} {x:.3f} {y - r:.3f} c "
            f"{x + k:.3f} {y - r:.3f} {x + r:.3f} {y - k:.3f} {x + r:.3f} {y:.3f} c h")
