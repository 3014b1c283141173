"""Two shortcuts of the checker must change no verdict and no answer:

* `Options(worlds=False)` (what `casetool check` uses unless the format is json) proves
  an ok case by two assumed solves instead of the pinned solve that finds its world;
  every other status falls back to the pinned path. Status, answers, message, conflict,
  count and warnings must be those of the default options.
* `Session.satisfiable` answers a question from the world of an earlier solve when one
  satisfies it; its answer must be the solver's on a fresh session, every time.

Random small cases of every kind (solver_cases.py), deterministic.
"""

from __future__ import annotations

import random

import pytest
from casetool.solver.check import prove_case
from casetool.solver.compile import compile_case
from casetool.solver.options import Options
from casetool.solver.session import Session
from hypothesis import given, settings

from solver_cases import generated, plant
from solver_harness import load_one
from tiers import examples


def case_of(docs):
    setting, case_doc, (plant_seed, hidden) = docs
    case = load_one(setting, case_doc)
    if plant_seed is not None:
        case = load_one(setting, plant(case, case_doc, plant_seed, hidden))
    return case


def summary(result) -> tuple:
    return (result.status, [w.answer for w in result.answers], result.message, result.count,
            [c.id for c in result.conflict], [w.text() for w in result.warnings])


@settings(max_examples=examples(25))
@given(generated("traits") | generated("timeline") | generated("cards"))
def test_quick_check_reports_what_the_pinned_check_does(docs):
    case = case_of(docs)
    pinned = prove_case(case, Options(time_limit=60))
    quick = prove_case(case, Options(time_limit=60, worlds=False))
    assert summary(quick) == summary(pinned)
    if pinned.status != "ok":   # the fallback shows the very worlds the pinned path shows
        assert quick.answers == pinned.answers


def questions(case, compiled, session, rng, n):
    clues = list(compiled.enables.values())
    facts = [lit for items in compiled.answer.values() for lit in items.values()] + list(compiled.lies.values())
    blocks = [session.block(dict(case.solution))]
    for _ in range(n):
        q = rng.sample(clues, rng.randint(0, len(clues)))
        q += [lit if rng.random() < 0.3 else ~lit for lit in rng.sample(facts, rng.randint(0, min(3, len(facts))))]
        if rng.random() < 0.3:
            q += blocks
        yield q


@settings(max_examples=examples(25))
@given(generated("traits") | generated("timeline") | generated("cards"))
def test_an_earlier_world_answers_only_what_the_solver_would(docs):
    case = case_of(docs)
    session = Session(compile_case(case))
    fresh = compile_case(case)
    reference = Session(fresh)
    rng = random.Random(case.title)
    for q in questions(case, session.compiled, session, rng, 25):
        got = session.satisfiable(q, 60)
        # the same question on a model that never saw a world kept (indices are the same)
        mapped = [_same(reference, session, lit) for lit in q]
        assert got == reference.feasible(mapped, 60), q


def _same(reference: Session, session: Session, lit):
    """`lit` of session's model as the literal of the same index in reference's model."""
    for guard_key, guard in session._blocks.items():
        if lit.index == guard.index:
            return reference.block(dict(guard_key))
    index = lit.index if lit.index >= 0 else -lit.index - 1
    var = reference.model.get_bool_var_from_proto_index(index)
    return var if lit.index >= 0 else ~var


@pytest.mark.slow
def test_worlds_are_reused_on_an_explained_timeline():
    """The shortcut does answer questions on a real explanation (the tudor samples)."""
    from pathlib import Path

    from casetool.explain.steps import explain_case
    from casetool.load.project import load_paths
    root = Path(__file__).resolve().parents[2]
    case = load_paths([root / "cases" / "tudor" / "001-the-comet-party.yaml"]).cases[0]
    explanation = explain_case(case, time_limit=60)
    assert explanation.complete and explanation.reused > 0
