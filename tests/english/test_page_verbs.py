"""A solution page reads each clue with the verb that fits what the clue is and what the step
finds (english/verbs.py): a note that clears suspects 'clears' them, one that strikes places or
hours off 'rules out', a sighting of the culprit 'puts the crime in' its place, a fact read with the page's findings 'means that', a witness's 'if' read
backwards 'clears' the one it clears, or is what they 'say'. The editor's read of session 16
counted 'tells us that' 55 times over nine pages (up to 8 on one)."""

from __future__ import annotations

import collections
import re

import pytest
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from kept import ROOT, kept_case

# the verb a page reads one clue with: after its quote ('”') or its wheel ('(wheel 9)')
VERB = re.compile(r"(?<=[\u201d)]) (tells us that|tell us that|clears|rules out|leaves only|means that|says that|puts)\b")
MOST = 4   # one connective on more steps than this of one page reads as a program

KEPT = [("grange", "grange-timeline-95-medium"), ("grange", "grange-timeline-92-hard"), ("grange", "grange-timeline-1-hard"),
        ("tudor", "tudor-timeline-61-hard"), ("hampshire", "hampshire-liars-71-medium"),
        ("hampshire", "hampshire-traits-61-medium"), ("murdle", "murdle-liars-92-hard"), ("murdle", "murdle-traits-3-hard"),
        (ROOT / "tests" / "generate" / "fixtures" / "village", "village-timeline-3")]


def _page(tmp_path, setting, fixture) -> str:
    return " ".join(solution_prose(explain_case(kept_case(tmp_path, setting, fixture), 60)).split())


@pytest.mark.parametrize(("setting", "fixture"), KEPT, ids=[f for _, f in KEPT])
def test_no_page_reads_its_clues_with_one_connective_throughout(tmp_path, setting, fixture):
    page = _page(tmp_path, setting, fixture)
    counts = collections.Counter(VERB.findall(page))
    assert counts, page   # the page reads its clues with these verbs at all
    verb, most = counts.most_common(1)[0]
    assert most <= MOST, (verb, most, page)


@pytest.mark.parametrize(("setting", "fixture", "said"), [
    # a sighting that clears: whom, and what that leaves
    ("grange", "grange-timeline-1-hard",
     "The note “Cora Lisle was in the Kitchen at eight o'clock” clears Cora Lisle, which leaves only Dev Marlow."),
    # a note on the crime's hour: the hour it strikes off
    ("grange", "grange-timeline-95-medium",
     "The note “The crime happened before ten o'clock” rules out ten o'clock, and seven o'clock is the only time left."),
    # a sighting of the thief at the crime's hour: where it puts the crime
    ("tudor", "tudor-timeline-110-medium",
     "since Mrs. Beaumont is the thief and the crime happened at midnight, the note “Mrs. Beaumont was in the Library "
     "at midnight” puts the crime in the Library."),
    # a fact read with what the page found: what that means
    ("murdle", "murdle-traits-3-hard",
     "Since the crime did not happen in the Orchard, the fact “If the weapon was a brass telescope, then the crime "
     "happened in the Orchard” means that the weapon must have been a poisoned teacup."),
    # a witness's 'if' read backwards to clear one suspect: whom first, then why
    ("hampshire", "hampshire-traits-61-medium",
     "Reverend Green (wheel 69) clears Miss Scarlet: if the culprit has red hair, the hiding place is the Cart; it is "
     "the Parade, so the culprit does not have red hair."),
    # one that clears several: what they say, and whom it clears after
    ("hampshire", "hampshire-traits-61-medium",
     "Miss Scarlet (wheel 73) says that if the culprit wears glasses, the hiding place is the Fair; it is the Parade, so "
     "the culprit does not wear glasses, and so is not Professor Plum, Mrs. White, Reverend Green, Miss Lilac or Mr. Rust."),
])
def test_each_clue_is_read_with_the_verb_its_kind_takes(tmp_path, setting, fixture, said):
    page = _page(tmp_path, setting, fixture)
    assert said in page, page


def test_a_page_of_those_verbs_is_true(tmp_path):
    from page_truth import assert_page_true
    page = assert_page_true(kept_case(tmp_path, "hampshire", "hampshire-traits-61-medium"))
    assert " clears " in page
