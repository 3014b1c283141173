"""Decided facts: the attributes a setting marks `unknown: true`, as plain data for a
solver backend (the compiler makes one choice per item, the counts are exact)."""

from __future__ import annotations

from dataclasses import dataclass

from ..load.model import Setting


@dataclass(frozen=True)
class DecidedFact:
    category: str
    attribute: str
    items: tuple[str, ...]      # the category's item ids
    values: tuple[str, ...]     # the attribute's values (item ids for an item-valued attribute)
    counts: tuple[tuple[str, int], ...]   # (value, how many items have it), in the order of `values`


def decided_facts(setting: Setting) -> list[DecidedFact]:
    out = []
    for cat in setting.categories.values():
        for attr in cat.attributes.values():
            if attr.unknown:
                counts = tuple((v, attr.counts[v]) for v in attr.values if v in attr.counts)
                out.append(DecidedFact(cat.id, attr.id, tuple(cat.ids), tuple(attr.values), counts))
    return out
