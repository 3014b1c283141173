"""The decoders' layout as data: what decoders.pdf prints for each wheel, handed to a player.

`casetool build` writes it beside decoders.pdf (LAYOUT); `casetool playtest` reads it, so
that it judges the print from the case, what it reads and these numbers, never by calling
the code that drew the page (issue 28 item 8). It holds what a player is told or could
measure with a ruler or a colour chart: which page shows which character's wheel and its
key, the decoder, the disc's centre and text radii in mm, the degrees per position, and the
number each mystery's statement sits at; how the red film sees the inks; a location key's
holes and letters; a murder card holder's flaps; the note numbers each mystery's event
cards release. Pages are not listed: a player finds each part by the title printed on it.
Written with sorted keys and fixed rounding: one book, one file. VERSION changes with
the fields: a file from an older build is refused (P010), never half read.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ..diagnostics import Diagnostic, Pos, error

LAYOUT = "decoders.layout.json"
VERSION = 2
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
class Film:
    """The red film's view of the inks the red-filter parts are drawn in: through it a
    colour is its red channel, and the eye adapts to the contrast between them."""
    message_red: int                         # the message inks' highest red: the palest they read
    noise_red: int                           # the noise inks' lowest red: the darkest they read


@dataclass(frozen=True)
class Grille:
    """A location key as a ruler and a colour chart find it."""
    hole_mm: float                           # side of a punched letter hole
    letter_em_mm: float                      # type size of the letters the holes show
    punch_rgb: tuple[int, int, int]          # the fill of every part to punch out


@dataclass(frozen=True)
class EventCards:
    mystery: int
    notes: tuple[int, ...]                   # the note numbers its cards release, ascending


@dataclass(frozen=True)
class Layout:
    """What decoders.pdf prints. The parts a book lacks are None or empty (a layout made by
    hand for a test may leave them out; a built one names them all)."""
    paper: str
    wheels: tuple[WheelLayout, ...]
    film: Film | None = None
    grille: Grille | None = None
    flap_mm: tuple[float, float] | None = None   # a murder card holder's flap, width and height
    card_box_mm: tuple[float, float] | None = None   # an event card's box of hidden note numbers
    cards: tuple[EventCards, ...] = ()


def dumps(layout: Layout) -> bytes:
    return (json.dumps({"version": VERSION, **asdict(layout)}, sort_keys=True, indent=1) + "\n").encode("utf-8")


def read(path: Path) -> Layout | Diagnostic:
    """The layout in `path`; a P010 diagnostic (never an exception) when it is missing or malformed."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if data.get("version") != VERSION:
            raise ValueError(f"version {data.get('version')!r}, not {VERSION}")
        return _checked(Layout(str(data["paper"]), tuple(_wheel(w) for w in data["wheels"]), _film(data["film"]),
                               _grille(data["grille"]), _pair(data["flap_mm"]), _pair(data["card_box_mm"]),
                               tuple(EventCards(int(c["mystery"]), tuple(int(n) for n in c["notes"]))
                                     for c in data["cards"])))
    except FileNotFoundError:
        why = f"no {LAYOUT} beside decoders.pdf"
    except (OSError, UnicodeDecodeError) as exc:
        why = f"cannot read {LAYOUT}: {exc.strerror if isinstance(exc, OSError) else exc}"
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        why = f"{LAYOUT} is malformed ({type(exc).__name__}: {exc})"
    return error(Pos(str(path)), UNREADABLE, why, "build the book again: casetool build CASEBOOK_DIR -o BOOK_DIR")


def _checked(layout: Layout) -> Layout:
    """`layout`, when it holds the facts its own parts need to be read."""
    kinds = {w.kind for w in layout.wheels}
    if ("red_filter" in kinds or layout.cards) and layout.film is None:
        raise ValueError("red-filter parts but no film")
    if layout.cards and layout.card_box_mm is None:
        raise ValueError("event cards but no card_box_mm")
    if "grille" in kinds and layout.grille is None:
        raise ValueError("a location key but no grille")
    return layout


def _film(data: dict | None) -> Film | None:
    return None if data is None else Film(int(data["message_red"]), int(data["noise_red"]))


def _grille(data: dict | None) -> Grille | None:
    if data is None:
        return None
    red, green, blue = (int(v) for v in data["punch_rgb"])
    return Grille(float(data["hole_mm"]), float(data["letter_em_mm"]), (red, green, blue))


def _pair(data: list | None) -> tuple[float, float] | None:
    return None if data is None else _two(data)


def _two(data: list) -> tuple[float, float]:
    first, second = (float(v) for v in data)
    return first, second


def _wheel(data: dict) -> WheelLayout:
    key = data["key_title"]
    return WheelLayout(str(data["character"]), str(data["name"]), str(data["kind"]), str(data["decoder"]),
                       int(data["positions"]), str(data["page_title"]), None if key is None else str(key),
                       _two(data["centre_mm"]), _two(data["text_radii_mm"]),
                       float(data["degrees_per_position"]),
                       tuple(Statement(int(s["mystery"]), int(s["number"]), str(s["text"])) for s in data["statements"]))
