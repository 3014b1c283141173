"""The generator keeps no two conditionals of one premise whose conclusions cannot both hold
("Whoever struck in the Library used a heavy weapon." beside "... used a poisoned teacup",
which is light: together they only say the premise is false, and a player reads a
contradiction; issue 24, session 17). The chooser's plain-Python judge (minimize.Chooser.clashes)
is compared with lint's solver judge (L027) on the pairs of real pools, and it bars the pair."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from casetool.english.phrases import PLAYERS
from casetool.generate import candidates
from casetool.generate.engine import build_pool
from casetool.generate.minimize import STYLES, Chooser
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan
from casetool.language import ir
from casetool.lint.premise import _apart

CASES = Path(__file__).resolve().parents[2] / "cases"


def _chooser(name: str, kind: str, seed: int):
    source = load_source(CASES / name)[0]
    rng = random.Random(f"clash:{name}:{kind}:{seed}")
    world = make_plan(source.setting, kind, rng, Wish(), source.templates.get("players", PLAYERS), source.world)
    draft = candidates.draft(source, world, rng)
    pool = build_pool(source, world, draft)
    return pool, Chooser(pool, world, rng, STYLES["hard"], "hard")


@pytest.mark.parametrize("name,kind,seed", [("murdle", "liars", 1), ("murdle", "traits", 2), ("grange", "traits", 1)])
def test_the_choosers_clash_agrees_with_the_solvers_and_is_never_added(name, kind, seed):
    pool, chooser = _chooser(name, kind, seed)
    clues = {c.id: c for c in pool.case.clues}
    conds = [c for c in pool.candidates.values() if isinstance(c.expr, ir.Implies) and c.key in clues]
    pairs = [(a, b) for a, b in itertools.combinations(conds, 2) if a.expr.left == b.expr.left]
    said = [(a, b) for a, b in pairs if chooser.clashes(a.key, b.key)]
    rng = random.Random(seed)
    asked = said[:15] + rng.sample(pairs, min(15, len(pairs)))
    assert said and len(asked) > len(said[:15]), (len(pairs), len(said))
    for a, b in asked:
        assert chooser.clashes(a.key, b.key) == _apart(pool.case, clues[a.key], clues[b.key]), (a.text, b.text)
    for a, b in said:   # never added beside each other
        assert chooser.padding(b.key, [a.key]) and chooser.padding(a.key, [b.key]), (a.text, b.text)
