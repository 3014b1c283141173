"""Print profiles: paper sizes, margins, bleed and printer's marks."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Lengths are kept in millimetres so the solutions' rotation origin (half the page
# area's height) can be computed here rather than with CSS calc().
MARGIN_TOP, MARGIN_BOTTOM, MARGIN_INNER, MARGIN_OUTER = 24.0, 22.0, 22.0, 18.0

LENGTH = re.compile(r"^(\d+(\.\d+)?)(mm|cm|in|pt|px)$")
MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "px": 25.4 / 96}
MARKS = {"none": "none", "crop": "crop", "cross": "cross", "both": "crop cross"}
# WeasyPrint draws printer's marks in the outer half of the CSS bleed area. A print shop
# wants them outside the bleed (the art that is trimmed off), with a slug line naming
# the job, so with marks the CSS bleed is the bleed plus this zone, and the PDF's
# BleedBox is set back to the real bleed (pdf.pdf_bytes).
MARK_ZONE_MM = 10.0
DEFAULT_BLEED = "3mm"  # with marks and no --bleed: the bleed print shops ask for
SLUG_GAP_MM = 1.5   # between the bleed's edge and the slug line's top


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
    output_profile: str | None = None   # a CMYK ICC profile: write PDF/X-4 with it as the output intent (cmyk.py)

    @property
    def bleed_mm(self) -> float:
        """The bleed the art runs into, in millimetres (`bleed` is a CSS length)."""
        match = LENGTH.match(self.bleed)
        return float(match.group(1)) * MM_PER[match.group(3)] if match else 0.0

    @property
    def media_bleed_mm(self) -> float:
        """The CSS bleed: the bleed, plus room for the marks and slug outside it."""
        return self.bleed_mm + (MARK_ZONE_MM if self.marks != "none" else 0.0)

    @property
    def area_height_mm(self) -> float:
        """Height of the page area that holds the text, between the margins."""
        return self.paper.height_mm - MARGIN_TOP - MARGIN_BOTTOM

    def css(self) -> dict:
        """The values page.css needs, all plain CSS tokens (safe to put in a stylesheet)."""
        return {
            "size": self.paper.css_size, "marks": MARKS[self.marks],
            # unchanged without marks, so those books keep their bytes
            "bleed": self.bleed if self.marks == "none" else f"{self.media_bleed_mm:g}mm",
            "slug": self.marks != "none", "bleed_text": self.bleed,
            "slug_bottom": f"{-(MARGIN_BOTTOM + self.bleed_mm + SLUG_GAP_MM + 2.5):g}mm",
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
