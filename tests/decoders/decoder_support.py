"""Reading printed decoder pages back, the way a player does, but with numpy.

Pages are rasterised with pdftoppm (poppler-utils) at the pictures' own resolution, so
one pixel of a rasterised band is one pixel of the band casetool drew. A wedge is read
by sampling the page along the wedge's own axes (geometry.band_to_page), which undoes
the disc's rotation; then the decoder is applied: the red channel for red film, a flip
for the mirror, the key's holes for the grille. What is read is compared with the
statement texts themselves, each set by casetool's text layout (textfit, bands), the
only part of the drawing the test does not repeat.
"""

from __future__ import annotations

import functools
import io
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from casetool.cli import cli
from casetool.decoders import bands, textfit
from casetool.load.project import load_paths
from casetool.printing.geometry import DPI, RES, TEXT_R, Wheel, band_to_page
from casetool.render.casebook import assemble
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent.parent
HAMPSHIRE = ROOT / "cases" / "hampshire"


def build(folder: Path, out: Path, *args):
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(out), *map(str, args)])
    assert "Traceback" not in result.output, result.output
    return result


def load_book(folder: Path):
    """The casebook of a folder, loaded as `casetool build` does (no checking)."""
    loaded = load_paths(sorted(p for p in folder.iterdir() if p.suffix == ".yaml"))
    book, diags = assemble(folder, loaded)
    assert book is not None and not [d for d in loaded.diagnostics + diags if d.is_error]
    return book


def need_pdftoppm() -> None:
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")


def rasterise(pdf: Path, page: int, dpi: int = DPI) -> np.ndarray:
    """Page `page` (from 1) as an RGB array (PPM: poppler writes PNG much more slowly)."""
    need_pdftoppm()
    out = subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), str(pdf)],
                         check=True, capture_output=True).stdout
    return np.asarray(Image.open(io.BytesIO(out)).convert("RGB"))


def page_titles(pdf: Path) -> list[str]:
    """The first line of every page's text: the sheet titles ("Professor Plum: wheel").

    Read with pdftotext: pypdf's text extraction walks every glyph form of a wheel page
    (tens of thousands) and takes minutes; the secrecy test still runs it. Read once per
    version of the file: every page lookup of a module asks again (5 s a read under load).
    """
    return list(_titles(str(pdf), pdf.stat().st_mtime_ns))


@functools.lru_cache(maxsize=8)
def _titles(pdf: str, _version: int) -> tuple[str, ...]:
    return tuple(_read_titles(Path(pdf)))


