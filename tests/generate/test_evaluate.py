"""The generator's evaluator (generate/evaluate.py) against the setting's own tables: a set
of items that holds a term's item ("the room is next to the culprit's usual room", ir.Contains,
which grange's movement rule and clues use) is true exactly where the items say so."""

from __future__ import annotations

import itertools

from casetool.generate.evaluate import Evaluator
from casetool.generate.source import load_source
from casetool.language.text import resolve_text
from casetool.load.model import World

from generate_helpers import setting_dir


def test_an_item_set_holding_a_terms_item_is_read_off_the_items():
    source, _ = load_source(setting_dir("grange"))
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
