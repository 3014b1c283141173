"""Room to take notes: ruled lines that fill a page's free space, as the seed's casebook
leaves under each mystery's wheel table.

CSS cannot make a box as tall as what is left of a page, so the pipeline measures it:
a template marks where the lines may start with an empty `<div id="fill-KEY">`; after a
layout this module reads how far that mark is from the foot of its page and turns it
into a number of lines, which the next layout prints (`fills[KEY]`). The mark comes
before the lines, so printing them does not move it: the next layout measures the same.
"""

from __future__ import annotations

from weasyprint.document import Document

from ..printing.paper import MARGIN_BOTTOM

PREFIX = "fill-"
PX_PER_MM = 96 / 25.4      # WeasyPrint's anchor positions are CSS pixels
LINE_MM = 8.0              # one handwritten line (casebook.css .notes .rule)
CAPTION_MM = 9.0           # the "Notes" caption and the space above it
SAFETY_MM = 2.0            # never let the last line spill onto the next page
MIN_LINES = 3              # fewer lines are no room to write in: leave the space white


def free_lines(document: Document) -> tuple[tuple[str, int], ...]:
    """(key, lines) for every fill mark that has room for MIN_LINES lines or more."""
    fills = []
    for page in document.pages:
        for name, position in page.anchors.items():
            if not name.startswith(PREFIX):
                continue
            free_mm = (page.height - position[1]) / PX_PER_MM - MARGIN_BOTTOM - CAPTION_MM - SAFETY_MM
            lines = int(free_mm // LINE_MM)
            if lines >= MIN_LINES:
                fills.append((name.removeprefix(PREFIX), lines))
    return tuple(sorted(fills))
