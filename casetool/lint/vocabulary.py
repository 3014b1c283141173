"""The words a text may use for each name of a setting: an item's name (and its distinctive
words: "the Colonel" for Colonel Mustard), a value (its word, the setting's phrase for it,
the common synonyms), an attribute (its label, its phrases, "heavier" for a weight)."""

from __future__ import annotations

import re
from functools import cached_property

from ..english.phrases import ATTRIBUTES, Templates, fill, value_word
from ..load.model import Category, Setting
from .cues import FUNCTION, SYNONYMS, stem, stems

# words of a phrase that say nothing of its own: "happened", "was", "has" ...
VERBS = FUNCTION | {"happen", "happened", "did", "does", "do", "is", "was", "not", "no", "has", "have",
                    "had", "its", "among", "their", "{value}"}
VERB_STEMS = {stem(v) for v in VERBS}


class Vocabulary:
    """The cue words of one setting's names, built once per setting."""

    def __init__(self, setting: Setting):
        self.setting = setting
        self.templates = Templates(setting.templates or {})

    @cached_property
    def _name_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for item in self.setting.all_items():
            for s in set(_tokens(item.name)):
                counts[s] = counts.get(s, 0) + 1
        return counts

    def item(self, item_id: str) -> set[str]:
        """The stems that name an item: the words of its name no other item has, or all of them."""
        item = self.setting.find_item(item_id)
        name = item.name if item else item_id.replace("_", " ")
        tokens = _tokens(name) or [stem(name)]
        own = {t for t in tokens if self._name_counts.get(t, 0) <= 1}
        out = own or set(tokens)
        cat = self.setting.categories[item.category] if item else None
        if cat is not None:
            out |= self._phrase_words(self.templates.get("places", {}).get(item_id))
            out |= self._phrase_words(self.templates.get("times", {}).get(item_id))
            out |= self._phrase_words(self.templates.get("moments", {}).get(item_id))
        return out

    def neighbours(self, item_id: str) -> list[tuple[str, str]]:
        """For an ordered item: ('before', next item) and ('after', previous item): "just
        before lunch" names the late morning."""
        item = self.setting.find_item(item_id)
        if item is None or not self.setting.categories[item.category].ordered:
            return []
        ids = self.setting.categories[item.category].ids
        at = ids.index(item_id)
        out = []
        if at + 1 < len(ids):
            out.append(("before", ids[at + 1]))
        if at > 0:
            out.append(("after", ids[at - 1]))
        return out

    def person(self, who: str) -> set[str]:
        ch = self.setting.characters.get(who)
        if ch is None:
            return self.item(who)
        return self.item(ch.item) | set(_tokens(ch.name)) if ch.item else set(_tokens(ch.name))

    def value(self, cat: Category | None, attr: str, value: object) -> set[str]:
        """The stems that say `attr` has `value`: the value's own words, the words of the
        setting's phrase for it that the phrases of its other values do not have, synonyms."""
        word = value_word(value)
        out = set(_tokens(word)) | {stem(word)} | {stem(s) for s in SYNONYMS.get(str(value), ())}
        if cat is None or attr not in cat.attributes:
            return out
        spec = cat.attributes[attr]
        if spec.category:   # an item-valued attribute: the value is an item
            return out | self.item(str(value))
        others = set()
        for other in spec.values:
            if other != value:
                others |= self._value_phrase(cat, attr, other)
        return out | (self._value_phrase(cat, attr, value) - others)

    def attribute(self, cat: Category | None, attr: str) -> set[str]:
        """The stems that name an attribute: its id and label, its phrases without the value,
        synonyms ("heavier" for a weight)."""
        out = set(_tokens(attr.replace("_", " "))) | {stem(s) for s in SYNONYMS.get(attr, ())}
        spec = cat.attributes.get(attr) if cat else None
        if spec is None:
            return out
        out |= set(_tokens(spec.label or ""))
        values = spec.values or [True]
        for value in values[:6]:
            out |= self._value_phrase(cat, attr, value) - set(_tokens(value_word(value)))
        return out

    def negative(self, cat: Category | None, attr: str, value: object) -> set[str]:
        """The stems by which the setting's phrase denies a value without a "not": the words
        of its negative phrase that the positive one lacks ("outdoors" for `not indoor`)."""
        phrases = self.templates.attribute_phrases(cat, attr, value) if cat else None
        if not phrases or len(phrases) < 2:
            return set()
        pos, neg = (self._phrase_words(fill(p, value=value_word(value))) for p in phrases[:2])
        return neg - pos

    def _value_phrase(self, cat: Category | None, attr: str, value: object) -> set[str]:
        if cat is None:
            return set()
        phrases = self.templates.attribute_phrases(cat, attr, value)
        if phrases is None and attr in ATTRIBUTES and not isinstance(ATTRIBUTES[attr], dict):
            phrases = list(ATTRIBUTES[attr])
        out: set[str] = set()
        for phrase in (phrases or [])[:2]:
            out |= self._phrase_words(fill(phrase, value=value_word(value)))
        return out

    def _phrase_words(self, phrase: object) -> set[str]:
        if not isinstance(phrase, str):
            return set()
        return {s for s in stems(phrase) if s not in VERB_STEMS and len(s) > 2}


def _tokens(text: str) -> list[str]:
    """The stems of a name's words, function words left out ("The Rope" -> ['rope'])."""
    return [stem(w) for w in re.findall(r"[A-Za-z][A-Za-z'-]*|\d+", text) if w.lower() not in FUNCTION]
