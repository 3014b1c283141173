"""Explanations of every sample case end at the declared answer, and each step is sound:
the clues and facts it names, with the negation of what it derives, cannot hold
(verified by a fresh solve on the checker's own model)."""

from pathlib import Path

import pytest
from casetool.english.explain import explanation_text
from casetool.english.hints import hint
from casetool.english.leads import LEADS
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
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
    """The note settles who lies; the liar's own statement is then read turned round, never
    as if it were true (issue 24 item 6)."""
    text = explanation_text(explain_case(by_title("The Borrowed Banner")))
    assert "tells us that Mrs. White is lying" in text
    assert "Mrs. White is lying: it is not true that the culprit both has gray hair and plays chess, so " in text
    white = next(c for c in by_title("The Borrowed Banner").clues if c.speaker == "white")
    assert f"Mrs. White (wheel {white.wheel}) tells us" not in text


def test_culprit_rule_clash_is_explained():
    """Culprit rule: a case split is said as a supposition, not as a bare conclusion."""
    text = explanation_text(explain_case(by_title("The Stargazer")))
    assert ("Suppose Duchess Cerulean were the murderer: then Sergeant Olive's statement about the weapon would be true, "
            "meaning that the weapon was a leather-bound atlas; and Vicar Vermilion's statement about the weapon would be "
            "true, meaning that the weapon was made of metal, but the weapon was a leather-bound atlas, and so was made of "
            "paper. The same reading "
            "rules out Professor Ochre.") in " ".join(text.split()), text


@pytest.mark.slow
def test_steps_prefer_single_clues_first():
    steps = explain_case(by_title("The Comet Party")).steps
    sizes = [len(s.clues) for s in steps]
    assert sizes[0] == 1 and max(sizes) <= 2


def test_hint_ladder():
    """One hint writer (english/hints.py): level 1 names where to look, level 2 adds how much
    it tells, level 3 is the step's sentence; only level 3 says what the step finds."""
    explanation = explain_case(by_title("The Borrowed Banner"))
    one, two, three = (hint(explanation, [], level) for level in (1, 2, 3))
    assert one.startswith("Read Mr. Boddy (wheel ") and "Parade" not in one
    assert two.startswith(one) and "rules out three more possibilities" in two and "Parade" not in two
    assert three.startswith("Mr. Boddy (wheel ") and "the hiding place must be the Parade" in three
    assert hint(explanation, list(explanation.steps[0].derived)) != one


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
    # The Stargazer: the anchor fact ("if it was the weapon, the deed was done on the jetty")
    # is read once the place is settled (the Greenhouse), the whole place one fact
    case = by_title("The Stargazer")
    text = explanation_text(explain_case(case))
    anchor = next(line for line in text.splitlines() if "The anchor is far too heavy" in line)
    # it builds on earlier steps: a lead, or the finding it reads ('Since the crime happened in the Greenhouse, ...')
    said = anchor.split(". ", 1)[1]
    assert any(said.startswith(lead) for lead in LEADS) or said.startswith("Since the crime happened in the Greenhouse, "), said
    assert assert_settled_categories_used_whole(case) >= 1


@pytest.mark.slow
def test_every_sample_reads_a_settled_category_whole():
    assert sum(assert_settled_categories_used_whole(case) for case in SAMPLES) >= 10


def test_preferring_the_cases_world_changes_no_step(monkeypatch):
    """The derived facts' questions prefer the case's world (a solution hint): fewer solves,
    the same explanation."""
    import contextlib

    from casetool.english.explain import explanation_json
    case = by_title("The Comet Party")
    hinted = explain_case(case, LIMIT)
    monkeypatch.setattr(Session, "preferring", lambda self, lits: contextlib.nullcontext())
    plain = explain_case(case, LIMIT)
    assert explanation_json(hinted) == explanation_json(plain)
    assert hinted.solver_calls < plain.solver_calls


def test_exactly_one_liar_is_found_by_supposition():
    """grange's rule, exactly one witness lies and nobody says who: the explanation supposes
    who lies ("Suppose Cora Lisle lied: ..."), as under the inspector rule, and the grade
    counts it, instead of finding every step by reading clues together."""
    from casetool.api import load
    from casetool.explain.grade import grade
    from casetool.explain.steps import explain_case
    root = Path(__file__).resolve().parents[2]
    case = next(c for c in load([root / "cases" / "grange"]).cases if c.number == 1)
    assert case.effective_liar_rule.kind == "exactly_one"
    explanation = explain_case(case, 60)
    supposed = [s for s in explanation.steps if s.assumption and s.assumption.kind in ("lies", "truthful")]
    assert supposed, [s.derived for s in explanation.steps]
    g = grade(explanation)
    assert g.suppositions >= 1 and "liar" in g.techniques, g
