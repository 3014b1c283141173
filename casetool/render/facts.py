"""The decided facts (`unknown: true` attributes and their `counts:`) in the players' words.

A decided fact is an attribute whose value the mystery decides (cases/mansion: each
guest's motive). The solver gives every item one of the attribute's values and holds
each `counts:` entry exact (casetool/solver/quantifiers.py); a player who is not told
the values and the counts cannot reach the one answer. So the rules page says both,
under the category's table, where its column is a blank to fill in.
"""

from __future__ import annotations

from ..load.model import Attribute, Category, Setting
from ..printing.book import value_text

NUMBERS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
UNKNOWN_CELL = "?"  # a decided fact's cell in the rules page's table: the mystery's to find


def number(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def plural(word: str) -> str:
    return word + ("es" if word.endswith(("s", "sh", "ch", "x")) else "s")


def fact_sentences(cat: Category, setting: Setting) -> list[str]:
    """One sentence for each decided fact of the category, saying every value it may take
    and how many items take each value (when the setting says so)."""
    return [fact_sentence(cat, attr, setting) for attr in cat.attributes.values() if attr.unknown]


def fact_sentence(cat: Category, attr: Attribute, setting: Setting) -> str:
    noun = (cat.label or cat.id).lower()
    what = (attr.label or attr.id).replace("_", " ").lower()
    names = [value_text(v, setting, attr) for v in attr.values]
    counted = {value_text(v, setting, attr): n for v, n in attr.counts.items()}
    items = len(cat.items)
    complete = bool(names) and set(counted) >= set(names)
    if complete and set(counted.values()) == {1} and len(names) == items:
        return (f"The {number(items)} {plural(noun)} had {number(items)} different {plural(what)}: "
                f"{_list(names, 'and')}.")
    opening = f"Each {noun} had one {what}: {_list(names, 'or')}."
    if not counted:
        return opening
    exactly = "" if complete else "exactly "  # the counts not given are free: say the given ones are exact
    shares = [f"{exactly if n else ''}{number(n)} had {name}" for name, n in counted.items()]
    return f"{opening} Of the {number(items)} {plural(noun)}, {_list(shares, 'and')}."


def _list(words: list[str], last: str) -> str:
    if len(words) <= 2:
        return f" {last} ".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]
