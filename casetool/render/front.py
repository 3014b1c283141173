"""How the rules section sets its category tables, chosen from how the pages came out.

A publisher does not let the rules' last table sit alone on a page (issue 26): classic's
Room table, hampshire's Scene table, tudor's Time table each took a page of their own
with only ruled lines under them. CSS cannot see that, so the pipeline lays the book out,
measures the section's pages here and tries the next arrangement:

  0 "flow":          one table under another, full width, following the rules' text (the
                     look of every book whose tables end on a well-filled page);
  1 "paired":        two narrow tables (a name and a short attribute or two) side by side;
  2 "paired-apart":  paired, and the tables start a page of their own, a reference page
                     facing or following the rules' text.

The first arrangement whose every page of the section is filled is kept; when none is,
the one whose emptiest page is fullest. The same book gives the same choice on every run.
"""

from __future__ import annotations

from weasyprint.document import Document

from ..printing.paper import MARGIN_BOTTOM, MARGIN_TOP
from .fill import PX_PER_MM

MODES = ("flow", "paired", "paired-apart")
FILLED = 0.45          # a page of the section must be filled this far down (the test's 0.40, and some room)
HALF_CHARS = 40        # a narrow table's widest name and values, in letters, fit half the measure
HALF_COLUMNS = 3       # the name and at most two attributes

START, TEXT_END, TABLES, END = "front", "front-text-end", "front-tables", "fill-front"   # rules.html's anchors


def narrow(table: dict) -> bool:
    """Whether a category table (context.category_table) reads well at half the page's width."""
    if table["has_images"] or len(table["attributes"]) + 1 > HALF_COLUMNS:
        return False
    widths = [max([len(i["name"]) for i in table["items"]] + [4])]
    widths += [max([len(head)] + [len(i["values"][k]) for i in table["items"]]) for k, head in enumerate(table["attributes"])]
    return sum(widths) <= HALF_CHARS


def rows(tables: list[dict], mode: str) -> list[list[dict]]:
    """The tables in rows: one each, or (paired modes) two narrow ones next to each other, in order."""
    out: list[list[dict]] = []
    for table in tables:
        if mode != "flow" and out and len(out[-1]) == 1 and narrow(out[-1][0]) and narrow(table):
            out[-1].append(table)
        else:
            out.append([table])
    return out


def page_fills(document: Document) -> list[float]:
    """How far down each page of the rules section its content reaches, 0..1; a page the
    section fills to its foot counts as 1. Empty when the section is one page."""
    marks: dict[str, tuple[int, float]] = {}
    for number, page in enumerate(document.pages):
        for name in (START, TEXT_END, TABLES, END):
            if name in page.anchors and name not in marks:
                marks[name] = (number, depth(page, page.anchors[name][1]))
    if START not in marks or END not in marks or marks[START][0] == marks[END][0]:
        return []
    fills = {number: 1.0 for number in range(marks[START][0], marks[END][0] + 1)}
    if TEXT_END in marks and TABLES in marks and marks[TABLES][0] > marks[TEXT_END][0]:
        fills[marks[TEXT_END][0]] = marks[TEXT_END][1]   # the tables start a page of their own
    fills[marks[END][0]] = marks[END][1]
    return [fills[n] for n in sorted(fills)]


def depth(page, y_px: float) -> float:
    area = page.height / PX_PER_MM - MARGIN_TOP - MARGIN_BOTTOM
    return max(0.0, min(1.0, (y_px / PX_PER_MM - MARGIN_TOP) / area))


def next_mode(mode: int, tried: tuple[tuple[int, float], ...], fills: list[float]) -> tuple[int, tuple[tuple[int, float], ...], bool]:
    """(the mode for the next layout, the modes tried with their emptiest page, settled?)."""
    worst = min(fills, default=1.0)
    tried = tuple(sorted(set(tried) | {(mode, round(worst, 3))}))
    if worst >= FILLED:
        return mode, tried, True
    if mode + 1 < len(MODES):
        return mode + 1, tried, False
    best = max(tried, key=lambda t: (t[1], -t[0]))[0]   # the fullest emptiest page; the earlier mode on a tie
    return best, tried, True
