"""Prove the laid-out book against itself: page references, and no spoiling spreads.

The index prints each solution's page with CSS target-counter(); this module reads the
number WeasyPrint actually printed in each reference and compares it with the page
that holds the solution's anchor (`Document.pages[i].anchors`). It also checks that no
solution is on a page, or a two-page spread, that shows its own mystery.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from weasyprint.document import Document

from ..diagnostics import Diagnostic, Pos, error
from ..printing.verify import anchor_pages, printed_references


@dataclass
class Verification:
    wrong: list[Diagnostic] = field(default_factory=list)     # references to the wrong page
    clashes: list[Diagnostic] = field(default_factory=list)   # a solution in its mystery's spread

    @property
    def problems(self) -> list[Diagnostic]:
        return self.wrong + self.clashes


def spread(page: int) -> int:
    """Pages facing each other share a spread: page 1 alone, then 2-3, 4-5, ..."""
    return page // 2


def verify(document: Document, positions: dict[int, Pos]) -> Verification:
    """`positions` maps each mystery number to its case file, where problems are reported."""
    anchors = anchor_pages(document)
    result = Verification()
    for page, target, text in printed_references(document):
        if not target.startswith("solution-"):
            continue
        number = target.removeprefix("solution-")
        where = anchors.get(target)
        pos = positions.get(int(number)) if number.isdigit() else None
        pos = pos or Pos("casebook.html")
        if where and text != str(where[0]):
            result.wrong.append(error(pos, "R021", f"page {page} names page '{text}' for the solution to mystery {number}, "
                                      f"but it is on page {where[0]}", "a template changed the page counter or the layout"))
    for mystery, pos in sorted(positions.items()):
        if f"solution-{mystery}" not in anchors:
            result.wrong.append(error(pos, "R020", f"the solution to mystery {mystery} is missing from the laid-out book"))
        result.clashes += _clash(mystery, pos, anchors)
    return result


def solution_pages(document: Document, numbers) -> dict[int, int]:
    """The page each mystery's solution starts on."""
    anchors = anchor_pages(document)
    return {n: anchors[f"solution-{n}"][0] for n in numbers if f"solution-{n}" in anchors}


PARTS = ("board", "pieces")  # anchors of the parts the rules page names (pieces.html)


def part_pages(document: Document) -> dict[str, int]:
    """The page each part the rules name starts on (the screen edition prints them as text)."""
    anchors = anchor_pages(document)
    return {part: anchors[part][0] for part in PARTS if part in anchors}


def long_mysteries(document: Document, numbers) -> set[int]:
    """Mysteries whose page runs over onto a second page."""
    anchors = anchor_pages(document)
    return {n for n in numbers if len(_span(anchors, f"mystery-{n}", f"mystery-{n}-end")) > 1}


def _span(anchors: dict[str, list[int]], start: str, end: str) -> set[int]:
    pages = anchors.get(start, []) + anchors.get(end, [])
    return set(range(min(pages), max(pages) + 1)) if pages else set()


def _clash(number: int, pos: Pos, anchors: dict[str, list[int]]) -> list[Diagnostic]:
    mystery = _span(anchors, f"mystery-{number}", f"mystery-{number}-end")
    solution = _span(anchors, f"solution-{number}", f"solution-{number}-end")
    shared = {spread(p) for p in mystery} & {spread(p) for p in solution}
    if not shared:
        return []
    return [error(pos, "R022", f"the solution to mystery {number} (page {min(solution)}) faces its mystery "
                  f"(page {min(mystery)}): a player would see it", "the build adds blank pages; a template may have removed them")]
