"""`casetool hint CASE --known ...`: the next step from what the player knows, never its result
(at levels 1 and 2), and a positioned U004 for a part of --known that names nothing."""

from __future__ import annotations

from pathlib import Path

from casetool.explain.steps import explain_case
from casetool.load.project import load_paths

from cli_support import error_lines, run

ROOT = Path(__file__).resolve().parents[2]
BANNER = ROOT / "cases" / "hampshire" / "002-the-borrowed-banner.yaml"


def _case():
    return load_paths([BANNER]).cases[0]


def test_level_1_names_the_wheel_not_its_message_nor_the_result():
    case = _case()
    first = explain_case(case).steps[0]
    out = run("hint", BANNER).output
    boddy = next(c for c in case.clues if c.speaker == "boddy")
    assert f"Mr. Boddy (wheel {boddy.wheel})" in out
    assert boddy.text.strip() not in out            # the decoded wheel would give the scene away
    ruled = [case.setting.find_item(f.value).name for f in first.derived if f.kind == "not"]
    assert ruled and not any(name in out for name in ruled)
    assert "'boddy'" not in out                      # never an id


def test_what_the_player_knows_moves_the_hint_on():
    case = _case()
    scene = case.solution["scene"]
    fresh = run("hint", BANNER).output
    later = run("hint", BANNER, "--known", f"scene {scene}").output   # step 1 found the scene
    assert later != fresh and "Mr. Boddy" not in later
    second = explain_case(case).steps[1]
    speakers = {case.setting.characters[c.speaker].name for c in case.clues if c.id in second.clues}
    assert speakers and all(name in later for name in speakers)


def test_level_2_says_how_to_reason_without_the_result():
    case = _case()
    out = run("hint", BANNER, "--level", "2", "--known", f"scene {case.solution['scene']}").output
    assert "Suppose" in out and "Mrs. White is lying" not in out


def test_everything_known_says_so():
    case = _case()
    facts = ", ".join([f"scene {case.solution['scene']}", f"suspect {case.solution['suspect']}", "white lies"])
    result = run("hint", BANNER, "--known", facts)
    assert result.exit_code == 0 and "You know everything the clues can tell you." in result.output


def test_a_part_that_names_nothing_is_a_positioned_error():
    result = run("hint", BANNER, "--known", "not plum, whit lies, scene fiar")
    assert result.exit_code == 2
    errs = error_lines(result.output)
    assert [(e["file"], e["line"], e["col"], e["code"]) for e in errs] == [
        ("--known", "1", "11", "U004"), ("--known", "1", "22", "U004")]
    assert "did you mean 'white'?" in result.output and "did you mean 'fair'?" in result.output
