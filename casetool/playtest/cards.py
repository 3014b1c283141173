"""The event cards of a timeline book (seed 004), played as a player plays them.

Each card says "Read note" above a box of red-filter noise that hides the note's number.
A player finds the box under those words, holds the red film over it and reads the
number. Here the words are found in the page's text layer (pdftotext -bbox: what is
printed where), the box below them is cut from the rasterised page, and tesseract reads
it (digits only) through the film and without it. Which mystery a card belongs to is
read from the card's own heading ("Mystery N · Title") in the same column above it.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from PIL import Image

from ..printing.layout import Film
from . import decode, eye, ocr
from .raster import MM_PER_PT, Pdf, run_tool

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
INSET_MM = 0.6          # inside the box's grey border, which reads dark through the film
DPI = 300
DIGITS = "0123456789"
FILM_INK = 128          # through the film (decode.through_red_film) darker than this: the number


@dataclass(frozen=True)
class Box:
    """A "Read note" box: the mystery its card names, and the numbers OCR reads in it."""
    mystery: int
    page: int
    film: str           # read through the red film
    naked: str          # read with the naked eye: the number when a view singles it out, else the grey view's digits
    singled_out: bool   # a view of the naked eye reads the film's number alone, where the film shows it

    @property
    def shown(self) -> bool:
        """The naked eye reads the number the film shows, and nothing else, at its place.

        Not a grey reading elsewhere that only equals the number: the box is full of
        noise digits, and OCR's one number read off a whole row of them (a lone "1" or
        "2" most often) can be the note's by chance (a generated mansion book's note 2:
        the grey view read "2" as one word across the top half of the box, above the
        note, and read it still with the note wiped out)."""
        return self.film.isdigit() and self.singled_out


def _words(pdf: Pdf, page: int) -> list[tuple[float, float, float, float, str]]:
    out = run_tool(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf.path), "-"]).decode("utf-8", "replace")
    return [(float(a), float(b), float(c), float(d), html.unescape(t)) for a, b, c, d, t in WORD.findall(out)]


def card_pages(pdf: Pdf) -> list[int]:
    """The pages that print a "Read note" box."""
    return [page for page in range(1, pdf.pages + 1) if "Read note" in pdf.text(page)]


def read_boxes(pdf: Pdf, film: Film, box_mm: tuple[float, float], pages: list[int] | None = None) -> list[Box]:
    """Every "Read note" box of the file (or of `pages`), in page order, top to bottom,
    left to right. `film`, `box_mm`: how the film sees the inks and the size of a box
    (the book's decoders.layout.json)."""
    boxes = []
    for page in card_pages(pdf) if pages is None else pages:
        words = _words(pdf, page)
        headings = [(x0, y0, int(words[i + 1][4])) for i, (x0, y0, _, _, t) in enumerate(words[:-1])
                    if t.upper() == "MYSTERY" and words[i + 1][4].isdigit()]
        picture = pdf.picture(page, DPI)
        for i, (_x0, y0, _x1, y1, text) in enumerate(words[1:], 1):
            if text.lower() != "note" or words[i - 1][4].lower() != "read":
                continue
            column = [h for h in headings if h[1] < y0 and abs(h[0] - words[i - 1][0]) < 200]
            heading = max((h for h in column if h[0] <= words[i - 1][0] + 1), key=lambda h: (h[1], h[0]), default=None)
            if heading is None:
                continue
            box = _cut(picture, heading[0], y1, box_mm)
            number = _digits(decode.through_red_film(box, film))
            boxes.append(Box(heading[2], page, number, *_naked(box, number, film)))
    return boxes


def _cut(picture: Image.Image, left_pt: float, line_bottom_pt: float, box_mm: tuple[float, float]) -> Image.Image:
    """The box under a "Read note" line: it starts at the card's text edge, 1 mm down."""
    px = DPI / 25.4
    x0, y0 = left_pt * MM_PER_PT + INSET_MM, line_bottom_pt * MM_PER_PT + 1.0 + INSET_MM
    x1, y1 = x0 + box_mm[0] - 2 * INSET_MM, y0 + box_mm[1] - 2 * INSET_MM
    left, top, right, bottom = (round(v * px) for v in (x0, y0, x1, y1))
    return picture.crop((left, top, right, bottom))


def _naked(box: Image.Image, number: str, film: Film) -> tuple[str, bool]:
    """What the naked eye reads in the box, and whether it singles the film's `number`
    out: (`number`, True) when a colour view that shows most of the number (eye.worst),
    or the grey view, singles it out, else (what the grey view reads, False).

    A view singles the number out when all it reads is the number, at the number's place.
    The box is full of noise digits and decoy numbers: OCR reading one of them that
    happens to be the number (a wrong number is read as often, about one box in forty),
    or reading the number among others, tells a player nothing. That holds for the grey
    view as for the colour views: its reading elsewhere in the box is reported, not
    counted."""
    film_view, plain = decode.through_red_film(box, film), decode.naked_eye(box)
    spot = _spot(film_view)
    if spot is None or not number:
        return _digits(plain), False
    score, _, _ = eye.worst(box, film_view, lambda picture: float(_singles_out(picture, spot, number)))
    if score or _singles_out(plain, spot, number):
        return number, True
    return _digits(plain), False


def _spot(film_view: Image.Image) -> tuple[int, int, int, int] | None:
    """The box of what reads dark through the film (the number), grown by half its height."""
    dark = film_view.point(lambda v: 255 if v < FILM_INK else 0).getbbox()
    if dark is None:
        return None
    x0, y0, x1, y1 = dark
    grow = (y1 - y0) // 2
    return x0 - grow, y0 - grow, x1 + grow, y1 + grow


def _singles_out(view: Image.Image, spot: tuple[int, int, int, int], number: str) -> bool:
    words = ocr.words(view, psm=6, letters=DIGITS, dictionary=False)
    x0, y0, x1, y1 = spot
    at = [w for w in words if x0 <= w.centre_x <= x1 and y0 <= w.top + w.height / 2 <= y1]
    return " ".join(w.text for w in words) == number and len(at) == len(words)


def _digits(view: Image.Image) -> str:
    """The digits OCR reads in `view` (psm 6: it reads a lone digit that psm 7 misses)."""
    return " ".join(ocr.read(view, psm=6, upscale=1, letters=DIGITS, dictionary=False).split())

