"""A hard or fiendish case gives at most one part of its answer outright (issue 24, session 17):
grange liars hard seed 105 printed "The crime happened at nine o'clock." and "The weapon was
the Rope." as plain notes, two of its four parts, and felt easy however deep its last step
(EDITOR.md item 9). Read plainly here: a note whose words name one item of the answer, said by
someone who never lies; the chooser never adds a second at hard, and acceptance flags one."""

from __future__ import annotations

import random
import re
from pathlib import Path

from casetool.english.phrases import PLAYERS
from casetool.generate import candidates
from casetool.generate.acceptance import _outright
from casetool.generate.engine import build_pool
from casetool.generate.minimize import STYLES, Chooser
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan

CASES = Path(__file__).resolve().parents[2] / "cases"
# a plain note naming one part of a grange answer, as a player reads it
TOLD = re.compile(r"^(The weapon was the \w+|The crime happened (in the \w+|at \w+ o'clock))\.$")


def _pool(seed: int):
    source = load_source(CASES / "grange")[0]
    rng = random.Random(seed)
    world = make_plan(source.setting, "liars", rng, Wish(), source.templates.get("players", PLAYERS), source.world)
    return world, build_pool(source, world, candidates.draft(source, world, rng))


def test_a_hard_case_gives_one_answer_part_outright_and_an_easier_one_may_give_more():
    world, pool = _pool(3)   # its notes: "The crime happened at nine o'clock.", "The weapon was the Spanner."
    told = [c.key for c in pool.candidates.values() if TOLD.match(c.text)
            and not pool.source.setting.characters[c.speaker].may_lie]
    assert len(told) == 2, [pool.candidates[k].text for k in told]
    hard = Chooser(pool, world, random.Random(0), STYLES["hard"], "hard")
    assert not hard.told_past_cap(pool.candidates[told[0]], [])
    assert hard.told_past_cap(pool.candidates[told[1]], [told[0]])
    assert hard.over_cap(pool.candidates[told[1]], [told[0]])   # tried last when adding
    liar = [k for k, c in pool.candidates.items() if c.speaker in world.liars][:1]   # a liars case needs one
    medium = Chooser(pool, world, random.Random(0), STYLES["medium"], "medium")
    assert liar and medium.acceptable(told + liar) and not hard.acceptable(told + liar)
    assert not medium.told_past_cap(pool.candidates[told[1]], [told[0]])


def test_acceptance_flags_a_hard_case_that_gives_two_parts_outright():
    _world, pool = _pool(3)
    case = pool.case   # every candidate a clue: the two notes among them
    assert "gives 2 answer parts outright" in _outright(case, "hard")
    assert _outright(case, "fiendish") and not _outright(case, "medium") and not _outright(case, "easy")
