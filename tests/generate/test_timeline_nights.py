"""A timeline case's drawn night keeps the setting's `always:` rules (issue 24): grange's
"Everybody moves at most one room at a time, or stays where they are" was not read by the
draw, so clues true of the night contradicted the rules and `casetool check` rejected
5 of 34 drafts of grange timeline hard seed 92. The rules are read here by the brute force
in tests/solver/bruteforce.py, which shares nothing with the generator."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan

from generate_helpers import CASES
from test_board_nights import empty_case

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import supports  # noqa: E402


def jumps(setting, loc) -> list[str]:
    """Grange's rule read plainly: a guest in a room is, an hour later, in it or next door."""
    cats = setting.categories
    times, people = cats["time"].ids, cats["suspect"].ids
    near = {z.id: set(z.attrs["adjacent"]) for z in cats["room"].items}
    steps = list(zip(times, times[1:], strict=False))
    return [f"{p} {loc[(p, t)]} -> {loc[(p, u)]} after {t}" for p in people for t, u in steps
            if loc[(p, t)] in near and loc[(p, u)] != loc[(p, t)] and loc[(p, u)] not in near[loc[(p, t)]]]


def test_every_drawn_grange_night_keeps_the_rules(tmp_path):
    folder = CASES / "grange"
    source, _ = load_source(folder)
    case = empty_case(folder, tmp_path)
    for seed in range(40):
        plan = make_plan(source.setting, "timeline", random.Random(seed), Wish())
        assert jumps(source.setting, plan.loc) == [], seed
        assert supports(case, plan.answer, plan.liars, plan.loc, {}, plan.facts), seed
