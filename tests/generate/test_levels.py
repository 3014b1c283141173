"""Every level a setting offers for a kind (source.offered_levels) is reached within a
bounded number of drafts, graded by the real explanation (slow: many drafts)."""

from __future__ import annotations

import pytest
from casetool.generate.engine import Request, generate
from casetool.generate.source import load_source, offered_levels

from generate_helpers import setting_dir

pytestmark = pytest.mark.slow

PAIRS = [("hampshire", "traits"), ("hampshire", "liars"), ("murdle", "liars"), ("supercluedo", "codes"),
         ("classic", "cards"), ("tudor", "timeline")]
DRAFTS = 40   # the bound: an offered level must come within this many drafts


def _levels():
    for name, kind in PAIRS:
        source, _ = load_source(setting_dir(name))
        for level in offered_levels(source.setting, kind):
            yield pytest.param(name, kind, level, id=f"{name}-{kind}-{level}")


@pytest.mark.parametrize("name,kind,level", list(_levels()))
def test_every_offered_level_is_reached(name, kind, level):
    source, _ = load_source(setting_dir(name))
    got = generate(Request(source, 1, kind, level, max_attempts=DRAFTS, schema="# s"))
    assert got.grade.level == level and got.attempts <= DRAFTS
