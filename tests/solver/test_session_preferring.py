"""Session.preferring: a solution hint for the solves in its block. It changes which world
a solve finds, never whether a question can hold."""

from __future__ import annotations

from pathlib import Path

from casetool.load.project import load_paths
from casetool.solver.compile import compile_case
from casetool.solver.session import Session

ROOT = Path(__file__).resolve().parents[2]


def test_a_preferred_world_is_found_and_no_answer_changes():
    case = load_paths([ROOT / "cases" / "tudor" / "001-the-comet-party.yaml"]).cases[0]
    compiled = compile_case(case)
    items = [lit for answer in compiled.answer.values() for lit in answer.values()]
    clues = list(compiled.enables.values())
    plain = Session(compiled)
    expected = [plain.feasible(clues[:3] + [lit]) for lit in items]
    # a world of the first three clues whose answer is the case's solution, to prefer
    target = [compiled.answer[c][i] for c, i in case.solution.items()]
    assert plain.feasible(clues[:3] + target)
    preferred = [lit if plain.engine.value(lit) else ~lit for lit in items]
    hinted = Session(compiled)
    with hinted.preferring(preferred):
        assert [hinted.feasible(clues[:3] + [lit]) for lit in items] == expected
        assert hinted.feasible(clues[:3]) and hinted.last_answer() == case.solution
    assert not compiled.model.proto.has_solution_hint()   # the block leaves no hint behind
    # a question a kept world satisfies is answered without a solve; a fresh session keeps none
    calls = hinted.calls
    assert hinted.answered(clues[:3]) and hinted.calls == calls
    assert not Session(compiled).answered(clues[:3])
