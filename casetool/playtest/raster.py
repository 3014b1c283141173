"""PDF pages as pictures and as text, through poppler's command-line tools.

Poppler is what the decoder tests already use (pdftoppm, pdftotext); pdfinfo gives each
page's trim box, so a page printed with bleed is measured from its trimmed corner.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image

from . import clock

MM_PER_PT = 25.4 / 72
TOOLS = ("pdftoppm", "pdftotext", "pdfinfo")
BOX = re.compile(r"^Page\s+(\d+)\s+(MediaBox|TrimBox):\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)", re.M)


class MissingTool(Exception):
    """A program playtest needs is not installed."""


def missing_tools() -> list[str]:
    return [t for t in TOOLS if shutil.which(t) is None]


@dataclass(frozen=True)
class Trim:
    """A page's trimmed area in millimetres: where the finished page starts, and its size."""
    left: float
    top: float
    width: float
    height: float


class Pdf:
    """One PDF file, read page by page (numbered from 1) and cached."""

    def __init__(self, path: Path):
        self.path = path
        self.trims = _trims(path)
        # caches per file, not on the class: they go with the Pdf
        self.texts: dict[int, str] = {}
        self.picture = lru_cache(maxsize=8)(self._picture)

    @property
    def pages(self) -> int:
        return len(self.trims)

    def text(self, page: int) -> str:
        """The page's text layer, in reading order (what a PDF reader can search or copy).
        Kept: a wheel page's text takes poppler seconds (it walks the noise's thousands of
        strokes), and `texts` can be filled from the workers that read them (pool.py)."""
        if page not in self.texts:
            self.texts[page] = self._text(page)
        return self.texts[page]

    def read_text(self) -> None:
        """Every page's text layer from one pdftotext run, for a file of light pages (the
        casebook): one program, not one a page in every worker. pdftotext ends each page
        with a form feed, as it does a page read alone; where the count does not come out
        (a form feed in a page's text) the pages are read one by one when asked for."""
        pages = run_tool(["pdftotext", "-layout", str(self.path), "-"]).decode("utf-8").split("\f")
        if len(pages) == self.pages + 1:
            self.texts.update({page: text + "\f" for page, text in enumerate(pages[:-1], start=1)})

    def _text(self, page: int) -> str:
        return run_tool(["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(self.path), "-"]).decode("utf-8")

    def _picture(self, page: int, dpi: int) -> Image.Image:
        """The page rasterised at `dpi`, in RGB, as a printer would put it on paper."""
        # PPM, not PNG: poppler spends seconds compressing a page of pictures as PNG
        data = run_tool(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(self.path)])
        return Image.open(io.BytesIO(data)).convert("RGB")


def _trims(path: Path) -> list[Trim]:
    info = run_tool(["pdfinfo", "-box", "-f", "1", "-l", "100000", str(path)]).decode("utf-8", "replace")
    media: dict[int, tuple[float, ...]] = {}
    trim: dict[int, tuple[float, ...]] = {}
    for m in BOX.finditer(info):
        box = tuple(float(m.group(i)) for i in range(3, 7))
        (media if m.group(2) == "MediaBox" else trim)[int(m.group(1))] = box
    out = []
    for page in sorted(media):
        mx0, _my0, _mx1, my1 = media[page]
        x0, y0, x1, y1 = trim.get(page, media[page])
        # PDF boxes count up from the bottom; pictures count down from the top
        out.append(Trim((x0 - mx0) * MM_PER_PT, (my1 - y1) * MM_PER_PT, (x1 - x0) * MM_PER_PT, (y1 - y0) * MM_PER_PT))
    return out


def page_count(path: Path) -> int:
    """How many pages the PDF has (pdfinfo's `Pages:`), without reading them."""
    found = re.search(r"^Pages:\s+(\d+)", run_tool(["pdfinfo", str(path)]).decode("utf-8", "replace"), re.M)
    return int(found.group(1)) if found else 0


def run_tool(argv: list[str]) -> bytes:
    if shutil.which(argv[0]) is None:
        raise MissingTool(argv[0])
    try:
        return subprocess.run(argv, check=True, capture_output=True, timeout=clock.left()).stdout
    except subprocess.TimeoutExpired:
        raise clock.out_of_time() from None
