"""A step that reads notes of who was where together is told as a supposition read note by note
to a clash (english/chain.py with english/whereabouts.py: the culprit was at the crime place at
the crime time), never as a result only ('put the note A beside the note B: the crime must have
happened at nine o'clock', 'A and B together tell us that ...', 'read side by side, A, B and C
show that ...'). Each reading is checked by the brute force's world search (chain_truth.py,
through page_truth.py for the whole page)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import chain_truth
import pytest
from casetool.english.chain import with_known
from casetool.english.solution import page_sentences, solution_prose
from casetool.english.suppose import supposed_against
from casetool.explain.steps import Fact, Step, explain_case
from casetool.load.project import load_paths
from page_truth import assert_page_true

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = {"grange": ROOT / "cases" / "grange", "tudor": ROOT / "cases" / "tudor",
            "village": ROOT / "tests" / "generate" / "fixtures" / "village"}
FALLBACK = re.compile(r"[Pp]ut the .{0,400}? beside |together tell us|[Rr]ead side by side|[Tt]aken with")


def _kept(tmp_path: Path, fixture: str):
    """A kept generated case (fixtures/), loaded beside a copy of its setting."""
    shutil.copy(SETTINGS[fixture.split("-")[0]] / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def _page(case) -> str:
    """The page with its long suppositions joined back into one sentence each (chain_truth.rejoined):
    the words read are the same, told apart or not (test_chain_apart.py)."""
    return chain_truth.rejoined(" ".join(solution_prose(explain_case(case, 60)).split()))


def _counting(monkeypatch) -> list:
    """The chains chain_truth checks with the world search (those that read whereabouts)."""
    seen: list = []
    check = chain_truth._assert_chain

    def counted(case, step, head, events, *rest, **kw):
        clues = [c for c in case.clues if c.id in step.clues]
        if any(chain_truth._whereabouts(c.expr) for c in clues):
            seen.append(head)
        return check(case, step, head, events, *rest, **kw)
    monkeypatch.setattr(chain_truth, "_assert_chain", counted)
    return seen


@pytest.mark.parametrize("fixture,told,chains", [
    ("village-timeline-8", ["suppose the crime happened at noon: then the note “All the men were in the Garden at noon” "
                            "would mean that the thief is Mrs. Birch or Miss Dove; and the note “All the "
                            "women were in the Library at noon” would mean that the thief is not Mrs. Birch or Miss Dove, "
                            "which leaves nobody to be the thief. So the crime did not happen at noon, and tea time is the only time left.",
                            "the note “Mrs. Birch was in the Garden at tea time” would mean that Mrs. Birch is not the thief"], 2),
    ("grange-timeline-8", ["Suppose the crime happened in the Hall: then the note “Nobody was in a room next to the "
                           "Library at ten o'clock” would mean that the crime happened at seven o'clock; and the note "
                           "“Whoever struck before ten o'clock did so in the smallest of the four rooms” could not be true"], 1),
])
def test_whereabouts_notes_are_read_under_a_supposition_and_every_link_is_true(tmp_path, monkeypatch, fixture, told, chains):
    case = _kept(tmp_path, fixture)
    page = _page(case)
    assert not FALLBACK.search(page), FALLBACK.search(page).group(0)
    for words in told:
        assert words in page, (words, page)
    seen = _counting(monkeypatch)
    assert_page_true(case)
    assert len(seen) >= chains, (seen, page)


def _step_told(case, words: str):
    """The step whose sentence says `words`, as the page reads it (with what it found before)."""
    explanation = explain_case(case, 60)
    known: set = set()
    for step, sentence in zip(explanation.steps, page_sentences(explanation), strict=True):
        if words in sentence:   # told apart or as one sentence
            return with_known(step, known), chain_truth.rejoined(" ".join(sentence.split()))
        known |= set(step.derived)
    raise AssertionError(words)


def test_a_note_of_nobody_in_a_room_rules_that_room_out_at_the_supposed_hour(tmp_path, monkeypatch):
    """grange seed 4 (its whole page takes the brute force minutes: the slow test below): the
    step itself, checked link by link."""
    case = _kept(tmp_path, "grange-timeline-4")
    step, sentence = _step_told(case, "Nobody was in the Cellar at eight")
    # no 'From there, ': the step uses nothing the step before found (english/leads.py)
    assert sentence.startswith("Suppose the crime happened at eight o'clock: then the note “Nobody was in the "
                               "Cellar at eight o'clock” would mean that the crime happened in the Kitchen; and the "
                               "note “The murderer struck either after eight o'clock…” could not be true, as "), sentence
    seen = _counting(monkeypatch)
    assert chain_truth.assert_chains_true(case, step, sentence, (case.display, step.number)) == 1
    assert seen


@pytest.mark.slow
def test_the_grange_page_with_a_cellar_note_is_true(tmp_path):
    case = _kept(tmp_path, "grange-timeline-4")
    page = assert_page_true(case)
    assert not FALLBACK.search(" ".join(page.split()))


@pytest.mark.parametrize("fixture,told", [
    ("tudor-timeline-2", "suppose the crime happened in the Lounge, the Billiard Room or the Rose Garden: then the note "
                         "“Colonel Mustard was in the Hall at lunch” would mean that Colonel Mustard is not the thief; the "
                         "note “All the men but Colonel Mustard were in the Dining Room at lunch” would mean that the "
                         "thief is not Reverend Green, Professor Plum, Prince Azure or Francis; and the note “All the "
                         "women were in the Dining Room at lunch” would mean that nobody could be the thief. "
                         "So the crime did not happen in the Lounge, the Billiard Room or the Rose Garden, and the Hall is the only "
                         "place left."),
    ("tudor-timeline-5", "suppose the crime happened in the Hall or the Lounge: then the note “All the men were in the "
                         "Dining Room in the early afternoon” would mean that Mrs. White is the thief; and the note “Mrs. "
                         "White was in the Rose Garden in the early afternoon” would mean that Mrs. White is not the "
                         "thief, which leaves nobody to be the thief. So the crime did not happen in the Hall or the Lounge, and the "
                         "Rose Garden is the only place left."),
])
def test_tudor_whereabouts_steps_are_told_as_suppositions(tmp_path, fixture, told):
    """Tudor is too big for the brute force (test_page_truth.TOO_BIG): the words only."""
    page = _page(_kept(tmp_path, fixture))
    assert not FALLBACK.search(page), FALLBACK.search(page).group(0)
    assert told in page, page


def test_notes_that_narrow_only_whereabouts_are_told_with_the_note_that_says_more(tmp_path):
    """Under 'the crime happened in the Dining Room' with noon and dawn left, neither noon note
    alone rules anything of the answer out (whoever was elsewhere at noon may have struck at
    dawn); the two together rule out noon, and are said together, never one of them alone."""
    case = _kept(tmp_path, "village-timeline-8")
    times = case.setting.categories["time"].ids
    step = Step(1, ["note8", "note9", "note1"], [Fact("not", "time", t) for t in times if t not in ("noon", "dawn")],
                [Fact("not", "place", "dining_room")], None)
    sentence = chain_truth.rejoined("S" + supposed_against(case, step)[1:])
    assert sentence == ("Suppose the crime happened in the Dining Room: then the note “All the men were in the Garden at "
                        "noon” and the note “All the women were in the Library at noon” would mean that the crime happened "
                        "at dawn; and the note “Nobody had arrived yet at dawn” would mean that nobody could be the "
                        "thief."), sentence
    assert chain_truth.assert_chains_true(case, step, sentence, "joined") == 1
