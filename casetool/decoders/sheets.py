"""The players' note sheets: a detective sheet per setting, and code flaps (seed 002).

The detective sheet lists every item of every answer category with its traits and a
row of boxes to mark; with wheels, a line per character for what the wheel said. For a
setting with codes, a second sheet prints each item's code (two colours, two numbers),
every part under its own flap: cut round the flap on three sides, fold it over the code
along the dashed line, and lift it only when a clue says so.
"""

from __future__ import annotations

from ..model import Character, Setting
from ..render.context import value_text

MARK_COLUMNS = 6
CSS_COLOURS = {"red": "#d22", "yellow": "#f2c500", "green": "#2a2", "blue": "#2458d6", "white": "#fff",
               "black": "#000", "orange": "#f08000", "purple": "#7a2aa8", "pink": "#f59ac0", "brown": "#7b4a1e",
               "grey": "#888", "gray": "#888"}


def detective_sheet(setting: Setting, wheel_characters: list[Character]) -> dict:
    return {
        "categories": [_category(setting, cid) for cid in setting.answer],
        "marks": MARK_COLUMNS,
        "characters": [{"name": c.name} for c in wheel_characters],
    }


def _category(setting: Setting, cid: str) -> dict:
    cat = setting.categories[cid]
    attrs = [a for a in cat.attributes.values()]
    return {
        "label": cat.label,
        "attributes": [_capital((a.label or a.id).replace("_", " ")) for a in attrs],
        "items": [{"name": item.name, "values": [value_text(item.attrs.get(a.id)) for a in attrs]}
                  for item in cat.items],
    }


def code_sheet(setting: Setting) -> dict | None:
    if not setting.codes:
        return None
    return {"categories": [{"label": setting.categories[cid].label,
                            "items": [{"name": item.name, "parts": _parts(item.attrs.get("code") or {})}
                                      for item in setting.categories[cid].items]}
                           for cid in setting.answer]}


def _parts(code: dict) -> list[dict]:
    colours = [{"kind": "colour", "value": str(c), "swatch": CSS_COLOURS.get(str(c).lower(), "#bbb")}
               for c in code.get("colours", [])]
    numbers = [{"kind": "number", "value": str(n), "swatch": None} for n in code.get("numbers", [])]
    return colours + numbers


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
