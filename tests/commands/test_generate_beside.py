"""`casetool generate -o FILE` into a folder without the case's setting.yaml (commands/generate.py):
the case is written, and stderr says in one line that check, explain and build cannot read it
there, and what to do (readA and readB both met V050 on `explain /tmp/x.yaml` unwarned)."""

from __future__ import annotations

import shutil
from pathlib import Path

from casetool.cli import cli
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
SETTING = ROOT / "cases" / "murdle"


def _generate(out: Path):
    return CliRunner().invoke(cli, ["generate", "--setting", str(SETTING), "--seed", "3", "-o", str(out), "-q"])


def _warnings(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if "warning" in line]


def test_a_case_written_with_no_setting_beside_it_says_what_to_do(tmp_path):
    got = _generate(tmp_path / "x.yaml")
    assert got.exit_code == 0, got.output
    assert (tmp_path / "x.yaml").is_file()
    (line,) = _warnings(got)
    assert line.startswith(f"{tmp_path / 'x.yaml'}: warning: no setting.yaml for 'murdle' is beside it"), line
    assert f"copy {SETTING / 'setting.yaml'} into {tmp_path}" in line, line
    shutil.copy(SETTING / "setting.yaml", tmp_path / "setting.yaml")   # done as it says, explain reads it
    assert CliRunner().invoke(cli, ["explain", str(tmp_path / "x.yaml"), "-q"]).exit_code == 0


def test_a_case_written_beside_another_settings_file_says_so(tmp_path):
    shutil.copy(ROOT / "cases" / "tudor" / "setting.yaml", tmp_path / "setting.yaml")
    got = _generate(tmp_path / "x.yaml")
    assert got.exit_code == 0, got.output
    (line,) = _warnings(got)
    assert "the setting.yaml beside it is 'tudor', not 'murdle'" in line, line


def test_a_case_written_beside_its_setting_is_quiet(tmp_path):
    shutil.copy(SETTING / "setting.yaml", tmp_path / "setting.yaml")
    got = _generate(tmp_path / "x.yaml")
    assert got.exit_code == 0, got.output
    assert not _warnings(got), got.stderr
