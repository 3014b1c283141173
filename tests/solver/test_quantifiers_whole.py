"""Quantifiers kept whole (issue 14 item 10): a quantifier too large to unroll at load is
an ir.Quant that the compiler binds item by item. Forced on every quantifier here
(UNROLL_MAX = 0), cases over the reach board agree with the brute force, which reads
the Quant itself (tests/solver/bruteforce.py, Evaluator.quant); a board's movement rule
kept whole compiles to clauses over the whereabouts cells, not a gate per binding."""

from __future__ import annotations

import contextlib
import re

import pytest
from casetool.language import ir, resolve
from casetool.solver.check import prove_case
from casetool.solver.compile import compile_case
from hypothesis import given, settings
from hypothesis import strategies as st

from reach_settings import BOARD, WITNESSES, case, clue_parts
from solver_harness import ALL, answer_set, compare_with_bruteforce, load_one
from tiers import examples

SOLUTION = {"suspect": "amy", "weapon": "rope", "room": "hall", "time": "dawn"}
QUANTIFIER = re.compile(r"\b(all|any|no|exactly \d|at most \d|at least \d) \w+ in ")
MOVES = ("all p in suspect: all t in time: all q in room: at(p, t) == q implies "
         "(at(p, t + 1) == q or q.adjacent has at(p, t + 1))")


@contextlib.contextmanager
def kept_whole(limit: int = 0):
    saved = resolve.UNROLL_MAX
    resolve.UNROLL_MAX = limit
    try:
        yield
    finally:
        resolve.UNROLL_MAX = saved


def quantified(s, s2, r, t, op, step, n):
    return [
        f"all q in time: at({s}, q {step}) == at({s}, q) or at({s}, q) == away",
        f"any p in suspect where p != {s}: at(p, time) == room",
        f"exactly 1 p in suspect: at(p, {t}) == {r}",
        f"at most 1 t in time where t != dawn: at({s}, t) == {r}",
        f"at least {n % 3} q in room: q.size {op} suspect.height",
        "any p in suspect: lies(p) and p.hair == suspect.hair",
        f"no p in suspect: at(p, {t}) == {r}",
        f"not (all p in suspect: at(p, {t}) != away)",
        f"any p in suspect: any q in suspect where p != q: at(p, {t}) == at(q, {t}) and at(p, {t}) != away",
        f"(all p in suspect where p.hair == gray: at(p, {t}) == {r}) implies room == {r}",
        "all p in suspect: lies(p) implies at(p, time) != room",
        f"no t in time: at({s}, t - 1) == {r} and at({s}, t) != {r}",
        f"all q in room: room.adjacent has q implies at(suspect, time {step}) != q",
        "all t in time where t > time: at(suspect, t) == room",
        f"any w in weapon: weapon == w and w.weight {op} room.size",
        f"not (any t in time: at({s2}, t) == {r} xor at({s}, t) == {r})",
        f"all p in suspect: p == {s} iff at(p, {t}) == {r}",
        MOVES,
    ]


@st.composite
def clue(draw):
    s, s2, r, t, n, op, step = clue_parts(draw)
    plain = [f"at({s}, {t}) == {r}", f"room.adjacent has at({s}, {t})", f"lies({draw(st.sampled_from(WITNESSES))})"]
    return draw(st.sampled_from(quantified(s, s2, r, t, op, step, n) + plain))


@st.composite
def whole_case(draw):
    speakers = [None, None] + WITNESSES
    clues = [{"means": draw(clue()), **({"speaker": w} if (w := draw(st.sampled_from(speakers))) else {})}
             for _ in range(draw(st.integers(1, 4)))]
    extra = {"liar_rule": draw(st.sampled_from(["inspector", "exactly_one", "none", "culprit"]))}
    if draw(st.booleans()):
        extra["always"] = [{"id": "moves", "text": "Moves.", "means": MOVES}]
    return case("board", clues, SOLUTION, **extra)


def check_both_ways(doc, warnings: bool = True):
    """Kept whole: agrees with the brute force; and with the same case unrolled at load."""
    with kept_whole():
        whole = load_one(BOARD, doc)
    texts = [c["means"] for c in doc["clues"] + doc.get("always", [])]
    kept = [c.expr for c in whole.clues + whole.fixed_rules if any(isinstance(x, ir.Quant) for x in ir.walk(c.expr))]
    assert len(kept) == sum(1 for t in texts if QUANTIFIER.search(t))
    status = compare_with_bruteforce(whole, warnings=warnings)
    unrolled = load_one(BOARD, doc)
    again = prove_case(unrolled, ALL)
    assert again.status == status and answer_set(unrolled, again) == answer_set(whole, prove_case(whole, ALL))


SAMPLES = [
    ([MOVES, "at(amy, dawn) == hall", "at(amy, dusk) != study"], "none"),
    (["any p in suspect: lies(p) and p.hair == suspect.hair", "not lies(suspect)", "suspect != cal"], "exactly_one"),
    (["exactly 1 p in suspect: at(p, noon) == attic", "all p in suspect where p != bob: at(p, noon) != attic",
      "at(suspect, time) == room"], "none"),
]


@pytest.mark.parametrize("means, rule", SAMPLES)
def test_kept_whole_agrees_with_the_brute_force(means, rule):
    speakers = [None, "bob", "amy"]
    doc = case("board", [{"means": m, **({"speaker": w} if w else {})} for m, w in zip(means, speakers, strict=True)],
               SOLUTION, liar_rule=rule)
    check_both_ways(doc)


@pytest.mark.slow
@settings(max_examples=examples(15))
@given(whole_case())
def test_random_cases_kept_whole_agree_with_the_brute_force(doc):
    check_both_ways(doc, warnings=False)


def test_small_quantifiers_unroll_and_large_ones_are_kept_whole():
    doc = case("board", [{"means": MOVES}], SOLUTION)
    assert isinstance(load_one(BOARD, doc).clues[0].expr, ir.And)        # 3 x 3 x 3: unrolled
    with kept_whole():
        expr = load_one(BOARD, doc).clues[0].expr
    assert isinstance(expr, ir.Quant) and expr.word == "all" and expr.items == ("amy", "bob", "cal")
    inner = expr.body
    assert inner.var == "t" and inner.items == ("dawn", "noon")   # `t + 1`: the last time is left out


def test_a_movement_rule_kept_whole_is_clauses_over_the_cells():
    # bench/board.py's rule at 8 x 8 x 10 x 8 (a ring of rooms): 6,971 variables unrolled
    # (a reified gate per binding), 746 kept whole (the cells, the answer, the clue switches)
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from board import board
    from solver_harness import load_docs
    setting, doc = board(8, 8, 10, 8)
    loaded = load_docs(setting, [doc])
    [kase] = loaded.cases
    assert isinstance(kase.clues[0].expr, ir.Quant)
    compiled = compile_case(kase)
    cells = 8 * 8 * 11
    assert len(compiled.model.proto.variables) < cells + 100
