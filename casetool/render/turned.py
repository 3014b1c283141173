"""Solutions that read in the right order once the book is turned upside down.

The solutions are printed rotated. A reader who turns the book sees each spread with its
pages swapped (page 15 on the left of 14) and leafs on towards the front, so the
section must run from its last page back to its first. WeasyPrint lays out forwards
only, so the pipeline lays the section out as usual, then puts its pages in reverse
order in the PDF; the page counter runs backwards over the section (`@page solutions
{ counter-increment: page -1 }`) so every printed page number, and every "Solution
appears on page N", is the page's place in the final PDF.

Reversing k pages keeps each on its side (left/right margins, running heads) only when
k is odd, so an even section gets one blank page, which ends up first.
Only a book where some solution runs onto a second page needs this; the others keep
their pages (and their bytes) as they were.
"""

from __future__ import annotations

from dataclasses import dataclass

from weasyprint.document import Document

from ..printing.verify import anchor_pages


@dataclass(frozen=True)
class Turned:
    first: int          # the section's first page in layout order (1-based)
    pages: int          # its pages, without the blank one
    blank: bool         # one blank page added, so the number of pages reversed is odd

    @property
    def count(self) -> int:
        return self.pages + self.blank

    def context(self) -> dict:
        """What page.css and solutions.html need."""
        return {"on": True, "first": self.first, "increment": self.count, "blank": self.blank}


OFF = {"on": False, "first": 0, "increment": 0, "blank": False}


def measure(document: Document, numbers) -> Turned | None:
    """The turned section this layout needs: None when every solution fits on one page."""
    anchors = anchor_pages(document)
    long = [n for n in numbers if len(_pages(anchors, f"solution-{n}", f"solution-{n}-end")) > 1]
    section = _pages(anchors, "solutions", "solutions-end")
    if not long or not section:
        return None
    pages = len(section)
    return Turned(min(section), pages, pages % 2 == 0)


def in_turned_order(document: Document, turned: Turned | None) -> Document:
    """The document with the section's pages (and the blank one) in reverse order."""
    if turned is None:
        return document
    start, end = turned.first - 1, turned.first - 1 + turned.count
    pages = document.pages[:start] + document.pages[start:end][::-1] + document.pages[end:]
    return document.copy(pages)


def _pages(anchors: dict[str, list[int]], start: str, end: str) -> set[int]:
    found = anchors.get(start, []) + anchors.get(end, [])
    return set(range(min(found), max(found) + 1)) if found else set()
