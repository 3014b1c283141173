"""Helpers shared by the render tests: the village casebook, the CLI, reading PDFs back.

Upside-down check: the solution pages themselves are upright (no /Rotate, so their page
numbers read normally); the solution text is drawn through a 180-degree rotation. pypdf
hands every text run to a visitor with the current transformation matrix (cm) and the
text matrix (tm); their product maps glyph space to the page. Its diagonal (a, d) is
(+s, +s) for upright text and (-s, -s) for text turned 180 degrees, whatever the scale,
the font or the position on the page, so the signs are a robust test.
"""

import io
import re
from pathlib import Path

from casetool.cli import cli
from click.testing import CliRunner
from pypdf import PdfReader

VILLAGE = Path(__file__).resolve().parent.parent / "fixtures" / "render" / "village"
TITLES = {1: "The Missing Umbrella", 2: "The Painted Fence", 3: "The Lost Putter"}


def build(folder: Path, out: Path, *args):
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(out), *map(str, args)])
    assert "Traceback" not in result.output, result.output
    return result


def reader(pdf: Path) -> PdfReader:
    return PdfReader(io.BytesIO(pdf.read_bytes()))


def page_texts(pdf: Path) -> list[str]:
    return [page.extract_text() for page in reader(pdf).pages]


def index_pages(pdf: Path, titles: dict[int, str]) -> dict[int, int]:
    """Mystery number -> the solution page its index row names (the row's last number)."""
    pages = [p.extract_text() for p in reader(pdf).pages]
    index = next(t for t in pages if t.startswith("Mystery Index"))
    found = {}
    for number, title in titles.items():
        row = re.search(rf"^{number} {re.escape(title)} .*?(\d+)$", index, re.M)
        assert row, f"no index row for mystery {number} in:\n{index}"
        found[number] = int(row.group(1))
    return found


def text_runs(page) -> list[tuple[str, float, float]]:
    """(text, a, d) for each text run: a and d of the text-to-page matrix."""
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            a = tm[0] * cm[0] + tm[1] * cm[2]
            d = tm[2] * cm[1] + tm[3] * cm[3]
            runs.append((text.strip(), a, d))
    page.extract_text(visitor_text=visit)
    return runs


def upside_down(page, needle: str) -> bool:
    """True when every run of text containing `needle` is drawn turned 180 degrees."""
    runs = [(a, d) for text, a, d in text_runs(page) if needle in text]
    assert runs, f"'{needle}' is not on this page"
    return all(a < 0 and d < 0 for a, d in runs)


def outline_titles(pdf: Path) -> list[str]:
    titles = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                titles.append(item.title)
    walk(reader(pdf).outline)
    return titles
