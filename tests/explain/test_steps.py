"""Explanations of every sample case end at the declared answer, and each step is sound:
the clues and facts it names, with the negation of what it derives, cannot hold
(verified by a fresh solve on the checker's own model)."""

from pathlib import Path

import pytest
from casetool.explain.describe import explanation_text, hint_text
from casetool.explain.steps import explain_case
from casetool.project import load_paths
from casetool.solver.compile import compile_case
from casetool.solver.session import Session

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = load_paths([ROOT / "cases"]).cases
# explain's own limit is wall time: the mansion boards take 1-2 s of CPU, several times
# that in wall time on a loaded machine
LIMIT = 60


def fact_literal(compiled, fact):
    if fact.kind == "not":
        return ~compiled.answer[fact.subject][fact.value]
    lie = compiled.lies[fact.subject]
    return lie if fact.kind == "lies" else ~lie


def derivation_holds(compiled, clues, facts, derived) -> bool:
    """A solve on a model compiled afresh (not the explainer's) with the step's clues,
    facts and the negation of what it derives: it must have no solution."""
    session = Session(compiled)
    lits = session.clue_lits(clues) + [fact_literal(compiled, f) for f in facts]
    return not session.feasible(lits + [~fact_literal(compiled, derived)], 10.0)


@pytest.mark.slow
@pytest.mark.parametrize("case", SAMPLES, ids=lambda c: c.display)
def test_explanation_reaches_the_declared_answer_with_sound_steps(case):
    explanation = explain_case(case, LIMIT)
    assert explanation.complete
    assert explanation.answer == case.solution
    compiled = compile_case(case)
    for step in explanation.steps:
        assert step.derived, f"step {step.number} derives nothing"
        for fact in step.derived:
            assert derivation_holds(compiled, step.clues, step.facts, fact), (step.number, fact)


@pytest.mark.slow
def test_facts_used_come_from_earlier_steps():
    for case in SAMPLES:
        seen = set()
        for step in explain_case(case, LIMIT).steps:
            assert set(step.facts) <= seen
            seen |= set(step.derived)


def by_title(title):
    return next(c for c in SAMPLES if c.title == title)


def test_liar_case_contains_the_case_analysis():
    text = explanation_text(explain_case(by_title("The Borrowed Banner")))
    assert "Suppose Mrs. White told the truth" in text and "So Mrs. White is lying." in text
    assert "given that Mrs. White lies (step 2)" in text


def test_culprit_rule_clash_is_explained():
    text = explanation_text(explain_case(by_title("The Stargazer")))
    assert "cannot both be true" in text and "only the culprit lies" in text


@pytest.mark.slow
def test_steps_prefer_single_clues_first():
    steps = explain_case(by_title("The Comet Party")).steps
    sizes = [len(s.clues) for s in steps]
    assert sizes[0] == 1 and max(sizes) <= 2


def test_hint_ladder():
    explanation = explain_case(by_title("The Borrowed Banner"))
    one, two, three = (hint_text(explanation, level) for level in (1, 2, 3))
    assert one.startswith("Look at clue 'boddy'") and "rules out" not in one
    assert "scene: not The Bus, The Cart or The Fair" in two
    assert three.startswith("Clue 'boddy'") and "rules out" in three
    assert hint_text(explanation, 1, 2) != one


def settled_before(case, known) -> dict[str, set]:
    """Categories of the answer whose item the known facts settle: their ruled-out items."""
    out = {}
    for cat in case.setting.answer:
        ruled = {f for f in known if f.kind == "not" and f.subject == cat}
        if len(ruled) >= 2 and len(ruled) == len(case.setting.categories[cat].items) - 1:
            out[cat] = ruled
    return out


def assert_settled_categories_used_whole(case) -> int:
    """A step that reads a settled category reads all of it ("the time is Night"), and the
    category costs one known fact, like any other fact the step uses."""
    known, used = set(), 0
    for step in explain_case(case, LIMIT).steps:
        settled = settled_before(case, known)
        parts = 0
        for cat in sorted({f.subject for f in step.facts if f.kind == "not"}):
            group = {f for f in step.facts if f.kind == "not" and f.subject == cat}
            if cat in settled:
                assert group == settled[cat], (case.display, step.number, cat)
                parts, used = parts + 1, used + 1
            else:
                parts += len(group)
        parts += sum(1 for f in step.facts if f.kind != "not")
        assert step.cost == 100 * len(step.clues) + 10 * parts + 40 * len(step.kinds), (case.display, step.number)
        known |= set(step.derived)
    return used


def test_a_settled_category_is_one_fact_of_a_step():
    text = explanation_text(explain_case(by_title("The Borrowed Banner")))
    assert "given that Colonel Mustard tells the truth (step 2) and the scene is The Parade (step 1)" in text
    assert assert_settled_categories_used_whole(by_title("The Borrowed Banner")) >= 1


@pytest.mark.slow
def test_every_sample_reads_a_settled_category_whole():
    assert sum(assert_settled_categories_used_whole(case) for case in SAMPLES) >= 10


def test_preferring_the_cases_world_changes_no_step(monkeypatch):
    """The derived facts' questions prefer the case's world (a solution hint): fewer solves,
    the same explanation."""
    import contextlib

    from casetool.explain.describe import explanation_json
    case = by_title("The Comet Party")
    hinted = explain_case(case, LIMIT)
    monkeypatch.setattr(Session, "preferring", lambda self, lits: contextlib.nullcontext())
    plain = explain_case(case, LIMIT)
    assert explanation_json(hinted) == explanation_json(plain)
    assert hinted.solver_calls < plain.solver_calls
