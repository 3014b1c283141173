"""The suite's tiers (tests/tiers.py): ci deselects the sweep points marked nightly and runs a
fifth of the property examples; CASETOOL_TESTS=nightly runs everything; another value stops."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tiers

ROOT = Path(__file__).resolve().parent.parent
ACCEPTANCE = "tests/generate/test_acceptance.py"


def collect(tier: str | None, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "CASETOOL_TESTS"}
    if tier is not None:
        env["CASETOOL_TESTS"] = tier
    return subprocess.run([sys.executable, "-m", "pytest", "--co", "-q", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def _ids(done: subprocess.CompletedProcess) -> list[str]:
    return [line for line in done.stdout.splitlines() if "::" in line]


@pytest.mark.slow  # two collections of the acceptance grid (it loads every sample setting)
def test_ci_keeps_one_point_per_sample_and_kind_nightly_the_grid():
    ci, nightly = _ids(collect(None, ACCEPTANCE)), _ids(collect("nightly", ACCEPTANCE))
    assert set(ci) < set(nightly) and len(nightly) > 3 * len(ci)
    grid = [i.split("[")[1].rstrip("]").split("-") for i in nightly if "[" in i]
    kept = [i.split("[")[1].rstrip("]").split("-") for i in ci if "[" in i]
    assert sorted({(n, k) for n, k, *_ in kept}) == sorted({(n, k) for n, k, *_ in grid})
    assert len(kept) == len({(n, k) for n, k, *_ in kept})        # one point per sample and kind
    assert len({lvl for _, _, lvl, _ in kept}) >= 3               # the levels turn


def test_an_unknown_tier_stops_the_run_with_its_name():
    done = collect("weekly", "tests/test_tiers.py")
    assert done.returncode == 4, done.stdout + done.stderr
    assert "CASETOOL_TESTS='weekly'" in done.stdout + done.stderr


def test_property_counts_are_a_fifth_in_ci_and_whole_nightly(monkeypatch):
    monkeypatch.setattr(tiers, "NIGHTLY", False)
    assert [tiers.examples(n) for n in (300, 60, 25, 5)] == [60, 12, 10, 5]
    monkeypatch.setattr(tiers, "NIGHTLY", True)
    assert [tiers.examples(n) for n in (300, 60, 25, 5)] == [300, 60, 25, 5]
