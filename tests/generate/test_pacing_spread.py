"""A generated timeline case paces its notes as a published one does: a few at each event,
never a pile of them at once (issue 24; tudor hard seed 3 gave 8 notes to event 1 of 3)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from casetool.explain.pacing import pacing
from casetool.generate.engine import Request, generate
from casetool.generate.source import load_source

CASES = Path(__file__).resolve().parents[2] / "cases"


def test_a_timeline_case_spreads_its_notes_over_its_events():
    source = load_source(CASES / "tudor")[0]
    got = generate(Request(source, 3, "timeline", "hard", max_attempts=40))
    per_event = Counter(c.reveal for c in got.case.clues if c.reveal)
    notes = sum(per_event.values())
    assert len(per_event) >= min(6, -(-notes // 3)), per_event   # about three notes an event
    assert max(per_event.values()) <= 4, per_event
    assert not pacing(got.case, 60).warnings   # and still every event narrows, none too early
