"""The murder card holders (seed 002) as a duplex sheet that hides its codes as printed.

One sheet per mystery, so that preparing one mystery shows nothing of another. The front
(an odd page) shows the mystery's three murder cards, each corner under a flap: cut on
three solid sides, hinged on the dashed fourth. The front prints no code at all: each
corner's code is printed on the *back* of its flap (the next page), where only lifting
the flap shows it. Hinges are vertical, so a lifted flap turns over the same way a sheet
printed double-sided "flip on long edge" does, and its code reads the right way round.

The back page is the front mirrored left to right: a flap whose front spans x0..x1 has
its code at width - x1 .. width - x0 on the back. Codes sit well inside their flap
(CODE_INSET), so a duplex printer a few millimetres out of register still puts every
code behind its own flap.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..printing.geometry import page_size
from . import svg
from .pages import Label, Page, label

MARGIN = 15.0              # the cards' left and right margin
CARD_TOP = 52.0            # the first card's top, below the heading and the instructions
CARD_H, CARD_GAP = 62.0, 8.0
FLAP_W, FLAP_H = 38.0, 24.0
FLAP_INSET = 4.0           # a flap's distance from its card's edges
CODE_INSET = 6.0           # registration slack: no code closer than this to its flap's edge
CARD_TINT = "#f1ece2"
FLAP_GREY = "#d9d9d9"
# corner order = code order: the two colours along the top, the two numbers along the bottom
CORNERS = (("top", "left"), ("top", "right"), ("bottom", "left"), ("bottom", "right"))


@dataclass(frozen=True)
class Flap:
    """One flap on the front page (mm from the page's top left) and its hinge side."""
    x0: float
    y0: float
    hinge: str                 # "left" or "right": the dashed edge, towards the card's middle
    kind: str                  # what it hides: "colour" or "number"

    @property
    def x1(self) -> float:
        return self.x0 + FLAP_W

    @property
    def y1(self) -> float:
        return self.y0 + FLAP_H


def flaps(paper: str) -> list[list[Flap]]:
    """Per card, top to bottom, its four flaps in code order."""
    width, _ = page_size(paper)
    out = []
    for row in range(3):
        top = CARD_TOP + row * (CARD_H + CARD_GAP)
        card = []
        for n, (vertical, side) in enumerate(CORNERS):
            x0 = MARGIN + FLAP_INSET if side == "left" else width - MARGIN - FLAP_INSET - FLAP_W
            y0 = top + FLAP_INSET if vertical == "top" else top + CARD_H - FLAP_INSET - FLAP_H
            card.append(Flap(x0, y0, "right" if side == "left" else "left", "colour" if n < 2 else "number"))
        out.append(card)
    return out


def front_page(holder: dict, paper: str) -> Page:
    """The holder as it comes out of the printer: cards, flaps, no code."""
    width, height = page_size(paper)
    body, labels = [], []
    for row, (card, flap_row) in enumerate(zip(holder["holders"], flaps(paper), strict=True)):
        top = CARD_TOP + row * (CARD_H + CARD_GAP)
        body.append(svg.rect(MARGIN, top, width - 2 * MARGIN, CARD_H, f'fill="{CARD_TINT}" stroke="none" rx="3"'))
        labels.append(label(width / 2, top + CARD_H / 2 - 2, 80, 4.2, card["label"], bold=True))
        labels.append(label(width / 2, top + CARD_H / 2 + 5, 80, 2.8, f"Mystery {holder['case']}"))
        for flap in flap_row:
            body += _flap_lines(flap)
            labels.append(label((flap.x0 + flap.x1) / 2, flap.y0 + FLAP_H / 2 - 0.5, FLAP_W - 4, 3.0, "lift"))
            labels.append(label((flap.x0 + flap.x1) / 2, flap.y0 + FLAP_H / 2 + 4.0, FLAP_W - 4, 2.4, flap.kind))
    body += legend(MARGIN, height - 14.0)
    labels += legend_labels(MARGIN, height - 14.0)
    return Page(svg.document(width, height, body), labels)


def back_page(holder: dict, paper: str) -> Page:
    """The other side of the sheet: each code behind its flap, nothing else to read."""
    width, height = page_size(paper)
    body: list[str] = []
    labels: list[Label] = []
    for card, flap_row in zip(holder["holders"], flaps(paper), strict=True):
        for part, flap in zip(card["parts"], flap_row, strict=True):
            cx, cy = width - (flap.x0 + flap.x1) / 2, (flap.y0 + flap.y1) / 2   # mirrored: the flap's back
            if part["kind"] == "colour":
                body.append(svg.circle(cx, cy - 2.5, 3.5, f'fill="{part["swatch"]}" stroke="#000" stroke-width="0.25"'))
                labels.append(label(cx, cy + 5.5, FLAP_W - 2 * CODE_INSET, 3.0, part["value"]))
            else:
                labels.append(label(cx, cy + 2.5, FLAP_W - 2 * CODE_INSET, 7.0, part["value"], bold=True))
    return Page(svg.document(width, height, body), labels)


def _flap_lines(flap: Flap) -> list[str]:
    """Three solid cut edges and the dashed hinge, over the flap's grey."""
    x0, y0, x1, y1 = flap.x0, flap.y0, flap.x1, flap.y1
    hinge_x = x1 if flap.hinge == "right" else x0
    free_x = x0 if flap.hinge == "right" else x1
    cut = f"M{hinge_x:.3f} {y0:.3f}H{free_x:.3f}V{y1:.3f}H{hinge_x:.3f}"
    return [svg.rect(x0, y0, FLAP_W, FLAP_H, f'fill="{FLAP_GREY}" stroke="none"'),
            svg.path(cut, svg.CUT), svg.line(hinge_x, y0, hinge_x, y1, 0.3, fold=True)]


def legend(x: float, y: float) -> list[str]:
    """The sheet's key to its lines: cut on solid lines, fold on dashed ones."""
    return [svg.line(x, y, x + 12, y, 0.3), svg.line(x + 40, y, x + 52, y, 0.3, fold=True)]


def legend_labels(x: float, y: float) -> list[Label]:
    return [label(x + 14, y + 1.1, 24, 3.0, "cut", align="left"), label(x + 54, y + 1.1, 24, 3.0, "fold", align="left")]
