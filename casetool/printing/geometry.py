"""Every printed size of the decoder sheets, in millimetres, and the geometry of a wheel.

A wheel page and its folder page put the disc's centre at the same place, so a test (or
a printer checking registration) can lay one over the other. The disc is 190 mm across:
the widest that fits inside the printable area of both A4 (210 mm) and US Letter
(215.9 mm) with an 8 mm margin, so the same PDF prints at 100% on either.

Angles are in degrees, clockwise from 3 o'clock (SVG's y axis points down). Position 1
sits at 3 o'clock, where the folder's window is; the numbers run clockwise. Each
position owns a wedge of the disc. Inside a wedge, "band" coordinates are used: u runs
outward along the wedge's centre line from the hub to the rim, v across it (positive is
clockwise), so that with the wedge turned to the window the band reads left to right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .paper import PAPERS

MM_PER_INCH = 25.4
DPI = 300                      # pictures of secret text: print resolution, and small enough to build fast
RES = DPI / MM_PER_INCH        # pixels per millimetre

PAGE_MARGIN = 8.0              # inside every home printer's unprintable edge
HEADER = 14.0                  # title line above the disc
DISC_R = 95.0                  # the disc's cut line
FOLDER_SIDE = 192.0            # the square folder face covers the disc
CENTRE_HOLE_R = 1.2            # pierce here for the paper fastener
TEXT_R = (17.0, 87.0)          # statements live between these radii
NUMBER_R = (88.2, 94.0)        # the position numbers, at the rim
NUMBER_EM = 2.7                # type size (em) of the position numbers
WEDGE_GAP = 0.45               # clear space between the texts of neighbouring wedges
WINDOW_R = (TEXT_R[0] - 1.0, NUMBER_R[1] + 0.3)
RULER_LENGTH = 100.0           # the calibration ruler
# A location key card up to KEY_ROOM tall is printed on its folder's page, under the folder,
# KEY_DROP below where it lies on the window (a page of its own held just the card).
KEY_ROOM = 40.0
KEY_DROP = FOLDER_SIDE / 2 + 6.0 + KEY_ROOM / 2


@dataclass(frozen=True)
class Wheel:
    """The geometry of one character's wheel of `positions` numbered positions."""
    positions: int

    @property
    def step(self) -> float:
        return 360.0 / self.positions

    def angle(self, number: int) -> float:
        """Where position `number` is on the unturned disc."""
        return (number - 1) * self.step

    @property
    def tan_half(self) -> float:
        return math.tan(math.radians(self.step / 2))

    @property
    def band_height(self) -> float:
        """Height of the band picture: the wedge's full width at the outer text radius."""
        return 2 * TEXT_R[1] * self.tan_half


def page_size(paper: str) -> tuple[float, float]:
    p = PAPERS[paper]
    return p.width_mm, p.height_mm


def disc_centre(paper: str) -> tuple[float, float]:
    """The disc's centre on a wheel page (and on its folder page), from the top left corner."""
    width, _ = page_size(paper)
    return width / 2, PAGE_MARGIN + HEADER + DISC_R + 1.0


def ruler_origin(paper: str) -> tuple[float, float]:
    """Left end of the calibration ruler's baseline on a wheel page."""
    width, _ = page_size(paper)
    cx, cy = disc_centre(paper)
    return (width - RULER_LENGTH) / 2, cy + DISC_R + 12.0


def polar(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def band_to_page(cx: float, cy: float, angle: float, u: float, v: float) -> tuple[float, float]:
    """A point of a wedge's band on the page, for the wedge at `angle`."""
    a = math.radians(angle)
    return cx + u * math.cos(a) - v * math.sin(a), cy + u * math.sin(a) + v * math.cos(a)
