"""The printable wheel pages: the disc, its folder face, the location key.

Each page is a page-size SVG plus labels. The SVG carries the shapes (cut lines, the
window, holes, marks, the ruler); the ring of statements and numbers is stamped on the
disc page after layout (see `stamp`); the
labels (names, instructions: nothing secret) are set as ordinary text over it by the
template, which is much faster to lay out than outlines.

The disc page and the folder page put the wheel's centre at the same point
(geometry.disc_centre), and the key page draws the key card where it lies on the
folder, so the three line up when laid over each other, on paper or in a test.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..load.model import Character
from ..printing.geometry import (
    CENTRE_HOLE_R,
    DISC_R,
    FOLDER_SIDE,
    KEY_DROP,
    KEY_ROOM,
    NUMBER_R,
    WINDOW_R,
    Wheel,
    disc_centre,
    page_size,
    ruler_origin,
)
from . import svg
from .grille import CELL, Grid
from .ring import Ring

HOLE = CELL * 0.8                  # side of a punched letter hole
MARK_R, MARK_SIDE = 1.2, 2.4       # the folder's alignment marks
KEY_CIRCLE_R, KEY_SQUARE = 1.9, 3.8
ASCENT = 0.846                     # ems from a line box's top to its baseline (line-height 1)
PICTURE_SCHEME = "casetool-picture"
INSTRUCTIONS = {
    "red_filter": "Hold the red film over the window: the words show dark through it.",
    "mirror": "Stand a mirror upright at the rim end of the window and read the reflection.",
    "grille": "Lay the location key over the window, circle on circle and square on square, "
              "and read the letters in the holes.",
    "plain": "Read the statement in the window.",
}


@dataclass
class WheelDrawing:
    character: Character
    kind: str                  # the decoder's kind: red_filter, mirror, grille or plain
    decoder_name: str
    wheel: Wheel
    ring: Ring                 # the statements and numbers, stamped on the disc page after layout
    grid: Grid | None = None


def picture_url(name: str) -> str:
    """Where the layout finds a picture made by this build (served from memory, see document)."""
    return f"{PICTURE_SCHEME}:{name}"


@dataclass(frozen=True)
class Label:
    """Text set over a drawing: a box `width` wide whose first baseline is at `baseline`."""
    left: float
    top: float
    width: float
    size: float               # millimetres to the em
    text: str
    align: str = "center"
    bold: bool = False


@dataclass
class Page:
    svg: str
    labels: list[Label] = field(default_factory=list)


def label(x: float, baseline: float, width: float, size: float, text: str, align: str = "center",
          bold: bool = False) -> Label:
    left = {"center": x - width / 2, "left": x, "right": x - width}[align]
    return Label(round(left, 2), round(baseline - ASCENT * size, 2), width, size, text, align, bold)


def disc_page(d: WheelDrawing, paper: str) -> Page:
    cx, cy = disc_centre(paper)
    ticks, figures = svg.ruler(*ruler_origin(paper))
    body = [svg.circle(cx, cy, NUMBER_R[0] - 0.4, 'fill="none" stroke="#999" stroke-width="0.15"'),
            svg.circle(cx, cy, DISC_R), svg.centre_hole(cx, cy, CENTRE_HOLE_R), ticks]
    labels = [label(cx, cy - 5.5, 30, 2.6, d.character.name, bold=True),
              label(cx, cy + 8.0, 30, 2.0, d.decoder_name)]
    labels += [label(x, y, 10, 2.2, text) for x, y, text in figures]
    return Page(svg.document(*page_size(paper), body), labels)


def folder_page(d: WheelDrawing, paper: str, with_key: bool = False) -> Page:
    """The folder; `with_key`: the wheel's location key card under it (see key_fits)."""
    cx, cy = disc_centre(paper)
    half = FOLDER_SIDE / 2
    body = [svg.rect(cx - half, cy - half, FOLDER_SIDE, FOLDER_SIDE),
            svg.wedge(cx, cy, WINDOW_R[0], WINDOW_R[1], -d.wheel.step / 2, d.wheel.step / 2,
                      f'fill="{svg.PUNCH}" stroke="#000" stroke-width="0.3"'),
            svg.centre_hole(cx, cy, CENTRE_HOLE_R)]
    if d.kind == "grille":
        body += _folder_marks(d.wheel, cx, cy)
    left = cx - half / 2
    labels = [label(left, cy - 40, 86, 6.5, d.character.name, bold=True),
              label(left, cy - 30, 86, 3.4, f"Read with: {d.decoder_name}"),
              label(left, cy + 22, 70, 3.0, "Turn the wheel until the mystery's number shows at the rim end of "
                    "the window. " + INSTRUCTIONS[d.kind]),
              label(cx + 50, cy + 14, 40, 2.6, "cut out the grey window")]
    if with_key and d.grid is not None:
        key_body, key_labels = _key_card(d.grid, d.wheel, d.decoder_name, cx, cy + KEY_DROP)
        body += key_body
        labels += key_labels + [label(cx - 30, cy + KEY_DROP + 1, 56, 2.6, "Cut round the key card; cut out every "
                                      "grey hole, the circle and the square too.", align="right")]
    return Page(svg.document(*page_size(paper), body), labels)


