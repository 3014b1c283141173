"""The print-and-play pieces a setting's rules need (`pieces:`): a board, tokens and pawns.

The seed game is played on a board: the pawns start on the round Town Center and a scene
token stands on each corner space; to accuse, a player moves onto the scene's token. A
casebook whose rules say so prints them, as a board-game publisher's print-and-play
edition does: a board page (the centre space in the middle, a space at each corner named
by the corners category's label) and a page of pieces to cut out (a round token per item
of that category, named by the item; fold-over standees for the pawns).

Everything is drawn in millimetres (one SVG unit is one millimetre on paper at 100%),
sized so the pieces fit the board: a token fits a corner space with room to spare, a
standing pawn fits on a token, and every pawn stands on the centre at once.
Cut lines are solid, fold lines dashed, as on the decoder sheets; greys only, as in the
rest of the casebook.
"""

from __future__ import annotations

import math

from markupsafe import Markup, escape

from ..load.model import Setting
from .plan import SANS, name_lines

CUT = 'stroke="#000" stroke-width="0.3"'
FOLD = 'stroke="#000" stroke-width="0.3" stroke-dasharray="1.6 1.2"'

# The board: a square with a space at each corner and a round centre space between roads.
BOARD = 164.0            # the board's side (fits the page area of A4 and letter)
CORNER = 46.0            # a corner space's side
CENTRE_R = 41.0          # the centre space's radius
ROAD = 13.0              # a road's width, from a corner space to the centre
# The pieces.
TOKEN_D = 36.0           # a token's diameter: CORNER less 5 mm each side
TOKENS_PER_ROW, TOKEN_GAP = 4, 8.0
PAWN_W, FLAP, PANEL = 22.0, 10.0, 28.0   # a standee: base flap, back, front, base flap
PAWN_H = 2 * FLAP + 2 * PANEL
PAWN_GAP = 6.0
PAWN_FOOT = (PAWN_W, 2 * FLAP)           # a standing pawn's footprint: its flaps folded out
PAWNS_PER_ROW = 6


def pieces(setting: Setting) -> dict | None:
    """What pieces.html prints for the setting's `pieces:`; None when it declares none."""
    p = setting.pieces
    if p is None:
        return None
    corners = setting.categories.get(p.corners) if p.corners else None
    space = corners.label if corners is not None else ""
    tokens = [item.name for item in corners.items] if corners is not None else []
    board = {"centre": p.centre, "svg": board_svg(p.centre, space, len(tokens))} if tokens else None
    pawns = [f"{p.pawn_label} {n}" for n in range(1, p.pawns + 1)]
    cut_out = ([f"the {space.lower()} tokens"] if tokens else []) + ([f"the {p.pawn_label.lower()} pawns"] if pawns else [])
    return {
        "cut_out": " and ".join(cut_out),  # what the rules page says to cut out
        "board": board, "space": space,
        "tokens": tokens, "tokens_svg": tokens_svg(space, tokens) if tokens else None,
        "pawn_label": p.pawn_label,
        "pawns": pawns, "pawns_svg": pawns_svg(pawns) if pawns else None,
    }


def corner_centres(count: int) -> list[tuple[float, float]]:
    """The centres of the first `count` corner spaces: top left, bottom right, top right,
    bottom left (two spaces face each other across the centre, not along one edge)."""
    near, far = CORNER / 2, BOARD - CORNER / 2
    return [(near, near), (far, far), (far, near), (near, far)][:count]


def centre_holds() -> int:
    """How many standing pawns fit on the centre space side by side, in rows."""
    w, d = PAWN_FOOT
    best = 0
    for cols in range(1, 8):
        for rows in range(1, 8):
            if math.hypot(cols * w, rows * d) <= 2 * CENTRE_R:
                best = max(best, cols * rows)
    return best


def _text(x: float, y: float, size: float, words: str, bold: bool = False, italic: bool = False,
          colour: str = "#111") -> str:
    style = (' font-weight="bold"' if bold else "") + (' font-style="italic"' if italic else "")
    return (f'<text x="{x:.2f}" y="{y:.2f}" text-anchor="middle" font-size="{size:g}" fill="{colour}" '
            f'font-family="{SANS}"{style}>{escape(words)}</text>')


def _svg(css_class: str, width: float, height: float, title: str, parts: list[str]) -> Markup:
    return Markup(f'<svg class="{css_class}" xmlns="http://www.w3.org/2000/svg" role="img" width="{width:g}mm" '
                  f'height="{height:g}mm" viewBox="0 0 {width:g} {height:g}"><title>{escape(title)}</title>'
                  + "".join(parts) + "</svg>")


