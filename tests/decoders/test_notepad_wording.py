"""Decoy notes read like real notes, and the timeline detective sheet has a whereabouts grid."""

import random
import re

from decoder_support import ROOT, load_book

from casetool.decoders.decoys import note_decoy
from casetool.decoders.sheets import detective_sheet

TUDOR = ROOT / "cases" / "tudor"


def test_decoy_notes_name_places_and_things_with_their_articles():
    """'ask Miss Scarlet about Lounge' gives a decoy away: every place, thing and time a
    decoy names comes with its article or preposition, as in the real notes."""
    setting = load_book(TUDOR).setting
    rng = random.Random(7)
    notes = {note_decoy(setting, rng) for _ in range(300)}
    assert len(notes) > 30
    places = [i.name for i in setting.categories["place"].items]
    things = [i.name for i in setting.categories["object"].items]
    times = [i.name for i in setting.categories["time"].items]
    for note in notes:
        assert note[0].isupper() and note.endswith("."), note
        for place in places:
            for found in re.finditer(re.escape(place), note):
                assert note[:found.start()].endswith("the "), note
        for thing in things:
            assert thing not in note, note  # things are common nouns: "the pocket watch"
            if thing.lower() in note:
                assert f"the {thing.lower()}" in note, note
        for time in times:
            if re.search(rf"\b{re.escape(time.lower())}\b", note):
                assert re.search(rf"\b(at|in the) {re.escape(time.lower())}\b", note), note


def test_the_timeline_detective_sheet_has_a_whereabouts_grid():
    setting = load_book(TUDOR).setting
    grid = detective_sheet(setting, [])["whereabouts"]
    assert grid["times"] == [i.name for i in setting.categories["time"].items]
    assert grid["people"] == [i.name for i in setting.categories["suspect"].items]
    assert detective_sheet(load_book(ROOT / "cases" / "supercluedo").setting, [])["whereabouts"] is None