def key_fits(wheel: Wheel) -> bool:
    """Whether the wheel's key card fits under its folder (on A4 and on Letter)."""
    return key_card(wheel)[2] <= KEY_ROOM


def mark_places(wheel: Wheel) -> tuple[tuple[float, float], tuple[float, float]]:
    """Band coordinates (u, v) of the circle mark (above the window's outer end) and the
    square mark (below its inner end), at the window: the folder's marks and the key's holes."""
    u_circle, u_square = WINDOW_R[1] - 5.0, WINDOW_R[0] + 10.0
    return (u_circle, -(u_circle * wheel.tan_half + 4.5)), (u_square, u_square * wheel.tan_half + 4.5)


def _folder_marks(wheel: Wheel, cx: float, cy: float) -> list[str]:
    (uc, vc), (us, vs) = mark_places(wheel)
    return [svg.circle(cx + uc, cy + vc, MARK_R, 'fill="#000"'),
            svg.rect(cx + us - MARK_SIDE / 2, cy + vs - MARK_SIDE / 2, MARK_SIDE, MARK_SIDE, 'fill="#000"')]


def key_card(wheel: Wheel) -> tuple[float, float, float]:
    """The key card's extent along the window (u0, u1) and its height, centred on the window."""
    (_, vc), _ = mark_places(wheel)
    return WINDOW_R[0] - 3.0, FOLDER_SIDE / 2, 2 * (abs(vc) + 4.5)


def key_page(grid: Grid, wheel: Wheel, decoder_name: str, paper: str) -> Page:
    """A key card too tall to go under its folder: on its own page, where it lies on the folder."""
    body, labels = _key_card(grid, wheel, decoder_name, *disc_centre(paper))
    return Page(svg.document(*page_size(paper), body), labels)


def _key_card(grid: Grid, wheel: Wheel, decoder_name: str, cx: float, cy: float) -> tuple[list[str], list[Label]]:
    """The key card drawn as if the window's centre line were at (cx, cy): its outline, the
    grey holes to cut out, and its "this side up" label."""
    (uc, vc), (us, vs) = mark_places(wheel)
    u0, u1, height = key_card(wheel)
    body = [svg.rect(cx + u0, cy - height / 2, u1 - u0, height)]
    fill = f'fill="{svg.PUNCH}" stroke="#000" stroke-width="0.2"'
    for index in grid.holes:
        u, v = grid.cells[index]
        body.append(svg.rect(cx + u - HOLE / 2, cy + v - HOLE / 2, HOLE, HOLE, fill))
    body.append(svg.circle(cx + uc, cy + vc, KEY_CIRCLE_R, fill))
    body.append(svg.rect(cx + us - KEY_SQUARE / 2, cy + vs - KEY_SQUARE / 2, KEY_SQUARE, KEY_SQUARE, fill))
    labels = [label(cx + u0 + 22, cy + height / 2 - 2.0, 60, 2.4, f"{decoder_name.upper()} · this side up",
                    align="left", bold=True)]
    return body, labels
