"""The setting's printed rules (`every_case:`) checked on hand-written cases (L020), and the
introduction stub `generate` writes flagged by lint and build (L021), each at its words."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cli_support import run

ROOT = Path(__file__).resolve().parents[2]
CASE = "002-tea-in-the-orchard.yaml"
OCHRE = """  - id: ochre
    speaker: ochre
    kind: statement
    text: The weapon was porcelain. I found a chip of it by the body.
    means: weapon.material == porcelain
"""
FACT = """  - id: fact1
    speaker: narrator
    kind: fact
    text: Only a tall person could have lifted a heavy weapon high enough to strike.
    means: weapon.weight == heavy implies suspect.height == tall
"""


def _book(tmp_path: Path, case_text: str | None = None, intro: str | None = None) -> Path:
    folder = tmp_path / "murdle"
    shutil.copytree(ROOT / "cases" / "murdle", folder)
    if case_text is not None:
        (folder / CASE).write_text(case_text)
    if intro is not None:
        book = (folder / "casebook.yaml").read_text()
        (folder / "casebook.yaml").write_text(book.replace("  Marrowby Hall has a library", f"  {intro}\n  Marrowby Hall has a library"))
    return folder


def _findings(folder: Path) -> list[tuple[str, int, int, str, str]]:
    result = run("lint", "--format", "json", folder)
    return [(Path(f["file"]).name, f["line"], f["col"], f["code"], f["message"])
            for f in json.loads(result.output)["findings"]]


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def test_the_sample_keeps_its_printed_rules():
    assert [f for f in _findings(ROOT / "cases" / "murdle") if f[3] == "L020"] == []


def test_a_silent_suspect_is_flagged_at_the_clues(tmp_path):
    text = (ROOT / "cases" / "murdle" / CASE).read_text()
    folder = _book(tmp_path, text.replace(OCHRE, ""))
    got = [f for f in _findings(folder) if f[3] == "L020"]
    assert got == [(CASE, _line_of(text, "clues:"), 1, "L020",
                    "Professor Ochre makes no statement; the setting's rules print one statement by each of "
                    "Vicar Vermilion, Duchess Cerulean, Sergeant Olive and Professor Ochre")]


def test_validate_flags_a_broken_printed_rule_too(tmp_path):
    """validate, not only lint, reports L020 at the case's `clues:` key; a warning, so the file stays valid."""
    text = (ROOT / "cases" / "murdle" / CASE).read_text()
    folder = _book(tmp_path, text.replace(OCHRE, ""))
    result = run("validate", "--format", "json", folder)
    assert result.exit_code == 0, result.output
    got = [(Path(d["file"]).name, d["line"], d["col"], d["code"]) for d in json.loads(result.output)["diagnostics"]]
    assert got == [(CASE, _line_of(text, "clues:"), 1, "L020")]
    assert run("validate", ROOT / "cases" / "murdle").output.count("L020") == 0


def test_a_second_statement_is_flagged_where_it_is(tmp_path):
    text = (ROOT / "cases" / "murdle" / CASE).read_text()
    second = OCHRE.replace("id: ochre", "id: ochre2").replace("weapon.material == porcelain", "place != jetty") \
        .replace("The weapon was porcelain. I found a chip of it by the body.", "It was not on the jetty.")
    changed = text.replace(FACT, FACT + second)
    folder = _book(tmp_path, changed)
    got = [f[:4] for f in _findings(folder) if f[3] == "L020"]
    assert got == [(CASE, _line_of(changed, "id: ochre2"), 5, "L020")]


def test_a_case_without_the_narrator_is_flagged(tmp_path):
    text = (ROOT / "cases" / "murdle" / CASE).read_text()
    folder = _book(tmp_path, text.replace(FACT, ""))
    got = [f for f in _findings(folder) if f[3] == "L020"]
    assert [(f[1], f[4]) for f in got] == [
        (_line_of(text, "clues:"), "no narrator speaks in this case; the setting's rules print that one does in every case")]


def test_an_unknown_speaker_in_the_setting_is_a_positioned_error(tmp_path):
    folder = _book(tmp_path)
    setting = (folder / "setting.yaml").read_text().replace("speakers: [vermilion, cerulean,", "speakers: [vermillion, cerulean,")
    (folder / "setting.yaml").write_text(setting)
    result = run("validate", folder / "setting.yaml")
    assert result.exit_code == 1
    line = _line_of(setting, "speakers: [vermillion")
    assert f"setting.yaml:{line}:14: error[V070]: unknown character 'vermillion' in every_case: speakers" in result.output


# ---- the introduction stub -----------------------------------------------------------------
def test_lint_flags_the_intro_stub_at_its_words(tmp_path):
    from casetool.lint.stub import INTRO_STUB
    folder = _book(tmp_path, intro=f"Twenty cases. {INTRO_STUB}")
    got = [f for f in _findings(folder) if f[3] == "L021"]
    line = _line_of((folder / "casebook.yaml").read_text(), INTRO_STUB)
    assert got == [("casebook.yaml", line, 3 + len("Twenty cases. "), "L021",
                    "the introduction is still the stub `casetool generate` wrote")]


def test_an_intro_without_the_stub_is_clean(tmp_path):
    folder = _book(tmp_path, intro="Twenty cases from the hall, each with its own body.")
    assert [f for f in _findings(folder) if f[3] == "L021"] == []


@pytest.mark.slow  # lays out the casebook
def test_build_warns_of_the_intro_stub(tmp_path):
    from casetool.lint.stub import INTRO_STUB
    folder = _book(tmp_path, intro=INTRO_STUB)
    result = run("build", folder, "-o", tmp_path / "out", "--no-decoders")
    assert result.exit_code == 0, result.output
    line = _line_of((folder / "casebook.yaml").read_text(), INTRO_STUB)
    assert f"casebook.yaml:{line}:3: warning[L021]" in result.output


TUDOR = Path(__file__).resolve().parent / "fixtures" / "tudor"


def test_a_tudor_case_without_the_butlers_testimony_breaks_the_printed_rules(tmp_path):
    """Tudor's rules print 'Inspector Brown keeps numbered notes and Ashe the butler gives
    testimony' (`every_case: roles: [inspector, narrator]` in cases/tudor/setting.yaml); the
    fixture is sample 001 with every word of Ashe's given to Brown (a generated hard case had
    none, seed 97), read beside the sample setting."""
    shutil.copy(ROOT / "cases" / "tudor" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(TUDOR / "001-no-butler.yaml", tmp_path / "001-no-butler.yaml")
    assert _findings(tmp_path) == [("001-no-butler.yaml", 19, 1, "L020", "no narrator speaks in this case; "
                                 "the setting's rules print that one does in every case")]
    result = run("validate", tmp_path)
    assert "001-no-butler.yaml:19:1: warning[L020]: no narrator speaks" in result.output
    assert not [f for f in _findings(ROOT / "cases" / "tudor") if f[3] == "L020"]   # the samples hear both
