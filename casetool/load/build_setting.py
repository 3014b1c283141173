"""Build a Setting from its validated YAML document, checking names and types."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..diagnostics import Diagnostic, Pos, did_you_mean, error
from ..language.syntax import KEYWORDS
from .fixed_rules import read_rules, resolve_rules
from .loader import plain
from .model import (
    Attribute,
    Category,
    Character,
    Decoder,
    Item,
    LiarRule,
    Pieces,
    Setting,
    Timeline,
)


def build_setting(doc, path: Path, display: str) -> tuple[Setting, list[Diagnostic]]:
    diags: list[Diagnostic] = []
    categories = {cid: _category(cid, cdoc, doc["categories"].pos_of(cid), diags)
                  for cid, cdoc in doc["categories"].items()}
    setting = Setting(
        id=str(doc["setting"]), title=str(doc["title"]), rules=str(doc.get("rules", "") or ""),
        answer=[str(a) for a in doc["answer"]], culprit=str(doc["culprit"]),
        categories=categories,
        characters={k: _character(k, v, doc["characters"].pos_of(k)) for k, v in (doc.get("characters") or {}).items()},
        decoders={k: Decoder(k, str(v.get("name", k)), str(v["kind"])) for k, v in (doc.get("decoders") or {}).items()},
        liar_rule=liar_rule(doc.get("liar_rule"), doc.pos_of("liar_rule") if "liar_rule" in doc else None),
        timeline=_timeline(doc["timeline"]) if doc.get("timeline") else None,
        cards=bool(doc.get("cards", False)), codes=doc.get("codes"),
        path=path, pos=doc.pos, witnesses=[str(w) for w in doc.get("witnesses") or []],
        always=read_rules(doc, "setting"), templates=plain(doc.get("templates") or {}),
        every_case=plain(doc.get("every_case") or {}),
        pieces=_pieces(doc.get("pieces")),
    )
    setting, found = _check_setting(setting, doc)
    diags += found
    if not any(d.is_error for d in diags) and setting.always:
        always, found = resolve_rules(setting.always, setting, None, doc)
        setting, diags = replace(setting, always=always), diags + found
    return setting, diags


def _timeline(tdoc) -> Timeline:
    values = {k: v for k, v in tdoc.items()}
    values["objects"] = [str(c) for c in values.get("objects") or []]
    return Timeline(**values)


def _pieces(pdoc) -> Pieces | None:
    if not pdoc:
        return None
    board, pawns = pdoc.get("board") or {}, pdoc.get("pawns") or {}
    return Pieces(str(board.get("centre", "")), str(board.get("corners", "")), str(pawns.get("label", "")),
                  int(pawns.get("count", 0)))


def liar_rule(value, pos) -> LiarRule:
    if value is None:
        return LiarRule("none")
    if isinstance(value, dict):
        return LiarRule("custom", value["custom"], pos)
    return LiarRule(str(value), None, pos)


def _category(cid: str, cdoc, pos: Pos, diags: list) -> Category:
    attrs = {}
    for aid, adoc in (cdoc.get("attributes") or {}).items():
        kind = _attribute_kind(adoc)
        values = [True, False] if kind == "bool" else list(adoc.get("values") or [])
        if kind == "number" and not values:  # the values the items give
            values = sorted({v for v in (i.get(aid) for i in cdoc["items"].values()) if isinstance(v, int)})
        if kind not in ("bool", "number") and not values and not adoc.get("items"):
            diags.append(error(cdoc["attributes"].pos_of(aid), "V010", f"attribute '{aid}' lists no values",
                               "add `values: [...]` or `type: bool`"))
        attrs[aid] = Attribute(aid, kind, values, cdoc["attributes"].pos_of(aid),
                               str(adoc.get("label", aid.replace("_", " "))), str(adoc.get("items") or ""),
                               bool(adoc.get("unknown", False)), dict(adoc.get("counts") or {}))
    items = []
    for index, (iid, idoc) in enumerate(cdoc["items"].items()):
        item_attrs = {k: v for k, v in idoc.items() if k not in ("name", "image", "pronoun")}
        items.append(Item(iid, str(idoc["name"]), cid, index, item_attrs, cdoc["items"].pos_of(iid),
                          idoc.get("image"), idoc.pos_of("image") if "image" in idoc else None,
                          str(idoc.get("pronoun") or "")))
    return Category(cid, str(cdoc.get("label", cid.replace("_", " ").title())), bool(cdoc.get("ordered", False)),
                    items, attrs, pos)


def _attribute_kind(adoc) -> str:
    if adoc.get("type") in ("bool", "number"):
        return str(adoc["type"])
    if adoc.get("multi"):
        return "set"
    return "item" if adoc.get("items") else "enum"


def _item_valued(setting: Setting, doc) -> tuple[dict[str, Category], list[Diagnostic]]:
    """Item-valued attributes (`adjacent: {items: room, multi: true}`) take the item ids of
    their category as values; so a board is declared once, in the setting. The categories
    with those values given, and the attributes that name no category."""
    diags, categories = [], {}
    for cat in setting.categories.values():
        attrs = {}
        for attr in cat.attributes.values():
            target = setting.categories.get(attr.category) if attr.category else None
            if attr.category and target is None:
                diags.append(error(doc["categories"][cat.id]["attributes"][attr.id].pos_of("items"), "V012",
                                   f"attribute '{attr.id}': unknown category '{attr.category}'"
                                   f"{did_you_mean(attr.category, setting.categories)}"))
            attrs[attr.id] = replace(attr, values=target.ids) if target is not None else attr
        categories[cat.id] = replace(cat, attributes=attrs)
    return categories, diags


def _check_unknown(setting: Setting, doc) -> list[Diagnostic]:
    """Decided facts (`unknown: true`) take one value per item, of a single-valued enum or
    item attribute; `counts` say how many items have a value, and add up when complete."""
    diags = []
    for cat in setting.categories.values():
        for attr in cat.attributes.values():
            adoc = doc["categories"][cat.id]["attributes"][attr.id]
            if attr.counts and not attr.unknown:
                diags.append(error(adoc.pos_of("counts"), "V074", f"attribute '{attr.id}' has `counts` but is "
                                   "not `unknown: true`", "counts are for facts the solver decides"))
            if not attr.unknown:
                continue
            if attr.kind not in ("enum", "item"):
                diags.append(error(adoc.pos_of("unknown"), "V074", f"attribute '{attr.id}': `unknown: true` works on "
                                   "a single-valued attribute with `values:` or `items:`, not on a "
                                   f"{attr.kind} attribute"))
                continue
            diags += _check_counts(cat, attr, adoc)
    return diags


def _check_counts(cat: Category, attr: Attribute, adoc) -> list[Diagnostic]:
    diags = []
    for value in attr.counts:
        if value not in attr.values:
            diags.append(error(adoc["counts"].pos_of(value), "V074", f"counts of '{attr.id}': unknown value "
                               f"'{value}'{did_you_mean(str(value), map(str, attr.values))}"))
    total = sum(attr.counts.values())
    complete = set(attr.counts) >= set(attr.values)
    if total > len(cat.items) or (complete and total != len(cat.items)):
        diags.append(error(adoc.pos_of("counts"), "V074", f"counts of '{attr.id}' add up to {total}, but "
                           f"{cat.id} has {len(cat.items)} items"))
    return diags


def _character(cid: str, doc, pos: Pos) -> Character:
    return Character(cid, str(doc["name"]), str(doc["role"]), doc.get("item"), doc.get("decoder"),
                     doc.get("wheel"), pos)


def _check_setting(setting: Setting, doc) -> tuple[Setting, list[Diagnostic]]:
    """The setting with its item-valued attributes' values, and its errors."""
    diags = []
    cats = setting.categories
    for i, cid in enumerate(setting.answer):
        if cid not in cats:
            diags.append(error(doc["answer"].item_pos[i], "V001", f"unknown category '{cid}' in answer{did_you_mean(cid, cats)}"))
    if setting.culprit not in setting.answer:
        diags.append(error(doc.pos_of("culprit"), "V001", f"culprit category '{setting.culprit}' is not in the answer"
                           f"{did_you_mean(setting.culprit, setting.answer)}"))
    diags += _check_ids(setting, doc)
    categories, found = _item_valued(setting, doc)
    setting, cats = replace(setting, categories=categories), categories
    diags += found
    diags += _check_unknown(setting, doc)
    for cat in cats.values():
        for item in cat.items:
            diags += _check_item_attrs(setting, cat, item)
    for ch in setting.characters.values():
        cdoc = doc["characters"][ch.id]
        if ch.decoder and ch.decoder not in setting.decoders:
            diags.append(error(cdoc.pos_of("decoder"), "V002", f"unknown decoder '{ch.decoder}'{did_you_mean(ch.decoder, setting.decoders)}"))
        if ch.item and setting.find_item(ch.item) is None:
            diags.append(error(cdoc.pos_of("item"), "V002", f"unknown item '{ch.item}'"
                               f"{did_you_mean(ch.item, [i.id for i in setting.all_items()])}"))
    diags += check_witness_names(setting, setting.witnesses, doc)
    diags += _check_every_case(setting, doc)
    diags += _check_timeline(setting, doc)
    diags += _check_codes(setting, doc)
    diags += _check_pieces(setting, doc)
    return setting, diags


