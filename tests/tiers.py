"""The two tiers of the suite. `ci` (the default; what .ci/run runs on every push) keeps one
representative of each sweep that replays the same examples every run, and a fixed, smaller
count of property examples; `nightly` (CASETOOL_TESTS=nightly) runs the full grids and counts.

A sweep marks the points beyond its representatives with `nightly` (`unless_representative`);
a property test asks `examples(full)` for its count. Both tiers are deterministic (derandomize=True)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

TIERS = ("ci", "nightly")
TIER = os.environ.get("CASETOOL_TESTS", "ci")
NIGHTLY = TIER == "nightly"
CI_SHARE = 5      # ci runs a fifth of a property test's nightly examples ...
CI_FLOOR = 10     # ... and never fewer than this

settings.register_profile("ci", derandomize=True, deadline=None, database=None, print_blob=False,
                          suppress_health_check=list(HealthCheck))
settings.register_profile("nightly", parent=settings.get_profile("ci"))


def examples(full: int) -> int:
    """A property test's example count: `full` nightly, a fifth of it (at least CI_FLOOR) in ci."""
    return full if NIGHTLY else min(full, max(CI_FLOOR, full // CI_SHARE))


def unless_representative(representative: bool) -> list:
    """A sweep point's marks: none for the representatives ci runs, `nightly` for the rest."""
    return [] if representative else [pytest.mark.nightly]
