"""The red filter's encoding as a picture (the event cards' note numbers; wheels are
drawn as vectors by `redfilter`): a message hidden in busy red, pink and orange noise.

Red film passes red light only, so through it every colour is seen by its red channel:
paper and the noise (all with a high red component) look equally bright and vanish,
while the message colour (little red) looks dark. To the naked eye the message is in
patches of light turquoises (palette.MESSAGE) among crimson, magenta, pink, orange, lilac
and pale cyan letters and scribbles of the same size and, on average, the same luminance, and
under a sparse layer of light letters printed as transparent ink (multiplied). The noise has no black and no cyan: those read dark
through red film and would bury the message.

Everything is drawn from a seeded random generator: the same casebook gives the same
pictures, byte for byte.
"""

from __future__ import annotations

import random
import string
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

from ..printing.geometry import RES
from .palette import DECOY, MESSAGE, OVER
from .palette import NOISE as _NOISE
from .palette import NOISE_WEIGHTS as _WEIGHTS
from .textfit import BOLD_FONT, TEXT_FONT, sized

NOISE = _NOISE + DECOY   # red channel >= 195: as bright as paper through the film
LETTERS = string.ascii_lowercase * 3 + string.ascii_uppercase + "   "  # like text: mostly small letters, some gaps
NOISE_WEIGHTS = _WEIGHTS + (2,) * len(DECOY)
TILE = 1600              # pixels: one sheet of scribbles per wheel, cut into pieces for its wedges
LETTERS_PER_EM2 = 0.25   # loose noise letters per square em of the sheet
STROKES_PER_EM2 = 0.30   # scribbles per square em of the sheet
OVER_PER_EM2 = 0.06      # thin scribbles drawn over the message: they break up its outline
ROW_STEP = 0.59          # ems between rows of noise text: half the line pitch, so rows fall on and between lines
CELL = 0.55              # ems: each patch of this size gets one noise colour
SHEET_WIDTH, SHEET_ROWS = 2600, 48  # pixels, rows: the rows of noise text, drawn once per wheel


class Noise:
    """Noise for a casebook's messages: a sheet of scribbles and a sheet of rows of random letters,
    cut into pieces for each message (making them is the slow part)."""

    def __init__(self, seed: str, em: float = 2.0, alphabet: str = "", face: Path = TEXT_FONT):
        """`em`: the usual message size in millimetres; rows are drawn at it and scaled
        for other sizes. `alphabet`: extra characters for the noise (digits, to hide
        numbers). `face`: the message's font, so that the noise has its strokes."""
        rng = random.Random(f"noise/{seed}")
        self.em = em
        self.letters = LETTERS + alphabet * 4
        self.tile = _scribbles(rng, em * RES, self.letters)
        self.step = ROW_STEP * em * RES
        self.rows = _rows(rng, em * RES, self.step, self.letters, face)

    def hide(self, mask: Image.Image, rng: random.Random, em: float, speckle: float = 0.0,
             decoys=()) -> Image.Image:
        """The message `mask` (L, 255 = ink) in MESSAGE colour, woven into noise.

        Under the message: a piece of the scribble sheet, then rows of random letters of
        the message's own size and face, on the message's lines and between them, each
        patch in another noise colour. Over it: a few thin scribbles. `speckle`: the
        share of the message's pixels left in noise colours, which blurs its outline
        for the naked eye; big type (a note number) reads through the film all the same.
        `decoys`: (mask, colours) pairs drawn like the message, under it, in colours
        that vanish through the film.
        """
        w, h = mask.size
        x, y = rng.randrange(TILE - w), rng.randrange(TILE - h)
        out = self.tile.crop((x, y, x + w, y + h))
        em_px = em * RES
        out.paste(_colour_field(rng, (w, h), em_px), (0, 0), self._rows_for(rng, (w, h), em))
        for decoy, colours in decoys:
            out.paste(_colour_field(rng, (w, h), em_px, colours), (0, 0), decoy)
        if speckle:
            mask = ImageChops.multiply(mask, _speckles(rng, mask.size, speckle))
        out.paste(_colour_field(rng, (w, h), em_px, MESSAGE), (0, 0), mask)  # soft edges blend it in
        over = Image.new("RGB", (w, h), "white")  # transparent ink over everything (palette.OVER)
        over.paste(_colour_field(rng, (w, h), em_px, OVER), (0, 0), self._rows_for(rng, (w, h), em, sparse=True))
        draw = ImageDraw.Draw(over)
        for _ in range(max(1, int(w * h / em_px ** 2 * OVER_PER_EM2))):
            _stroke(draw, rng, em_px, width=max(1, round(em_px * 0.04)), size=(w, h), colours=OVER)
        return ImageChops.multiply(out, over)

    def _rows_for(self, rng: random.Random, size: tuple[int, int], em: float, sparse: bool = False) -> Image.Image:
        """A piece of the rows sheet scaled to `em`, with a row through the band's centre line."""
        scale = self.em / em
        w, h = size[0] * scale, size[1] * scale
        x = rng.uniform(0, SHEET_WIDTH - w)
        margin = int(h / 2 / self.step) + 1
        row = rng.randrange(margin, SHEET_ROWS - margin)
        y = row * self.step - h / 2  # sheet rows sit at multiples of step
        piece = self.rows.resize(size, Image.Resampling.BILINEAR, box=(x, y, x + w, y + h))
        piece = piece.point(lambda c: 255 if c >= 110 else 0)
        if sparse:  # half the letters, in patches: the message must stay readable through the film
            piece = ImageChops.multiply(piece, _speckles(rng, size, 0.5, cell=max(2, round(em * RES * 0.6))))
        return piece


