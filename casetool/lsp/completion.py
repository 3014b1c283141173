"""Completion: inside `means:` the clue language (attributes after `suspect.`, values after
`==` or `has`, item and character ids, keywords); elsewhere `speaker:`, `room:`, the
solution's items and liars."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsprotocol import types

from ..language.syntax import KEYWORDS
from ..load.model import Setting
from .cursor import Cursor
from .positions import Lines

K = types.CompletionItemKind
ATTR = re.compile(r"([A-Za-z_]\w*)\.(\w*)$")
VALUE = re.compile(r"([A-Za-z_]\w*)\.(\w+)\s*(?:==|!=|has|(?:not\s+)?in\s*\[[\w\s,]*)\s*(\w*)$")
ITEM_CMP = re.compile(r"([A-Za-z_]\w*)\s*(?:==|!=|<=|>=|<|>|(?:not\s+)?in\s*\[[\w\s,]*)\s*(\w*)$")
CALL = re.compile(r"\b(lies|holds|at|together)\(\s*(?:(\w+)\s*,\s*)?(\w*)$")
QUANTIFIED = re.compile(r"\b(?:all|any|no|exactly\s+\d+|at\s+most\s+\d+|at\s+least\s+\d+)\s+(\w+)\s+in\s+(\w+)")
PARTIAL = re.compile(r"\w*$")


def complete(setting: Setting | None, cur: Cursor, lines: Lines, players: Sequence[tuple[str, str]] = ()) -> list[types.CompletionItem]:
    if setting is None or cur.key is None:
        return []
    found = PARTIAL.search(cur.prefix)  # `\w*$` matches every string, at worst empty
    partial = found.group() if found else ""
    edit = lines.range(cur.line, cur.char - len(partial), cur.char)
    items = _choices(setting, cur, players)
    out, seen = [], set()
    for label, kind, detail in items:
        if label in seen or not label.startswith(partial):
            continue
        seen.add(label)
        out.append(types.CompletionItem(label=label, kind=kind, detail=detail,
                                        text_edit=types.TextEdit(range=edit, new_text=label)))
    return out


def _choices(setting: Setting, cur: Cursor, players) -> list[tuple[str, K, str]]:
    if cur.key == "means" or (cur.key == "custom" and cur.parent == "liar_rule"):
        return means_choices(setting, cur.prefix, cur.value, players)
    if cur.key == "speaker":
        return characters(setting)
    if cur.key == "room":
        places = _places(setting)
        return items_of(setting, places) if places else all_items(setting)
    if cur.parent == "solution" and cur.key in setting.answer:
        return items_of(setting, cur.key)
    if cur.parent == "solution" and cur.key == "liars":
        return characters(setting)
    if cur.key == "setting":
        return [(setting.id, K.Module, setting.title)]
    if cur.key in ("holds", "cards", "shown"):
        return [i for c in setting.answer for i in items_of(setting, c)]
    return []


def means_choices(setting: Setting, prefix: str, text: str, players) -> list[tuple[str, K, str]]:
    variables = {v: c for v, c in QUANTIFIED.findall(text) if c in setting.categories}
    if m := VALUE.search(prefix):
        return values_of(setting, _category_of(setting, m.group(1), variables), m.group(2))
    if m := ATTR.search(prefix):
        return attributes_of(setting, _category_of(setting, m.group(1), variables))
    if m := CALL.search(prefix):
        return _call_choices(setting, m.group(1), m.group(2), players, variables)
    if (m := ITEM_CMP.search(prefix)) and _category_of(setting, m.group(1), variables):
        return items_of(setting, _category_of(setting, m.group(1), variables))
    names = [(v, K.Variable, f"a {c}") for v, c in variables.items()]
    names += [(c.id, K.Class, f"the answer's {c.label.lower()}") for c in setting.categories.values()]
    names += all_items(setting)
    return names + [(k, K.Keyword, "keyword") for k in sorted(KEYWORDS)]


def _call_choices(setting: Setting, call: str, first: str | None, players, variables: dict[str, str]) -> list:
    tl = setting.timeline
    if call == "lies":
        return characters(setting)
    if call == "holds":
        return [i for c in setting.answer for i in items_of(setting, c)] if first else \
            [(p, K.Variable, name) for p, name in players]
    if call in ("at", "together") and tl:
        category = tl.times if first or call == "together" else tl.people
        own = [(v, K.Variable, f"a {c}") for v, c in variables.items() if c == category]
        return own + items_of(setting, category)
    return []


def _places(setting: Setting) -> str | None:
    """Where a clue is found: the timeline's places, else a category called room or place."""
    if setting.timeline:
        return setting.timeline.places
    return next((c for c in ("room", "place", "places", "rooms") if c in setting.categories), None)


def _category_of(setting: Setting, name: str, variables: dict[str, str]) -> str | None:
    if name in setting.categories:
        return name
    if name in variables:
        return variables[name]
    item = setting.find_item(name)
    return item.category if item else None


def attributes_of(setting: Setting, category: str | None) -> list:
    if category is None:
        return []
    cat = setting.categories[category]
    out = [(a.id, K.Field, _attr_detail(a)) for a in cat.attributes.values()]
    if setting.codes:
        out.append(("code", K.Field, "the card's secret code"))
    return out


def _attr_detail(attr) -> str:
    if attr.kind == "bool":
        return "true or false"
    return ("a set of " if attr.kind == "set" else "one of ") + ", ".join(map(str, attr.values))


def values_of(setting: Setting, category: str | None, attribute: str) -> list:
    if category is None:
        return []
    if attribute == "code" and setting.codes:
        values = list(setting.codes.get("colours", [])) + list(setting.codes.get("numbers", []))
    else:
        attr = setting.categories[category].attributes.get(attribute)
        values = attr.values if attr and attr.kind != "bool" else []
    return [(str(v), K.EnumMember, f"a value of {attribute}") for v in values]


def items_of(setting: Setting, category: str | None) -> list:
    cat = setting.categories.get(category) if category else None
    return [(i.id, K.Value, f"{i.name} ({cat.id})") for i in cat.items] if cat else []


def all_items(setting: Setting) -> list:
    return [item for cid in setting.categories for item in items_of(setting, cid)]


def characters(setting: Setting) -> list:
    return [(c.id, K.Constant, f"{c.name} ({c.role})") for c in setting.characters.values()]
