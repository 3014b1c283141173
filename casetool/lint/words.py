"""What a setting allows a text to say: its place and time phrases (the `templates:`
`places:` and `times:` of the setting, over the defaults "in the Library", "at Dusk"),
the names of its characters and the ids that must never reach a reader."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..load.model import Setting

PREPOSITIONS = ("in", "at", "on")
# words a place's name follows with its article ("next to the Kitchen"), never bare
BEFORE_PLACE = PREPOSITIONS + ("to", "from", "into", "near", "beside", "by", "next to")


@dataclass
class Phrase:
    name: str            # the item's name as printed, without a leading article ("Jetty")
    allowed: str         # the phrase the setting uses ("on the Jetty")
    pattern: re.Pattern  # "<preposition> [the] <name>" in a text
    lowered: re.Pattern | None = None   # a place's name as a bare word: "next to kitchen"


@dataclass
class Words:
    places: list[Phrase] = field(default_factory=list)
    times: list[Phrase] = field(default_factory=list)
    ids: set = field(default_factory=set)


def _bare(name: str) -> str:
    for article in ("The ", "A ", "An "):
        if name.startswith(article):
            return name[len(article):]
    return name


def place_categories(setting: Setting) -> list[str]:
    if setting.timeline:
        return [setting.timeline.places]
    return [c for c in setting.categories if c in ("place", "room")]


def time_categories(setting: Setting) -> list[str]:
    if setting.timeline:
        return [setting.timeline.times]
    return [c for c, cat in setting.categories.items() if cat.ordered and c == "time"]


def _phrase(name: str, allowed: str, flags=0) -> Phrase:
    body = re.escape(name)
    pattern = re.compile(rf"\b({'|'.join(PREPOSITIONS)})\s+(?:the\s+)?({body})\b", re.IGNORECASE if flags else 0)
    return Phrase(name, allowed, pattern)


def setting_words(setting: Setting, templates: dict) -> Words:
    words = Words()
    own_places = (templates.get("places") or {}) if isinstance(templates, dict) else {}
    own_times = (templates.get("times") or {}) if isinstance(templates, dict) else {}
    for cid in place_categories(setting):
        for item in setting.categories[cid].items:
            bare = _bare(item.name)
            phrase = _phrase(bare, own_places.get(item.id) or f"in the {bare}")
            if bare != bare.lower():
                phrase.lowered = re.compile(rf"\b(?:{'|'.join(BEFORE_PLACE)})\s+({re.escape(bare.lower())})\b")
            words.places.append(phrase)
    for cid in time_categories(setting):
        for item in setting.categories[cid].items:
            words.times.append(_phrase(item.name, own_times.get(item.id) or f"at {item.name}", re.IGNORECASE))
    words.ids = {i.id for i in setting.all_items()} | set(setting.characters) | set(setting.categories)
    return words


def preposition(phrase: str) -> str:
    return phrase.split()[0].lower() if phrase.split() else ""
