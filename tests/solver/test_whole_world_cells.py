"""The cells a world shows (check's whereabouts, `check --world`'s worlds) include the
ones a quantifier kept whole (ir.Quant) names: the same cells as its unrolled copies."""

from __future__ import annotations

import pytest
from casetool.language import ir
from casetool.solver.check import prove_case
from casetool.solver.options import Options
from casetool.solver.whole_world import clue_cells

from reach_settings import BOARD, case
from solver_harness import load_one
from test_quantifiers_whole import MOVES, SOLUTION, kept_whole, quantified

TEXTS = sorted({t for args in (("amy", "bob", "hall", "noon", "<", "+ 1", 2), ("cal", "amy", "attic", "dusk", ">=", "- 1", 1),
                               ("bob", "bob", "study", "dawn", "==", "+ 2", 0))
                for t in quantified(*args)})


def cells(case_) -> list[set]:
    orders = {c.id: c.ids for c in case_.setting.categories.values() if c.ordered}
    return [clue_cells(c.expr, orders) for c in case_.clues]


@pytest.mark.parametrize("means", TEXTS)
def test_a_quantifier_kept_whole_names_the_cells_of_its_unrolled_copies(means):
    doc = case("board", [{"means": means}], SOLUTION, liar_rule="none")
    with kept_whole():
        whole = load_one(BOARD, doc)
    assert any(isinstance(n, ir.Quant) for n in ir.walk(whole.clues[0].expr))
    unrolled = load_one(BOARD, doc)
    assert not any(isinstance(n, ir.Quant) for n in ir.walk(unrolled.clues[0].expr))
    assert cells(whole) == cells(unrolled)


def test_the_movement_rule_names_every_cell_of_the_board():
    doc = case("board", [{"means": MOVES}], SOLUTION, liar_rule="none")
    with kept_whole():
        whole = load_one(BOARD, doc)
    assert cells(whole) == [{(p, t) for p in ("amy", "bob", "cal") for t in ("dawn", "noon", "dusk")}]


def test_a_world_shows_the_cells_of_a_quantifier_kept_whole():
    clues = ["all p in suspect: at(p, noon) == hall", "suspect == amy", "weapon == rope", "room == hall", "time == noon"]
    doc = case("board", [{"means": m} for m in clues], {"suspect": "amy", "weapon": "rope", "room": "hall", "time": "noon"},
               liar_rule="none")
    with kept_whole():
        whole = load_one(BOARD, doc)
    result = prove_case(whole, Options(warnings=False, world=True))
    shown = {(p, t): z for w in result.answers for p, t, z in w.whereabouts}
    assert {(p, "noon") for p in ("amy", "bob", "cal")} <= set(shown)
    assert all(shown[(p, "noon")] == "hall" for p in ("amy", "bob", "cal"))
