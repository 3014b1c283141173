"""The words the mystery template prints around the clues (render/context.py, mystery.html)
read as a book's: no 'Clues all from the narrator' (the narrator's voice is the book's own:
the heading is 'Clues', and no clue is signed 'The narrator:'), another single speaker as
'Clues from Inspector Hale'; no 'event card 1 of 1'; lists with 'and' ('Ann, Bob and Cleo
could not disprove it', 'suggested Miss Scarlet, the Knife and the Hall')."""

from __future__ import annotations

from pathlib import Path

from casetool.load.model import Character
from casetool.load.project import load_paths
from casetool.render.context import _card_line, cards, clues_from, join_and, mystery

ROOT = Path(__file__).resolve().parents[2]


def _case(path: str):
    return load_paths([ROOT / "cases" / path]).cases[0]


def test_clues_all_from_the_narrator_are_headed_clues():
    case = _case("mansion/small")
    page = mystery(case, [], "ok")
    speakers = {c.speaker for c in case.clues}
    narrators = {s for s in speakers if s in case.setting.characters and case.setting.characters[s].role == "narrator"}
    assert narrators, speakers
    assert page["clues_by"] is None and page["one_voice"], page["clues_by"]


def test_another_single_speaker_is_named_in_the_heading():
    case = _case("mansion/small")
    speaker = next(c.speaker for c in case.clues if c.speaker in case.setting.characters)
    ch = case.setting.characters[speaker]
    case.setting.characters[speaker] = Character(**{**ch.__dict__, "role": "inspector", "name": "Inspector Hale"})
    try:
        assert clues_from(case, set()) == "Inspector Hale"
    finally:
        case.setting.characters[speaker] = ch


def test_one_event_card_is_the_event_card():
    line = _card_line({0: [1]}, 0, 2)
    assert "turn the event card and hold the red film over it" in line, line
    assert "1 of 1" not in line
    two = _card_line({0: [1], 1: [2]}, 0, 2)
    assert "event card 1 of 2" in two, two


def test_suggestions_list_cards_and_players_with_and():
    case = _case("classic/001-the-long-weekend.yaml")
    said = cards(case)["suggestions"]
    assert all(" and " in s["cards_words"] and s["cards_words"].count(",") == len(s["cards"]) - 2 for s in said)
    two = [s for s in said if len(s["passed"]) == 2]
    assert two and all(s["passed_words"] == " and ".join(s["passed"]) for s in two)
    assert join_and(["Ann", "Bob", "Cleo"]) == "Ann, Bob and Cleo" and join_and([]) == ""
