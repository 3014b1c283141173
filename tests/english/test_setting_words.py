"""Issue 24, session 17: a setting's words said in a list or as a deed read as English.
'at dinner or night' (tudor) read as one time: a bare time keeps its preposition in a list;
'they are not lying low anywhere on wheels' (hampshire) spoke of a place on wheels: a kind of
hiding place is a thing the culprit is in."""

from __future__ import annotations

from pathlib import Path

import pytest
from casetool.api import load
from casetool.english.atoms import category_atoms, list_atom
from casetool.english.phrases import Templates

ROOT = Path(__file__).resolve().parents[2]


def _setting(name: str):
    return load([ROOT / "cases" / name]).cases[0].setting


@pytest.mark.parametrize("name, cid, items, said", [
    ("tudor", "time", ["dawn", "dinner", "night"], "the crime did not happen at dawn, at dinner or at night"),
    ("tudor", "time", ["dinner", "night"], "the crime happened at dinner or at night"),
    ("grange", "time", ["seven", "eight", "ten"],
     "the crime did not happen at seven o'clock, at eight o'clock or at ten o'clock"),
    # things named with an article share their preposition: 'in the Hall or the Lounge'
    ("tudor", "place", ["hall", "dining_room", "lounge"], "the crime did not happen in the Hall, the Dining Room or the Lounge"),
])
def test_a_list_of_times_says_each_preposition(name, cid, items, said):
    setting = _setting(name)
    atom = list_atom(setting, Templates(setting.templates), cid, items)
    text = atom.negated().text if "not" in said else atom.text
    assert text == said


def test_a_kind_of_hiding_place_is_a_thing_the_culprit_is_in():
    setting = _setting("hampshire")
    atom = next(a for a in category_atoms(setting, Templates(setting.templates), "scene") if a.means == "scene.vehicle")
    # the kind's two places, each with its own preposition, not "in something on wheels" (a riddle)
    assert atom.deed == ("is lying low in the Cart or on the Bus", "is not lying low in the Cart or on the Bus")
