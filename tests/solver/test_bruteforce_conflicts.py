"""The brute force's own conflicts (bruteforce.py, Evaluator.junction): a false constraint
blames only the variables that make it false, so the search jumps back past the rest.

Grange 003 is the night this is for: its one impossible answer (Dev with the candlestick in
the Cellar at seven) is refuted only by the movement rule (the Cellar is two rooms from
the east wing, where the culprit was at eight). With every cell the movement rule read in
every conflict the search tried every other guest's night: past ten minutes."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from casetool.language.text import resolve_text
from casetool.load.project import load_paths

from bruteforce import AWAY, Evaluator, Problem, World

CASES = Path(__file__).resolve().parents[2] / "cases"
WEST_DOOR = CASES / "grange" / "003-the-west-door.yaml"
SOLUTION = ("dev", "candlestick", "kitchen", "seven")
CELLAR_AT_SEVEN = {"suspect": "dev", "weapon": "candlestick", "room": "cellar", "time": "seven"}


def load(path: Path):
    return load_paths([path]).cases[0]


def possible(case) -> set[tuple]:
    """bruteforce.possible_answers, bounded: a search that stops pruning fails here
    (SearchTooLong) instead of running for ten minutes."""
    problem = Problem(case, limit=5000)
    return {tuple(a.values()) for a in problem.answers() if problem.world_for(a) is not None}


def test_grange_003s_cellar_at_seven_is_refuted_within_a_few_hundred_steps():
    problem = Problem(load(WEST_DOOR), limit=2000)
    assert problem.world_for(CELLAR_AT_SEVEN) is None
    assert problem.steps[0] < 50


def test_grange_003_has_its_solution_alone_by_the_brute_force():
    case = load(WEST_DOOR)
    assert possible(case) == {SOLUTION}


def test_grange_003_told_it_was_the_cellar_has_no_answer():
    """The mutation only the movement rule refutes: the west note narrowed to the Cellar."""
    case = load(WEST_DOOR)
    cellar, problem = resolve_text("room == cellar", case.setting, case)
    assert problem is None
    clues = [dataclasses.replace(c, expr=cellar) if c.id == "west" else c for c in case.clues]
    assert possible(dataclasses.replace(case, clues=clues)) == set()


def test_without_the_movement_rule_the_cellar_at_seven_is_possible():
    """The mutation the movement rule refutes: without it Dev could cross from the
    Cellar to the east wing in an hour."""
    case = load(WEST_DOOR)
    free = dataclasses.replace(case, setting=dataclasses.replace(case.setting, always=[]))
    assert possible(free) == {SOLUTION, ("dev", "candlestick", "cellar", "seven")}


def test_the_movement_rule_blames_only_the_guest_who_could_not_move():
    case = load(WEST_DOOR)
    cells = {("dev", "seven"): "cellar", ("dev", "eight"): "hall",
             ("ada", "seven"): "hall", ("ada", "eight"): "library", ("cora", "nine"): AWAY}
    ev = Evaluator(case, World(CELLAR_AT_SEVEN, frozenset(), cells))
    rule = case.setting.always[0].expr
    assert ev.cond(rule) is False
    assert ev.why(lambda: ev.cond(rule)) is False
    assert ev.touched == {("cell", ("dev", "seven")), ("cell", ("dev", "eight"))}


@pytest.mark.parametrize("path", [*sorted((CASES / "grange").glob("0*.yaml")), *sorted((CASES / "tudor").glob("0*.yaml"))],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_false_constraint_stays_false_on_the_cells_it_blames(path):
    """Soundness of the conflicts: whatever partial world makes a rule or clue false, the
    cells it blames alone (every other cell unset) make it false too."""
    case = load(path)
    tl, rng = case.setting.timeline, random.Random(24)
    people, times = case.setting.categories[tl.people].ids, case.setting.categories[tl.times].ids
    places = case.setting.categories[tl.places].ids + [AWAY]
    exprs = [r.expr for r in case.fixed_rules] + [c.expr for c in case.clues]
    answers, falsified = list(Problem(case).answers()), 0
    for _ in range(150):
        answer = rng.choice(answers)
        cells = {(p, t): rng.choice(places) for p in people for t in times if rng.random() < 0.6}
        for expr in exprs:
            ev = Evaluator(case, World(answer, frozenset(), cells))
            if ev.why(lambda expr=expr, ev=ev: ev.cond(expr)) is False:
                falsified += 1
                blamed = {key: cells[key] for kind, key in ev.touched if kind == "cell" and key in cells}
                assert Evaluator(case, World(answer, frozenset(), blamed)).cond(expr) is False, (expr, cells, blamed)
    assert falsified > 20