def _read_titles(pdf: Path) -> list[str]:
    if shutil.which("pdftotext") is None:
        return [(p.extract_text() or "").strip().split("\n")[0] for p in PdfReader(io.BytesIO(pdf.read_bytes())).pages]
    out = subprocess.run(["pdftotext", "-raw", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    return [page.strip().split("\n")[0].strip() for page in out.split("\f")[:-1]]


def page_of(pdf: Path, title: str) -> int:
    """The number of the page whose title (its first text) is `title`."""
    return next(i for i, t in enumerate(page_titles(pdf), 1) if t == title or t.startswith(title + " "))


def sample(page: np.ndarray, centre: tuple[float, float], angle: float, us: np.ndarray, vs: np.ndarray,
           dpi: int = DPI) -> np.ndarray:
    """The page's pixels at band points (u, v) of the wedge at `angle` (nearest pixel)."""
    cx, cy = centre
    uu, vv = np.meshgrid(us, vs)
    x, y = band_to_page(cx, cy, angle, uu, vv)
    scale = dpi / 25.4
    xi = np.clip(np.floor(x * scale).astype(int), 0, page.shape[1] - 1)
    yi = np.clip(np.floor(y * scale).astype(int), 0, page.shape[0] - 1)
    return page[yi, xi]


def band_grid(wheel: Wheel) -> tuple[np.ndarray, np.ndarray]:
    """Band coordinates of the centres of a band picture's pixels."""
    width, height = bands.band_size(wheel)
    us = TEXT_R[0] + (np.arange(width) + 0.5) / RES
    vs = -wheel.band_height / 2 + (np.arange(height) + 0.5) / RES
    return us, vs


def read_wedge(page: np.ndarray, centre, wheel: Wheel, number: int) -> np.ndarray:
    """The printed band of position `number`, RGB, as the window shows it when the wheel is set to it."""
    us, vs = band_grid(wheel)
    return sample(page, centre, wheel.angle(number), us, vs)


def grey(rgb: np.ndarray) -> np.ndarray:
    return rgb @ np.array([0.299, 0.587, 0.114])


def through_red_film(rgb: np.ndarray) -> np.ndarray:
    """Ink as seen through red film: what is dark in the red channel."""
    return rgb[..., 0] < 150


def in_mirror(rgb: np.ndarray) -> np.ndarray:
    return np.fliplr(grey(rgb) < 128)


def plainly(rgb: np.ndarray) -> np.ndarray:
    return grey(rgb) < 128


def reference(text: str, wheel: Wheel, mirrored: bool = False) -> np.ndarray:
    """The text as it should read, set by casetool's layout: True where there is ink."""
    fitted = textfit.fit(text, wheel, mirrored=mirrored)
    assert fitted is not None, text
    return np.asarray(bands.text_mask(fitted, wheel)) >= 128


def similarity(seen: np.ndarray, expected: np.ndarray) -> float:
    """Correlation of two ink masks after a one-pixel blur (rasterising moves edges a little)."""
    a, b = _normalised(seen), _normalised(expected)
    return float((a * b).sum())


def _normalised(mask: np.ndarray) -> np.ndarray:
    x = _blur(mask.astype(float))
    x -= x.mean()
    return x / (np.sqrt((x * x).sum()) or 1.0)


def _blur(x: np.ndarray) -> np.ndarray:
    padded = np.pad(x, 1, mode="edge")
    return sum(padded[1 + dy:padded.shape[0] - 1 + dy, 1 + dx:padded.shape[1] - 1 + dx]
               for dy in (-1, 0, 1) for dx in (-1, 0, 1)) / 9.0


class Candidates:
    """Every text printed on a wheel, ready to be compared with what a window shows."""

    def __init__(self, texts: list[str], wheel: Wheel, mirrored: bool = False):
        self.texts = list(dict.fromkeys(texts))
        self.stack = np.stack([_normalised(reference(t, wheel, mirrored)).ravel() for t in self.texts])

    def best(self, seen: np.ndarray) -> tuple[str, float, float]:
        """(the text that reads best, its score, the runner-up's score)."""
        scores = self.stack @ _normalised(seen).ravel()
        order = np.argsort(-scores)
        return self.texts[order[0]], float(scores[order[0]]), float(scores[order[1]]) if len(order) > 1 else 0.0


# ---- reading with OCR (tesseract), as a person reads ------------------------------------

def need_tesseract():
    pytesseract = pytest.importorskip("pytesseract")
    if shutil.which("tesseract") is None:
        pytest.skip("tesseract is not installed")
    return pytesseract


def in_window(band: np.ndarray, wheel: Wheel) -> np.ndarray:
    """The band as the folder's window shows it: the wedge's own sector, paper elsewhere."""
    us, vs = band_grid(wheel)
    uu, vv = np.meshgrid(us, vs)
    out = band.copy()
    out[np.abs(vv) > uu * wheel.tan_half - 0.1] = 255
    return out


def line_strips(band: np.ndarray, text: str, wheel: Wheel) -> list[np.ndarray]:
    """The strip of each of the statement's lines (from casetool's layout), in reading order."""
    fitted = textfit.fit(text, wheel)
    strips = []
    for slot, _ in fitted.lines:
        half = fitted.em * textfit.PITCH / 2
        x0, x1 = int((slot.u0 - TEXT_R[0] - 0.3) * RES), int((slot.u1 - TEXT_R[0] + 0.3) * RES)
        y0, y1 = (int((slot.v + s * half + wheel.band_height / 2) * RES) for s in (-1, 1))
        strips.append(band[max(0, y0):y1, max(0, x0):x1])
    return strips


def ocr_lines(strips: list[np.ndarray], scale: int = 3) -> str:
    """Tesseract's reading of grey strips, one strip a line, stacked with paper between:
    one tesseract run for them all (scaled up: tesseract wants x-heights of 20 px or more)."""
    pytesseract = need_tesseract()
    width = max(s.shape[1] for s in strips)
    gap = 20
    sheet = np.full((sum(s.shape[0] + gap for s in strips) + gap, width + 2 * gap), 255, np.uint8)
    y = gap
    for s in strips:
        sheet[y:y + s.shape[0], gap:gap + s.shape[1]] = s
        y += s.shape[0] + gap
    picture = Image.fromarray(sheet)
    picture = picture.resize((picture.width * scale, picture.height * scale), Image.Resampling.LANCZOS)
    return pytesseract.image_to_string(picture, config="--psm 6")


def words(text: str) -> list[str]:
    """The words a reading is scored on: three letters or more (noise letters make 'a',
    'I', 'no' by chance; a hidden word of three letters or more is not guessed)."""
    import re
    return [w for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 3]


def share_read(expected: list[str], seen: str) -> float:
    """The share of the expected words that the reading contains (each counted once)."""
    from collections import Counter
    found = Counter(words(seen))
    hits = 0
    for w in expected:
        if found[w] > 0:
            found[w] -= 1
            hits += 1
    return hits / len(expected)
