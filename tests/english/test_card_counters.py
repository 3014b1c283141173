"""A codes counter read inside a supposition says what the cards the supposition leaves make of
it (english/counters.py), never 'Then Counter 5 would mean that Miss Scarlett is the murderer and
the crime happened in the Billiard Room' with no card named (supercluedo codes hard 109 in the
editor's read). The cards' words are checked against the setting's own codes, and the side the
counter leaves against every answer the items left allow."""

from __future__ import annotations

from pathlib import Path

import pytest
from casetool.english.chain import Chain
from casetool.english.counters import counter_grounds, grounded
from casetool.explain.steps import Fact, Step
from kept import kept_case

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def case(tmp_path):
    return kept_case(tmp_path, "supercluedo", "supercluedo-codes-109-hard")


def _chain(case, left: dict[str, list[str]], supposed: dict[str, list[str]]) -> Chain:
    """The reading of a supposition with the items the page has left, as the page has them then."""
    cats = case.setting.categories
    facts = [Fact("not", c, i) for c in left for i in cats[c].ids if i not in left[c]]
    return Chain(case, Step(0, [], facts, [], None), supposed)


def _clue(case, number: int):
    return next(c for c in case.clues if c.text.startswith(f"Counter {number}."))


def _code(case, item: str) -> dict:
    return next(i for c in case.setting.answer for i in case.setting.categories[c].items if i.id == item).attrs["code"]


def test_the_rope_supposed_counter_5_says_which_cards_it_reads(case):
    """Seed 109, 'Suppose the weapon was the Rope': Counter 5 (exactly two of the three murder
    cards have the number 4) with the Rope's card, which has no 4."""
    suspects = [i for i in case.setting.categories["suspect"].ids if i not in ("mustard", "peacock")]
    chain = _chain(case, {"suspect": suspects, "room": ["ballroom", "billiard_room"]}, {"weapon": ["rope"]})
    said = counter_grounds(chain, _clue(case, 5), _clue(case, 5).expr)
    assert said == ("Counter 5 tells us that of the three murder cards, exactly two have the number 4; the Rope's "
                    "card does not show the number 4, so the suspect card and the room card both show the number 4")
    assert 4 not in _code(case, "rope")["numbers"]
    # what that leaves: of the suspects and rooms left, only Miss Scarlett's and the Billiard Room's cards have a 4
    assert [s for s in suspects if 4 in _code(case, s)["numbers"]] == ["scarlett"]
    assert [r for r in ("ballroom", "billiard_room") if 4 in _code(case, r)["numbers"]] == ["billiard_room"]
    assert counter_grounds(chain, _clue(case, 5), _clue(case, 5).expr, named=False) == said.removeprefix(
        "Counter 5 tells us that ")   # for a step that names the counter itself
    so = "Miss Scarlett is the murderer and the crime happened in the Billiard Room"
    assert grounded(said, so).endswith(", and so " + so)


def test_an_if_whose_premise_the_cards_left_settle_says_whose_cards(case):
    """Seed 109, 'Suppose the murderer is Colonel Mustard or Mrs Peacock': Counter 19 (if the suspect
    card shows 3, the weapon card shows 8) with both their cards showing a 3."""
    weapons = ["rope", "spanner"]
    chain = _chain(case, {"weapon": weapons, "room": ["ballroom", "billiard_room"]},
                   {"suspect": ["mustard", "peacock"]})
    said = counter_grounds(chain, _clue(case, 19), _clue(case, 19).expr)
    assert said == ("Counter 19 tells us that if the suspect card shows the number 3, the weapon card shows the "
                    "number 8; the suspect card, Colonel Mustard's or Mrs Peacock's, shows the number 3, so the "
                    "weapon card shows the number 8")
    assert all(3 in _code(case, s)["numbers"] for s in ("mustard", "peacock"))


def test_a_counter_the_cards_leave_open_says_nothing(case):
    """No card settles a side (every item left): no grounds to give, the page keeps its words."""
    chain = _chain(case, {}, {})
    assert counter_grounds(chain, _clue(case, 5), _clue(case, 5).expr) == ""
    assert counter_grounds(chain, _clue(case, 27), _clue(case, 27).expr) == ""   # not an if, either or count
