"""The setting name under the cursor (an item, character, category or attribute), and
where setting.yaml defines it."""

from __future__ import annotations

from dataclasses import dataclass

from ..load.model import Setting
from .completion import QUANTIFIED, _category_of
from .cursor import Cursor

ID_KEYS = ("speaker", "room", "holds", "cards", "shown", "by", "shown_by", "passed", "item")


@dataclass(frozen=True)
class Symbol:
    kind: str        # item | character | category | attribute
    id: str
    category: str = ""  # an item's or attribute's category


def symbol_at(setting: Setting | None, cur: Cursor) -> Symbol | None:
    if setting is None or cur.word is None or cur.key is None:
        return None
    word, start, _ = cur.word
    if cur.key == "means" or cur.key == "custom":
        return _in_means(setting, cur, word, start)
    if cur.key == "speaker" or (cur.parent == "solution" and cur.key == "liars"):
        return _character(setting, word)
    if cur.key in ID_KEYS or (cur.parent == "solution" and cur.key in setting.answer):
        return _item(setting, word) or _character(setting, word)
    return None


def _in_means(setting: Setting, cur: Cursor, word: str, start: int) -> Symbol | None:
    offset = start - (cur.char - len(cur.prefix))  # the word's start within the value
    before = cur.value[:max(offset, 0)]
    if before.endswith("."):
        base = before[:-1].split()[-1].split("(")[-1] if before[:-1].split() else ""
        variables = {v: c for v, c in QUANTIFIED.findall(cur.value) if c in setting.categories}
        category = _category_of(setting, base, variables)
        if category and (word in setting.categories[category].attributes or word == "code"):
            return Symbol("attribute", word, category)
        return None
    if before.rstrip().endswith("lies("):
        return _character(setting, word)
    if word in setting.categories:
        return Symbol("category", word)
    return _item(setting, word) or _character(setting, word)


def _item(setting: Setting, word: str) -> Symbol | None:
    item = setting.find_item(word)
    return Symbol("item", word, item.category) if item else None


def _character(setting: Setting, word: str) -> Symbol | None:
    return Symbol("character", word) if word in setting.characters else None


def definition_pos(doc, symbol: Symbol):
    """The Pos of the key that defines `symbol` in the setting's YAML document, or None."""
    try:
        if symbol.kind == "character":
            return doc["characters"].key_pos[symbol.id]
        if symbol.kind == "category":
            return doc["categories"].key_pos[symbol.id]
        cat = doc["categories"][symbol.category]
        if symbol.kind == "item":
            return cat["items"].key_pos[symbol.id]
        if symbol.id == "code":
            return doc.key_pos.get("codes")
        return cat["attributes"].key_pos[symbol.id]
    except (KeyError, TypeError, AttributeError):
        return None
