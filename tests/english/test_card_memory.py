"""A cards page keeps what it has found: once it has said which card a player showed in a
suggestion ('So the card Ann showed in suggestion 2 was the Ballroom: ...'), no later step works
it out again, and none leaves it open ("Ann's four cards are all accounted for: ...; and the
Knife or the Ballroom, from suggestion 2", classic cards hard 108 in the editor's read). Every
chain sentence is checked by the brute force of tests/solver (card_truth.py), a finding of an
earlier step read as true by every clue read so far."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from card_truth import assert_card_chains_true
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from kept import kept_case

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CARDS = sorted(p.stem for p in FIXTURES.glob("classic-cards-*.yaml"))
SHOWN = re.compile(r"[Ss]o the card (\S+) showed in suggestion (\d+) was (.+?):")


def forgotten(page: str) -> list[str]:
    """The sentences after a shown card was found that work it out again, or leave it open as
    'A or B, from suggestion N'."""
    out = []
    sentences = re.split(r"(?<=\.) (?=[A-Z])", page)
    found: dict[str, tuple[str, str]] = {}   # suggestion -> (who, card)
    for s in sentences:
        out += [s for n in found if re.search(rf"\bor\b[^;:.]*, from suggestion {n}\b", s)]
        for who, number, card in SHOWN.findall(s):
            if number in found:
                out.append(s)
            found[number] = (who, card)
    return out


def _page(case) -> str:
    return " ".join(solution_prose(explain_case(case, 60)).split())


def test_a_shown_card_the_page_found_is_counted_as_found(tmp_path):
    case = kept_case(tmp_path, "classic", "classic-cards-108-hard")
    page = _page(case)
    assert "So the card Ann showed in suggestion 2 was the Ballroom" in page, page
    assert "the Knife or the Ballroom, from suggestion 2" not in page, page
    assert ("Ann's hand is full: Ann must hold Mrs. Peacock, the Ballroom, the Conservatory and the Billiard Room, "
            "all four cards, and so holds nothing else.") in page, page
    assert forgotten(page) == [], forgotten(page)
    assert assert_card_chains_true(case) > 0


def test_a_glimpse_quoted_before_is_named_not_said_again(tmp_path):
    """Seed 108 quoted 'The fact “You caught sight of Mrs. Peacock in Ann's hand” clears Mrs.
    Peacock' and then, in a card step, said 'We come back to suggestion 2. You caught sight of
    Mrs. Peacock in Ann's hand.' as if new."""
    page = _page(kept_case(tmp_path, "classic", "classic-cards-108-hard"))
    assert page.count("You caught sight of Mrs. Peacock in Ann's hand.") == 0, page   # only ever quoted, never a bare sentence
    assert "We come back to the fact “You caught sight of Mrs. Peacock in Ann's hand” and suggestion 2." in page, page


@pytest.mark.parametrize("fixture", CARDS)
def test_no_cards_page_forgets_a_shown_card(tmp_path, fixture):
    folder = tmp_path / fixture
    folder.mkdir()
    shutil.copy(ROOT / "cases" / "classic" / "setting.yaml", folder / "setting.yaml")
    case = kept_case(folder, "classic", fixture)
    assert forgotten(_page(case)) == []