def _check_ids(setting: Setting, doc) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    seen: dict = {}
    for cat in setting.categories.values():
        if cat.id in KEYWORDS:
            diags.append(error(cat.pos, "V003", f"'{cat.id}' is a keyword of the clue language; rename the category"))
        for item in cat.items:
            if item.id in KEYWORDS:
                diags.append(error(item.pos, "V003", f"'{item.id}' is a keyword of the clue language; rename the item"))
            if item.id in setting.categories:
                diags.append(error(item.pos, "V004", f"item '{item.id}' has the name of a category; rename it"))
            if item.id in seen:
                diags.append(error(item.pos, "V004", f"item id '{item.id}' is used twice (also in {seen[item.id]}); item ids must be unique across categories"))
            seen[item.id] = cat.id
    return diags


def _check_item_attrs(setting: Setting, cat: Category, item: Item) -> list[Diagnostic]:
    diags = []
    for key, value in item.attrs.items():
        if key == "code":
            if not setting.codes:
                diags.append(error(item.pos, "V012", f"item '{item.id}' has a code, but the setting has no `codes:`"))
            continue
        attr = cat.attributes.get(key)
        if attr is None:
            diags.append(error(item.pos, "V005", f"item '{item.id}': {cat.id} has no attribute '{key}'"
                               f"{did_you_mean(key, cat.attributes)}", "declare it under `attributes:`"))
            continue
        diags += _check_value(item, attr, value)
    for attr in cat.attributes.values():
        if attr.unknown and attr.id in item.attrs:
            diags.append(error(item.pos, "V073", f"item '{item.id}' gives a value for '{attr.id}', which is "
                               "`unknown: true` (decided by the solver)",
                               "drop the value and say it in a clue, or drop `unknown: true`"))
        elif attr.id not in item.attrs and not attr.unknown:
            diags.append(error(item.pos, "V006", f"item '{item.id}' gives no value for attribute '{attr.id}'"))
    if setting.codes and cat.id in setting.answer and "code" not in item.attrs:
        diags.append(error(item.pos, "V006", f"item '{item.id}' has no `code:` (the setting has codes)"))
    return diags


