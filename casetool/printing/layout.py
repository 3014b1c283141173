"""The decoders' layout as data: what decoders.pdf prints for each wheel, handed to a player.

`casetool build` writes it beside decoders.pdf (LAYOUT); `casetool playtest` reads it, so
that it judges the print from the case, what it reads and these numbers, never by calling
the code that drew the page (issue 28 item 8). It holds what a player is told or could
measure with a ruler: which page shows which character's wheel and its key, the decoder,
the disc's centre and text radii in mm, the degrees per position, and the number each
mystery's statement sits at. Written with sorted keys and fixed rounding: one book, one file.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ..diagnostics import Diagnostic, Pos, error

LAYOUT = "decoders.layout.json"
VERSION = 1
UNREADABLE = "P010"


@dataclass(frozen=True)
class Statement:
    """A mystery's statement on a wheel: the number it is turned to, and the text it shows."""
    mystery: int
    number: int
    text: str


@dataclass(frozen=True)
class WheelLayout:
    character: str                           # the character's id
    name: str
    kind: str                                # the decoder's kind: red_filter, mirror, grille or plain
    decoder: str                             # the decoder's printed name
    positions: int
    page_title: str                          # the text that heads the wheel's page
    key_title: str | None                    # the location key's label; None without a key
    centre_mm: tuple[float, float]           # the disc's centre from the trimmed page's top left
    text_radii_mm: tuple[float, float]
    degrees_per_position: float              # clockwise from 3 o'clock, position 1 at 0
    statements: tuple[Statement, ...]        # the mysteries' statements, in mystery order


@dataclass(frozen=True)
class Layout:
    paper: str
    wheels: tuple[WheelLayout, ...]


def dumps(layout: Layout) -> bytes:
    return (json.dumps({"version": VERSION, **asdict(layout)}, sort_keys=True, indent=1) + "\n").encode("utf-8")


def read(path: Path) -> Layout | Diagnostic:
    """The layout in `path`; a P010 diagnostic (never an exception) when it is missing or malformed."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if data.get("version") != VERSION:
            raise ValueError(f"version {data.get('version')!r}, not {VERSION}")
        return Layout(str(data["paper"]), tuple(_wheel(w) for w in data["wheels"]))
    except FileNotFoundError:
        why = f"no {LAYOUT} beside decoders.pdf"
    except (OSError, UnicodeDecodeError) as exc:
        why = f"cannot read {LAYOUT}: {exc.strerror if isinstance(exc, OSError) else exc}"
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        why = f"{LAYOUT} is malformed ({type(exc).__name__}: {exc})"
    return error(Pos(str(path)), UNREADABLE, why, "build the book again: casetool build CASEBOOK_DIR -o BOOK_DIR")


def _wheel(data: dict) -> WheelLayout:
    pair = (float(data["centre_mm"][0]), float(data["centre_mm"][1]))
    radii = (float(data["text_radii_mm"][0]), float(data["text_radii_mm"][1]))
    key = data["key_title"]
    return WheelLayout(str(data["character"]), str(data["name"]), str(data["kind"]), str(data["decoder"]),
                       int(data["positions"]), str(data["page_title"]), None if key is None else str(key),
                       pair, radii, float(data["degrees_per_position"]),
                       tuple(Statement(int(s["mystery"]), int(s["number"]), str(s["text"])) for s in data["statements"]))
