"""The board drawn as a floor plan: rooms as boxes on a grid, a door line between each
pair of rooms next to each other (the setting's `timeline: moves` attribute).

The layout is a small search, the same on every run: rooms start in breadth-first order
from the first room, then two cells swap while that makes the plan cheaper. Doors
between side-by-side rooms cost nothing; longer doors, doors that cross and doors
drawn through a third room cost more, so a plan a player can follow is kept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

from markupsafe import Markup, escape

# millimetres on paper: one room's box and the gaps the door lines cross
BOX_W, BOX_H, GAP_X, GAP_Y = 36.0, 15.0, 14.0, 11.0
PITCH_X, PITCH_Y = BOX_W + GAP_X, BOX_H + GAP_Y
MARGIN = 1.0   # around the plan, so the outer boxes' borders are not cut off
FONT_MM, CHARS_PER_LINE = 3.5, 17   # 10 pt sans: about 17 letters fit a box's width
SANS = "casetool sans, Liberation Sans, Arial, sans-serif"   # the casebook's drawings (plan, pieces)
CROSSING, THROUGH, DIAGONAL, LENGTH = 15.0, 30.0, 3.0, 4.0

Cell = tuple[int, int]  # (column, row)


@dataclass(frozen=True)
class Plan:
    cells: dict[str, Cell]            # room name -> its cell
    doors: tuple[tuple[str, str], ...]
    columns: int
    rows: int


def layout(rooms: list[str], doors: list[tuple[str, str]]) -> Plan:
    """Each room a cell of a grid just big enough, placed so the doors read clearly."""
    columns = max(1, math.ceil(math.sqrt(len(rooms))))
    rows = max(1, math.ceil(len(rooms) / columns))
    if columns * rows == len(rooms) and len(rooms) > 4:
        columns += 1  # an empty cell gives a crowded plan room to untangle
    grid: list[str | None] = _breadth_first(rooms, doors) + [None] * (columns * rows - len(rooms))
    cost = _cost(grid, doors, columns)
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(grid)), 2):
            if grid[i] is None and grid[j] is None:
                continue
            grid[i], grid[j] = grid[j], grid[i]
            new = _cost(grid, doors, columns)
            if new < cost - 1e-9:
                cost, improved = new, True
            else:
                grid[i], grid[j] = grid[j], grid[i]
    cells = {room: (k % columns, k // columns) for k, room in enumerate(grid) if room is not None}
    return Plan(cells, tuple(doors), columns, rows)


def _breadth_first(rooms: list[str], doors: list[tuple[str, str]]) -> list[str]:
    order: list[str] = []
    for start in rooms:  # every part of the board, also one no door leads to
        queue = [start] if start not in order else []
        while queue:
            room = queue.pop(0)
            if room in order:
                continue
            order.append(room)
            queue += [b if a == room else a for a, b in doors if room in (a, b)]
    return order


def _cost(grid: list[str | None], doors: list[tuple[str, str]], columns: int) -> float:
    at = {room: (k % columns, k // columns) for k, room in enumerate(grid) if room is not None}
    segments = [(a, b, at[a], at[b]) for a, b in doors]
    total = 0.0
    for a, b, p, q in segments:
        dx, dy = abs(p[0] - q[0]), abs(p[1] - q[1])
        if dx + dy > 1:
            total += DIAGONAL if dx == dy == 1 else LENGTH * math.hypot(dx, dy)
        total += THROUGH * sum(_through_box(_mm(p), _mm(q), _mm(c)) for r, c in at.items() if r not in (a, b))
    for (a, b, p, q), (c, d, r, s) in combinations(segments, 2):
        if not {a, b} & {c, d} and _cross(_mm(p), _mm(q), _mm(r), _mm(s)):
            total += CROSSING
    return total


def _mm(cell: Cell) -> tuple[float, float]:
    """The centre of a cell's box on paper."""
    return BOX_W / 2 + cell[0] * PITCH_X, BOX_H / 2 + cell[1] * PITCH_Y


