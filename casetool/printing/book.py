"""What every printed component of a casebook agrees on: who has a wheel, which clues
the inspector's notepad holds, and how an attribute value prints.

The casebook's pages (casetool.render), the decoders (casetool.decoders), `casetool
wheels` and the preview server all ask these questions; answering them here keeps those
layers from importing one another.
"""

from __future__ import annotations

from ..model import Attribute, Clue, Setting

NOTEPAD_KINDS = ("note", "testimony")  # read from the notepad (seed 004), not printed on the page


def wheel_characters(setting: Setting) -> list[dict]:
    """Characters with a wheel, in setting order, each with the short name the index prints."""
    chars = [c for c in setting.characters.values() if c.wheel]
    shorts = [c.name.split()[-1] for c in chars]
    return [{"id": c.id, "name": c.name, "short": s if shorts.count(s) == 1 else c.name}
            for c, s in zip(chars, shorts, strict=True)]


def on_notepad(clue: Clue, wheel_ids: set[str]) -> bool:
    """A note or testimony of a character without a wheel: the notepad holds it."""
    return clue.kind in NOTEPAD_KINDS and not clue.synthetic and clue.speaker not in wheel_ids


def value_text(value, setting: Setting | None = None, attribute: Attribute | None = None) -> str:
    """An attribute value as a table cell prints it.

    An item-valued attribute (`items: room`) names its items as the players know them
    ("Dining Room", not "dining_room"), given the setting and the attribute. No value
    (a decided fact, `unknown: true`) is a blank for the player to fill in."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_text(v, setting, attribute) for v in value) or "none"
    if setting is not None and attribute is not None and attribute.category in setting.categories:
        item = setting.categories[attribute.category].item(str(value))
        if item is not None:
            return item.name
    return str(value).replace("_", " ")
