"""A case as the generator once wrote it, kept under tests/english/fixtures for a test pinned to
its words (generation moves which case a seed draws), loaded beside its setting."""

from __future__ import annotations

import shutil
from pathlib import Path

from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def kept_case(tmp_path: Path, setting: str | Path, fixture: str):
    """`fixture` (a name under FIXTURES, with or without '.yaml') as case 001 of a folder holding
    `setting`'s setting.yaml (a folder, or a sample setting's name under cases/)."""
    folder = setting if isinstance(setting, Path) else ROOT / "cases" / setting
    shutil.copy(folder / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(FIXTURES / (fixture if fixture.endswith(".yaml") else f"{fixture}.yaml"), tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]
