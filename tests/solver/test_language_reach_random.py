"""Random cases over the reach board (witness lists, exactly_one, lies of a variable,
numbers, steps past the ends, item-valued attributes) agree with the brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reach_settings import BOARD, WITNESSES, case, clue_parts
from solver_harness import compare_with_bruteforce, load_one
from tiers import examples


@st.composite
def clue(draw):
    s, s2, r, t, n, op, step = clue_parts(draw)
    return draw(st.sampled_from([
        f"at(suspect, time {step}) {draw(st.sampled_from(['==', '!=']))} {r}",
        f"at({s}, {t}) == {r}",
        f"weapon.weight {op} room.size",
        f"suspect.height + weapon.weight {op} {n}",
        f"room.size - suspect.height {op} {n}",
        f"room.adjacent has {r}",
        f"room.adjacent has at({s}, {t})",
        f"room.wing == {draw(st.sampled_from(['east', 'west']))}",
        f"time {step} {op} {t}",
        f"together(time {step})",
        f"lies({draw(st.sampled_from(WITNESSES))})",
        "any p in suspect: lies(p) and p.hair == suspect.hair",
        "lies(suspect)",
        f"suspect.likes has {s2}.hair",
        f"all q in time: at({s}, q {step}) == at({s}, q) or at({s}, q) == away",
        f"any p in suspect where p != {s}: at(p, time) == room",
        f"exactly 1 p in suspect: at(p, {t}) == {r}",
    ]))


@st.composite
def reach_case(draw):
    speakers = [None, None] + WITNESSES
    clues = [{"means": draw(clue()), **({"speaker": w} if (w := draw(st.sampled_from(speakers))) else {})}
             for _ in range(draw(st.integers(1, 5)))]
    extra = {}
    rule = draw(st.sampled_from(["inspector", "exactly_one", "none", "culprit", "custom"]))
    extra["liar_rule"] = {"custom": f"liars {draw(st.sampled_from(['==', '<=']))} 1"} if rule == "custom" else rule
    if draw(st.booleans()):
        extra["witnesses"] = draw(st.lists(st.sampled_from(WITNESSES), unique=True, max_size=3))
    return case("board", clues, {"suspect": "amy", "weapon": "rope", "room": "hall", "time": "dawn"}, **extra)


@pytest.mark.slow
@settings(max_examples=examples(60))
@given(reach_case())
def test_random_reach_cases_agree_with_brute_force(doc):
    compare_with_bruteforce(load_one(BOARD, doc))
