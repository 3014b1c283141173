"""`at(p, t).attr` (an attribute of where someone was; none when they were away) and
parentheses in sums, on the reach board, against the brute force (issue 14)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reach_settings import BOARD, case
from solver_harness import ALL, answer_set, compare_with_bruteforce, load_one
from tiers import examples

SUSPECTS, ROOMS, TIMES = ["amy", "bob", "cal"], ["hall", "study", "attic"], ["dawn", "noon", "dusk"]
SOLUTION = {"suspect": "amy", "weapon": "rope", "room": "hall", "time": "dawn"}


def check(means: list[str], rule: str = "none") -> set:
    kase = load_one(BOARD, case("board", [{"means": m} for m in means], SOLUTION, liar_rule=rule))
    compare_with_bruteforce(kase)
    from casetool.solver.check import prove_case
    return {a[0] for a in answer_set(kase, prove_case(kase, ALL))}


SLOW = pytest.mark.slow


@pytest.mark.parametrize("reads", [
    "at(bob, noon).wing != east", "at(bob, noon).size + weapon.weight >= 0",
    pytest.param("at(bob, noon).wing == east", marks=SLOW), pytest.param("at(bob, noon).size < 9", marks=SLOW),
    pytest.param("at(bob, noon).adjacent has hall", marks=SLOW),
    pytest.param("any q in room: at(bob, noon).adjacent has q", marks=SLOW),
])
def test_an_attribute_of_where_someone_was_is_false_when_they_were_away(reads):
    # Bob is away at noon: the attribute has no value, so `reads` is false and only Cal is left
    assert check(["at(bob, noon) == away", f"{reads} or suspect == cal"]) == {"cal"}
    # ... and `not (reads)` is true
    assert check(["at(bob, noon) == away", f"not ({reads}) or suspect == cal"]) == {"amy", "bob", "cal"}


@pytest.mark.parametrize("means", [
    ["at(suspect, time).wing == west"],                             # the crime room is in the west: the attic
    ["at(suspect, time + 1).wing == east", "time != dawn"],
    ["at(amy, noon).size > at(bob, noon).size", "at(bob, noon) == room"],
    ["(suspect.height + weapon.weight) > room.size + 1"],
    ["room.size - (suspect.height - weapon.weight) >= 2"],
    ["suspect.height - (weapon.weight + room.size) < 0 - 1"],
    ["all p in suspect: at(p, time).wing == room.wing or at(p, time) == away", "at(cal, dawn) == hall"],
])
@pytest.mark.slow
def test_against_the_brute_force(means):
    check(means)


@st.composite
def clue(draw):
    s, r, t = (draw(st.sampled_from(x)) for x in (SUSPECTS, ROOMS, TIMES))
    op, n = draw(st.sampled_from(["<", ">", "==", "!=", "<=", ">="])), draw(st.integers(0, 5))
    when = draw(st.sampled_from([t, "time", "time + 1", "time - 1"]))
    return draw(st.sampled_from([
        f"at({s}, {when}).wing {draw(st.sampled_from(['==', '!=']))} {draw(st.sampled_from(['east', 'west']))}",
        f"at({s}, {when}).size {op} {n}",
        f"at({s}, {when}).size + weapon.weight {op} room.size",
        f"at({s}, {when}).adjacent has {r}",
        f"at(suspect, {when}).wing == room.wing",
        f"at({s}, {t}) == {draw(st.sampled_from(ROOMS + ['away']))}",
        f"(suspect.height + weapon.weight) {op} room.size",
        f"suspect.height - (weapon.weight - room.size) {op} {n}",
        f"room.size - (suspect.height + weapon.weight) {op} 0 - {n}",
        f"not (at({s}, {when}).size {op} {n})",
    ]))


@pytest.mark.slow
@settings(max_examples=examples(40))
@given(st.lists(clue(), min_size=1, max_size=4))
def test_random_cases_agree_with_the_brute_force(means):
    check(means)
