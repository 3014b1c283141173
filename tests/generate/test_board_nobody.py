"""'Nobody was in the Dining Room at six o'clock' beside 'Lord Ashdown was in the Dining Room at
six o'clock' (mansion medium board 110, the editor's read): a reader takes "nobody" to mean
everyone, the victim too, so a board's empty-room clue names only a room nobody at all was in."""

from __future__ import annotations

import random
import re

import pytest
from casetool.english.phrases import PLAYERS
from casetool.generate import candidates
from casetool.generate.night import Board
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan

from generate_helpers import CASES

EMPTY = re.compile(r"^(?:all t in \w+ where t > (\w+): )?no p in \w+: at\(p, (\w+)\) == (\w+)$")


@pytest.mark.parametrize("size", ["small", "medium", "large"])
def test_an_empty_room_is_empty_of_the_victim_too(size):
    source = load_source(CASES / "mansion" / size)[0]
    board = Board(source.setting)
    checked = 0
    for seed in range(8):
        rng = random.Random(f"nobody:{size}:{seed}")
        world = make_plan(source.setting, "board", rng, Wish(), source.templates.get("players", PLAYERS), source.world)
        for c in candidates.draft(source, world, rng).candidates:
            got = EMPTY.match(c.means)
            if got is None:
                continue
            after, t, z = got.groups()
            hours = board.times[board.times.index(after) + 1:] if after else [t]
            for v in board.victims:
                assert all(world.loc.get((v, u)) != z for u in hours), (c.text, v, hours)
            checked += 1
    assert checked >= 10
