"""Draw one wheel: fit and encode every position's statement, wrap them round the disc."""

from __future__ import annotations

import random
from collections import OrderedDict

from ..diagnostics import Diagnostic, error, warning
from ..load.model import Setting
from ..printing.geometry import Wheel
from . import grille
from .allocation import Statement, WheelPlan
from .cache import Cache
from .cache import key as cache_key
from .pages import WheelDrawing
from .redfilter import red_wedge
from .ring import Ops, numbers, plain_wedge
from .textfit import MIN_EM, PITCH, SMALL_EM, ZONE_PAD, Fitted, fit, slots, text_length

PT_PER_MM = 72 / 25.4


def decoder_of(setting: Setting, character) -> tuple[str, str]:
    """(kind, printed name) of the character's decoder; plain print when it has none."""
    decoder = setting.decoders.get(character.decoder) if character.decoder else None
    return (decoder.kind, decoder.name) if decoder else ("plain", "no decoder")


def draw_wheel(plan: WheelPlan, setting: Setting, seed: int,
               grid: grille.Grid | None = None, cache: Cache | None = None) -> tuple[WheelDrawing | None, list[Diagnostic]]:
    """The wheel's drawing. `grid`: for a location-key wheel, the grid its key was made for."""
    kind, name = decoder_of(setting, plan.character)
    wheel = Wheel(_positions(plan))
    key = (kind, wheel.positions, seed, plan.character.id, grid,
           tuple((n, s.text, s.clue.pos if s.clue else None) for n, s in plan.statements.items()))
    if key not in _DRAWN:
        entry = cache_key(key)
        found = cache.get("ring", entry) if cache else None
        _DRAWN[key] = found if found is not None else _draw(plan, kind, wheel, seed, grid)
        if cache and found is None:
            cache.put("ring", entry, _DRAWN[key])
        while len(_DRAWN) > CACHE_SIZE:
            _DRAWN.popitem(last=False)
    _DRAWN.move_to_end(key)
    ring, diags = _DRAWN[key]
    return (WheelDrawing(plan.character, kind, name, wheel, ring, grid) if ring else None), list(diags)


# Drawings by everything they depend on: a process that prints one casebook again (the
# tests, an author's preview) draws each wheel once.
_DRAWN: OrderedDict = OrderedDict()
CACHE_SIZE = 16


def _draw(plan: WheelPlan, kind: str, wheel: Wheel, seed: int, grid: grille.Grid | None):
    """(the ring's drawing, or None; diagnostics)."""
    ops = Ops()
    if kind == "grille":
        if grid is None:
            return None, ()
        for n, s in plan.statements.items():
            grille.wedge(ops, grid, grille.fill(grid, s.text, random.Random(f"{seed}/{plan.character.id}/{n}")), wheel, n)
        diags: list = []
    else:
        diags = _text_wedges(ops, plan, wheel, kind, f"{seed}/{plan.character.id}")
        if any(d.is_error for d in diags):
            return None, tuple(diags)
    numbers(ops, wheel)
    return ops.ring(), tuple(diags)


def _text_wedges(ops: Ops, plan: WheelPlan, wheel: Wheel, kind: str, seed: str) -> list[Diagnostic]:
    small: list[tuple[float, Statement]] = []
    diags: list[Diagnostic] = []
    for number, statement in plan.statements.items():
        fitted = fit(statement.text, wheel, mirrored=kind == "mirror")
        if fitted is None:
            fitted = _too_long(statement, plan, wheel, diags)
        elif fitted.em < SMALL_EM and not statement.decoy:
            small.append((fitted.em, statement))
        if kind == "red_filter":
            red_wedge(ops, wheel, number, fitted, random.Random(f"{seed}/{number}"))
        else:
            plain_wedge(ops, wheel, number, fitted, mirrored=kind == "mirror")
    if small:
        diags.append(_small_type(plan, wheel, small))
    return diags


def _too_long(statement: Statement, plan: WheelPlan, wheel: Wheel, diags: list) -> Fitted:
    pos = statement.clue.pos if statement.clue else plan.character.pos
    diags.append(error(pos, "R041", f"this statement is too long for {plan.character.name}'s wheel of "
                       f"{wheel.positions} positions even in {MIN_EM * PT_PER_MM:.1f} pt type",
                       f"shorten it to about {budget(wheel, MIN_EM)} characters, or give the wheel fewer positions"))
    return Fitted(MIN_EM, ())


def _small_type(plan: WheelPlan, wheel: Wheel, small: list[tuple[float, Statement]]) -> Diagnostic:
    em, worst = min(small, key=lambda t: (t[0], t[1].number))
    return warning(worst.clue.pos if worst.clue else plan.character.pos, "R042", f"{len(small)} statement(s) on {plan.character.name}'s wheel print below "
                   f"{SMALL_EM * PT_PER_MM:.1f} pt to fit its {wheel.positions} positions; this one (number {worst.number}) "
                   f"prints at {em * PT_PER_MM:.1f} pt",
                   f"statements of up to about {budget(wheel, SMALL_EM)} characters print at "
                   f"{SMALL_EM * PT_PER_MM:.1f} pt or more")


def _positions(plan: WheelPlan) -> int:
    """A plan is made only for a character with a wheel (allocation.allocate)."""
    if plan.character.wheel is None:
        raise ValueError(f"{plan.character.id} has no wheel to draw")
    return plan.character.wheel


def budget(wheel: Wheel, em: float) -> int:
    """About how many characters of ordinary text fit a wedge at this type size."""
    room = sum(s.length for s in slots(wheel, em * PITCH, em * ZONE_PAD))
    per_char = text_length("The thief was not a man who rides. ", em) / 35
    return int(room / per_char * 0.9)  # word wrap wastes some


def key_grid(plans: list[WheelPlan], setting: Setting) -> tuple[grille.Grid | None, list[Diagnostic]]:
    """One key for the wheels of one location-key decoder and size: made for all their words."""
    wheel = Wheel(_positions(plans[0]))
    statements = [s for plan in plans for s in plan.statements.values()]
    grid = grille.grid(wheel, [s.text for s in statements], f"{setting.id}/{plans[0].character.decoder}/{wheel.positions}")
    if grid is not None:
        return grid, []
    longest = max(statements, key=lambda s: (not s.decoy, len(grille.letters(s.text))))
    pos = longest.clue.pos if longest.clue else plans[0].character.pos
    return None, [error(pos, "R043", f"'{longest.text}' has too many letters for the location key of a wheel "
                        f"of {wheel.positions} positions", "use a shorter word, or give the wheel fewer positions")]
