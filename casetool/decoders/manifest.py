"""decoders.layout.json: what decoders.pdf prints, as data (printing.layout), for playtest to read.

Made from the same allocation, geometry, inks and notepad that draw the pages, so it
states what was printed; a player given it needs no code of this package."""

from __future__ import annotations

from ..load.model import Casebook
from ..printing.geometry import TEXT_R, Wheel, disc_centre
from ..printing.layout import EventCards, Film, Grille, Layout, Statement, WheelLayout
from . import bands, grille, holders, noise, pages, palette, svg
from .allocation import Allocation, WheelPlan
from .drawing import decoder_of
from .timed import event_cards, notepad

DIGITS = 4  # mm to a tenth of a micron: exact enough, and the same text on every machine


def layout(book: Casebook, alloc: Allocation, paper: str) -> Layout:
    centre = disc_centre(paper)
    return Layout(paper, tuple(_wheel(book, plan, centre) for plan in alloc.wheels), film(), key_geometry(),
                  (holders.FLAP_W, holders.FLAP_H), bands.NUMBER_BOX, _cards(book, alloc))


def film() -> Film:
    """How the red film sees the inks of every red-filter part (wheels and event cards)."""
    return Film(max(c[0] for c in palette.MESSAGE), min(c[0] for c in noise.NOISE))


def key_geometry() -> Grille:
    punch = svg.PUNCH.lstrip("#")
    red, green, blue = (int(punch[i:i + 2], 16) for i in (0, 2, 4))
    return Grille(pages.HOLE, grille.LETTER_EM, (red, green, blue))


def _cards(book: Casebook, alloc: Allocation) -> tuple[EventCards, ...]:
    """Each mystery's note numbers, from the deck document.py prints (the same call)."""
    found: dict[int, list[int]] = {}
    for card in event_cards(book, notepad(book, {p.character.id for p in alloc.wheels})):
        found.setdefault(card.case, []).extend(r.number for r in card.releases)
    return tuple(EventCards(case, tuple(sorted(numbers))) for case, numbers in sorted(found.items()))


def _wheel(book: Casebook, plan: WheelPlan, centre: tuple[float, float]) -> WheelLayout:
    kind, decoder = decoder_of(book.setting, plan.character)
    wheel = Wheel(plan.character.wheel or 0)   # (only characters with a wheel are planned)
    statements = sorted((Statement(s.case, s.number, s.text) for s in plan.real() if s.case is not None),
                        key=lambda s: (s.mystery, s.number))
    return WheelLayout(plan.character.id, plan.character.name, kind, decoder, wheel.positions,
                       f"{plan.character.name}: wheel", f"{decoder.upper()} · this side up" if kind == "grille" else None,
                       (round(centre[0], DIGITS), round(centre[1], DIGITS)), TEXT_R,
                       round(wheel.step, 9), tuple(statements))
