"""A page that supposes several suspects the culprit in turn says each supposition its own
way (EDITOR.md 7: the same words on every step read as a program), and every sentence stays
true by the brute force (page_truth.py)."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from casetool.english.solution import page_sentences
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "generate"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from page_truth import assert_page_true  # noqa: E402

from generate_helpers import generate_into  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _kept(tmp_path: Path, fixture: str):
    """A generated case kept as the generator wrote it (fixtures/): the seed draws another since."""
    shutil.copy(ROOT / "cases" / fixture.split("-")[0] / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def _skeleton(sentence: str, names: list[str]) -> str:
    """What follows 'were the culprit: then', with the names and what the clues are about taken out."""
    middle = sentence.split("were the murderer: then ", 1)[1].split(". So ")[0]
    for name in names:
        middle = middle.replace(name, "_")
    return re.sub(r"statement about the \w+", "statement", middle)


def test_three_suppositions_on_one_page_read_three_ways(tmp_path):
    got, _ = generate_into(tmp_path, "murdle", "liars", 13, "medium")   # 13 since session 17 (10 draws a page with one)
    case = got.case
    names = [c.name for c in case.setting.characters.values()]
    sentences = [s for s in page_sentences(explain_case(case, 60)) if "were the murderer: then" in s]   # murdle's culprit
    assert len(sentences) >= 2, sentences
    skeletons = [_skeleton(s, names) for s in sentences]
    assert len(set(skeletons)) == len(skeletons), skeletons
    assert_page_true(case)


def test_a_kind_supposed_is_said_refuted_before_what_is_left(tmp_path):
    """supercluedo codes hard 80: 'Suppose the weapon card has a purple corner. ... So the weapon
    must have been the Candlestick.' never said the supposition failed, and the next paragraph
    read as if its 'the murderer is not Professor Plum ...' held. Each kind supposed is closed
    by its denial first; the step stays true by the brute force."""
    case = _kept(tmp_path, "supercluedo-codes-80-hard")   # as seed 80 drew it at 7c2ec72
    sentences = page_sentences(explain_case(case, 60))
    supposed = [s for s in sentences if re.search(r"Suppose the \w+ card (has|shows) ", s)]
    assert supposed, sentences
    for s in supposed:
        for card, what in re.findall(r"Suppose the (\w+) card has an? (\w+) corner", s):
            assert f"So the {card} card has no {what} corner" in s, s
        for card, number in re.findall(r"Suppose the (\w+) card shows the number (\d+)", s):
            assert f"So the {card} card does not show the number {number}" in s, s
    assert_page_true(case)


def test_a_later_supposition_reads_on_from_the_earlier(tmp_path):
    """supercluedo codes hard 83 supposed the murderer, closed 'So Captain Brown is the
    murderer', then supposed the weapon and found him again ('Then Counter 3 tells us ..., so
    Captain Brown is the murderer') and closed on the whole step ('So the murderer is not
    Professor Plum or Mrs White, which leaves only Captain Brown; and the weapon must have been
    the Poison'). A later supposition reads on from what the earlier closed with, and each
    close says its own category once; the page stays true by the brute force."""
    case = _kept(tmp_path, "supercluedo-codes-83-hard")   # as seed 83 drew it at 7c2ec72
    sentences = page_sentences(explain_case(case, 60))
    twice = [s for s in sentences if len(re.findall(r"\b[Ss]uppose ", s)) >= 2]
    assert twice, sentences
    for s in twice:
        found = re.findall(r"(?:[A-Z][\w.]* )+[A-Z][\w.]*(?= is the murderer| must be the murderer)|leaves only", s)
        assert len(found) == 1, (found, s)
    assert_page_true(case)


def test_a_refuted_supposition_reads_on_only_to_what_its_step_finds(tmp_path):
    """murdle traits fiendish 85: 'So Sergeant Olive is not the murderer, and Duchess Cerulean
    must be the murderer. With that, her statement about the place is a lie, ..., so the crime
    happened in the Greenhouse; and ...' found the place, and the next step found it again ('As
    the murderer, Duchess Cerulean is lying: ..., so the crime must have happened in the
    Greenhouse'). What the step reads on with ('With that, ...') reads only the statements its
    own findings need; the page stays true by the brute force."""
    case = _kept(tmp_path, "murdle-traits-85-fiendish")   # as seed 85 drew it at 7c2ec72
    sentences = page_sentences(explain_case(case, 60))
    found = [s for s in sentences if re.search(r"so the crime (must have )?happened in the Greenhouse", s)]
    assert len(found) == 1, found
    assert any("With that, " in s for s in sentences), sentences
    assert_page_true(case)


def test_a_note_is_given_whole_once_in_a_step(tmp_path):
    """tudor timeline hard 71 gave the note “The thief struck either after dusk or in the south
    wing” whole in two suppositions running; the second points back to it by its opening words
    ('the note “The thief struck either after dusk…”'), as a later step does."""
    shutil.copy(ROOT / "cases" / "tudor" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / "tudor-timeline-71-hard.yaml", tmp_path / "001.yaml")
    case = load_paths([tmp_path / "001.yaml"]).cases[0]
    sentences = page_sentences(explain_case(case, 60))
    step = next(s for s in sentences if s.startswith("Suppose the crime happened in the Conservatory or the Library"))
    assert step.count("“The thief struck either after dusk or in the south wing”") == 1, step
    assert "the note “The thief struck either after dusk…”" in step, step
    for s in sentences:
        whole = [q for q in re.findall(r"“[^”]+”", s) if not q.endswith("…”")]
        assert len(whole) == len(set(whole)), s
