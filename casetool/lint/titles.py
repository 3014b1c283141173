"""L025: a case's title never gives the answer away. A title naming the culprit ("The
Colonel's Cider" when Colonel Mustard did it), the weapon, the place or the time hands the
player what the clues should make them find; a title setting the night "near the Hall" when
the crime was in the Dining Room tells them something the case contradicts (issue 24)."""

from __future__ import annotations

import re

from ..diagnostics import Diagnostic, warning
from ..load.model import Case, Item
from .texts import Text

# words that name nothing by themselves: articles, titles of address, the generic half of a
# place's or an hour's name ("Dining Room", "Nine o'clock")
COMMON = {"the", "a", "an", "of", "and", "mr", "mrs", "ms", "miss", "dr", "sir",
          "room", "wing", "o'clock", "clock"}
# a relation word before a place: the title says where the night happened
RELATIONS = {"near", "by", "in", "at", "on", "beside", "behind", "outside", "inside"}
PLACE_CATEGORIES = {"room", "place", "scene", "location"}
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
GIVEN = re.compile(r"\s*(\w+)\s*==\s*(\w+)\s*")
FIX = "title the case after its story (its set-up, or the thing taken), never after the answer"


def titles(case: Case, texts: list[Text]) -> list[Diagnostic]:
    """L025 at the title word that names an item of the case's answer, or a place of the game
    that is not the answer's after a relation word ("near the Hall")."""
    title = next((t for t in texts if t.field == "title"), None)
    if title is None or case.setting is None:
        return []
    words = [(m.start(), _plain(m.group(0))) for m in WORD.finditer(title.value)]
    answer = _answer_items(case)
    out = []
    for i, (at, word) in enumerate(words):
        hit = next(((cat, item) for cat, item in answer if _names(word, item)), None)
        if hit is not None:
            out.append(warning(title.pos(at), "L025", f"'{title.value[at:at + len(word)]}' in the title names the "
                                                      f"case's {hit[0]} ({hit[1].name}): the title gives the answer away", FIX))
            continue
        place = _place_after_relation(case, words, i, set(case.solution.values()))
        if place is not None:
            theirs = next((f"the {_bare(item.name)}" for cat, item in answer if cat == _place_category(case)), "another")
            out.append(warning(title.pos(at), "L025", f"the title sets the case {word} the {_bare(place.name)}, but the answer's "
                                                      f"{_place_category(case)} is {theirs}", FIX))
    return out


def _answer_items(case: Case) -> list[tuple[str, Item]]:
    """(category, item) of every answer item the case's solution names and does not give at
    the outset (a theft's "The stolen object was the Gold Pen", revealed at 0, is the story's
    set-up: its title may name it)."""
    given = {m.groups() for m in (GIVEN.fullmatch(c.means) for c in case.clues if c.reveal == 0) if m}
    out = []
    for cat, item_id in case.solution.items():
        item = case.setting.find_item(item_id) if isinstance(item_id, str) else None
        if item is not None and (cat, item_id) not in given:
            out.append((cat, item))
    return out


def _bare(name: str) -> str:
    return re.sub(r"^(?:the|a|an) ", "", name, flags=re.IGNORECASE)


def _plain(word: str) -> str:
    word = word.lower().replace("’", "'")
    return word[:-2] if word.endswith("'s") else word


def _words(item: Item) -> set[str]:
    return {w for w in (_plain(m.group(0)) for m in WORD.finditer(item.name)) if w not in COMMON and len(w) >= 3}


# compounds that name an item by its last part; any word ending in an item's word would be
# too many ("Affair" ends in "fair", "Armchair" in "chair")
COMPOUNDS = {"omnibus": "bus", "minibus": "bus", "autobus": "bus", "funfair": "fair", "handcart": "cart",
             "dogcart": "cart", "pushcart": "cart", "oxcart": "cart", "applecart": "cart"}


def _names(word: str, item: Item) -> bool:
    """The title word is one of the item's words, its plural, or a compound of it ("Omnibus"
    for the Bus, COMPOUNDS)."""
    if word in COMMON:
        return False
    return any(word in (w, w + "s", w + "es") or COMPOUNDS.get(word) == w for w in _words(item))


def _place_categories(case: Case) -> set[str]:
    tl = case.setting.timeline
    return ({tl.places} if tl else set()) | (PLACE_CATEGORIES & set(case.setting.categories))


def _place_category(case: Case) -> str:
    return next((c for c in case.setting.answer if c in _place_categories(case)), "place")


def _place_after_relation(case: Case, words, i: int, answer_ids: set[str]) -> Item | None:
    """The place of the game, not the answer's, named right after a relation word at `i`."""
    if words[i][1] not in RELATIONS:
        return None
    after = [w for _, w in words[i + 1:i + 4] if w not in ("the", "a", "an")][:1]
    for cat in _place_categories(case):
        for item in case.setting.categories[cat].items:
            if item.id not in answer_ids and after and _names(after[0], item):
                return item
    return None
