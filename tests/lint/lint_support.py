"""Lint through the real CLI: the findings of a folder, and of a bundled sample case whose
first clue is rewritten to say something else."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from cli_support import run

ROOT = Path(__file__).resolve().parents[2]


def findings(*paths):
    """(the CLI's result, its JSON findings) of `casetool lint --format json PATHS`."""
    result = run("lint", "--format", "json", *paths)
    return result, json.loads(result.output)["findings"]


def sample_saying(tmp_path: Path, setting: str, case: str, text: str) -> list[dict]:
    """The findings of cases/SETTING/CASE beside its setting, its first clue's text now `text`."""
    shutil.copy(ROOT / "cases" / setting / "setting.yaml", tmp_path / "setting.yaml")
    source = (ROOT / "cases" / setting / case).read_text()
    first = next(line for line in source.splitlines() if line.strip().startswith("text:"))
    (tmp_path / "001.yaml").write_text(source.replace(first, first.split("text:")[0] + "text: " + text, 1))
    return findings(tmp_path)[1]
