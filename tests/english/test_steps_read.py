"""A solution page's steps read aloud (english/sentences.py, claims.py, one_liar.py, reasons.py),
on the five cases an editor read (seeds 61-65, kept as fixtures):

* a finding is not said twice running ('So Dev Marlow is lying. With what we already know,
  Dev Marlow is lying: ...'), and 'With what we already know' opens one step a page at most;
* the suspect a step leaves is named, with who it rules out ('... and so is not Captain Teal,
  which leaves Colonel Mustard himself as the culprit', was '... and so he must be the
  culprit', 'he' reading as whoever was named last);
* a list after 'nor' takes 'or' ('nor are Captain Teal, Mr. Rust or Mrs. Amber');
* the inspector's note is told as what it tells us, never as words he did not say ('says
  nobody lies except Mrs. Peacock', when the wheel reads 'It always surprises me that Mrs.
  Peacock tells so many lies');
* a finding comes with its reason: a supposition on who lies says what breaks, a suspect a
  supposition clears then tells the truth, and their words give the rest;
* a supposition on who did it that runs long is said sentence by sentence.

Each page is also checked sentence by sentence by the brute force (page_truth.py; the grange
case, whose brute force takes minutes, in the slow run)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from casetool.english.solution import page_sentences, solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from page_truth import SENTENCE, assert_page_true

ROOT = Path(__file__).resolve().parents[2]


def _kept(tmp_path: Path, fixture: str):
    shutil.copy(ROOT / "cases" / fixture.split("-")[0] / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def _page(case) -> tuple[str, list[str]]:
    explanation = explain_case(case, 60)
    return " ".join(solution_prose(explanation).split()), [" ".join(s.split()) for s in page_sentences(explanation)]


def test_a_liar_just_found_is_not_found_again_and_a_supposition_says_what_breaks(tmp_path):
    case = _kept(tmp_path, "grange-liars-65-fiendish")
    page, steps = _page(case)
    assert steps[6] == (
        "Suppose Ada Vane lied: then, turned round, Ada Vane's statement about the murderer says that the murderer "
        "neither usually keeps to the Library nor has fair hair. But only one witness lies, so Dev Marlow would be "
        "telling the truth, and he says that the murderer has fair hair. So Ada Vane told the truth."), steps[6]
    assert steps[7] == "Everyone but Dev Marlow told the truth, and one witness always lies, so Dev Marlow is lying."
    assert steps[8].startswith("Turned round, Dev Marlow's statement about the murderer says that the murderer does not "
                               "have fair hair, so Cora Lisle is not the murderer, which leaves only Ada Vane."), steps[8]
    assert "would not fit" not in page, page
    assert page.count("With what we already know") <= 1, page


@pytest.mark.slow
def test_the_grange_page_is_true(tmp_path):
    assert_page_true(_kept(tmp_path, "grange-liars-65-fiendish"))


def test_the_murderer_just_found_is_not_found_again_and_a_cleared_suspect_gives_the_rest(tmp_path):
    case = _kept(tmp_path, "murdle-liars-63-fiendish")
    page, steps = _page(case)
    assert "With what we already know, Vicar Vermilion is the murderer" not in page, page
    assert steps[-1].startswith("As the murderer, Vicar Vermilion is lying: the weapon was made of porcelain"), steps[-1]
    # the place comes with its reason, after who the supposition clears (was 'So the crime must
    # have happened in the Orchard, and Professor Ochre is not the murderer.')
    assert steps[2].endswith("So Professor Ochre is not the murderer and so tells the truth: the crime did not happen in "
                             "the Library or on the Jetty, so the crime must have happened in the Orchard."), steps[2]
    # the supposition by who did it (547 characters in one sentence) is said sentence by sentence
    assert steps[2].startswith("Suppose Professor Ochre were the murderer. Then his statement about the place would be a lie"), steps[2]
    assert all(len(s) <= 300 for s in SENTENCE.split(steps[2])), steps[2]
    assert_page_true(case)


def test_a_cleared_suspects_words_and_the_looks_left_give_the_weapon(tmp_path):
    case = _kept(tmp_path, "murdle-traits-64-hard")
    _page_text, steps = _page(case)
    assert steps[1].endswith(
        "So Professor Ochre is not the murderer and so tells the truth: if the weapon was a rowing-boat anchor, the "
        "murderer is short; but Vicar Vermilion is of average height and Sergeant Olive is tall, so the weapon was not a "
        "rowing-boat anchor."), steps[1]
    assert_page_true(case)


def test_the_speaker_left_is_named_with_who_the_step_rules_out(tmp_path):
    case = _kept(tmp_path, "hampshire-traits-61-medium")
    page, steps = _page(case)
    assert not re.search(r"\bso (he|she) must be the culprit", page), page
    assert steps[-1].endswith("it is the Parade, so the culprit does not play chess, and so is not Captain Teal, which "
                              "leaves Colonel Mustard himself as the culprit."), steps[-1]
    # what the note tells us, not words he did not say
    assert "Inspector Brown (wheel 95) tells us that Mrs. Peacock is lying." in page and " says nobody" not in page, page
    assert page.count("With what we already know") <= 1, page
    assert_page_true(case)


def test_a_list_after_nor_takes_or(tmp_path):
    case = _kept(tmp_path, "hampshire-liars-62-medium")
    page, _steps = _page(case)
    assert "so he is not the culprit, nor are Captain Teal, Mr. Rust or Mrs. Amber." in page, page
    assert "which leaves Miss Scarlet herself as the culprit." in page, page
    assert_page_true(case)


def test_a_note_on_another_suspect_says_who_it_clears_before_who_is_left(tmp_path):
    """grange traits hard 94: 'the fact “Ada Vane could only have struck in the Hall” tells us
    that Dev Marlow must be the murderer' named Ada in the note and leapt to Dev; the step says
    whom the note clears, then who is left. 'must' stays for a clue that names the one found."""
    case = _kept(tmp_path, "grange-traits-94-hard")
    page, _ = _page(case)
    assert ("the fact “Ada Vane could only have struck in the Hall” clears Ada Vane, which leaves only Dev Marlow.") in page, page
    assert "Dev Marlow must be the murderer" not in page, page