def _check_value(item: Item, attr: Attribute, value) -> list[Diagnostic]:
    if attr.kind == "number":
        ok = isinstance(value, int) and not isinstance(value, bool) and (value in attr.values)
        return [] if ok else [error(item.pos, "V007", f"item '{item.id}': {attr.id} should be a whole number"
                                    + (f" among {attr.values}" if attr.values else "") + f", not {value!r}")]
    if attr.kind == "bool":
        ok = isinstance(value, bool)
        return [] if ok else [error(item.pos, "V007", f"item '{item.id}': {attr.id} should be true or false, not {value!r}")]
    if attr.kind == "set":
        if not isinstance(value, list):
            return [error(item.pos, "V007", f"item '{item.id}': {attr.id} is set-valued; give a list, e.g. [{value}]")]
        bad = [v for v in value if v not in attr.values]
    else:
        if isinstance(value, list):
            return [error(item.pos, "V007", f"item '{item.id}': {attr.id} takes one value, not a list")]
        bad = [value] if value not in attr.values else []
    return [error(item.pos, "V008", f"item '{item.id}': unknown value '{v}' for {attr.id}"
                  f"{did_you_mean(str(v), map(str, attr.values))}") for v in bad]


def check_witness_names(setting: Setting, names: list[str], doc) -> list[Diagnostic]:
    """`witnesses:` (in a setting or a case) names characters."""
    diags = []
    for i, name in enumerate(names):
        if name not in setting.characters:
            diags.append(error(doc["witnesses"].item_pos[i], "V070", f"unknown character '{name}' in witnesses"
                               f"{did_you_mean(name, setting.characters)}"))
    return diags


def _check_every_case(setting: Setting, doc) -> list[Diagnostic]:
    """`every_case: speakers:` names characters; `roles:` names roles some character has."""
    rules = doc.get("every_case") or {}
    diags = []
    for key, known in (("speakers", setting.characters), ("roles", {c.role for c in setting.characters.values()})):
        for i, name in enumerate(rules.get(key) or []):
            if name not in known:
                what = "character" if key == "speakers" else "role (no character has it)"
                diags.append(error(rules[key].item_pos[i], "V070", f"unknown {what} '{name}' in every_case: {key}"
                                   f"{did_you_mean(name, known)}"))
    return diags


