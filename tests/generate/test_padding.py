"""The generator draws no clue an editor sends back as padding or as a shape no wording
saves (issue 24 item 1, EDITOR.md item 2): no clue whose premise or alternative one other
certain clue settles (lint L014), no list that says one value the long way (L015), no
either/or over one category naming the thing beside a trait of it (L016). Real generation, real
CP-SAT; the chooser's plain-Python check is compared with the solver's judge."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from casetool.english import forms
from casetool.english.phrases import PLAYERS
from casetool.generate import candidates
from casetool.generate.engine import Request, build_pool, generate
from casetool.generate.padding import Pads
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan
from casetool.lint.padding import padded, sides

CASES = Path(__file__).resolve().parents[2] / "cases"


def _shapes(case) -> list[str]:
    return [f"{clue.id}: {why} ({clue.text})" for clue in case.clues if clue.expr is not None and not clue.synthetic
            for why in (forms.long_list(case.setting, clue.expr), forms.mixed_either(clue.expr)) if why]


@pytest.mark.parametrize("name,kind,level,seed", [
    ("murdle", "liars", "hard", 8),      # printed "neither in the Library, the Greenhouse nor the Orchard" of four
    ("murdle", "traits", "hard", 2), ("murdle", "liars", "fiendish", 3), ("grange", "traits", "hard", 1),
    ("hampshire", "traits", "medium", 1), ("supercluedo", "codes", "hard", 1), ("grange", "liars", "medium", 2),
])
def test_a_generated_case_has_no_padding_and_no_long_way(name, kind, level, seed):
    got = generate(Request(load_source(CASES / name)[0], seed, kind, level, max_attempts=40))
    assert padded(got.case) == []
    assert _shapes(got.case) == []


@pytest.mark.slow
def test_the_tudor_case_the_editor_sent_back():
    """tudor timeline hard seed 5 printed 'The crime happened after dusk.' beside 'If the
    crime happened after the late morning, then it did not happen in the south wing.'"""
    got = generate(Request(load_source(CASES / "tudor")[0], 5, "timeline", "hard", max_attempts=40))
    assert padded(got.case) == [] and _shapes(got.case) == []


def _pool(name: str, kind: str, seed: int):
    source = load_source(CASES / name)[0]
    rng = random.Random(f"padding:{name}:{kind}:{seed}")
    world = make_plan(source.setting, kind, rng, Wish(), source.templates.get("players", PLAYERS), source.world)
    draft = candidates.draft(source, world, rng)
    return source, world, draft, build_pool(source, world, draft)


@pytest.mark.parametrize("name,kind", [("murdle", "liars"), ("grange", "traits"), ("hampshire", "traits")])
def test_no_candidate_is_a_list_the_long_way_or_a_mixed_either(name, kind):
    for seed in range(3):
        _source, _world, draft, pool = _pool(name, kind, seed)
        assert [c.text for c in draft.candidates if c.expr is not None
                and (forms.long_list(pool.source.setting, c.expr) or forms.mixed_either(c.expr))] == []


@pytest.mark.parametrize("name,kind", [("murdle", "liars"), ("murdle", "traits"), ("grange", "traits"),
                                       ("hampshire", "liars")])
def test_the_choosers_check_agrees_with_the_solvers(name, kind):
    """Every pair of a certain candidate and a candidate with sides, asked both ways: the
    chooser's enumeration (generate/padding.py) and lint's solver judge on a two-clue case
    say the same (these settings have no rule over the answer alone, so they must agree)."""
    from dataclasses import replace
    source, world, draft, pool = _pool(name, kind, 1)
    pads = Pads(source.setting, world.liar_rule, world.answer)
    clues = {c.id: c for c in pool.case.clues}
    usable = [c for c in draft.candidates if c.expr is not None and c.key in clues]
    pairs = [(by, cand) for cand in usable if sides(cand.expr) for by in usable
             if by.key != cand.key and _cats(by.expr) & _cats(cand.expr)]   # else neither can settle
    rng = random.Random(7)
    said = [pair for pair in pairs if pads.pads(*pair)]
    asked = rng.sample(said, min(30, len(said))) + rng.sample(pairs, 30)   # both answers, asked of the solver
    for by, cand in asked:
        case = replace(pool.case, clues=[clues[by.key], clues[cand.key]])
        solver = any(p.clue == cand.key and p.by == by.key for p in padded(case))
        assert pads.pads(by, cand) == solver, (by.text, cand.text)
    # 5-8 padded pairs in the pools of seeds 0-4 since 4833e55 (no cross-category either); hampshire
    # none since its statements tied to the hiding place read forward from Mr. Boddy's word (a
    # chain, lint.padding.chain): the pairs asked there check that both judges call them so
    assert len(said) >= (0 if name == "hampshire" else 5)


def _cats(expr) -> set[str]:
    from casetool.language import ir
    return {n.category for n in ir.walk(expr) if isinstance(n, ir.AnswerRef)}


def test_premise_settled_by_a_fact_is_never_chosen():
    """murdle: over drafts whose pools hold such pairs, the chooser keeps none of them."""
    source = load_source(CASES / "murdle")[0]
    seen = 0
    for seed in range(1, 7):
        got = generate(Request(source, seed, "traits", "hard", max_attempts=40))
        chosen = [got.pool.candidates[k] for k in got.keys]
        pads = Pads(source.setting, got.world.liar_rule, got.world.answer)
        assert not any(pads.pair(a, b) for a in chosen for b in chosen if a.key < b.key)
        seen += sum(1 for a in got.pool.candidates.values() for b in chosen if pads.pads(a, b))
    assert seen > 0   # the pools offered padding; the choice refused it
