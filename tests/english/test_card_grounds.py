"""Issue 24, session 16: a counter's 'if' or 'either' on a codes page says what the cards left
make of it before its conclusion (chain.on_the_cards), and a card's clause never lends its
subject to the answer ('the weapon card does not show the number 8, and so must have been the
Lead Piping', claims.common_subject). The cards' words are checked against the setting's own
codes here, and each page by the brute force (page_truth); each test failed before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casetool.english.claims import common_subject
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from kept import kept_case
from page_truth import assert_page_true

ROOT = Path(__file__).resolve().parents[2]
CODES = ["supercluedo-codes-83-hard", "supercluedo-codes-92-hard", "supercluedo-codes-93-hard",
         "supercluedo-codes-94-hard", "supercluedo-codes-99-hard", "supercluedo-codes-62-fiendish"]


def _kept(tmp_path: Path, fixture: str):
    return kept_case(tmp_path, "supercluedo", fixture)


def _flat(case) -> str:
    return " ".join(solution_prose(explain_case(case, 60)).split())


def test_a_card_clause_shares_no_subject_with_its_category(tmp_path):
    case = _kept(tmp_path, "supercluedo-codes-99-hard")
    assert common_subject(case, ["the weapon card does not show the number 8", "the weapon must have been the Lead Piping"]) is None
    assert common_subject(case, ["the weapon was not the Rope", "the weapon must have been the Lead Piping"]) == "the weapon"


def test_the_counter_that_leaves_the_library_says_which_cards_it_reads(tmp_path):
    """supercluedo codes hard 83 said 'Counter 26 tells us that if the room card shows the number
    5, the weapon card shows the number 3, so the crime must have happened in the Library'."""
    page = _flat(_kept(tmp_path, "supercluedo-codes-83-hard"))
    assert ("Counter 26 tells us that if the room card shows the number 5, the weapon card shows the number 3; "
            "the weapon card, the Dagger's or the Poison's, does not show the number 3, so the room card does not "
            "show the number 5, and so the crime must have happened in the Library.") in page, page


def test_the_weapon_card_never_turns_into_the_weapon(tmp_path):
    """supercluedo codes hard 99: '... so the weapon card does not show the number 8, and so must
    have been the Lead Piping'."""
    page = _flat(_kept(tmp_path, "supercluedo-codes-99-hard"))
    assert "Reverend Green is the murderer, whose card has a purple corner, so the weapon card does not show " \
           "the number 8, and so the weapon must have been the Lead Piping." in page, page
    assert not re.search(r"card [^.;]*, and so (must|is|was)\b", page), page


# what the cards left are said to show: 'the weapon card, the Dagger's or the Poison's, does not
# show the number 3', 'the Ballroom, whose card shows the number 8'
OWNED = re.compile(r"(?:the \w+ card, ((?:(?:the )?[A-Z][\w -]*?'s(?:, | or )?)+), |(?:the \w+ (?:was|is)|happened in) (?:the )?([\w -]+), whose card |"
                   r"\b(?:the )?([A-Z][\w-]+(?: [A-Z][\w-]+)*)'s card )(does not show|shows|has no|has an?) (?:the number )?(\w+)")


def _owners(case, names: str) -> list:
    """The items a list of owners ('the Dagger's or the Poison's') names."""
    items = [i for c in case.setting.answer for i in case.setting.categories[c].items]
    said = [n.strip().removeprefix("the ").removesuffix("'s") for n in re.split(r", | or ", names)]
    found = [next((i for i in items if s == i.name or s.endswith(" " + i.name)), None) for s in said]   # 'But Miss Peach'
    assert None not in found, (names, said)
    return found


@pytest.mark.parametrize("fixture", CODES)
def test_every_card_named_in_a_reason_shows_what_the_page_says(tmp_path, fixture):
    """Every card a step names with what it shows is checked against the setting's codes."""
    case = _kept(tmp_path, fixture)
    page = _flat(case)
    checked = 0
    for m in OWNED.finditer(page):
        names = m.group(1) or m.group(2) or m.group(3)
        verb, what = m.group(4), m.group(5)
        for item in _owners(case, names + ("'s" if not m.group(1) else "")):
            code = item.attrs["code"]
            has = (int(what) in code["numbers"]) if what.isdigit() else what in code["colours"]
            assert has == (verb in ("shows", "has a", "has an")), (fixture, item.name, m.group(0))
            checked += 1
    for m in re.finditer(r"neither ([\w' -]+?)'s card nor ([\w' -]+?)'s (shows the number|has an?) (\w+) ", page):
        for item in _owners(case, f"{m.group(1)}'s, {m.group(2)}'s"):   # a count's two cards: neither has it
            code = item.attrs["code"]
            assert (int(m.group(4)) not in code["numbers"]) if m.group(4).isdigit() else m.group(4) not in code["colours"], m.group(0)
            checked += 1
    assert checked, page
    assert_page_true(case)
