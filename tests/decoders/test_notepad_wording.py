"""Decoy notes read like real notes, and the timeline detective sheet has a whereabouts grid."""

import random
import re

from casetool.decoders.decoys import note_decoy
from casetool.decoders.sheets import detective_sheet

from decoder_support import ROOT, load_book

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
    assert grid["pieces"] == []  # tudor is no board: only people move
    assert detective_sheet(load_book(ROOT / "cases" / "supercluedo").setting, [])["whereabouts"] is None


def test_the_board_detective_sheet_follows_the_weapons_and_the_victim_too():
    setting = load_book(ROOT / "cases" / "mansion" / "small").setting
    grid = detective_sheet(setting, [])["whereabouts"]
    assert grid["people"] == ["Colonel Ashby", "Mrs Bellamy", "Dr Crane"]
    assert grid["pieces"] == ["Candlestick", "Rope", "Dagger", "Lord Ashdown"]  # they move too


def test_lying_box_only_for_characters_who_can_lie():
    """Hampshire's Mr. Boddy (the locator) never lies: his row has no "Lying?" box, while
    the witnesses' rows do; a book whose wheel characters never lie has no such column."""
    import jinja2

    book = load_book(ROOT / "cases" / "hampshire")
    wheels = [c for c in book.setting.characters.values() if c.wheel]
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "templates" / "decoders"))
    sheet = detective_sheet(book.setting, wheels)
    html = env.get_template("sheets.html").render(detective=sheet, holders=None, setting_title="t")
    rows = {c.name: row for c in wheels for row in re.findall(r"<tr><td>([^<]*)</td>(.*?)</tr>", html) if row[0] == c.name}
    assert "Lying?" in html
    assert "never lies" in rows["Mr. Boddy"][1] and "never lies" not in rows["Professor Plum"][1]
    oracles = [c for c in wheels if not c.may_lie]
    html = env.get_template("sheets.html").render(detective=detective_sheet(book.setting, oracles), holders=None,
                                                  setting_title="t")
    assert "Lying?" not in html


def _sheet_html(folder) -> str:
    from casetool.printing.environment import make_environment, render_template

    setting = load_book(folder).setting
    return render_template(make_environment(), "decoders/sheets.html",
                           {"detective": detective_sheet(setting, []), "setting_title": setting.title,
                            "holders": [], "flaps": None})


def test_the_tick_columns_say_what_they_are_for():
    """Six blank columns with no heading leave a player guessing: where cards are dealt
    they are the players' (seed 003: "the column under their initial"), else a mystery's."""
    classic, hampshire = _sheet_html(ROOT / "cases" / "classic"), _sheet_html(ROOT / "cases" / "hampshire")
    assert '<th class="marks" colspan="6">Player</th>' in classic and "a player's initials" in classic
    assert '<th class="marks" colspan="6">Mystery</th>' in hampshire and "the number of the\n  mystery" in hampshire
    assert hampshire.count('<th class="write">') == 6 * len(load_book(ROOT / "cases" / "hampshire").setting.answer)
