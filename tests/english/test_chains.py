"""Issue 24 items 7 and 9: a step that supposes, or rules out, several things at once gives a
reason a player can follow, and clues read together say how they combine (english/chain.py,
suppose.py); one person is never 'they' (names.referent). Each wording is checked by the brute
force (chain_truth.py through page_truth.py); each test here failed on the pages before."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from casetool.english.names import referent
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from chain_truth import assert_chains_true, rejoined
from page_truth import assert_page_true

ROOT = Path(__file__).resolve().parents[2]


def _kept(tmp_path: Path, setting: str, fixture: str):
    shutil.copy(ROOT / "cases" / setting / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def _sample(name: str):
    return load_paths([ROOT / "cases" / f"{name}.yaml"]).cases[0]


def _flat(case) -> str:
    """The page, a long supposition told apart joined back as one sentence (its words are the same)."""
    return rejoined(" ".join(solution_prose(explain_case(case, 60)).split()))


def _without_pronouns(setting):
    """The setting as if its items gave no `pronoun:` (murdle's do)."""
    from dataclasses import replace
    cats = {cid: replace(c, items=[replace(i, pronoun="") for i in c.items]) for cid, c in setting.categories.items()}
    return replace(setting, categories=cats)


def test_one_person_is_he_she_their_title_or_their_name_never_they():
    """'Sergeant Olive is not the murderer and so tells the truth: their statement ...': with no
    `pronoun:` and no gender, and 'Sergeant' says none, a book says 'the Sergeant'."""
    murdle, hampshire = _sample("murdle/001-the-stargazer").setting, _sample("hampshire/001-the-marrow-vanishes").setting
    assert referent(murdle, "olive") == "she"       # the setting's `pronoun: she`
    assert referent(_without_pronouns(murdle), "olive") == "the Sergeant"
    assert referent(_without_pronouns(murdle), "cerulean") == "she"   # 'Duchess'
    assert referent(hampshire, "plum") == "he"      # the setting's gender
    for name in ("murdle/001-the-stargazer", "murdle/002-tea-in-the-orchard"):
        assert not re.search(r"\b(their|they)\b", _flat(_sample(name)))


def test_a_title_two_suspects_share_is_not_a_name():
    """Two Professors: 'the Professor' would not say which; the whole name is said."""
    from dataclasses import replace
    setting = _without_pronouns(_sample("murdle/001-the-stargazer").setting)
    cat = setting.categories["suspect"]
    items = [replace(i, name="Professor Vermilion") if i.id == "vermilion" else i for i in cat.items]
    twice = replace(setting, categories={**setting.categories, "suspect": replace(cat, items=items)})
    assert referent(twice, "ochre") == "Professor Ochre"


@pytest.mark.parametrize("fixture,suspects", [("murdle-traits-2-hard", ["Vicar Vermilion", "Duchess Cerulean"]),
                                              ("murdle-liars-3-hard", None)])
def test_several_suspects_ruled_out_at_once_are_supposed_one_at_a_time(tmp_path, fixture, suspects):
    """'Suppose Vicar Vermilion or Duchess Cerulean were the murderer: then Professor Ochre would
    be telling the truth, and then Professor Ochre's statement about the murderer could not be
    true.' gave no reason; each supposition now has its own ('..., meaning that the murderer has
    hazel eyes, but Vicar Vermilion has brown eyes. The same words clear Duchess Cerulean, who has
    blue eyes.')."""
    case = _kept(tmp_path, "murdle", fixture)
    page = _flat(case)
    assert not re.search(r"[Ss]uppose [A-Z]\w+ [A-Z]\w+,? (or|and) [A-Z]", page), page
    assert "whichever of them" not in page, page
    if suspects:
        assert (f"meaning that the murderer has hazel eyes, but {suspects[0]} has brown eyes. The same words clear "
                f"{suspects[1]}, who has blue eyes.") in page, page
    assert_page_true(case)


@pytest.mark.parametrize("setting,fixture,least", [("murdle", "murdle-liars-6-medium", 3),
                                                   ("murdle", "murdle-traits-2-hard", 4),
                                                   ("tudor", "tudor-timeline-2-hard", 2)])
def test_clues_read_together_say_how_they_combine(tmp_path, setting, fixture, least):
    """'Sergeant Olive's statement about the weapon and Vicar Vermilion's statement about the
    weapon and the murderer would not fit together', 'Read side by side, A and B show that the
    crime happened in the Kitchen, ...': the result without the reading. The page now supposes
    what the step rules out and reads the clues one at a time to the clash, each link checked
    by the brute force (chain_truth.py)."""
    case = _kept(tmp_path, setting, fixture)
    explanation = explain_case(case, 60)
    from casetool.english.solution import page_sentences
    sentences = page_sentences(explanation)
    from casetool.english.chain import with_known
    read, known = 0, set()
    for step, s in zip(explanation.steps, sentences, strict=True):   # read with what the page found before it
        read += assert_chains_true(case, with_known(step, known), " ".join(s.split()), (fixture, step.number))
        known |= set(step.derived)
    assert read >= least, (read, sentences)
    page = " ".join(sentences)
    assert "would not fit together" not in page, page


def test_the_answer_item_test_has_one_home():
    """'Is this the answer's item of a category against one item' is claims.item_test; the board
    page had a copy of its own (board_ending.crime_notes)."""
    spelled = re.compile(r"isinstance\([\w.]+, ir\.AnswerRef\) and (?:not )?isinstance\([\w.]+, ir\.ItemConst\)"
                         r"|not isinstance\([\w.]+, ir\.AnswerRef\) or not isinstance\([\w.]+, ir\.ItemConst\)")
    for path in (ROOT / "casetool" / "english").glob("*.py"):
        if path.name != "claims.py":
            assert not spelled.search(path.read_text()), path.name


def test_a_supposition_reads_with_everything_the_page_found_before_it(tmp_path):
    """supercluedo seed 9 ruled the Lead Piping out in its first sentence, then read a
    supposition with the step's own facts only: '..., so the weapon was the Candlestick or the
    Lead Piping'. Read with what the page found (chain.with_known): '..., so the weapon was the
    Candlestick'; chain_truth refuses a 'so' that leaves open what is ruled out."""
    case = _kept(tmp_path, "supercluedo", "supercluedo-codes-9")
    page = _flat(case)
    assert "the weapon was not the Dagger or the Lead Piping" in page, page
    later = page.split("the weapon was not the Dagger or the Lead Piping", 1)[1]
    assert "Lead Piping" not in later, later
    assert_page_true(case)


def test_a_supposition_is_said_by_the_shorter_side(tmp_path):
    """supercluedo seed 12 supposed 'the murderer is Colonel Mustard, Miss Peach, Professor Plum,
    Reverend Green, Captain Brown, Mrs Peacock or Miss Scarlett' with two suspects left besides;
    it says 'the murderer is not Mrs White or Mr Slate-Grey'. An 'if' read backwards says the
    card's trait with 'whose' ('the Revolver, whose card has no blue corner', never 'which card
    has')."""
    case = _kept(tmp_path, "supercluedo", "supercluedo-codes-12-hard")
    page = _flat(case)
    heads = re.findall(r"[Ss]uppose (.+?): then", page)
    assert "the murderer is not Mrs White or Mr Slate-Grey" in heads, heads
    assert all(h.count(",") < 3 for h in heads), heads   # no head of four names or more
    # the weapon named again with the card's trait (chain.on_the_cards; was 'it was the Revolver, ...')
    assert "the weapon was the Revolver, whose card has no blue corner, so the suspect card has no orange corner" in page, page
    assert "which card" not in page, page
    assert_page_true(case)


def test_a_list_of_one_kind_is_said_as_the_kind_and_nobody_left_is_said_so(tmp_path):
    """tudor seed 11: 'would mean that the crime happened in the Lounge, in the Dining Room, in
    the Kitchen or at the Fountain' (the east wing's places) and 'would mean that the thief is
    not Colonel Mustard, Reverend Green, ... or Lady Lavender, which leaves nobody to be the
    thief' (ten names); the page says 'in the east wing' and 'that nobody could be the thief'."""
    case = _kept(tmp_path, "tudor", "tudor-timeline-11-hard")
    page = _flat(case)
    assert "would mean that the crime happened in the east wing; and the note “Nobody was in the east wing at tea " \
           "time” would mean that nobody could be the thief." in page, page
    before = page.split(" So the crime did not happen at tea time, and the late morning is the only time left.")[0]
    assert "in the Lounge, in the Dining Room" not in before, before   # (a step's own outcome names the places)


@pytest.mark.slow
def test_a_list_said_as_its_kind_is_true(tmp_path):
    """The page above, every sentence against the brute force (the world search over ten
    people's whereabouts takes some two minutes)."""
    assert_page_true(_kept(tmp_path, "tudor", "tudor-timeline-11-hard"))


def test_a_side_of_an_either_is_not_taken_as_said(tmp_path):
    """'Counter 25 tells us that either the room card shows the number 3 or the suspect card
    shows the number 1' under 'Suppose Professor Plum is the murderer' leaves the room card
    showing 3; the page dropped that 'so' as said already (it is one side of the either),
    and the clash then named a room card the reader was never told of."""
    case = _kept(tmp_path, "supercluedo", "supercluedo-codes-31-fiendish")
    page = _flat(case)
    assert ("Counter 25 tells us that either the room card shows the number 3 or the suspect card shows the number 1, "
            "so the room card shows the number 3; and Counter 26") in page, page
    assert_page_true(case)
