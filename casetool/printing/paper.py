"""Print profiles: paper sizes, margins, bleed and printer's marks."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Lengths are kept in millimetres so the solutions' rotation origin (half the page
# area's height) can be computed here rather than with CSS calc().
MARGIN_TOP, MARGIN_BOTTOM, MARGIN_INNER, MARGIN_OUTER = 24.0, 22.0, 22.0, 18.0

LENGTH = re.compile(r"^(\d+(\.\d+)?)(mm|cm|in|pt|px)$")
MARKS = {"none": "none", "crop": "crop", "cross": "cross", "both": "crop cross"}


@dataclass(frozen=True)
class Paper:
    name: str
    css_size: str  # the CSS `size` keyword: exact to the point in the PDF
    width_mm: float
    height_mm: float


PAPERS = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "letter", 215.9, 279.4),
}


@dataclass(frozen=True)
class PrintOptions:
    paper: Paper = PAPERS["a4"]
    bleed: str = "0mm"
    marks: str = "none"
    deductions: bool = False   # print "How to deduce it" under each solution
    difficulty: bool = False   # print each mystery's grade in the index

    @property
    def area_height_mm(self) -> float:
        """Height of the page area that holds the text, between the margins."""
        return self.paper.height_mm - MARGIN_TOP - MARGIN_BOTTOM

    def css(self) -> dict:
        """The values page.css needs, all plain CSS tokens (safe to put in a stylesheet)."""
        return {
            "size": self.paper.css_size, "bleed": self.bleed, "marks": MARKS[self.marks],
            "margin_top": f"{MARGIN_TOP:g}mm", "margin_bottom": f"{MARGIN_BOTTOM:g}mm",
            "margin_inner": f"{MARGIN_INNER:g}mm", "margin_outer": f"{MARGIN_OUTER:g}mm",
            "area_height": f"{self.area_height_mm:g}mm",
            "cover_height": f"{self.area_height_mm - 4:g}mm",  # the cover's frame: the page area, with room to spare
            "rotation_origin": f"{self.area_height_mm / 2:g}mm",
        }


def parse_length(text: str) -> str | None:
    """A CSS length like `3mm`, normalised; None when it is not one we accept."""
    text = text.strip().lower()
    return text if LENGTH.match(text) else None
