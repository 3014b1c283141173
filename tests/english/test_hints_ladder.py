"""A wrong belief's hint climbs as the other hints do (english/hints.py, Misbelief.text):
level 1 says what about something believed does not follow from the clues, level 2 which
belief and how it breaks, level 3 the clue that shows it best, not every clue of a minimal
core ('not azure' in tudor timeline seed 61 listed ten notes at every level). The clue
pointed at, read with the clues of the steps before it, rules the belief out by the brute
force of tests/solver; no level names more of the answer than the belief being wrong does."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from casetool.english.hints import hint, misbelief, parse_known
from casetool.english.names import short_ref
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import possible_answers  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"


def _fixture(tmp_path: Path, setting: str, name: str):
    shutil.copy(ROOT / "cases" / setting / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(FIXTURES / name, tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


CASES = [("tudor", "tudor-timeline-61-hard.yaml"), ("grange", "grange-timeline-66-hard.yaml"),
         ("murdle", "murdle-liars-3-hard.yaml"), ("hampshire", "hampshire-liars-2-medium.yaml")]


@pytest.mark.parametrize("setting,name", CASES)
def test_ruling_out_the_answer_climbs_to_one_clue(tmp_path, setting, name):
    case = _fixture(tmp_path, setting, name)
    explanation = explain_case(case, 60)
    culprit = case.setting.culprit or case.setting.answer[0]
    k = case.setting.answer.index(culprit)
    truth = explanation.answer[culprit]
    facts, unknown = parse_known(case, f"not {truth}")
    assert not unknown
    one, two, three = (hint(explanation, facts, level) for level in (1, 2, 3))
    assert one.startswith("Something you believe about ") and one.endswith("does not follow from the clues.")
    assert two.startswith(one) and three.startswith(two) and len({one, two, three}) == 3, (one, two, three)
    name_of = case.setting.item_name(truth)
    assert all(name_of not in said for said in (one, two)), two   # the belief's item is never said
    wrong = misbelief(case, facts, explanation=explanation)
    (w,) = wrong.wrong
    assert w.shows and (len(w.shows) == 1 or len(w.shows) < len(w.clues)), (w.shows, w.clues)
    assert all(short_ref(case, c) in three for c in w.shows)
    assert not any(short_ref(case, c) in three for c in w.clues if c not in w.shows), three
    read = set(w.shows) | {c for s in explanation.steps[:w.before] for c in s.clues}
    assert all(a[k] == truth for a in possible_answers(case, sorted(read))), (w.shows, w.before)


def test_the_tudor_hint_points_at_one_note(tmp_path):
    """The report's case: level 3 named ten notes; it names the one note that finishes it."""
    case = _fixture(tmp_path, "tudor", "tudor-timeline-61-hard.yaml")
    explanation = explain_case(case, 60)
    facts, _ = parse_known(case, "not azure")
    three = hint(explanation, facts, 3)
    assert three.count("the note \u201c") == 1, three
    assert "Azure" not in hint(explanation, facts, 2)


def test_a_belief_naming_an_item_of_another_category_is_an_error(tmp_path):
    """'time fountain' was taken as 'the place is the Fountain'; it is exit 2, naming the word
    and what it is."""
    from casetool.cli import cli
    _fixture(tmp_path, "tudor", "tudor-timeline-61-hard.yaml")
    got = CliRunner().invoke(cli, ["hint", str(tmp_path / "001.yaml"), "--known", "time fountain", "-q"])
    assert got.exit_code == 2, got.output
    assert "'fountain' is a place, not a time: write 'place fountain'" in got.output, got.output
    assert "Traceback" not in got.output
    got = CliRunner().invoke(cli, ["hint", str(tmp_path / "001.yaml"), "--known", "not time fontain", "-q"])
    assert got.exit_code == 2 and "'fontain' is not a time (did you mean 'fountain'?)" in got.output, got.output
    got = CliRunner().invoke(cli, ["hint", str(tmp_path / "001.yaml"), "--known", "place fountain", "-q"])
    assert got.exit_code == 0, got.output
