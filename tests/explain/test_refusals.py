"""explain and hint refuse a case that is not ok, with the check's verdict and exit 1;
every solving command ends cleanly with 'unknown' when its time limit runs out."""

import json
from pathlib import Path

import pytest

from cli_support import run

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini"
CUSTOM = Path(__file__).resolve().parent / "fixtures" / "custom"
TUDOR = ROOT / "cases" / "tudor"


@pytest.mark.parametrize("name, status", [("003-contradiction.yaml", "contradiction"),
                                          ("002-ambiguous.yaml", "ambiguous"),
                                          ("004-wrong.yaml", "wrong-solution")])
def test_explain_refuses_a_case_that_is_not_ok(name, status):
    result = run("explain", MINI / name)
    assert result.exit_code == 1, result.output
    assert f"error[{status}]" in result.output
    assert "Only one answer remains" not in result.output and "Not explained" in result.output


def test_explain_json_of_a_contradiction_is_not_complete():
    result = run("explain", "--format", "json", MINI / "003-contradiction.yaml")
    assert result.exit_code == 1
    [entry] = json.loads(result.output)
    assert entry["status"] == "contradiction" and entry["complete"] is False and entry["steps"] == []


def test_hint_refuses_a_contradiction_and_helps_on_an_ok_case():
    refused = run("hint", MINI / "003-contradiction.yaml")
    assert refused.exit_code == 1 and "error[contradiction]" in refused.output and "Read" not in refused.output
    for level, start in ((1, "Read Mr. Boddy's message"), (2, "Read Mr. Boddy's message"), (3, "Mr. Boddy's message tells us")):
        result = run("hint", "--level", str(level), MINI / "001-ok.yaml")
        assert result.exit_code == 0 and result.output.startswith(start), result.output
        assert ("FAIR" not in result.output or level == 3) and "'boddy'" not in result.output
    assert "it rules out one more possibility" in run("hint", "--level", "2", MINI / "001-ok.yaml").output


def test_a_step_from_a_custom_liar_rule_alone_names_the_rule():
    text = run("explain", CUSTOM / "001-all-lie.yaml")
    assert text.exit_code == 0, text.output
    assert "then  could not hold" not in text.output
    assert "Suppose Reverend Green told the truth: then the liar rule (\u201cliars == 3\u201d) could not hold." in text.output
    hint = run("hint", CUSTOM / "001-all-lie.yaml")
    assert hint.output == ("Suppose Reverend Green told the truth, and read the liar rule "
                           "(\u201cliars == 3\u201d) again: see what breaks.\n")


def test_a_custom_liar_rule_no_world_can_meet_is_refused_not_a_crash():
    for command in ("explain", "hint"):
        result = run(command, CUSTOM / "002-four-liars.yaml")
        assert result.exit_code == 1 and "error[contradiction]" in result.output, result.output


@pytest.mark.parametrize("command", ["explain", "hint", "pacing"])
def test_a_time_limit_ends_in_unknown_not_a_traceback(command):
    result = run(command, "--time-limit", "0.01", TUDOR / "001-the-comet-party.yaml")
    assert result.exit_code == 1, result.output
    assert "unknown" in result.output and "time limit (0.01 s)" in result.output
