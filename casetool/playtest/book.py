"""What a player looks at in casebook.pdf: the mystery pages, their wheel settings and
solution line, and the solution pages, all read by OCR from the rasterised pages.

Pages are found the way a reader finds them (the heading "Mystery N", the printed page
number); what is on them is read from the picture, not from the PDF's text layer, so a
number that prints wrong is read wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
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
    texts: list[str] = []
    settings: dict[str, str] = {}
    solution: int | None = None
    for page in pages:
        picture = book.picture(page, PAGE_DPI)
        words = ocr.words(picture)
        texts.append(" ".join(w.text for w in words))
        settings = settings or wheel_settings(picture, words, shorts)
        solution = solution or solution_page(words)
    return MysteryPage(number, pages, "\n".join(texts), settings, solution)


# Old-style figures: 1 is drawn like a small capital I (in italic its flag reads as a T),
# 0 like an o (the rest stand out)
OLD_STYLE = str.maketrans({"I": "1", "l": "1", "i": "1", "|": "1", "T": "1", "o": "0", "O": "0"})


def solution_page(words: list[ocr.Word]) -> int | None:
    """The N of "Solution appears on page N".

    Books set in old-style figures print 10 like "Io", and OCR reads it so (tudor; read
    again alone as digits, tesseract still drops the 1); a reader who knows a number
    follows "page" reads those shapes as figures, and so does this."""
    texts = [w.text.strip(".,") for w in words]
    for i in range(len(words) - 4):
        if [t.lower() for t in texts[i:i + 4]] == ["solution", "appears", "on", "page"]:
            figures = texts[i + 4].translate(OLD_STYLE)
            return int(figures) if figures.isdigit() else None
    return None


def wheel_settings(picture: Image.Image, words: list[ocr.Word], shorts: list[str]) -> dict[str, str]:
    """The Wheel Settings table: the row of wheel names, and under each name its number,
    read from the cell below it on its own (one short number alone in a cell is what
    whole-page OCR most often drops)."""
    wanted = {s.lower() for s in shorts}
    for row in _rows(words):
        heads = [w for w in row if w.text.lower().strip(".,") in wanted]
        if len(heads) < max(1, len(wanted) // 2):
            continue
        top, bottom = heads[0].top + round(1.5 * heads[0].height), heads[0].top + round(4.2 * heads[0].height)
        left = max(0, heads[0].left - heads[0].width)
        cells = without_rules(picture.crop((left, top, heads[-1].left + 2 * heads[-1].width, bottom)))
        numbers = [w for w in ocr.words(cells, psm=6, upscale=2) if w.text.isdigit()]
        out = {}
        for head in heads:
            near = min(numbers, key=lambda w: abs(left + w.centre_x - head.centre_x), default=None)
            close = near is not None and abs(left + near.centre_x - head.centre_x) < max(head.width, near.width)
            out[_short(head.text, shorts)] = near.text if near is not None and close else ""
        return out
    return {}


def without_rules(picture: Image.Image) -> Image.Image:
    """The picture with the table's rules whitened: OCR reads a cell's side as a "1"."""
    grey = np.asarray(picture.convert("L")).copy()
    dark = grey < 160
    grey[:, dark.mean(axis=0) > 0.6] = 255
    grey[dark.mean(axis=1) > 0.6, :] = 255
    return Image.fromarray(grey, "L")


def _rows(words: list[ocr.Word]) -> list[list[ocr.Word]]:
    """Words grouped into printed lines by height on the page (tesseract may put each
    table cell in a block of its own), top to bottom, each left to right."""
    rows: list[list[ocr.Word]] = []
    for w in sorted(words, key=lambda w: w.top + w.height / 2):
        middle = w.top + w.height / 2
        if rows and abs(middle - (rows[-1][0].top + rows[-1][0].height / 2)) < rows[-1][0].height / 2:
            rows[-1].append(w)
        else:
            rows.append([w])
    return [sorted(r, key=lambda w: w.left) for r in rows]


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
