"""The evaluator of the generator and the solution pages (language/evaluate.py) against the setting's own tables: a set
of items that holds a term's item ("the room is next to the culprit's usual room", ir.Contains,
which grange's movement rule and clues use) is true exactly where the items say so."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from casetool.generate.source import load_source
from casetool.language.evaluate import Evaluator, Unknown, answer_only
from casetool.language.text import resolve_text
from casetool.load.model import World

# the grange as it was when its room sizes were figures (paces), to add and compare with weights
GRANGE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "grange-figures"


def test_an_item_set_holding_a_terms_item_is_read_off_the_items():
    source, _ = load_source(GRANGE)
    assert source is not None
    setting = source.setting
    expr, problem = resolve_text("room.adjacent has suspect.home", setting, None)
    assert problem is None and type(expr).__name__ == "Contains"
    rooms, suspects = setting.categories["room"], setting.categories["suspect"]
    seen = set()
    for room, suspect in itertools.product(rooms.items, suspects.items):
        answer = {"suspect": suspect.id, "weapon": "rope", "room": room.id, "time": "seven"}
        want = suspect.attrs["home"] in room.attrs["adjacent"]
        assert Evaluator(setting).holds(expr, World(answer)) == want, (room.id, suspect.id)
        seen.add(want)
    assert seen == {True, False}


def test_measures_are_compared_and_added_as_numbers():
    """grange's "It took a weapon heavier than the room was big, and then some", read off the
    items' own numbers in every answer (a solution page reads clues so, english/chain.py)."""
    source, _ = load_source(GRANGE)
    assert source is not None
    setting = source.setting
    expr, problem = resolve_text("weapon.weight > room.size + 1", setting, None)
    assert problem is None
    weapons, rooms = setting.categories["weapon"], setting.categories["room"]
    seen = set()
    for weapon, room in itertools.product(weapons.items, rooms.items):
        answer = {"suspect": "ada", "weapon": weapon.id, "room": room.id, "time": "seven"}
        want = weapon.attrs["weight"] > room.attrs["size"] + 1
        assert Evaluator(setting).holds(expr, answer_only(answer)) == want, (weapon.id, room.id)
        seen.add(want)
    assert seen == {True, False}


@pytest.mark.parametrize("text", ["at(suspect, time) == room", "lies(suspect)", "together(time)"])
def test_an_answer_alone_does_not_settle_who_was_where_or_who_lies(text):
    """A world that knows only the answer (a page's supposition) refuses a clue that needs more,
    rather than read an empty timeline as 'nobody was there'."""
    source, _ = load_source(GRANGE)
    assert source is not None
    expr, problem = resolve_text(text, source.setting, None)
    assert problem is None, problem
    answer = {"suspect": "ada", "weapon": "rope", "room": "library", "time": "seven"}
    with pytest.raises(Unknown):
        Evaluator(source.setting).holds(expr, answer_only(answer))
