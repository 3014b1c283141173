"""Board cases told by the guests themselves, the murderer lying (issue 25 item 2: liars and
witnesses where the setting has them). Judged by the brute force of tests/solver: the case
is unique for its criterion and needs every clue, and in its one night each guest's words
are true except the murderer's, which are all false."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from casetool.generate.source import load_source, supported_kinds

from generate_helpers import FIXTURES, board_case

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import Evaluator, World, feasible_values, possible_answers  # noqa: E402

ALIBI = FIXTURES / "tiny-alibi"


def generated(tmp_path: Path, seed: int, unique: str):
    return board_case(tmp_path, ALIBI, seed, unique)


def the_night(case, ids=None) -> World | None:
    """The one world the brute force finds for the case's answer, or None if there are more."""
    values = feasible_values(case, dict(case.solution), ids)
    if any(len(v) != 1 for v in values.values()):
        return None
    one = {key: next(iter(v)) for key, v in values.items()}
    return World(dict(case.solution), one[("liars", None)],
                 {k: v for (kind, k), v in one.items() if kind == "cell"}, {},
                 {k: v for (kind, k), v in one.items() if kind == "fact"})


def test_a_board_whose_murderer_lies_can_be_generated_and_others_still_cannot(tmp_path):
    source, _ = load_source(ALIBI)
    assert supported_kinds(source.setting)["board"] == ""
    exactly_one = (ALIBI / "setting.yaml").read_text().replace("liar_rule: culprit", "liar_rule: exactly_one")
    (tmp_path / "setting.yaml").write_text(exactly_one)
    other, _ = load_source(tmp_path)
    assert "liar rule is 'exactly_one'" in supported_kinds(other.setting)["board"]


@pytest.mark.slow   # the brute force searches the night cell by cell
@pytest.mark.parametrize("seed", [1, 2])
def test_the_guests_tell_the_night_and_only_the_murderer_lies(tmp_path, seed):
    case = generated(tmp_path, seed, "world")
    ids = [c.id for c in case.clues]
    assert possible_answers(case, ids) == {tuple(case.solution[c] for c in case.setting.answer)}
    night = the_night(case, ids)
    assert night is not None, "the night is not unique"
    for cid in ids:
        rest = [i for i in ids if i != cid]
        assert len(possible_answers(case, rest)) > 1 or the_night(case, rest) is None, f"clue {cid} is not needed"
    murderer = case.solution[case.setting.culprit]
    said = [c for c in case.clues if c.kind == "statement"]
    assert said, "no guest speaks"
    for clue in said:
        guest = case.setting.characters[clue.speaker].item
        assert "I was " in clue.text, clue.text   # in their own words
        assert Evaluator(case, night).cond(clue.expr) is (guest != murderer), (clue.speaker, clue.text)
    assert night.liars == frozenset(w for w, ch in case.setting.characters.items() if ch.item == murderer)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_answer_case_told_by_the_guests_has_one_answer_and_needs_every_clue(tmp_path, seed):
    case = generated(tmp_path, seed, "answer")
    ids = [c.id for c in case.clues]
    assert possible_answers(case, ids) == {tuple(case.solution[c] for c in case.setting.answer)}
    for cid in ids:
        assert len(possible_answers(case, [i for i in ids if i != cid])) > 1, f"clue {cid} is not needed"
