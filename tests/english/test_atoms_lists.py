"""A list of three or more denied (english/atoms.py): 'neither A, B nor C' is not English
(tudor timeline hard 61: "The crime happened neither in the Library, the Lounge nor the Rose
Garden."); it is said by the phrase's own negation, a pair still by 'neither ... nor'."""

from __future__ import annotations

from pathlib import Path

from casetool.english.atoms import list_atom
from casetool.generate.source import load_source

ROOT = Path(__file__).resolve().parents[2]


def test_three_places_are_denied_by_did_not_happen():
    source = load_source(ROOT / "cases" / "tudor")[0]
    atom = list_atom(source.setting, source.templates, "place", ["library", "lounge", "rose_garden"]).negated()
    assert atom.text == "the crime did not happen in the Library, the Lounge or the Rose Garden"
    assert atom.means == "place not in [library, lounge, rose_garden]"


def test_three_people_and_two_places():
    source = load_source(ROOT / "cases" / "hampshire")[0]
    people = list_atom(source.setting, source.templates, "suspect", ["plum", "coral", "sable"]).negated()
    assert people.text == "the culprit is not Professor Plum, Lady Coral or Dr. Sable"
    tudor = load_source(ROOT / "cases" / "tudor")[0]
    pair = list_atom(tudor.setting, tudor.templates, "place", ["library", "lounge"]).negated()
    assert pair.text == "the crime happened neither in the Library nor in the Lounge"
    assert "neither" not in people.text
