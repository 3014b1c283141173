"""Property test: random small cases of every kind, checked by `casetool check` (with
every answer enumerated) and by the brute force in bruteforce.py; they must agree on
the exact set of answers, the status, the worlds shown and the conflict sets.

Deterministic (derandomize=True): 300 + 200 + 200 = 700 generated cases nightly, a fifth of
that in the ci tier (tests/tiers.py).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from solver_cases import generated, plant
from solver_harness import compare_with_bruteforce, load_one
from tiers import examples

pytestmark = pytest.mark.slow  # builds PDFs (or sweeps the brute force): the inner loop `-m "not slow"` skips it



def run(docs):
    setting, case_doc, (plant_seed, hidden) = docs
    case = load_one(setting, case_doc)
    if plant_seed is not None:
        case = load_one(setting, plant(case, case_doc, plant_seed, hidden))
    compare_with_bruteforce(case, warnings=True)


@settings(max_examples=examples(300))
@given(generated("traits"))
def test_traits_and_liars_agree_with_brute_force(docs):
    run(docs)


@settings(max_examples=examples(200))
@given(generated("timeline"))
def test_timeline_agrees_with_brute_force(docs):
    run(docs)


@settings(max_examples=examples(200))
@given(generated("cards"))
def test_cards_agree_with_brute_force(docs):
    run(docs)
