import shutil
from itertools import pairwise
from pathlib import Path

import pytest
from casetool.cli import cli
from casetool.explain.grade import grade, level_of, step_depths
from casetool.explain.pacing import pacing
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("depths, level", [([0] * 12, "easy"), ([1, 1, 0, 0], "easy"), ([1, 1, 1], "medium"),
                                           ([2, 0], "medium"), ([2, 2, 2, 2], "medium"), ([3, 0, 0], "hard"),
                                           ([3, 3, 3], "hard"), ([4], "fiendish"), ([5], "fiendish")])
def test_level_thresholds(depths, level):
    """The level is set by the deepest step, not by length nor by how many steps are that
    deep: many steps as deep as a hard case's deepest are still hard, so fiendish is deeper."""
    assert level_of(depths) == level


def test_an_inspector_naming_the_liar_is_read_not_split(fixtures):
    """mini 001: Brown's note says White lies; every statement is then read alone: easy, depth 0."""
    case = load_paths([fixtures / "mini" / "001-ok.yaml"]).cases[0]
    g = grade(explain_case(case))
    assert (g.steps, g.most_clues, g.liar_analysis, g.level, g.score, g.depth) == (5, 1, False, "easy", 0, 0)


def _sample(title):
    return next(c for c in load_paths([ROOT / "cases"]).cases if c.title == title)


def test_a_long_case_of_one_clue_steps_is_easy():
    """hampshire 001: eight steps, each one clue read on its own (the old grade said medium)."""
    explanation = explain_case(_sample("The Marrow Vanishes"))
    assert len(explanation.steps) >= 8 and grade(explanation).level == "easy"


def test_a_culprit_clash_is_liar_analysis_and_combines_clues():
    """murdle 002: two statements that cannot both be true, so one speaker is the culprit."""
    explanation = explain_case(_sample("A Delicate Matter of Rents"))
    clash = next(s.number for s in explanation.steps if s.clash)
    depth = step_depths(explanation)[clash - 1]
    assert depth.techniques["liar"] == 1 and depth.techniques["combine"] == 1 and depth.depth == 2
    assert grade(explanation).level in ("medium", "hard")


def test_a_conditional_whose_condition_an_earlier_step_settled_is_a_chain():
    """supercluedo 002: an "either ... or" counter read with what earlier counters settled
    (a chain, +1); a conditional read alone is not."""
    explanation = explain_case(_sample("The Midsummer Ball"))
    by_id = {c.id: c for c in explanation.case.clues}
    depths = step_depths(explanation)
    chained = [d for d, s in zip(depths, explanation.steps, strict=True) if d.techniques["chain"]]
    assert chained and all(d.depth >= 1 for d in chained)
    for d, s in zip(depths, explanation.steps, strict=True):
        if any(f.kind == "not" for f in s.facts) and any(" or " in by_id[c].means for c in s.clues):
            assert d.techniques["chain"] == 1
        if not s.facts and len(s.clues) == 1:
            assert d.depth == 0


def test_a_card_step_reading_a_hand_with_other_clues_counts_the_hand():
    """classic 001 falls to plain elimination on a note sheet: the hand and the suggestions
    read before are recalled, not held in mind again, so it is medium (it was 'fiendish',
    the issue's three-minute case)."""
    explanation = explain_case(_sample("The Long Weekend"))
    depths = step_depths(explanation)
    assert any(d.techniques["hand"] for d in depths)
    last = depths[-1]   # your hand, suggestions 1 and 3 recalled; a fact and suggestion 5 new
    assert len(explanation.steps[-1].clues) == 5 and last.techniques["combine"] == 1 and last.depth == 2
    assert grade(explanation).level == "medium"


def test_plain_elimination_is_never_fiendish():
    """A step with neither a supposition nor a chained conditional stops at depth 3, however
    many clues it reads; classic 002's depth-4 step chains two conditionals."""
    explanation = explain_case(_sample("The Games Night"))
    depths = step_depths(explanation)
    for d in depths:
        if not (d.techniques["chain"] or d.techniques["liar"]):
            assert d.depth <= 3
    g = grade(explanation)
    assert g.level == "fiendish" and g.depth == 4 and g.chains >= 1
    deepest = max(depths, key=lambda d: d.depth)
    assert deepest.techniques["chain"] == 2


def test_declared_difficulty_that_differs_is_a_warning(tmp_path, fixtures):
    shutil.copy(fixtures / "mini" / "setting.yaml", tmp_path)
    text = (fixtures / "mini" / "001-ok.yaml").read_text().replace("title: The", "difficulty: fiendish\ntitle: The")
    (tmp_path / "001.yaml").write_text(text)
    result = CliRunner().invoke(cli, ["check", str(tmp_path)])
    assert result.exit_code == 0
    assert "warning[W004]: declared difficulty 'fiendish' but the step-wise explanation grades it 'easy'" in result.output


@pytest.fixture
def timed(tmp_path):
    """A tudor case whose clues all come at the start, plus one late clue that adds nothing."""
    shutil.copy(ROOT / "cases" / "tudor" / "setting.yaml", tmp_path)
    lines = (ROOT / "cases" / "tudor" / "001-the-comet-party.yaml").read_text().splitlines()
    lines = [ln.replace(ln.split("reveal:")[1], " 0") if "reveal:" in ln else ln for ln in lines]
    text = "\n".join(lines) + "\n"
    late = "  - id: again\n    speaker: brown\n    kind: note\n    text: Still jewelry.\n    means: object.group == jewelry\n    reveal: 3\n"
    text = text.replace("\nclues:\n", "\nclues:\n" + late, 1)
    (tmp_path / "001.yaml").write_text(text)
    return tmp_path


def test_pacing_warns_about_early_uniqueness_and_empty_reveals(timed):
    p = pacing(load_paths([timed]).cases[0])
    assert [(s.event, s.answers) for s in p.stages] == [(0, 1), (3, 1)]
    codes = sorted(w.code for w in p.warnings)
    assert codes == ["W010", "W011"]


@pytest.mark.slow
def test_pacing_of_a_sample_narrows_to_one(tmp_path):
    p = pacing(load_paths([ROOT / "cases" / "tudor" / "001-the-comet-party.yaml"]).cases[0])
    counts = [s.answers for s in p.stages]
    assert counts[-1] == 1 and all(a >= b for a, b in pairwise(counts))
    assert not p.warnings


def test_pacing_cli_writes_a_chart(timed, tmp_path):
    out = tmp_path / "chart" / "pacing.html"
    result = CliRunner().invoke(cli, ["pacing", str(timed), "--html", str(out)])
    assert result.exit_code == 1 and "W011" in result.output
    html = out.read_text()
    assert html.count("<rect") == 2 and "already unique" in html


def test_explain_json(fixtures):
    import json
    result = CliRunner().invoke(cli, ["explain", "--format", "json", str(fixtures / "mini" / "001-ok.yaml")])
    [data] = json.loads(result.output)
    assert data["answer"] == {"suspect": "plum", "scene": "fair"} and data["grade"]["level"] == "easy"
    assert data["steps"][1]["derives"][0] == {"kind": "lies", "subject": "white"}
    assert data["steps"][2]["facts"] == [{"kind": "truthful", "subject": "green", "step": 2}]
