"""`casetool lint`: each prose check at its exact file:line:col, JSON output, exit codes,
the bundled samples clean, and generated cases clean (issue 13)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from lint_support import sample_saying

import tiers
from cli_support import run

ROOT = Path(__file__).resolve().parents[2]
BOOK = Path(__file__).resolve().parent / "fixtures" / "book"

EXPECTED = [  # (file, line, col, code): every check once, where the words are
    ("001-one.yaml", 6, 14, "L001"),    # a orange
    ("001-one.yaml", 12, 47, "L002"),   # does not have blue eyes or is tall
    ("001-one.yaml", 17, 32, "L010"),   # if and only if: notation (L010), not a scope question (L002)
    ("001-one.yaml", 17, 59, "L006"),   # in the Jetty
    ("001-one.yaml", 22, 30, "L003"),   # Olive names herself
    ("001-one.yaml", 27, 23, "L007"),   # fact1
    ("001-one.yaml", 32, 11, "L005"),   # Note 3 twice
    ("002-two.yaml", 5, 3, "L004"),     # the same story sentence in two cases
]


def _findings(*paths):
    result = run("lint", "--format", "json", *paths)
    return result, json.loads(result.output)["findings"]


def test_each_check_reports_at_the_words_it_is_about():
    result, findings = _findings(BOOK)
    assert result.exit_code == 1
    got = [(Path(f["file"]).name, f["line"], f["col"], f["code"]) for f in findings]
    assert got == EXPECTED


def test_text_output_is_one_diagnostic_line_each():
    result = run("lint", BOOK)
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert lines[0].endswith("warning[L001]: 'a orange': write 'an orange'")
    assert lines[0].startswith(str(BOOK / "001-one.yaml") + ":6:14: ") or ":6:14: warning[L001]" in lines[0]
    assert lines[-1] == "2 cases linted: 8 findings"


def test_a_time_phrase_the_setting_does_not_use(tmp_path):
    findings = sample_saying(tmp_path, "tudor", "001-the-comet-party.yaml", "Plum was in the Hall at Late Morning.")
    assert [(f["code"], f["message"]) for f in findings] == [
        ("L006", "'at Late Morning': the setting says 'in the late morning'")]


def test_a_place_named_as_a_bare_word(tmp_path):
    """A place id in a sentence ("next to kitchen", as a generated count once said); the
    kitchen maid keeps her article and is no place."""
    said = "Nobody was in a room next to kitchen at eight o'clock, said the kitchen maid."
    findings = sample_saying(tmp_path, "grange", "001-the-heavy-hand.yaml", said)
    assert [(f["code"], f["message"]) for f in findings if f["code"] == "L006"] == [
        ("L006", "'next to kitchen': the place is 'in the Kitchen'")]


def test_dates_out_of_play_order_or_out_of_season(tmp_path):
    """hampshire's season is June 1 to August 31, 1925: case 2 dated before case 1, and
    case 3 on Christmas Day, are each flagged at their own `date:`."""
    shutil.copy(ROOT / "cases" / "hampshire" / "setting.yaml", tmp_path / "setting.yaml")
    for number, day in ((1, "August 2nd, 1925"), (2, "July 1st, 1925"), (3, "December 25th, 1925")):
        source = sorted((ROOT / "cases" / "hampshire").glob(f"00{number}-*.yaml"))[0].read_text()
        source = re.sub(r"(?m)^date: .*$", f"date: {day}", source)
        (tmp_path / f"00{number}.yaml").write_text(source)
    _result, findings = _findings(tmp_path)
    got = [(Path(f["file"]).name, f["line"], f["message"]) for f in findings if f["code"] == "L022"]
    assert got == [("002.yaml", 4, "July 1st, 1925 comes before case 1's August 2nd, 1925, which is played first"),
                   ("003.yaml", 4, "December 25th, 1925 is outside the setting's season (June 1st, 1925 to "
                                   "August 31st, 1925)")]


def test_a_story_that_talks_about_the_puzzle(tmp_path):
    findings = sample_saying(tmp_path, "grange", "001-the-heavy-hand.yaml", "Ada Vane was in the Hall at seven.")
    assert [f for f in findings if f["code"] == "L023"] == []
    source = (tmp_path / "001.yaml").read_text()
    (tmp_path / "001.yaml").write_text(re.sub(r"(?m)^story: .*$|^story: \|$", "story: Every clue below is needed.",
                                              source, count=1))
    _result, findings = _findings(tmp_path)
    assert [(f["line"], f["message"]) for f in findings if f["code"] == "L023"] == [
        (6, "'Every clue': the story talks about the puzzle")]


def test_clean_cases_exit_0_and_bad_input_exits_2(tmp_path):
    result = run("lint", ROOT / "cases" / "murdle")
    assert result.exit_code == 0 and result.output.strip().endswith(": 0 findings")
    (tmp_path / "setting.yaml").write_text("setting: [broken\n")
    assert run("lint", tmp_path).exit_code == 2
    assert run("lint", tmp_path / "nowhere").exit_code == 2


@pytest.mark.slow
def test_the_bundled_samples_have_no_findings():
    result, findings = _findings(ROOT / "cases")
    assert findings == [] and result.exit_code == 0


# ---- generated cases come out clean ------------------------------------------------------
SETTINGS = [("hampshire", "traits"), ("hampshire", "liars"), ("murdle", "liars"), ("supercluedo", "codes"),
            ("classic", "cards"), ("tudor", "timeline")]
FAST = [("murdle", "liars", 1), ("supercluedo", "codes", 1),
        pytest.param("hampshire", "traits", 4, marks=pytest.mark.slow),
        pytest.param("classic", "cards", 1, marks=pytest.mark.slow)]


def _generate_and_lint(tmp_path, name, kind, seeds):
    import sys
    sys.path.insert(0, str(ROOT / "tests" / "generate"))
    from generate_helpers import generate_into
    paths = [generate_into(tmp_path, name, kind, seed)[1] for seed in seeds]
    _result, findings = _findings(*paths)
    assert [f"{f['file']}:{f['line']}: {f['code']} {f['message']}" for f in findings] == []


@pytest.mark.parametrize("name,kind,seed", FAST, ids=["murdle-liars", "supercluedo-codes", "hampshire-traits",
                                                      "classic-cards"])
def test_generated_cases_have_no_findings(tmp_path, name, kind, seed):
    _generate_and_lint(tmp_path, name, kind, [seed])


@pytest.mark.slow
@pytest.mark.parametrize("name,kind", SETTINGS, ids=[f"{n}-{k}" for n, k in SETTINGS])
def test_many_generated_cases_have_no_findings(tmp_path, name, kind):
    """200 generated cases in all nightly: 34 seeds per setting and kind (about 11 min);
    the ci tier lints seeds 5-7 of each (tests/tiers.py)."""
    _generate_and_lint(tmp_path, name, kind, range(1, 35) if tiers.NIGHTLY else range(5, 8))


def test_a_title_before_a_name_does_not_end_a_sentence():
    """Two events 'The Inspector walks the grounds with Mrs. X.' were one repeated sentence."""
    from casetool.lint.texts import sentences
    assert [s for _, s in sentences("He walks with Mrs. White. Then with Mrs. Peacock.")] == [
        "He walks with Mrs. White.", "Then with Mrs. Peacock."]