def _clip(p, q, centre) -> tuple[float, float] | None:
    """The part (t0, t1) of the segment p->q inside the box at `centre` (Liang-Barsky)."""
    t0, t1 = 0.0, 1.0
    d = (q[0] - p[0], q[1] - p[1])
    half = (BOX_W / 2, BOX_H / 2)
    for axis in (0, 1):
        lo, hi = centre[axis] - half[axis], centre[axis] + half[axis]
        if abs(d[axis]) < 1e-12:
            if not lo <= p[axis] <= hi:
                return None
            continue
        ta, tb = sorted(((lo - p[axis]) / d[axis], (hi - p[axis]) / d[axis]))
        t0, t1 = max(t0, ta), min(t1, tb)
        if t0 > t1:
            return None
    return t0, t1


def _through_box(p, q, centre) -> bool:
    inside = _clip(p, q, centre)
    return inside is not None and inside[1] - inside[0] > 1e-6


def _cross(p, q, r, s) -> bool:
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2, d3, d4 = side(r, s, p), side(r, s, q), side(p, q, r), side(p, q, s)
    return d1 * d2 < 0 and d3 * d4 < 0


def door_line(plan: Plan, a: str, b: str) -> tuple[float, float, float, float]:
    """The door between two rooms on paper: from the edge of one box to the edge of the other."""
    p, q = _mm(plan.cells[a]), _mm(plan.cells[b])
    leave = _clip(p, q, p)
    enter = _clip(p, q, q)
    t0 = leave[1] if leave else 0.0
    t1 = enter[0] if enter else 1.0
    return (p[0] + t0 * (q[0] - p[0]), p[1] + t0 * (q[1] - p[1]),
            p[0] + t1 * (q[0] - p[0]), p[1] + t1 * (q[1] - p[1]))


def svg(plan: Plan, title: str) -> Markup:
    """The plan as inline SVG in millimetres: grey doors under white rooms with their names."""
    width = plan.columns * PITCH_X - GAP_X + 2 * MARGIN
    height = plan.rows * PITCH_Y - GAP_Y + 2 * MARGIN
    parts = [f'<svg class="floor-plan" xmlns="http://www.w3.org/2000/svg" role="img" width="{width:g}mm" '
             f'height="{height:g}mm" viewBox="{-MARGIN:g} {-MARGIN:g} {width:g} {height:g}">'
             f'<title>{escape(title)}</title>']
    for a, b in plan.doors:
        x0, y0, x1, y1 = door_line(plan, a, b)
        parts.append(f'<line class="door" x1="{x0:.2f}" y1="{y0:.2f}" x2="{x1:.2f}" y2="{y1:.2f}" '
                     f'stroke="#333" stroke-width="1.1" stroke-linecap="butt"/>')
    for room, cell in sorted(plan.cells.items(), key=lambda rc: (rc[1][1], rc[1][0])):
        cx, cy = _mm(cell)
        parts.append(f'<rect class="room" x="{cx - BOX_W / 2:.2f}" y="{cy - BOX_H / 2:.2f}" width="{BOX_W:g}" '
                     f'height="{BOX_H:g}" rx="1" fill="#f4f4f4" stroke="#111" stroke-width="0.45"/>')
        lines = name_lines(room)
        for i, line in enumerate(lines):
            y = cy + (i - (len(lines) - 1) / 2) * FONT_MM * 1.15 + FONT_MM * 0.35
            parts.append(f'<text x="{cx:.2f}" y="{y:.2f}" text-anchor="middle" font-size="{FONT_MM}" '
                         f'font-family="{SANS}">{escape(line)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def name_lines(name: str, per_line: int = CHARS_PER_LINE) -> list[str]:
    """A long name on two lines, split at the space nearest its middle."""
    if len(name) <= per_line or " " not in name:
        return [name]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]
