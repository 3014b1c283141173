"""Draw one wheel: fit and encode every position's statement, wrap them round the disc."""

from __future__ import annotations

import random

from ..diagnostics import Diagnostic, error, warning
from ..model import Setting
from . import bands, grille
from .allocation import Statement, WheelPlan
from .disc import png_bytes, ring_picture
from .geometry import Wheel
from .noise import Noise
from .pages import WheelDrawing
from .textfit import MIN_EM, PITCH, SMALL_EM, ZONE_PAD, Fitted, fit, slots, text_length

PT_PER_MM = 72 / 25.4


def decoder_of(setting: Setting, character) -> tuple[str, str]:
    """(kind, printed name) of the character's decoder; plain print when it has none."""
    decoder = setting.decoders.get(character.decoder) if character.decoder else None
    return (decoder.kind, decoder.name) if decoder else ("plain", "no decoder")


def draw_wheel(plan: WheelPlan, setting: Setting, seed: int, grid: grille.Grid | None = None,
               noise: Noise | None = None) -> tuple[WheelDrawing | None, list[Diagnostic]]:
    """The wheel's drawing. `grid`: for a location-key wheel, the grid its key was made for.
    `noise`: the red filter's noise, shared by the book's wheels (it is slow to make)."""
    character = plan.character
    kind, name = decoder_of(setting, character)
    wheel = Wheel(character.wheel)
    if kind == "grille":
        pictures, diags = ([_grille_band(grid, s, wheel, f"{seed}/{character.id}/{n}")
                            for n, s in plan.statements.items()], []) if grid else (None, [])
    else:
        if kind == "red_filter" and noise is None:
            noise = Noise(f"{seed}/wheels")
        pictures, diags = _text_bands(plan, wheel, kind, noise, f"{seed}/{character.id}")
        grid = None
    if pictures is None:
        return None, diags
    ring = png_bytes(ring_picture(pictures, wheel))
    return WheelDrawing(character, kind, name, wheel, ring, grid), diags


def _text_bands(plan: WheelPlan, wheel: Wheel, kind: str, noise: Noise | None, seed: str):
    pictures, small, diags = [], [], []
    for number, statement in plan.statements.items():
        fitted = fit(statement.text, wheel, mirrored=kind == "mirror") or _too_long(statement, plan, wheel, diags)
        if fitted.em < SMALL_EM and not statement.decoy:
            small.append((fitted.em, statement))
        if kind == "red_filter":
            pictures.append(bands.red_filter(fitted, wheel, noise, random.Random(f"{seed}/{number}")))
        else:
            pictures.append(bands.mirror(fitted, wheel) if kind == "mirror" else bands.plain(fitted, wheel))
    if small:
        diags.append(_small_type(plan, wheel, small))
    return (None if any(d.is_error for d in diags) else pictures), diags


def _too_long(statement: Statement, plan: WheelPlan, wheel: Wheel, diags: list) -> Fitted:
    pos = statement.clue.pos if statement.clue else plan.character.pos
    diags.append(error(pos, "R041", f"this statement is too long for {plan.character.name}'s wheel of "
                       f"{wheel.positions} positions even in {MIN_EM * PT_PER_MM:.1f} pt type",
                       f"shorten it to about {budget(wheel, MIN_EM)} characters, or give the wheel fewer positions"))
    return Fitted(MIN_EM, ())


def _small_type(plan: WheelPlan, wheel: Wheel, small: list[tuple[float, Statement]]) -> Diagnostic:
    em, worst = min(small, key=lambda t: (t[0], t[1].number))
    return warning(worst.clue.pos, "R042", f"{len(small)} statement(s) on {plan.character.name}'s wheel print below "
                   f"{SMALL_EM * PT_PER_MM:.1f} pt to fit its {wheel.positions} positions; this one (number {worst.number}) "
                   f"prints at {em * PT_PER_MM:.1f} pt",
                   f"statements of up to about {budget(wheel, SMALL_EM)} characters print at "
                   f"{SMALL_EM * PT_PER_MM:.1f} pt or more")


def budget(wheel: Wheel, em: float) -> int:
    """About how many characters of ordinary text fit a wedge at this type size."""
    room = sum(s.length for s in slots(wheel, em * PITCH, em * ZONE_PAD))
    per_char = text_length("The thief was not a man who rides. ", em) / 35
    return int(room / per_char * 0.9)  # word wrap wastes some


def key_grid(plans: list[WheelPlan], setting: Setting) -> tuple[grille.Grid | None, list[Diagnostic]]:
    """One key for the wheels of one location-key decoder and size: made for all their words."""
    wheel = Wheel(plans[0].character.wheel)
    statements = [s for plan in plans for s in plan.statements.values()]
    grid = grille.grid(wheel, [s.text for s in statements], f"{setting.id}/{plans[0].character.decoder}/{wheel.positions}")
    if grid is not None:
        return grid, []
    longest = max(statements, key=lambda s: (not s.decoy, len(grille.letters(s.text))))
    pos = longest.clue.pos if longest.clue else plans[0].character.pos
    return None, [error(pos, "R043", f"'{longest.text}' has too many letters for the location key of a wheel "
                        f"of {wheel.positions} positions", "use a shorter word, or give the wheel fewer positions")]


def _grille_band(grid: grille.Grid, statement: Statement, wheel: Wheel, seed: str):
    return grille.band(grid, grille.fill(grid, statement.text, random.Random(seed)), wheel)
