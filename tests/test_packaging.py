"""A wheel built from the project carries every package and data file casetool needs."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds PDFs (or sweeps the brute force): the inner loop `-m "not slow"` skips it

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_has_every_package_and_data_file(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(tmp_path)], check=True, capture_output=True)
    [wheel] = tmp_path.glob("casetool-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    packages = sorted(p.parent.relative_to(ROOT) for p in (ROOT / "casetool").rglob("__init__.py"))
    for package in packages:
        assert f"{package.as_posix()}/__init__.py" in names, package
    data = ["casetool/language/grammar.lark", "casetool/schemas/case.schema.json",
            "casetool/schemas/setting.schema.json", "casetool/schemas/casebook.schema.json",
            "casetool/schemas/case_valid.py", "casetool/schemas/setting_valid.py", "casetool/schemas/casebook_valid.py"]
    data += [f"casetool/templates/{p.relative_to(ROOT / 'templates').as_posix()}"
             for p in (ROOT / "templates").rglob("*") if p.suffix in (".html", ".css", ".j2")]
    data += [f"casetool/fonts/{p.name}" for p in (ROOT / "casetool" / "fonts").glob("*.ttf")]
    missing = [d for d in data if d not in names]
    assert not missing, missing
