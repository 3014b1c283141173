"""The package, tests and benchmarks pass ruff with the rules pyproject.toml selects
(import order, unused and undefined names, bugbear): a finding fails the suite."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    if subprocess.run([sys.executable, "-m", "ruff", "--version"], capture_output=True).returncode != 0:
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "casetool", "tests", "bench"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
