"""Helpers for the generate tests (imported by name: pytest puts this folder on sys.path): write generated cases beside a setting and check them."""

from __future__ import annotations

import shutil
from pathlib import Path

from casetool.generate.engine import Request, generate
from casetool.generate.source import load_source
from casetool.generate.writer import schema_line
from casetool.load.project import load_paths
from casetool.solver.check import prove_case
from casetool.solver.options import Options

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "cases"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def setting_dir(name: str) -> Path:
    return CASES / name if (CASES / name).is_dir() else FIXTURES / name


def generate_into(folder: Path, name: str, kind: str, seed, difficulty: str | None = None, number: int = 1):
    """Generate one case into `folder` (beside a copy of the setting); the Generated result and its path."""
    source, diags = load_source(setting_dir(name))
    assert source is not None, diags
    folder = folder / f"{name}-{kind}-{seed}"  # one folder each: separate cases may share numbers and wheels
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / "setting.yaml").exists():
        shutil.copy(setting_dir(name) / "setting.yaml", folder / "setting.yaml")
    got = generate(Request(source, seed, kind, difficulty, number, schema=schema_line("case", folder),
                           max_attempts=40))
    path = folder / f"{number:03d}-{kind}-{seed}.yaml"
    path.write_text(got.text)
    return got, path


def check_files(paths: list[Path]):
    """Load through the real loader (validate) and check with warnings: every case ok, no warning."""
    loaded = load_paths(paths)
    assert [d.text() for d in loaded.diagnostics] == []
    assert len(loaded.cases) >= len(paths)
    results = [prove_case(case, Options(time_limit=60)) for case in loaded.cases]
    for r in results:
        assert r.status == "ok", (r.file, r.status, r.message)
        assert [w.text() for w in r.warnings] == [], r.file
    return loaded, results


def board_case(folder: Path, setting: Path, seed: int, unique: str):
    """A board case generated for `setting` (a folder), written beside a copy of it in `folder`
    and loaded back through the real loader."""
    source, _ = load_source(setting)
    got = generate(Request(source, seed, "board", unique=unique, max_attempts=20))
    shutil.copy(setting / "setting.yaml", folder / "setting.yaml")
    (folder / "001.yaml").write_text(got.text)
    loaded = load_paths([folder])
    assert not [d for d in loaded.diagnostics if d.is_error], [d.text() for d in loaded.diagnostics]
    return loaded.cases[0]
