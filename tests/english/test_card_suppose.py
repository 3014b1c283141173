"""A card step no chain of the rules reaches is argued by a supposition a player can follow
(english/card_chain.py, refute): 'Suppose the Hall were in the envelope. Then Dan would have
to hold ... But Dan holds only six cards, and would then hold seven: ... So the Hall is not
in the envelope.' Never the bare 'Together, these tell us that ...' (issue 24). Each
supposition is read sentence by sentence by card_truth.py, against the brute force."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from card_truth import ONLY, SUPPOSE, Hands, assert_card_chains_true, check_supposition
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]
KEPT = ["classic-cards-25-hard", "classic-cards-26-hard", "classic-cards-11-fiendish", "classic-cards-4-hard"]


def _kept(tmp_path: Path, fixture: str):
    shutil.copy(ROOT / "cases" / "classic" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def _flat(case) -> str:
    return " ".join(solution_prose(explain_case(case, 60)).split())


def test_a_hand_that_would_over_fill_is_said_as_a_supposition(tmp_path):
    """Seed 25 hard ended 'Your hand is still full. Together, these tell us that the crime did
    not happen in the Lounge, the Hall or the Study': the player could not see how. Each of
    the three rooms in the envelope would leave Dan two more cards than his hand has room for,
    so the page supposes them, once for all three."""
    page = _flat(_kept(tmp_path, "classic-cards-25-hard"))
    assert ("Suppose the Hall, the Lounge or the Study were in the envelope. Then Dan would have to hold each of "
            "these, none of them then in the envelope: the Conservatory (you do not, and Cleo passed on it in "
            "suggestion 4) and the Dining Room (you and Cleo passed on it in suggestion 1). But Dan holds only six "
            "cards, and would then hold seven: Professor Plum, the Candlestick, the Wrench, the Ballroom, the "
            "Conservatory, the Dining Room and the Library. So none of the Hall, the Lounge and the Study is in the "
            "envelope. With what we already know, that tells us that the crime did not happen in the Lounge, the "
            "Hall or the Study.") in page, page


def test_two_cards_of_a_kind_in_the_envelope_end_a_supposition(tmp_path):
    """Seed 26 hard: with the Ballroom out of the envelope, Cleo's hand would be full and
    nobody could hold the Knife or the Revolver."""
    page = _flat(_kept(tmp_path, "classic-cards-26-hard"))
    assert ("Suppose the Ballroom were not in the envelope. Then Cleo would have to hold the Ballroom: it would not "
            "be in the envelope, you do not, and Eve and Ann passed on it in suggestion 4.") in page, page
    assert ("But then both the Revolver and the Knife would be in the envelope, and it holds one weapon only. So the "
            "Ballroom is in the envelope.") in page, page


def test_a_shown_card_that_could_be_none_of_the_three_ends_a_supposition(tmp_path):
    page = _flat(_kept(tmp_path, "classic-cards-11-fiendish"))
    assert ("But then the card Dan showed in suggestion 3 could be none of the three: not Colonel Mustard, which Bob "
            "would hold, nor the Knife, which Bob showed in suggestion 12, nor the Hall, which would be in the "
            "envelope. So the Hall is not in the envelope.") in page, page


def test_a_player_who_can_hold_only_as_many_cards_as_their_hand_holds_them_all(tmp_path):
    """Seed 4 hard ended 'Your hand is still full. Together, these tell us that the crime must
    have happened in the Library'; no supposition of one card reaches it. Bob can hold only
    four cards, each other card's place said."""
    page = _flat(_kept(tmp_path, "classic-cards-4-hard"))
    assert ("Bob has room for four cards and can hold only four: Professor Plum, the Candlestick, the Rope and the "
            "Ballroom. Every other card is yours, Ann's (the Lead Pipe and the Lounge), Cleo's (the Conservatory), or "
            "one Bob passed on in suggestion 1, 2, 4 or 6, so Bob holds all four. So the crime must have happened in "
            "the Library.") in page, page


@pytest.mark.parametrize("fixture", KEPT)
def test_no_card_step_is_told_as_a_result_only(tmp_path, fixture):
    """Every supposition and count true link by link (card_truth.py), and no card step summed up."""
    case = _kept(tmp_path, fixture)
    page = _flat(case)
    assert not re.search(r"Together(,| with what we already know,) these tell us", page), page
    assert SUPPOSE.search(page) or ONLY.search(page), page
    assert assert_card_chains_true(case) >= 3


def test_the_check_refuses_a_supposition_that_does_not_follow(tmp_path):
    """card_truth's reading of a supposition fails on a wrong reason, a 'would' link nothing
    said before gives, and a 'But' that is no contradiction."""
    case = _kept(tmp_path, "classic-cards-25-hard")
    page = _flat(case)
    m = SUPPOSE.search(page)
    assert m
    hands = Hands(case, frozenset(c.id for c in case.clues))
    players = {("you" if p.id == "you" else p.name): p for p in case.players}
    cards = {re.sub(r"^(The|A|An) ", "", case.setting.item_name(i)): i
             for c in case.setting.answer for i in case.setting.categories[c].ids}
    check_supposition(case, hands, players, cards, m.group(1), False, m.group(3), "ok")
    body = m.group(3)
    for wrong in (body.replace("Cleo passed on it in suggestion 4", "Cleo passed on it in suggestion 2"),
                  body.replace("(you do not, and Cleo", "(you do not, and Cleo would not, and Cleo"),
                  body.replace("would then hold seven", "would then hold six"),
                  body.replace(" the Dining Room (you and Cleo passed on it in suggestion 1)",
                               " the Dining Room (you and Cleo passed on it in suggestion 1). But then both the "
                               "Hall and the Study would be in the envelope, and it holds one room only")):
        assert wrong != body
        with pytest.raises(AssertionError):
            check_supposition(case, hands, players, cards, m.group(1), False, wrong, "wrong")


def test_a_card_you_were_shown_is_never_argued_as_found(tmp_path):
    """Classic hard seed 63 said 'So Cleo holds Mrs. Peacock: it is not in the envelope, and you
    and Ann passed on it in suggestion 6' of a card Cleo had shown you in suggestion 1; a card on
    your notepad is counted as shown (card_truth checks each against the log)."""
    case = _kept(tmp_path, "classic-cards-63-hard")
    page = _flat(case)
    assert assert_card_chains_true(case) >= 2
    assert "So Cleo holds Mrs. Peacock" not in page and "So Cleo holds the Knife" not in page, page
    assert ("Cleo's six cards are all accounted for: the five Cleo showed you (Mrs. Peacock, the Knife, the Wrench, the "
            "Dining Room and the Lounge); and Mr. Green, the Lead Pipe or the Library, from suggestion 2.") in page, page
