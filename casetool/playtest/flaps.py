"""The murder card holders of a code book (seed 002), opened as a player opens them.

After an accusation a player lifts a mystery's flaps and reads the corners of its three
murder cards (two colours, two numbers each). They must be the codes of the mystery's
answer, as the detective sheet lists them. The holders are plain print, so they are read
from the page's text layer (pdftotext -bbox): per "Mystery N:" heading, each holder row
(the label, then flap and corner by turn), the corners left to right.
"""

from __future__ import annotations

from ..decoders.sheets import _parts
from .cards import _words
from .raster import Pdf

ROW_SLACK = 4.0   # points above a row's label where its corners (and their colour names) start


def holders(pdf: Pdf) -> dict[int, list[list[str]]]:
    """Mystery -> for each holder row, top to bottom, the corners under its flaps."""
    out: dict[int, list[list[str]]] = {}
    for page in range(1, pdf.pages + 1):
        if "card" not in pdf.text(page) or "flap" not in pdf.text(page):
            continue
        words = _words(pdf, page)
        marks: list[tuple[float, str, float]] = []  # (y, kind, value): headings and row labels, in page order
        for i, (x0, y0, _x1, _y1, t) in enumerate(words[:-1]):
            nxt = words[i + 1][4]
            if t == "Mystery" and nxt.rstrip(":").isdigit() and nxt.endswith(":"):
                marks.append((y0, "mystery", int(nxt.rstrip(":"))))
            elif t == "The" and i + 2 < len(words) and words[i + 2][4] == "card" and words[i + 3][4] == "flap":
                marks.append((y0, "row", x0))
        marks.sort()
        mystery: int | None = None
        for k, (y, kind, value) in enumerate(marks):
            if kind == "mystery":
                mystery = int(value)
                out.setdefault(mystery, [])
                continue
            end = marks[k + 1][0] - ROW_SLACK if k + 1 < len(marks) else y + 30
            row = sorted((w for w in words if y - ROW_SLACK <= w[1] < end and w[0] > value + 100
                          and w[4] not in ("flap",)), key=lambda w: w[0])
            if mystery is not None:
                out[mystery].append([w[4].lower() for w in row])
    return out


def expected(book, case) -> list[list[str]]:
    setting = book.setting
    return [[p["value"].lower() for p in _parts(setting.categories[cid].item(case.solution[cid]).attrs.get("code") or {})]
            for cid in setting.answer]
