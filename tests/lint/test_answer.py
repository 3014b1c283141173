"""Clues read against the case's answer (lint/answer.py, L017 and L018): an either/or true on both
sides, and the victim 'with' a guest after his death, each in a generated case as it was
printed (murdle liars fiendish 63; mansion/small book seed 68, case 1), through the real CLI."""

from __future__ import annotations

from pathlib import Path

from lint_support import findings

ANSWER = Path(__file__).resolve().parent / "fixtures" / "answer"


def _at(found: list[dict], line: int) -> list[dict]:
    return [f for f in found if f["code"] == "L017" and f["line"] == line]


def test_an_either_or_true_on_both_sides_is_flagged():
    """Cerulean, who tells the truth: 'The murderer either used a poisoned teacup or struck in
    the Orchard.', the teacup and the Orchard both the answer's."""
    _, found = findings(ANSWER / "murdle")
    hits = _at(found, 30)
    assert len(hits) == 1, found
    assert "true on both sides" in hits[0]["message"], hits
    assert not [f for f in found if "true on both sides" in f["message"] and f["line"] != 30], found


def test_the_victim_with_a_guest_after_his_death_is_flagged():
    """'Lord Ashdown was with Dr Crane at ten o'clock.', the murder at nine; the clues on him
    before nine, and his body's room after it, are not."""
    _, found = findings(ANSWER / "mansion")
    hits = [f for f in found if f["code"] == "L018" and "a body is with nobody" in f["message"]]
    assert [f["line"] for f in hits] == [94], hits
