"""hampshire's statements tied to the hiding place read forward (issue 24, session 17): the
premise is where the culprit is lying low, true in the answer (or a true kind of it), the
conclusion a trait of the culprit ("Whoever is lying low in the Cart does not play music"),
so a player reads it after Mr. Boddy's word. Never a trait as the premise ("If the culprit
is young, they are not lying low in the Cart": read backwards beside CART), never a premise
false in the answer (it settles nothing). Checked by brute force over every answer."""

from __future__ import annotations

import random

import pytest

from casetool.generate import candidates
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan
from casetool.language import ir
from casetool.language.evaluate import Evaluator
from casetool.load.model import World

from generate_helpers import setting_dir


def _cats(expr) -> set[str]:
    return {n.category for n in ir.walk(expr) if isinstance(n, ir.AnswerRef)}


@pytest.mark.parametrize("kind", ["traits", "liars"])
def test_a_statement_tied_to_the_hiding_place_reads_forward(kind):
    source, _ = load_source(setting_dir("hampshire"))
    setting = source.setting
    ev = Evaluator(setting)
    linked = 0
    for seed in range(3):
        rng = random.Random(seed)
        world = make_plan(setting, kind, rng, Wish())
        draft = candidates.draft(source, world, rng)
        facts = World(dict(world.answer))
        for cand in draft.candidates:
            if not isinstance(cand.expr, ir.Implies) or not (_cats(cand.expr) >= {"scene", "suspect"}):
                continue
            linked += 1
            premise, conclusion = cand.expr.left, cand.expr.right
            assert _cats(premise) == {"scene"} and _cats(conclusion) == {"suspect"}, cand.text
            assert ev.holds(premise, facts), cand.text      # the premise is where the culprit is
            assert cand.text.startswith("Whoever is lying low"), cand.text
            # the place known, the statement rules a suspect out (true or turned round)
            said = ev.holds(cand.expr, facts)
            assert said == cand.truth
            ruled = []
            for s in setting.categories["suspect"].ids:
                facts.answer["suspect"] = s
                ruled.append(ev.holds(cand.expr, facts) != said)
            facts.answer["suspect"] = world.answer["suspect"]
            assert any(ruled) and not all(ruled), cand.text
    assert linked >= 10
