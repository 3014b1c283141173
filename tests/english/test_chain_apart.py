"""A supposition a player can read aloud (english/chain.py, suppose.py): each one closes on its
clash and its 'So ...' before the next 'Suppose' (supercluedo fiendish 62 step 3 and tudor book
67 case 2 opened a second supposition with the first still open); a long one is said sentence
by sentence, 'Suppose S. Then A. B. But T.' (s62 ran to 549 characters in one sentence); and a
card's clash names the corner or number the words ask for on the cards left ('but the
suspect card, Captain Brown's or Mrs White's, has an orange corner', never 'but the murderer is
Captain Brown or Mrs White', which leaves the reader to look up each card). Every reading is
checked by the brute force (chain_truth.py, through page_truth.py)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import chain_truth
import pytest
from casetool.english.chain import with_known
from casetool.english.solution import page_sentences, solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from page_truth import SENTENCE, assert_page_true

ROOT = Path(__file__).resolve().parents[2]
LONGEST = 300   # characters in one sentence read aloud


def _kept(tmp_path: Path, fixture: str):
    shutil.copy(ROOT / "cases" / fixture.split("-")[0] / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def open_suppositions(text: str) -> list[str]:
    """Each 'Suppose ...' followed by another before its 'So ...'."""
    parts = re.split(r"(?=\b[Ss]uppose )", " ".join(text.split()))
    return [a for a, _ in zip(parts, parts[1:], strict=False) if a.lower().startswith("suppose") and ". So " not in a]


@pytest.mark.parametrize("fixture", ["supercluedo-codes-62-fiendish", "tudor-timeline-67-book-2",
                                     "grange-timeline-66-hard", "tudor-timeline-61-hard"])
def test_every_supposition_closes_and_every_sentence_reads_aloud(tmp_path, fixture):
    case = _kept(tmp_path, fixture)
    page = solution_prose(explain_case(case, 60))
    for paragraph in page.split("\n\n"):
        assert open_suppositions(paragraph) == [], paragraph
    long = [s for s in SENTENCE.split(" ".join(page.split())) if len(s) > LONGEST]
    assert long == [], long
    assert_page_true(case)


def test_a_card_clash_names_the_corner(tmp_path):
    case = _kept(tmp_path, "supercluedo-codes-62-fiendish")
    explanation = explain_case(case, 60)
    sentences = page_sentences(explanation)
    step2 = " ".join(sentences[1].split())
    assert ("Counter 26 tells us that if the suspect card has an orange corner, the weapon card shows the number 4. "
            "But the suspect card, Captain Brown's or Mrs White's, has an orange corner, and the weapon card, "
            "the Revolver's or the Blunderbuss's, does not show the number 4. So the murderer is not Captain Brown "
            "or Mrs White.") in step2, step2
    assert "but the murderer is" not in " ".join(sentences).replace("But the murderer", "but the murderer"), sentences
    # the split readings are the ones the brute force checks: one per supposition of the page
    known: set = set()
    checked = 0
    for step, sentence in zip(explanation.steps, sentences, strict=True):
        checked += chain_truth.assert_chains_true(case, with_known(step, known), " ".join(sentence.split()), step.number)
        known |= set(step.derived)
    assert checked == sum(len(re.findall(r"\b[Ss]uppose ", s)) for s in sentences) == 5, checked


def test_chain_truth_refuses_a_card_left_unnamed(tmp_path):
    """The check itself: a clash that leaves out a card still left is refused."""
    case = _kept(tmp_path, "supercluedo-codes-62-fiendish")
    explanation = explain_case(case, 60)
    step = explanation.steps[1]
    sentence = " ".join(page_sentences(explanation)[1].split())
    doctored = sentence.replace("the Revolver's or the Blunderbuss's", "the Revolver's or the Lead Piping's")
    assert doctored != sentence
    with pytest.raises(AssertionError, match="not named"):
        chain_truth.assert_chains_true(case, with_known(step, set(explanation.steps[0].derived)), doctored, 2)
