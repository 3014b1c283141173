"""What a player looks at in casebook.pdf: the mystery pages, their wheel settings and
solution line, and the solution pages, all read by OCR from the rasterised pages.

Pages are found the way a reader finds them (the heading "Mystery N", the printed page
number); what is on them is read from the picture, not from the PDF's text layer, so a
number that prints wrong is read wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PIL import Image

from . import ocr
from .raster import Pdf

PAGE_DPI = 200       # body type at 10-11 pt is about 28 px high: tesseract's comfortable size
SOLUTION_LINE = re.compile(r"solution\s+appears\s+on\s+page\s+(\d+)", re.I)


@dataclass
class MysteryPage:
    number: int
    pages: list[int]                  # PDF pages (from 1) the mystery is printed on
    text: str                         # what OCR read on them
    settings: dict[str, str]          # wheel short name -> the number read under it ("" if none)
    solution_page: int | None         # the page named in "Solution appears on page N"


def mystery_pages(book: Pdf, number: int) -> list[int]:
    """The pages of mystery `number`: from its heading to the page before the next one's."""
    heading = re.compile(rf"^\s*MYSTERY\s+{number}\s*$", re.I | re.M)
    following = re.compile(r"^\s*MYSTERY\s+\d+\s*$|^\s*SOLUTIONS\s*$|Mystery Index", re.I | re.M)
    for page in range(1, book.pages + 1):
        if heading.search(book.text(page)):
            pages = [page]
            while pages[-1] < book.pages and not following.search(book.text(pages[-1] + 1)) \
                    and SOLUTION_LINE.search(" ".join(book.text(p) for p in pages)) is None:
                pages.append(pages[-1] + 1)
            return pages
    return []


def read_mystery(book: Pdf, number: int, shorts: list[str]) -> MysteryPage | None:
    pages = mystery_pages(book, number)
    if not pages:
        return None
    texts, settings = [], {}
    for page in pages:
        picture = book.picture(page, PAGE_DPI)
        words = ocr.words(picture)
        texts.append(" ".join(w.text for w in words))
        settings = settings or wheel_settings(words, shorts)
    text = "\n".join(texts)
    found = SOLUTION_LINE.search(" ".join(text.split()))
    return MysteryPage(number, pages, text, settings, int(found.group(1)) if found else None)


def wheel_settings(words: list[ocr.Word], shorts: list[str]) -> dict[str, str]:
    """The Wheel Settings table: the line of wheel names, and under each name the number
    nearest below it (by column centre)."""
    lines: dict[tuple, list[ocr.Word]] = {}
    for w in words:
        lines.setdefault(w.line, []).append(w)
    wanted = {s.lower() for s in shorts}
    ordered = sorted(lines.values(), key=lambda ws: min(w.top for w in ws))
    for i, line in enumerate(ordered):
        heads = [w for w in line if w.text.lower().strip(".,") in wanted]
        if len(heads) < max(1, len(wanted) // 2):
            continue
        below = [w for ws in ordered[i + 1:i + 3] for w in ws if w.top > max(h.top for h in heads)]
        out = {}
        for head in heads:
            near = min(below, key=lambda w: abs(w.centre_x - head.centre_x), default=None)
            ok = near is not None and abs(near.centre_x - head.centre_x) < 2 * max(head.width, near.width)
            out[_short(head.text, shorts)] = near.text if ok else ""
        return out
    return {}


def _short(text: str, shorts: list[str]) -> str:
    return next(s for s in shorts if s.lower() == text.lower().strip(".,"))


def solution_text(book: Pdf, page: int) -> str:
    """What OCR reads on printed page `page` turned the right way up (solutions are printed
    upside down); empty when the book has no such page."""
    if not 1 <= page <= book.pages:
        return ""
    picture: Image.Image = book.picture(page, PAGE_DPI).rotate(180)
    return " ".join(w.text for w in ocr.words(picture))


def printed_page_numbers(book: Pdf) -> dict[int, int]:
    """Printed page number -> PDF page, from the folio in each page's text layer (pages
    without a folio, such as the cover, are counted)."""
    out = {}
    for page in range(1, book.pages + 1):
        lines = [ln.strip() for ln in book.text(page).splitlines() if ln.strip()]
        folios = [int(ln) for ln in (lines[:1] + lines[-1:]) if ln.isdigit()]
        out[folios[-1] if folios else page] = page
    return out
