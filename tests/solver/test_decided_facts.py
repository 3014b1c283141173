"""Decided facts (`unknown: true` attributes: the solver picks each item's value, with
exact counts) against the brute force, and in the check's report of each world."""

from __future__ import annotations

from casetool.solver.check import prove_case
from casetool.solver.verdicts import details

from bruteforce import possible_answers
from reach_settings import MOTIVES, case
from solver_harness import ALL, compare_with_bruteforce, load_docs, load_one

SOL = {"suspect": "amy", "room": "hall"}


def fact(means):
    return {"means": means}


def run(*means, sol=SOL):
    c = load_one(MOTIVES, case("motives", [fact(m) for m in means], sol))
    status = compare_with_bruteforce(c)
    return c, status


def test_facts_decide_the_answer_with_their_counts():
    # one suspect each has revenge and fear; amy and cal share theirs, so it is greed
    c, status = run("suspect.motive == revenge", "amy.motive == cal.motive",
                    "bob.motive != fear", "room == hall", sol={"suspect": "bob", "room": "hall"})
    assert status == "ok" and possible_answers(c) == {("bob", "hall")}
    assert prove_case(c, ALL).answers[0].answer["suspect"] == "bob"


def test_counts_are_exact():
    # two suspects have greed, so "nobody but amy has greed" cannot hold
    c, status = run("all p in suspect where p != amy: p.motive != greed", "room == hall")
    assert status == "contradiction"
    c, status = run("exactly 2 p in suspect: p.motive == greed", "suspect == amy", "room == hall")
    assert status == "ok"


def test_an_item_valued_fact_follows_chains_and_orders():
    # the culprit hid in a room after the crime room, so not amy (the hall is first)
    c, status = run("suspect.hideout > room", "amy.hideout == hall", "suspect.hair == gray", "room != study",
                    "cal.hideout == attic", sol={"suspect": "cal", "room": "hall"})
    assert status == "ok" and possible_answers(c) == {("cal", "hall")}


def test_each_alternative_shows_its_facts():
    c, status = run("suspect.motive == revenge", "room == hall", "suspect.hair == red")
    assert status == "ambiguous"
    result = prove_case(c, ALL)
    lines = details(result)
    assert len(result.answers) == 2
    for world, line in zip(result.answers, lines[:-1], strict=True):  # (the last line counts them)
        culprit = world.answer["suspect"]
        assert (culprit, "motive", "revenge") in world.facts
        assert f"{culprit}.motive revenge" in line
        assert sum(1 for _, a, v in world.facts if a == "motive" and v == "greed") == 2


def test_facts_cannot_be_given_and_counts_must_fit():
    given = MOTIVES.replace("amy: {name: Amy, hair: gray}", "amy: {name: Amy, hair: gray, motive: greed}")
    codes = [d.code for d in load_docs(given, [case("motives", [fact("room == hall")], SOL)]).diagnostics if d.is_error]
    assert "V073" in codes
    bad = MOTIVES.replace("counts: {greed: 2, revenge: 1, fear: 1}", "counts: {greed: 3, revenge: 1, fear: 1}")
    (e,) = [d for d in load_docs(bad, [case("motives", [fact("room == hall")], SOL)]).diagnostics if d.code == "V074"]
    assert "add up to 5, but suspect has 4 items" in e.message
    typo = MOTIVES.replace("fear: 1}", "feer: 1}")
    msgs = [d.message for d in load_docs(typo, [case("motives", [fact("room == hall")], SOL)]).diagnostics if d.code == "V074"]
    assert any("did you mean 'fear'" in m for m in msgs)
