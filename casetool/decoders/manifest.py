"""decoders.layout.json: the wheels' layout as data (printing.layout), for playtest to read.

Made from the same allocation and geometry that draw the pages, so it states what was
printed; a player given it needs no code of this package."""

from __future__ import annotations

from ..load.model import Casebook
from ..printing.geometry import TEXT_R, Wheel, disc_centre
from ..printing.layout import Layout, Statement, WheelLayout
from .allocation import Allocation, WheelPlan
from .drawing import decoder_of

DIGITS = 4  # mm to a tenth of a micron: exact enough, and the same text on every machine


def layout(book: Casebook, alloc: Allocation, paper: str) -> Layout:
    centre = disc_centre(paper)
    return Layout(paper, tuple(_wheel(book, plan, centre) for plan in alloc.wheels))


def _wheel(book: Casebook, plan: WheelPlan, centre: tuple[float, float]) -> WheelLayout:
    kind, decoder = decoder_of(book.setting, plan.character)
    wheel = Wheel(plan.character.wheel or 0)   # (only characters with a wheel are planned)
    statements = sorted((Statement(s.case, s.number, s.text) for s in plan.real() if s.case is not None),
                        key=lambda s: (s.mystery, s.number))
    return WheelLayout(plan.character.id, plan.character.name, kind, decoder, wheel.positions,
                       f"{plan.character.name}: wheel", f"{decoder.upper()} · this side up" if kind == "grille" else None,
                       (round(centre[0], DIGITS), round(centre[1], DIGITS)), TEXT_R,
                       round(wheel.step, 9), tuple(statements))
