"""Property test: random small cases of every kind, checked by `casetool check` (with
every answer enumerated) and by the brute force in bruteforce.py; they must agree on
the exact set of answers, the status, the worlds shown and the conflict sets.

Deterministic (derandomize=True): 300 + 200 + 200 = 700 generated cases per run.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from solver_cases import generated, plant
from solver_harness import compare_with_bruteforce, load_one

pytestmark = pytest.mark.slow  # builds PDFs (or sweeps the brute force): the inner loop `-m "not slow"` skips it

SETTINGS = dict(derandomize=True, deadline=None, database=None, print_blob=False,
                suppress_health_check=list(HealthCheck))


def run(docs):
    setting, case_doc, (plant_seed, hidden) = docs
    case = load_one(setting, case_doc)
    if plant_seed is not None:
        case = load_one(setting, plant(case, case_doc, plant_seed, hidden))
    compare_with_bruteforce(case, warnings=True)


@settings(max_examples=300, **SETTINGS)
@given(generated("traits"))
def test_traits_and_liars_agree_with_brute_force(docs):
    run(docs)


@settings(max_examples=200, **SETTINGS)
@given(generated("timeline"))
def test_timeline_agrees_with_brute_force(docs):
    run(docs)


@settings(max_examples=200, **SETTINGS)
@given(generated("cards"))
def test_cards_agree_with_brute_force(docs):
    run(docs)
