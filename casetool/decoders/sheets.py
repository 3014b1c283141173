"""The players' note sheets: a detective sheet per setting, and code flaps (seed 002).

The detective sheet lists every item of every answer category with its traits (for a
setting with codes, its code: two colours, two numbers, as seed 002's note sheets do)
and a row of boxes to mark; with wheels, a line per character for what the wheel said.
For a setting with codes, the murder card holders: per mystery, the three murder cards
with each corner under its own flap (cut round the flap on three sides, fold it over
the corner along the dashed line). The clues describe the corners; the flaps are
lifted only to check an accusation.
"""

from __future__ import annotations

from ..load.model import Casebook, Character, Setting
from ..printing.book import value_text

MARK_COLUMNS = 6
CSS_COLOURS = {"red": "#d22", "yellow": "#f2c500", "green": "#2a2", "blue": "#2458d6", "white": "#fff",
               "black": "#000", "orange": "#f08000", "purple": "#7a2aa8", "pink": "#f59ac0", "brown": "#7b4a1e",
               "grey": "#888", "gray": "#888"}


def detective_sheet(setting: Setting, wheel_characters: list[Character]) -> dict:
    return {
        "categories": [_category(setting, cid) for cid in setting.answer],
        "codes": bool(setting.codes),
        "whereabouts": whereabouts(setting),
        "marks": MARK_COLUMNS,
        # the tick columns: one per player where cards are dealt (seed 003), else one per mystery
        "marks_by": "player" if setting.cards else "mystery",
        # a "Lying?" box only for a character the liar rule lets lie (oracles never do)
        "characters": [{"name": c.name, "can_lie": c.may_lie and setting.liar_rule.kind != "none"}
                       for c in wheel_characters],
    }


def whereabouts(setting: Setting) -> dict | None:
    """For a timeline setting (an ordered answer category, seed 004): a grid of suspects by
    times, to write in where each suspect was at each time; on a board also the weapons
    and the victim, which move too."""
    times = next((setting.categories[c] for c in setting.answer if setting.categories[c].ordered), None)
    if times is None:
        return None
    people = setting.categories[setting.culprit]
    tl = setting.timeline
    # on a board every piece moves, and the players follow each (cases/mansion)
    carried = [c for c in tl.pieces if c != people.id] if tl is not None and tl.moves else []
    return {"label": people.label, "time_label": times.label, "times": [i.name for i in times.items],
            "people": [i.name for i in people.items],
            "pieces": [i.name for c in carried for i in setting.categories[c].items]}


def _category(setting: Setting, cid: str) -> dict:
    cat = setting.categories[cid]
    attrs = [a for a in cat.attributes.values()]
    return {
        "label": cat.label,
        "attributes": [_capital((a.label or a.id).replace("_", " ")) for a in attrs],
        "items": [{"name": item.name, "values": [value_text(item.attrs.get(a.id), setting, a) for a in attrs],
                   "code": _parts(item.attrs.get("code") or {})}
                  for item in cat.items],
    }


def murder_holders(book: Casebook) -> list[dict] | None:
    """Seed 002's murder card holders, one set per mystery: each answer's card with its
    four corners (two colours, two numbers) under flaps. The clues describe these corners;
    the flaps are lifted only to check an accusation, as the seed's holders are opened."""
    setting = book.setting
    if not setting.codes:
        return None
    out = []
    for case in book.cases:
        holders = []
        for cid in setting.answer:
            item = setting.categories[cid].item(case.solution[cid])
            holders.append({"label": HOLDER_LABELS.get(cid, setting.categories[cid].label),
                            "parts": _parts((item.attrs.get("code") if item else None) or {})})
        out.append({"case": case.number, "title": case.title, "holders": holders})
    return out


HOLDER_LABELS = {"suspect": "The murderer's card", "weapon": "The weapon card", "room": "The room card"}


def _parts(code: dict) -> list[dict]:
    colours = [{"kind": "colour", "value": str(c), "swatch": CSS_COLOURS.get(str(c).lower(), "#bbb")}
               for c in code.get("colours", [])]
    numbers = [{"kind": "number", "value": str(n), "swatch": None} for n in code.get("numbers", [])]
    return colours + numbers


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
