"""One red-film box judged as a buyer meets it: naked on screen at 2x and 3x and to a
looking eye (separable), and through the film; as drawn in sRGB, or as a CMYK press
prints it (a soft proof through the print condition's profile, printing.cmyk).

The screen: a page shown at zoom z on a 96 ppi screen is z times its printed size, so
from `SCREEN_MM` (50 cm) it looks as the paper does from SCREEN_MM / z: 2x is paper at
25 cm, 3x at 16.7 cm (1:1 on a 300 dpi render, 3.1x, is 16 cm). The eye there is
`eye`'s S-CIELAB model at that distance; OCR reads the views it ranks highest.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from ..printing import cmyk
from ..printing.layout import Film
from . import decode, eye, ocr, separable
from .play import HIDDEN_AT_MOST, NAKED_SHORTEST, READ_AT_LEAST

SCREEN_MM = 500.0
ZOOMS = (("2x", 2.0), ("3x", 3.0))


@dataclass(frozen=True)
class Box:
    film: float                      # share of the statement read through the film
    naked: dict[str, float]          # zoom -> share of its words OCR reads without it
    separation: separable.Separation | None

    @property
    def ok(self) -> bool:
        hidden = self.separation is None or self.separation.hidden
        return self.film >= READ_AT_LEAST and max(self.naked.values(), default=0.0) < HIDDEN_AT_MOST and hidden

    def line(self) -> str:
        naked = " ".join(f"{z} {v:.0%}" for z, v in self.naked.items())
        sep = self.separation
        apart = f"{sep.accuracy:.0%} {sep.cue}@{sep.zoom}" if sep else "-"
        return f"film {self.film:.0%}, naked {naked}, separable {apart}"


def judge(band: Image.Image, text: str, proof: Path | None = None, *, film: Film) -> Box:
    """`band` (a red-film window, RGB at eye.DPI) holding `text`; `proof`: a CMYK profile
    to print it through first; `film`: how the film sees the inks (decoders.manifest.film())."""
    if proof is not None:
        band = cmyk.soft_proof(band, proof)
    seen = decode.through_red_film(band, film)
    read = "\n".join(ocr.read(piece) for piece in decode.lines_of(seen))
    boxes = decode.pieces(seen)
    naked = {}
    for name, zoom in ZOOMS:
        score, _, _ = eye.worst(band, seen, lambda picture: ocr.exact_recall(
            text, ocr.read(decode.stacked(picture, boxes)), NAKED_SHORTEST), distance_mm=SCREEN_MM / zoom)
        naked[name] = score
    return Box(max(ocr.recall(text, read), ocr.letters_match(text, read)), naked, separable.worst(band))


def cues(band: Image.Image, text: str, proof: Path | None = None, *, film: Film) -> tuple[float, dict[tuple[str, str], float]]:
    """The quick half of `judge`: the share of `text` the film reads, and every
    (zoom, cue) accuracy of the looking eye (separable.judge), without naked OCR."""
    if proof is not None:
        band = cmyk.soft_proof(band, proof)
    seen = decode.through_red_film(band, film)
    read = "\n".join(ocr.read(piece) for piece in decode.lines_of(seen))
    return (max(ocr.recall(text, read), ocr.letters_match(text, read)),
            {(s.zoom, s.cue): s.accuracy for s in separable.judge(band)})
