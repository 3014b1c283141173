"""L002 (lint/rules.scope): a negation before 'or' is a scope question, except where both
readings mean one thing: 'No one lying low in the Cart or on the Bus plays music' denies it
of anyone in either place, which is 'neither' too (hampshire's forward statements, session 17)."""

from __future__ import annotations

from pathlib import Path

from casetool.api import load
from casetool.lint.rules import scope
from casetool.lint.texts import Text

CASE = load([Path(__file__).resolve().parents[2] / "cases" / "hampshire"]).cases[0]


def _codes(value: str) -> list[str]:
    return [d.code for d in scope(Text(CASE, "clue", value, value))]


def test_no_one_in_either_place_is_one_reading():
    assert _codes("No one lying low in the Cart or on the Bus plays music.") == []
    assert _codes("This much I know: nobody lying low in the Cart or on the Bus goes fishing.") == []


def test_never_over_named_things_is_one_reading():
    assert _codes("Cora Lisle never touched the Candlestick or the Rope.") == []
    assert _codes("Dev Marlow never set foot in the Hall or the Cellar.") == []


def test_a_denied_either_still_asks_which_reading():
    assert _codes("The culprit does not have blue eyes or is tall.") == ["L002"]