def board_svg(centre: str, space: str, corners: int) -> Markup:
    """The board: roads from each corner space to the round centre space, every space named."""
    mid = BOARD / 2
    parts = [f'<rect x="0.3" y="0.3" width="{BOARD - 0.6:g}" height="{BOARD - 0.6:g}" rx="3" fill="#f2f2f2" '
             'stroke="#111" stroke-width="0.6"/>']
    for cx, cy in corner_centres(corners):
        parts.append(f'<line x1="{cx:.2f}" y1="{cy:.2f}" x2="{mid:g}" y2="{mid:g}" stroke="#cfcfcf" '
                     f'stroke-width="{ROAD:g}"/>')
        parts.append(f'<line x1="{cx:.2f}" y1="{cy:.2f}" x2="{mid:g}" y2="{mid:g}" stroke="#fff" '
                     'stroke-width="0.6" stroke-dasharray="3 2.5"/>')
    parts.append(f'<circle cx="{mid:g}" cy="{mid:g}" r="{CENTRE_R:g}" fill="#fff" stroke="#111" stroke-width="0.8"/>')
    parts.append(f'<circle cx="{mid:g}" cy="{mid:g}" r="{CENTRE_R - 2:g}" fill="none" stroke="#999" stroke-width="0.3"/>')
    lines = name_lines(centre, 16)
    for i, line in enumerate(lines):
        parts.append(_text(mid, mid - 1.5 + (i - (len(lines) - 1) / 2) * 7.5, 6.5, line, bold=True))
    parts.append(_text(mid, mid + 4.5 + (len(lines) - 1) * 3.75, 3.2, "every pawn starts here", italic=True, colour="#444"))
    for cx, cy in corner_centres(corners):
        x, y = cx - CORNER / 2, cy - CORNER / 2
        parts.append(f'<rect x="{x:.2f}" y="{y:.2f}" width="{CORNER:g}" height="{CORNER:g}" rx="2" fill="#fff" '
                     'stroke="#111" stroke-width="0.8"/>')
        parts.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{TOKEN_D / 2:g}" fill="none" stroke="#888" '
                     'stroke-width="0.35" stroke-dasharray="1.2 1.2"/>')
        parts.append(_text(cx, cy + 0.5, 5.5, space, bold=True))
        parts.append(_text(cx, cy + 6, 2.8, f"a {space.lower()} token here", italic=True, colour="#444"))
    return _svg("board", BOARD, BOARD, f"The board: {centre} in the middle, a {space.lower()} space at each corner", parts)


def tokens_svg(space: str, names: list[str]) -> Markup:
    """A round token per item, to cut out: the category's label over the item's name."""
    rows = math.ceil(len(names) / TOKENS_PER_ROW)
    width = min(len(names), TOKENS_PER_ROW) * (TOKEN_D + TOKEN_GAP) - TOKEN_GAP + 1
    height = rows * (TOKEN_D + TOKEN_GAP) - TOKEN_GAP + 1
    r, parts = TOKEN_D / 2, []
    for k, name in enumerate(names):
        cx, cy = 0.5 + r + (k % TOKENS_PER_ROW) * (TOKEN_D + TOKEN_GAP), 0.5 + r + (k // TOKENS_PER_ROW) * (TOKEN_D + TOKEN_GAP)
        parts.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r:g}" fill="#fff" {CUT}/>')
        parts.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r - 2.5:g}" fill="#ececec" stroke="#777" stroke-width="0.4"/>')
        parts.append(_text(cx, cy - 6, 2.8, space.upper(), colour="#444"))
        lines = name_lines(name, 13)
        for i, line in enumerate(lines):
            parts.append(_text(cx, cy + 2 + (i - (len(lines) - 1) / 2) * 5.2, 4.6, line, bold=True))
    return _svg("tokens", width, height, f"{len(names)} {space.lower()} tokens to cut out", parts)


def pawns_svg(labels: list[str]) -> Markup:
    """A fold-over standee per pawn: a base flap, the back (turned), the front, a base flap.

    Folded at the middle line the two figures are back to back and both upright; the
    flaps fold out to opposite sides and make the base."""
    rows = math.ceil(len(labels) / PAWNS_PER_ROW)
    width = min(len(labels), PAWNS_PER_ROW) * (PAWN_W + PAWN_GAP) - PAWN_GAP + 1
    height = rows * (PAWN_H + PAWN_GAP) - PAWN_GAP + 1
    parts = []
    for k, label in enumerate(labels):
        x = 0.5 + (k % PAWNS_PER_ROW) * (PAWN_W + PAWN_GAP)
        y = 0.5 + (k // PAWNS_PER_ROW) * (PAWN_H + PAWN_GAP)
        for flap_y in (y, y + FLAP + 2 * PANEL):
            parts.append(f'<rect x="{x:.2f}" y="{flap_y:.2f}" width="{PAWN_W:g}" height="{FLAP:g}" fill="#e6e6e6"/>')
        middle = y + FLAP + PANEL  # the fold at the top of the standing pawn
        parts.append(_figure(x + PAWN_W / 2, middle, label, turned=True))
        parts.append(_figure(x + PAWN_W / 2, middle, label, turned=False))
        parts.append(f'<rect x="{x:.2f}" y="{y:.2f}" width="{PAWN_W:g}" height="{PAWN_H:g}" fill="none" {CUT}/>')
        for fold in (y + FLAP, middle, y + FLAP + 2 * PANEL):
            parts.append(f'<line x1="{x:.2f}" y1="{fold:.2f}" x2="{x + PAWN_W:.2f}" y2="{fold:.2f}" {FOLD}/>')
    return _svg("pawns", width, height, f"{len(labels)} pawns to cut out and fold", parts)


def _figure(cx: float, top: float, label: str, turned: bool) -> str:
    """A pawn's figure and label on one panel, its head at the fold `top`; the back panel
    (above the fold on paper) is the front turned half round."""
    head, shoulders, feet = top + 6.5, top + 11.0, top + 21.0
    body = (f'<circle cx="{cx:.2f}" cy="{head:.2f}" r="3.6" fill="#9a9a9a"/>'
            f'<path d="M{cx - 6.5:.2f} {feet:.2f}L{cx - 5.5:.2f} {shoulders + 1.5:.2f}Q{cx:.2f} {shoulders - 1.5:.2f} '
            f'{cx + 5.5:.2f} {shoulders + 1.5:.2f}L{cx + 6.5:.2f} {feet:.2f}Z" fill="#9a9a9a"/>'
            + _text(cx, top + 25.5, 2.9, label, bold=True))
    return f'<g transform="rotate(180 {cx:.2f} {top:.2f})">{body}</g>' if turned else body
