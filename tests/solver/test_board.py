"""Board timelines (`timeline: moves / objects / victim`) against the brute force: pieces
move one step or stay, never away; objects move only with a person; the victim stays at
the crime place; the culprit is alone with the victim at the crime."""

from __future__ import annotations

import pytest
from casetool.solver.check import prove_case

from bruteforce import possible_answers
from reach_settings import MANOR, case
from solver_harness import ALL, compare_with_bruteforce, load_docs, load_one

pytestmark = pytest.mark.slow   # every test searches the brute force over a board
SOL = {"suspect": "amy", "weapon": "rope", "room": "attic", "time": "dusk"}


def fact(means):
    return {"means": means}


def run(*means, sol=SOL):
    c = load_one(MANOR, case("manor", [fact(m) for m in means], sol))
    return c, compare_with_bruteforce(c)


def test_pieces_move_one_room_at_a_time_and_are_never_away():
    # everybody starts in the hall: the attic is two steps away, so not before dusk
    c, status = run("all p in suspect: at(p, dawn) == hall", "room == attic", "weapon == rope", "suspect == amy")
    assert status == "ok" and possible_answers(c) == {("amy", "rope", "attic", "dusk")}
    c, status = run("at(amy, noon) == away")
    assert status == "contradiction"


def test_an_object_moves_only_with_a_person():
    # the pipe and both people start in the hall; the rope lies in the attic and nobody
    # goes near it, so the pipe is the weapon; the crime is in the study at noon
    c, status = run("all p in suspect: at(p, dawn) == hall", "at(pipe, dawn) == hall", "at(rope, dawn) == attic",
                    "all p in suspect: at(p, noon) != attic and at(p, dusk) != attic", "room == study",
                    "time == noon", "suspect == bob",
                    sol={"suspect": "bob", "weapon": "pipe", "room": "study", "time": "noon"})
    assert status == "ok"
    # the rope cannot reach the study without somebody carrying it
    c, status = run("at(rope, dawn) == attic", "all p in suspect: at(p, dawn) == hall and at(p, noon) == hall",
                    "at(rope, noon) == study")
    assert status == "contradiction"


def test_the_victim_stays_and_the_culprit_is_alone_with_the_victim():
    # the lord is in the hall at dusk, so the crime was in the hall; bob was in the hall
    # all day and amy joined him at noon: nobody was alone with the lord after dawn
    c, status = run("at(lord, dusk) == hall", "all t in time: at(bob, t) == hall",
                    "at(amy, dawn) != hall", "at(amy, noon) == hall", "at(amy, dusk) == hall", "weapon == pipe",
                    sol={"suspect": "bob", "weapon": "pipe", "room": "hall", "time": "dawn"})
    assert status == "ok"
    # at the crime only the culprit is with the victim
    c, status = run("at(amy, time) == room and at(bob, time) == room")
    assert status == "contradiction"
    assert possible_answers(c) == set() and prove_case(c, ALL).conflict[0].id == "c1"


def test_a_board_needs_its_parts():
    no_moves = MANOR.replace(" moves: adjacent,", "")
    (e,) = [d for d in load_docs(no_moves, [case("manor", [fact("room == hall")], SOL)]).diagnostics if d.code == "V075"]
    assert "add `moves:`" in e.message
    bad = MANOR.replace("moves: adjacent", "moves: adjacnt")
    (e,) = [d for d in load_docs(bad, [case("manor", [fact("room == hall")], SOL)]).diagnostics if d.code == "V075"]
    assert "did you mean 'adjacent'" in e.message
    bad = MANOR.replace("objects: [weapon]", "objects: [suspect]")
    (e,) = [d for d in load_docs(bad, [case("manor", [fact("room == hall")], SOL)]).diagnostics if d.code == "V075"]
    assert "not a category of its own" in e.message
