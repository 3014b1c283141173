"""What each sample setting offers, and where the depth comes from: a medium hampshire
case or a hard codes case gets it from clues that only work together, not from the grade
being told. That every offered level is reached within a bounded number of drafts is part
of the acceptance (tests/generate/test_acceptance.py, every setting, kind and level)."""

from __future__ import annotations

import random
import re

import pytest
from casetool.explain.grade import level_of, step_depths
from casetool.explain.steps import explain_case
from casetool.generate import candidates
from casetool.generate.engine import Request, generate
from casetool.generate.source import load_source, offered_levels
from casetool.generate.world import Wish, make_plan
from casetool.language.evaluate import Evaluator
from casetool.load.model import World

from generate_helpers import setting_dir

PAIRS = [("hampshire", "traits"), ("hampshire", "liars"), ("murdle", "traits"), ("murdle", "liars"), ("supercluedo", "codes"),
         ("classic", "cards"), ("tudor", "timeline")]
DRAFTS = 40   # the bound: an offered level must come within this many drafts


def test_what_each_sample_setting_offers():
    offered = {pair: offered_levels(load_source(setting_dir(pair[0]))[0].setting, pair[1]) for pair in PAIRS}
    assert offered[("hampshire", "traits")] == offered[("hampshire", "liars")] == ("easy", "medium")
    assert offered[("supercluedo", "codes")] == ("easy", "medium", "hard", "fiendish")


def _truth_table(setting, world, expr, first, second):
    ev, facts = Evaluator(setting), World(dict(world.answer))
    cats = setting.categories
    table = {}
    for x in cats[first].ids:
        for y in cats[second].ids:
            facts.answer[first], facts.answer[second] = x, y
            table[(x, y)] = ev.holds(expr, facts)
    return table


@pytest.mark.parametrize("name,kind,first,second", [("hampshire", "traits", "scene", "suspect"),
                                                    ("supercluedo", "codes", None, None)])
def test_linked_clues_settle_only_in_a_chain(name, kind, first, second):
    """A linked clue (true in the world) rules out nothing of either category alone, but once
    the other category is known as in the world (the scene, for hampshire) it rules out some."""
    source, _ = load_source(setting_dir(name))
    setting = source.setting
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        world = make_plan(setting, kind, rng, Wish())
        draft = candidates.draft(source, world, rng)
        for cand in (c for c in draft.candidates if c.linked and c.truth):
            cats = [first, second] if first else sorted({n.category for n in _refs(cand.expr)})
            assert len(cats) == 2, cand.means
            table = _truth_table(setting, world, cand.expr, *cats)
            xs, ys = setting.categories[cats[0]].ids, setting.categories[cats[1]].ids
            assert all(any(table[(x, y)] for y in ys) for x in xs), cand.means   # nothing out alone
            assert all(any(table[(x, y)] for x in xs) for y in ys), cand.means
            known_x, known_y = world.answer[cats[0]], world.answer[cats[1]]
            narrows = not all(table[(known_x, y)] for y in ys)
            if not first:
                narrows = narrows or not all(table[(x, known_y)] for x in xs)
            assert narrows, cand.means
            checked += 1
    assert checked >= 10


def _refs(expr):
    from casetool.language import ir
    return [n for n in ir.walk(expr) if isinstance(n, ir.AnswerRef)]


@pytest.mark.slow
def test_a_medium_hampshire_case_chains_statements_to_the_scene():
    """Medium comes from three or more steps that read a statement with the scene Mr. Boddy
    named (chain or combine), and the level is what the steps' depths make."""
    source, _ = load_source(setting_dir("hampshire"))
    got = generate(Request(source, 2, "traits", "medium", max_attempts=DRAFTS, schema="# s"))
    depths = step_depths(explain_case(got.case, 30))
    assert level_of([d.depth for d in depths]) == got.grade.level == "medium"
    linked = [c.id for c in got.case.clues if "scene" in c.means and "suspect" in c.means]
    assert sum(1 for d in depths if d.techniques["chain"] or d.techniques["combine"]) >= 3
    assert len(linked) >= 3


@pytest.mark.slow
def test_a_hard_codes_case_reads_linked_counters_together():
    source, _ = load_source(setting_dir("supercluedo"))
    got = generate(Request(source, 2, "codes", "hard", max_attempts=DRAFTS, schema="# s"))
    explanation = explain_case(got.case, 30)
    depths = step_depths(explanation)
    assert level_of([d.depth for d in depths]) == got.grade.level == "hard"
    assert max(len(s.clues) for s in explanation.steps) >= 2
    assert any(d.techniques["chain"] for d in depths)


@pytest.mark.parametrize("seed", [74, 76, 79, 80])
def test_grange_traits_easy_comes_with_the_narrator_on_the_culprit(seed):
    """These seeds found no easy grange traits case in 40 drafts: a witness's statement settles
    nobody alone when any speaker may be the one liar (depth 2, medium), and the narrator's
    facts named the culprit only in links. With facts on the culprit in the pool they do."""
    got = generate(Request(load_source(setting_dir("grange"))[0], seed, "traits", "easy", max_attempts=DRAFTS))
    assert got.grade.level == "easy"


@pytest.mark.parametrize("level", ["medium", "hard", "fiendish"])
def test_a_deeper_grange_case_never_takes_the_narrators_word_on_the_culprit(level):
    """Only the easy style draws them (minimize.Chooser.tells_culprit): a hard case settled by the
    narrator's 'The murderer has fair hair' would skip the witnesses' reasoning."""
    source = load_source(setting_dir("grange"))[0]
    culprit = source.setting.culprit
    for seed in (91, 92, 93):
        got = generate(Request(source, seed, "traits", level, max_attempts=DRAFTS))
        told = [c.means for c in got.case.clues if c.speaker == "notes" and "implies" not in c.means
                and re.search(rf"\b{culprit}\b", c.means)]
        assert told == [], (seed, told)
