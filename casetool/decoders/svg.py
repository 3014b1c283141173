"""SVG building blocks for the printed parts, in millimetres (one SVG unit = 1 mm).

Every page SVG is exactly the paper's size and is placed at the page's top left corner,
so a length in the SVG is that length on paper when printed at 100%.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import quoteattr

from ..printing.geometry import RULER_LENGTH, polar
from .glyphs import BOLD_FONT, TEXT_FONT, outline

CUT = 'fill="none" stroke="#000" stroke-width="0.3"'
PUNCH = "#c8c8c8"   # fill of a part to cut or punch out; a test finds holes by it
# One convention on every sheet, shown by each sheet's legend: cut on solid lines, fold on dashed ones.
FOLD_DASH = "2 1.2"


def document(width: float, height: float, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{width:g}mm" height="{height:g}mm" viewBox="0 0 {width:g} {height:g}">'
            + "".join(body) + "</svg>")


def image(href: str, x: float, y: float, width: float, height: float) -> str:
    return (f'<image x="{x:.3f}" y="{y:.3f}" width="{width:.3f}" height="{height:.3f}" '
            f'preserveAspectRatio="none" xlink:href={quoteattr(href)}/>')


def path(d: str, attrs: str = 'fill="#000"') -> str:
    return f'<path d="{d}" {attrs}/>' if d else ""


def label(text: str, x: float, y: float, em: float, bold: bool = False, anchor: str = "start",
          angle: float = 0.0, colour: str = "#000") -> str:
    return path(outline(text, x, y, em, BOLD_FONT if bold else TEXT_FONT, anchor, angle), f'fill="{colour}"')


def circle(cx: float, cy: float, r: float, attrs: str = CUT) -> str:
    return f'<circle cx="{cx:.3f}" cy="{cy:.3f}" r="{r:.3f}" {attrs}/>'


def line(x1: float, y1: float, x2: float, y2: float, width: float = 0.2, colour: str = "#000",
         fold: bool = False) -> str:
    dash = f' stroke-dasharray="{FOLD_DASH}"' if fold else ""
    return (f'<line x1="{x1:.3f}" y1="{y1:.3f}" x2="{x2:.3f}" y2="{y2:.3f}" '
            f'stroke="{colour}" stroke-width="{width:g}"{dash}/>')


def rect(x: float, y: float, w: float, h: float, attrs: str = CUT) -> str:
    return f'<rect x="{x:.3f}" y="{y:.3f}" width="{w:.3f}" height="{h:.3f}" {attrs}/>'


def wedge(cx: float, cy: float, r0: float, r1: float, a0: float, a1: float, attrs: str) -> str:
    """The part of a ring between radii r0 < r1 and angles a0 < a1 (degrees, clockwise)."""
    p = [polar(cx, cy, r, a) for r, a in ((r0, a0), (r1, a0), (r1, a1), (r0, a1))]
    d = (f"M{p[0][0]:.3f} {p[0][1]:.3f}L{p[1][0]:.3f} {p[1][1]:.3f}"
         f"A{r1:.3f} {r1:.3f} 0 0 1 {p[2][0]:.3f} {p[2][1]:.3f}L{p[3][0]:.3f} {p[3][1]:.3f}"
         f"A{r0:.3f} {r0:.3f} 0 0 0 {p[0][0]:.3f} {p[0][1]:.3f}Z")
    return f'<path d="{d}" {attrs}/>'


def centre_hole(cx: float, cy: float, r: float) -> str:
    """The hole for the paper fastener, with a cross to aim the pin."""
    return circle(cx, cy, r) + line(cx - 2.5 * r, cy, cx + 2.5 * r, cy, 0.15) + line(cx, cy - 2.5 * r, cx, cy + 2.5 * r, 0.15)


def ruler(x: float, y: float) -> tuple[str, list[tuple[float, float, str]]]:
    """A calibration ruler: RULER_LENGTH millimetres, ticks every millimetre; below it an
    inch scale in eighths. Returns the ticks (one path) and the figures to set, as
    (centre x, baseline y, text): the caller sets them as text or outlines."""
    d, figures = [f"M{x:.3f} {y:.3f}H{x + RULER_LENGTH:.3f}"], []
    for mm in range(int(RULER_LENGTH) + 1):
        tall = 4.0 if mm % 10 == 0 else 2.8 if mm % 5 == 0 else 1.8
        d.append(f"M{x + mm:.3f} {y:.3f}V{y - tall:.3f}")
        if mm % 10 == 0:
            figures.append((x + mm, y - 5.0, str(mm)))
    figures.append((x + RULER_LENGTH + 4.0, y - 1.0, "mm"))
    eighths = math.floor(RULER_LENGTH / 25.4 * 8)
    below = y + 0.2
    d.append(f"M{x:.3f} {below:.3f}H{x + eighths * 25.4 / 8:.3f}")
    for eighth in range(eighths + 1):
        tall = 4.0 if eighth % 8 == 0 else 2.8 if eighth % 4 == 0 else 1.6
        d.append(f"M{x + eighth * 25.4 / 8:.3f} {below:.3f}V{below + tall:.3f}")
        if eighth % 8 == 0:
            figures.append((x + eighth * 25.4 / 8, below + 7.0, str(eighth // 8)))
    figures.append((x + eighths * 25.4 / 8 + 4.0, below + 3.0, "in"))
    return f'<path d="{"".join(d)}" fill="none" stroke="#000" stroke-width="0.15"/>', figures


def outlined_ruler(x: float, y: float) -> str:
    """The ruler with its figures as outlines: a drawing complete in itself."""
    ticks, figures = ruler(x, y)
    return ticks + "".join(label(text, fx, fy, 2.2, anchor="middle") for fx, fy, text in figures)
