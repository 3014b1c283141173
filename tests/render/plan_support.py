"""Reading a drawn board (casetool/render/plan.py) back from a casebook PDF, as a player does.

The room names are found in the page's text layer (pdftotext -bbox), first after the
heading "The board". Each room's box is then found on the rasterised page itself: from
the name outwards to the first dark pixel in each direction (the box's border), so the
test does not repeat the plan's geometry. Two rooms are joined when the straight path
between their boxes, across the gap, is inked along its whole middle: a door line.
"""

from __future__ import annotations

import html
import io
import re
import subprocess
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np
from PIL import Image

DPI = 100
PT = DPI / 72
DARK = 110            # grey level: the box borders and door lines are near black, the fill near white
INKED = 0.9           # share of the gap's middle that must be dark to count as a line
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


@dataclass(frozen=True)
class SeenPlan:
    lines: set[frozenset[str]]                     # pairs of rooms a line joins
    neighbours_without_line: list[tuple[str, str]]  # side by side, no line between them
    name_heights_pt: list[float]


def read_plan(pdf: Path, names: list[str]) -> SeenPlan:
    page, words = _board_page(pdf)
    grey = _rasterise(pdf, page)
    boxes = {name: _box(grey, _name_bbox(words, name)) for name in names}
    lines, apart = set(), []
    for a, b in combinations(names, 2):
        gap = _gap(boxes[a], boxes[b])
        if gap is None or any(_crosses(gap, boxes[c]) for c in names if c not in (a, b)):
            continue  # no clear path between the two boxes: no door could be drawn there
        if _inked(grey, gap):
            lines.add(frozenset((a, b)))
        elif _side_by_side(boxes[a], boxes[b]):
            apart.append((a, b))
    heights = [(y1 - y0) for name in names for (_, y0, _, y1) in [_name_bbox(words, name)]]
    return SeenPlan(lines, apart, heights)


def _board_page(pdf: Path) -> tuple[int, list[tuple[float, float, float, float, str]]]:
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    for number, page in enumerate(out.split("<page ")[1:], 1):
        words = [(float(a), float(b), float(c), float(d), html.unescape(t)) for a, b, c, d, t in WORD.findall(page)]
        texts = [w[4] for w in words]
        for i in range(len(texts) - 1):
            if (texts[i], texts[i + 1]) == ("The", "board"):
                return number, words[i + 2:]
    raise AssertionError(f"{pdf}: no page has the heading 'The board'")


def _name_bbox(words, name: str) -> tuple[float, float, float, float]:
    """The first place the name's words follow each other, as a box in points."""
    tokens = name.split()
    texts = [w[4] for w in words]
    for i in range(len(texts) - len(tokens) + 1):
        if texts[i:i + len(tokens)] == tokens:
            run = words[i:i + len(tokens)]
            return (min(w[0] for w in run), min(w[1] for w in run), max(w[2] for w in run), max(w[3] for w in run))
    raise AssertionError(f"the plan does not name the room {name!r}")


def _rasterise(pdf: Path, page: int) -> np.ndarray:
    out = subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-f", str(page), "-l", str(page), str(pdf)],
                         check=True, capture_output=True).stdout
    return np.asarray(Image.open(io.BytesIO(out)).convert("L")).astype(int)


def _box(grey: np.ndarray, name: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """The room's box (left, top, right, bottom) in pixels: its border around the name."""
    x0, y0, x1, y1 = (round(v * PT) for v in name)
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2

    def walk(x, y, dx, dy):
        while 0 <= x < grey.shape[1] and 0 <= y < grey.shape[0] and grey[y, x] >= DARK:
            x, y = x + dx, y + dy
        return x if dx else y
    return walk(x0 - 1, cy, -1, 0), walk(cx, y0 - 1, 0, -1), walk(x1 + 1, cy, 1, 0), walk(cx, y1 + 1, 0, 1)


def _centre(box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _gap(a, b) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part of the centre-to-centre path between two boxes that lies outside both."""
    p, q = _centre(a), _centre(b)
    leave, enter = _inside(p, q, a), _inside(p, q, b)
    t0, t1 = leave[1] + 0.02, enter[0] - 0.02   # clear of the borders themselves
    if t1 <= t0:
        return None
    point = lambda t: (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))  # noqa: E731
    return point(t0), point(t1)


def _inside(p, q, box) -> tuple[float, float]:
    t0, t1 = 0.0, 1.0
    for axis, (lo, hi) in enumerate(((box[0], box[2]), (box[1], box[3]))):
        d = q[axis] - p[axis]
        if abs(d) < 1e-9:
            continue
        ta, tb = sorted(((lo - p[axis]) / d, (hi - p[axis]) / d))
        t0, t1 = max(t0, ta), min(t1, tb)
    return t0, t1


def _crosses(gap, box) -> bool:
    """Whether the gap's path runs through another room's box (with a border's margin)."""
    (px, py), (qx, qy) = gap
    return any(box[0] - 2 <= px + t * (qx - px) <= box[2] + 2 and box[1] - 2 <= py + t * (qy - py) <= box[3] + 2
               for t in np.linspace(0, 1, 50))


def _inked(grey: np.ndarray, gap) -> bool:
    (px, py), (qx, qy) = gap
    ts = np.linspace(0.2, 0.8, 30)   # the middle of the gap, clear of the boxes' corners
    dark = [grey[round(py + t * (qy - py)), round(px + t * (qx - px))] < DARK for t in ts]
    return sum(dark) >= INKED * len(dark)


def _side_by_side(a, b) -> bool:
    """Next to each other in one row or one column of the plan."""
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    return abs(ax - bx) < 3 or abs(ay - by) < 3