def _speckles(rng: random.Random, size: tuple[int, int], share: float, cell: int = 2) -> Image.Image:
    """A mask that keeps (255) all but about `share` of the pixels, in clumps of `cell` pixels."""
    cells = (size[0] // cell + 1, size[1] // cell + 1)
    dots = Image.new("L", cells)
    dots.putdata([0 if rng.random() < share else 255 for _ in range(cells[0] * cells[1])])
    return dots.resize((cells[0] * cell, cells[1] * cell), Image.Resampling.NEAREST).crop((0, 0) + size)


def _scribbles(rng: random.Random, em_px: float, letters: str) -> Image.Image:
    """A sheet of loose letters and scribbles, all in noise colours."""
    tile = Image.new("RGB", (TILE, TILE), "white")
    draw = ImageDraw.Draw(tile)
    area = (TILE / em_px) ** 2
    for _ in range(int(area * LETTERS_PER_EM2)):
        _letter(draw, rng, em_px, letters)
    for _ in range(int(area * STROKES_PER_EM2)):
        _stroke(draw, rng, em_px, width=max(1, round(em_px * 0.085)))
    return tile


def _rows(rng: random.Random, em_px: float, step: float, letters: str, path: Path) -> Image.Image:
    """Rows of random letters (L mask), one every `step` pixels from y = 0."""
    sheet = Image.new("L", (SHEET_WIDTH, int(SHEET_ROWS * step)), 0)
    draw = ImageDraw.Draw(sheet)
    face = sized(path, em_px)
    count = int(SHEET_WIDTH / (0.45 * em_px)) + 2
    for row in range(SHEET_ROWS):
        text = "".join(rng.choice(letters) for _ in range(count))
        draw.text((-rng.uniform(0, em_px), row * step + 0.33 * em_px), text, fill=255, font=face, anchor="ls")
    return sheet


def _colour_field(rng: random.Random, size: tuple[int, int], em_px: float, colours=None) -> Image.Image:
    """Patches of noise colours (or of `colours`), each about CELL ems across."""
    cells = (max(1, int(size[0] / (CELL * em_px)) + 1), max(1, int(size[1] / (CELL * em_px)) + 1))
    field = Image.new("RGB", cells)
    field.putdata(rng.choices(NOISE, NOISE_WEIGHTS, k=cells[0] * cells[1]) if colours is None
                  else [rng.choice(colours) for _ in range(cells[0] * cells[1])])
    return field.resize((int(cells[0] * CELL * em_px) + 1, int(cells[1] * CELL * em_px) + 1),
                        Image.Resampling.NEAREST).crop((0, 0) + size)


def _colour(rng: random.Random) -> tuple[int, int, int]:
    return rng.choices(NOISE, NOISE_WEIGHTS)[0]


def _letter(draw: ImageDraw.ImageDraw, rng: random.Random, em_px: float, letters: str) -> None:
    size = em_px * rng.choice((0.8, 0.9, 1.0, 1.1, 1.25))
    face = sized(BOLD_FONT if rng.random() < 0.2 else TEXT_FONT, size)
    char = rng.choice(letters)
    draw.text((rng.uniform(-em_px, TILE), rng.uniform(-em_px, TILE)), char, fill=_colour(rng), font=face)


def _stroke(draw: ImageDraw.ImageDraw, rng: random.Random, em_px: float, width: int,
            size: tuple[int, int] = (TILE, TILE), colours=None) -> None:
    """A short scribble: two or three joined segments about a letter's size."""
    x, y = rng.uniform(0, size[0]), rng.uniform(0, size[1])
    points = [(x, y)]
    for _ in range(rng.choice((2, 3))):
        x, y = x + rng.uniform(-0.7, 0.7) * em_px, y + rng.uniform(-0.7, 0.7) * em_px
        points.append((x, y))
    draw.line(points, fill=rng.choice(colours) if colours else _colour(rng), width=width, joint="curve")
