"""Stories of a generated book (generate/story.py): no opening or middle sentence told twice
in a book while the setting's lists last, even filled with another day or name."""

from __future__ import annotations

import random
import re

import pytest
from casetool.generate.story import STORIES, story


def _template_of(sentence: str, templates: list[str]) -> str:
    """Which template a filled sentence came from (its {fields} read as any text)."""
    for t in templates:
        pattern = re.escape(t)
        for field in re.findall(r"\\\{\w+\\\}", pattern):
            pattern = pattern.replace(field, ".+?")
        if re.fullmatch(pattern, sentence):
            return t
    raise AssertionError(f"no template fits {sentence!r}")


@pytest.mark.parametrize("kind", sorted(STORIES))
def test_a_book_tells_each_opening_and_middle_once_before_any_comes_back(kind):
    openings, middles = STORIES[kind]
    taken: set = set()
    rng = random.Random(3)
    told = []
    for k in range(2 * len(openings)):
        words = {"day": f"May {k + 1}", "person": f"Person {k}", "noun": "lantern", "object": "Lantern",
                 "find": "the murderer and the weapon"}
        text = story({}, kind, rng, words, taken)
        assert "\n\n" not in text   # no closing instruction printed as story
        opening, middle = re.split(r"(?<=[.!?]) ", text, maxsplit=1)
        told.append((_template_of(opening, openings), _template_of(middle, middles)))
    first, second = told[: len(openings)], told[len(openings):]
    assert len({o for o, _ in first}) == len(openings) and len({m for _, m in first}) == len(middles)
    assert len({o for o, _ in second}) == len(openings)    # the second round uses them all again


def test_a_title_names_nothing_that_could_be_read_as_a_clue():
    """No title noun shares a word with a setting item, and a murder's is never weapon-like."""
    from casetool.generate.story import WEAPON_LIKE, pick_title
    rng = random.Random(5)
    for kind in ("murder", "mischief"):
        taken: set = set()
        for _ in range(20):
            title, noun = pick_title({}, kind, rng, taken, None, frozenset({"jam", "lantern"}))
            taken.add(title)
            assert not {"jam", "lantern"} & {w.lower() for w in noun.split()}, title
            assert kind != "murder" or noun not in WEAPON_LIKE, title
