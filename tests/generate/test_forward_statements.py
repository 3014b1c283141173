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


def test_the_chooser_reads_a_premise_boddy_names_true_as_a_chain():
    """The chooser's plain-Python padding check (generate/padding.py) agrees with lint: beside
    Mr. Boddy's word, a statement whose premise is the hiding place he names is no padding, one
    whose premise is another place is (it settles nothing), and a premise a narrator's fact
    names stays padding (only an oracle the player decodes on his own makes a chain)."""
    from casetool.generate.candidates.builder import Candidate
    from casetool.generate.padding import Pads

    source, _ = load_source(setting_dir("hampshire"))
    setting = source.setting
    world = make_plan(setting, "traits", random.Random(1), Wish())
    place = world.answer["scene"]
    other = next(s for s in setting.categories["scene"].ids if s != place)
    pads = Pads(setting, world.liar_rule, world.answer)
    boddy = Candidate("k1", f"scene == {place}", place.upper(), "boddy", "statement", "locator",
                      expr=source.resolve(f"scene == {place}"))
    narrator = Candidate("k4", f"scene == {place}", "", None, "fact", "fact", expr=boddy.expr)

    def said(where: str, key: str) -> Candidate:
        means = f"scene == {where} implies suspect.age != young"
        return Candidate(key, means, "", "plum", "statement", "statement", expr=source.resolve(means))

    assert not pads.pads(boddy, said(place, "k2"))
    assert pads.pads(boddy, said(other, "k3"))
    assert pads.pads(narrator, said(place, "k5"))
