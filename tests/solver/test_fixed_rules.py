"""Fixed rules (`always:` in a setting or a case) against the brute force: they hold in
every world, never appear in a conflict set and never get W001."""

from __future__ import annotations

import pytest
from casetool.solver.check import prove_case
from casetool.solver.options import Options

from bruteforce import possible_answers
from reach_settings import BOARD, TRAITS, case
from solver_harness import ALL, compare_with_bruteforce, load_docs, load_one

SOL = {"suspect": "amy"}
WARN = Options(warnings=True, time_limit=60)


def fact(means):
    return {"means": means}


def rule(means, **extra):
    return {"text": "A rule.", "means": means, **extra}


def with_rules(setting: str, *means: str) -> str:
    lines = "".join(f"  - {{text: A rule., means: \"{m}\"}}\n" for m in means)
    return setting + "always:\n" + lines


def test_a_setting_rule_holds_in_every_case_and_is_never_redundant():
    setting = with_rules(TRAITS, "suspect != cal")
    c = load_one(setting, case("traits", [fact("suspect.hair == gray")], SOL))
    assert compare_with_bruteforce(c, warnings=True) == "ok"
    assert prove_case(c, WARN).warnings == []
    # the same condition as a clue is redundant once the rule is there
    c = load_one(setting, case("traits", [fact("suspect.hair == gray"), fact("suspect != cal")], SOL))
    codes = [w.message for w in prove_case(c, WARN).warnings]
    assert codes == ["clue 'c2' is redundant: the answer stays unique without it"]


def test_a_rule_is_never_in_a_conflict_set():
    setting = with_rules(TRAITS, "suspect == amy")
    c = load_one(setting, case("traits", [fact("suspect.hair == gray"), fact("suspect == bob")], SOL))
    result = prove_case(c, ALL)
    assert result.status == "contradiction"
    assert [x.id for x in result.conflict] == ["c2"]
    compare_with_bruteforce(c)


def test_a_rule_alone_that_cannot_hold_is_a_contradiction_without_clues():
    c = load_one(TRAITS, case("traits", [fact("suspect != cal")], SOL, always=[rule("suspect == cal and suspect == amy")]))
    result = prove_case(c, ALL)
    assert result.status == "contradiction" and result.conflict == []
    assert "fixed rules" in result.message
    assert possible_answers(c) == set()


def test_a_case_rule_adds_to_the_setting_rules():
    setting = with_rules(TRAITS, "suspect != cal")
    doc = case("traits", [fact("suspect.hair == gray or suspect == bob")], SOL, always=[rule("suspect != bob", id="nobob")])
    c = load_one(setting, doc)
    assert [r.id for r in c.fixed_rules] == ["rule-1", "nobob"]
    assert compare_with_bruteforce(c, warnings=True) == "ok"
    # without the case's rule, bob fits too
    doc.pop("always")
    assert possible_answers(load_one(setting, doc)) == {("amy",), ("bob",)}


@pytest.mark.slow
def test_board_rules_over_the_timeline_agree_with_the_brute_force():
    # the moving rule of the grange, as a fixed rule of a small board
    moves = ("all p in suspect: all t in time: all q in room: at(p, t) == q implies "
             "(at(p, t + 1) == q or q.adjacent has at(p, t + 1))")
    clues = [fact("room == attic"), fact("all p in suspect: at(p, dawn) == hall"), fact("weapon == rope"),
             fact("time != dusk")]
    sol = {"suspect": "amy", "weapon": "rope", "room": "attic", "time": "dusk"}
    c = load_one(BOARD, case("board", clues, sol, always=[rule(moves)]))
    # nobody can reach the attic by noon (hall -> study -> attic), and dusk is ruled out
    assert possible_answers(c) == set()
    assert compare_with_bruteforce(c) == "contradiction"
    assert {x.id for x in prove_case(c, ALL).conflict} == {"c1", "c2", "c4"}


def test_rule_ids_are_unique_and_errors_point_into_the_rule():
    doc = case("traits", [fact("suspect == amy")], SOL, always=[rule("suspect != bob", id="c1")])
    (e,) = [d for d in load_docs(TRAITS, [doc]).diagnostics if d.is_error]
    assert e.code == "V071" and "also a clue id" in e.message
    setting = with_rules(TRAITS, "suspect == bobb")
    loaded = load_docs(setting, [case("traits", [fact("suspect == amy")], SOL)])
    (e,) = [d for d in loaded.diagnostics if d.is_error and d.code != "V052"]  # (and the case: V052)
    assert e.code == "N001" and str(e.pos.file).endswith("setting.yaml")
    assert e.pos.line == setting.count("\n") and "did you mean 'bob'" in e.message