def _check_timeline(setting: Setting, doc) -> list[Diagnostic]:
    tl = setting.timeline
    if tl is None:
        return []
    diags, tdoc = [], doc["timeline"]
    for key in ("people", "places", "times"):
        cid = getattr(tl, key)
        if cid not in setting.categories:
            diags.append(error(tdoc.pos_of(key), "V001", f"unknown category '{cid}'{did_you_mean(cid, setting.categories)}"))
    if tl.times in setting.categories and not setting.categories[tl.times].ordered:
        diags.append(error(tdoc.pos_of("times"), "V009", f"timeline times '{tl.times}' must be an ordered category",
                           "set `ordered: true` on it"))
    if not diags:
        diags += _check_board(setting, tdoc)
    return diags


def _check_board(setting: Setting, tdoc) -> list[Diagnostic]:
    """A board timeline: `moves:` names the places' adjacency; objects and the victim are
    categories of their own on it, and need the board (they move one step at a time)."""
    tl, cats, diags = setting.timeline, setting.categories, []
    assert tl is not None  # _check_timeline asks only for a setting with a timeline
    taken = {tl.people, tl.places, tl.times}
    for i, cid in enumerate(tl.objects):
        if cid not in cats or cid in taken:
            diags.append(error(tdoc["objects"].item_pos[i], "V075", f"timeline objects: '{cid}' is not a category "
                               f"of its own{did_you_mean(cid, [c for c in cats if c not in taken])}"))
        taken.add(cid)
    if tl.victim and (tl.victim not in cats or tl.victim in taken):
        diags.append(error(tdoc.pos_of("victim"), "V075", f"timeline victim: '{tl.victim}' is not a category "
                           f"of its own{did_you_mean(tl.victim, [c for c in cats if c not in taken])}"))
    if tl.victim and not all(c in setting.answer for c in (tl.people, tl.places, tl.times)):
        diags.append(error(tdoc.pos_of("victim"), "V075", "a victim needs the crime's person, place and time in the "
                           f"answer ({tl.people}, {tl.places}, {tl.times})"))
    if (tl.objects or tl.victim) and not tl.moves:
        key = "objects" if tl.objects else "victim"
        diags.append(error(tdoc.pos_of(key), "V075", "objects and a victim move on a board: add `moves:` (the "
                           f"attribute of {tl.places} that lists the adjacent ones)"))
    if tl.moves:
        attr = cats[tl.places].attributes.get(tl.moves)
        if attr is None or attr.kind != "set" or attr.category != tl.places:
            diags.append(error(tdoc.pos_of("moves"), "V075", f"timeline moves: '{tl.moves}' must be an attribute of "
                               f"{tl.places} listing {tl.places} items (`{tl.moves}: {{items: {tl.places}, multi: true}}`)"
                               f"{did_you_mean(tl.moves, cats[tl.places].attributes)}"))
    return diags


MAX_CORNERS = 4  # a board has four corners: one space, and one token, per item


def _check_pieces(setting: Setting, doc) -> list[Diagnostic]:
    """A board's corners name a category with a space (and a token) for each of its items."""
    pieces = setting.pieces
    if pieces is None or not pieces.corners:
        return []
    at = doc["pieces"]["board"].pos_of("corners")
    cat = setting.categories.get(pieces.corners)
    if cat is None:
        return [error(at, "V080", f"pieces: board corners: unknown category '{pieces.corners}'"
                      f"{did_you_mean(pieces.corners, setting.categories)}")]
    if len(cat.items) > MAX_CORNERS:
        return [error(at, "V080", f"pieces: board corners: '{cat.id}' has {len(cat.items)} items, but a board has "
                      f"{MAX_CORNERS} corners", f"name a category of at most {MAX_CORNERS} items")]
    return []


def _check_codes(setting: Setting, doc) -> list[Diagnostic]:
    if not setting.codes:
        return []
    diags: list[Diagnostic] = []
    seen: dict = {}
    colours, numbers = setting.codes["colours"], setting.codes["numbers"]
    for item in setting.all_items():
        code = item.attrs.get("code")
        if not code:
            continue
        bad = [c for c in code["colours"] if c not in colours] + [n for n in code["numbers"] if n not in numbers]
        for b in bad:
            diags.append(error(item.pos, "V008", f"item '{item.id}': unknown code part '{b}'"
                               f"{did_you_mean(str(b), map(str, colours + numbers))}"))
        key = (frozenset(code["colours"]), frozenset(code["numbers"]))  # a card's corners have no order
        if key in seen:
            diags.append(error(item.pos, "V011", f"item '{item.id}' has the same code as '{seen[key]}'; all codes must differ"))
        seen[key] = item.id
    return diags
