"""The words by which English carries a part of a meaning: negation, comparison, numbers,
liars, and the common synonyms of the sample settings' attributes. A clue text carries a
part when one of its cues is in the text (whole words, with a light stemmer, so "rides",
"riding" and "rider" are one word)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..english.phrases import NUMBERS

WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|\d+")

# Negation: the text must say "not" in some way when the meaning denies something.
NEGATION = {"not", "no", "never", "nobody", "none", "nothing", "neither", "nor", "n't", "without", "empty",
            "nowhere", "but", "except", "other", "others", "else", "only", "out", "outside", "cannot",
            "wasn't", "isn't", "didn't", "doesn't", "don't", "won't", "couldn't", "wouldn't", "hadn't",
            "hasn't", "weren't", "aren't", "absent", "innocent", "clean", "untouched", "undisturbed"}
# A word that denies the next word (or the one after an article): "not red", "no painter".
DENIERS = {"not", "no", "never", "n't", "nor", "neither", "without"} | {w for w in NEGATION if w.endswith("n't")}

# Comparison: the direction a text says. LESS: the thing is smaller or earlier than the other.
LESS = {"before", "earlier", "until", "till", "by", "already", "under", "below", "less", "fewer", "lighter",
        "shorter", "smaller", "lower", "younger", "most", "up", "within", "beneath", "sooner", "prior"}
MORE = {"after", "later", "since", "over", "above", "more", "greater", "heavier", "taller", "bigger",
        "larger", "higher", "older", "beat", "beats", "exceed", "exceeds", "least", "past", "beyond",
        "outweigh", "outweighs", "then", "again", "afterwards", "from", "still", "yet"}
BETWEEN = {"between", "from", "during", "while"}
# What the arithmetic of a meaning reads as.
PLUS = frozenset({"and", "plus", "together", "sum", "total", "combined", "added", "with", "more", "over", "beat", "beats",
        "by", "heavier", "taller", "bigger", "larger", "later", "after"})
MINUS = frozenset({"less", "minus", "take", "taken", "fewer", "short", "under", "difference", "between", "before",
         "earlier", "lighter", "smaller", "shorter", "beat", "over", "by"})

LIES = frozenset({"lie", "lies", "liar", "liars", "lying", "lied", "fib", "fibs", "untrue", "false", "falsely", "truth",
        "truthful", "honest", "dishonest", "trust", "trusted", "believe", "tales", "tale", "deceive", "deceiving",
        "pretends", "invent", "invented", "mislead", "misleading", "dance", "spinning"})
TOGETHER = frozenset({"together", "all", "every", "everyone", "everybody", "whole", "party", "gathered", "assembled", "each",
            "none", "nobody", "one"})
CARDS = frozenset({"card", "cards", "hand", "hands", "dealt", "held", "holds", "hold", "holding", "kept", "keeps", "showed",
         "shown", "show", "shows"})

# Numbers as a text says them, beyond the figure and the word: 0 "nobody", 1 "an hour after".
NUMBER_WORDS = {0: {"no", "none", "nobody", "nothing", "zero", "all", "every", "never", "anybody", "any"},
                1: {"once", "single", "next", "following", "only", "alone", "just", "sole"},
                2: {"twice", "both", "pair", "double", "couple"}, 3: {"thrice", "three"}}
A_UNIT = re.compile(r"\ban?\s+(?:\w+\s+)?(?:hour|pound|pace|hand|step|minute|moment|notch|inch|foot|stride)\b"
                    r"|\b(?:right|just|straight|immediately)\s+(?:after|before)\b", re.I)
TEN_WORDS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
             "ninety": 90}

# The common attributes of the sample settings, and the words English uses for them and
# their values (a setting's own `templates:` phrases are cues too: see meaning.Cues).
SYNONYMS = {
    "male": {"man", "men", "he", "him", "his", "gentleman", "gentlemen", "male", "boy", "fellow", "sir", "mr",
             "trousers", "lord", "husband", "himself"},
    "female": {"woman", "women", "she", "her", "hers", "lady", "ladies", "female", "girl", "madam", "miss",
               "mrs", "herself", "wife"},
    "glasses": {"glasses", "spectacles", "specs", "eyeglasses", "monocle", "lenses"},
    "young": {"young", "youngster", "youth", "youthful", "lad", "scamp", "junior"},
    "elderly": {"elderly", "old", "older", "aged", "grey", "gray", "senior"},
    "middle_aged": {"middle", "middle-aged", "taxes"},
    "painting": {"paint", "painter", "easel", "brush", "brushes", "artist"},
    "fishing": {"fish", "fishes", "angler", "angling", "rod"},
    "riding": {"ride", "rider", "horse", "hoof", "hoofprints", "saddle", "stable"},
    "gardening": {"garden", "gardener", "gardens"},
    "music": {"music", "musician", "tune", "ear", "sings", "whistle", "whistled"},
    "chess": {"chess", "check", "checkmate"},
    "indoor": {"indoor", "indoors", "inside", "outdoors", "outside", "doors", "open", "air"},
    "daylight": {"daylight", "light", "dark", "sun", "sunlight", "day", "night"},
    "weight": {"weight", "weigh", "weighed", "weighs", "heavy", "heavier", "light", "lighter", "pound", "pounds"},
    "height": {"height", "tall", "taller", "short", "shorter", "high", "hand", "hands", "stands"},
    "size": {"size", "big", "bigger", "small", "smaller", "large", "larger", "pace", "paces", "across"},
    "wood": {"wood", "wooden", "boards", "floorboards", "timber"},
    "vehicle": {"vehicle", "wheels", "aboard", "cart", "bus", "carriage"},
    "meal": {"meal", "meals", "breakfast", "lunch", "dinner", "tea", "supper"},
    "red": {"red", "redhead", "ginger", "auburn"},
    "hair": {"hair", "haired", "redhead", "blonde", "mop", "head"},
    "age": {"age", "aged", "young", "old", "elderly"},
    "code": {"card", "corner", "corners", "number", "shows", "colour", "color"},
    "adjacent": {"next", "beside", "adjoining", "neighbouring", "door"},
}

# Words that never carry a name: a name's token must be more than these.
FUNCTION = {"the", "a", "an", "of", "in", "on", "at", "to", "and", "or", "is", "was", "has", "had", "have",
            "does", "did", "not", "be", "it", "its", "for", "with", "by", "from", "o'clock", "happened",
            "were", "are", "do", "that", "this", "as"}


def stem(word: str) -> str:
    """A light stemmer: enough that 'rides', 'riding', 'rider' and 'ride' meet."""
    w = re.sub(r"'s?$", "", word.lower()).strip("'")
    for suffix in ("ings", "ing", "ers", "er", "ies", "es", "ed", "en", "s", "e"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            return w[: -len(suffix)]
    return w


def words(text: str) -> list[tuple[int, str]]:
    """(offset, word) of each word of `text`; "didn't" also gives its "n't"."""
    out = []
    for m in WORD.finditer(text):
        w = m.group(0)
        out.append((m.start(), w.lower()))
        if w.lower().endswith("n't"):
            out.append((m.end() - 3, "n't"))
        if "-" in w:   # "gray-haired" says "gray" too
            out += [(m.start() + p.start(), p.group(0).lower()) for p in re.finditer(r"[A-Za-z']+", w)]
    return out


def stems(text: str) -> set[str]:
    return {stem(w) for _, w in words(text)}


def has_any(text_stems: set[str], cues: Iterable[str]) -> bool:
    return any(stem(c) in text_stems for c in cues)


def number_cues(n: int) -> set[str]:
    """The words that say the number `n`."""
    out = {str(n)} | NUMBER_WORDS.get(n, set())
    if 0 <= n < len(NUMBERS):
        out.add(NUMBERS[n])
    return out


def says_number(text: str, n: int) -> bool:
    """Whether `text` says `n` (a figure, a word, "an hour after" for one, "nobody" for none)."""
    found = {w for _, w in words(text)}
    if found & number_cues(n) or (n == 1 and A_UNIT.search(text)):
        return True
    return any(word_value(w) == n for w in found)


def word_value(word: str) -> int | None:
    """'eight' -> 8, '12' -> 12, 'twenty' -> 20."""
    if word.isdigit():
        return int(word)
    if word in NUMBERS:
        return NUMBERS.index(word)
    return TEN_WORDS.get(word)
