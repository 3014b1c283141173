"""A solution page says nothing twice (issue 24): a run of steps that rest on one reason gives
it once, at the run's head, and the rest read on under it (a stock 'For the same reason,'
opened every other step of a run: 2-3 a page on tudor timeline pages, the reason itself
said again between); a step that finds the culprit from a trait says whom it clears before
whom it leaves (hampshire: '... so the culprit does not keep a garden, and so Miss Scarlet
must be the culprit' left the leap unexplained); a supposed culprit's true words that are
the finding are not followed by the finding again ('..., so the weapon was not a
leather-bound atlas, so the weapon was not a leather-bound atlas'). Checked on generated
cases kept as fixtures, against the brute force of tests/solver and plain expected sentences."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from casetool.english.sentences import RUN
from casetool.english.solution import _told, solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from page_truth import Truth, read_back  # noqa: E402

from bruteforce import Evaluator, World, possible_answers  # noqa: E402
from solver_harness import step_premises  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RUNS = ["tudor-timeline-71-hard", "tudor-timeline-75-hard", "tudor-timeline-11-hard", "grange-timeline-66-hard",
        "grange-timeline-8", "village-timeline-3"]
# the brute force over a tudor night takes minutes on a loaded machine: those run as slow
CHECKED = ["grange-timeline-66-hard", "grange-timeline-8", "village-timeline-3",
           pytest.param("tudor-timeline-11-hard", marks=pytest.mark.slow)]
REASON = re.compile(r"^(?:[A-Z][a-z ,]*, |Then |Now )?[Ss]ince (.+?), (?:the note|the fact) ")


def _kept(tmp_path: Path, fixture: str):
    setting = fixture.split("-")[0]
    home = ROOT / "tests" / "generate" / "fixtures" if setting == "village" else ROOT / "cases"
    shutil.copy(home / setting / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("fixture", CHECKED)
def test_a_run_on_one_reason_gives_it_once(tmp_path, fixture):
    """No 'for the same reason' on the page, no reason said again by the step after one that
    gave it (but after a run of RUN steps, which a paragraph must hold), and a step read on
    under the reason before it (no reason of its own) is one the reason holds for: true in
    every answer of the step's premises by the brute force."""
    case = _kept(tmp_path, fixture)
    explanation = explain_case(case, 60)
    told = _told(explanation)
    page = _flat(solution_prose(explanation))
    truth, deps = Truth(case), step_premises(explanation)
    reason, runs, run = None, 0, 0
    for step, (text, goes_on) in zip(explanation.steps, told, strict=True):
        said = REASON.match(_flat(text))
        if said and run < RUN:
            assert said.group(1) != reason, (fixture, step.number, "the reason said twice running", text)
        run = run + 1 if goes_on else 0
        if goes_on:
            assert reason and not said, (fixture, step.number, text)
            meaning = read_back(case, reason)
            assert meaning is not None, (fixture, reason)
            for answer in truth.answers(frozenset(deps[step.number])):
                named = dict(zip(truth.cats, answer, strict=True))
                assert Evaluator(case, World(named, frozenset())).cond(meaning), (fixture, step.number, reason)
            runs += 1
        else:
            reason = said.group(1) if said else None
    assert runs, fixture   # each fixture has a run
    assert "for the same reason" not in page.lower(), page


@pytest.mark.parametrize("fixture", RUNS)
def test_a_paragraph_never_opens_inside_a_run(tmp_path, fixture):
    """A sentence read on under the reason the one before gave stays in that paragraph (a
    paragraph that opened on it would leave the reader without the reason)."""
    explanation = explain_case(_kept(tmp_path, fixture), 60)
    going_on = {text for text, goes_on in _told(explanation) if goes_on}
    for paragraph in solution_prose(explanation).split("\n\n"):
        assert not any(paragraph.startswith(text) for text in going_on), (fixture, paragraph)


def test_the_tudor_run_reads_on_under_its_reason(tmp_path):
    """tudor timeline hard 71: 'since the crime happened at midnight' was said twice and 'For
    the same reason' three times; the run of whereabouts notes now reads on under it."""
    page = _flat(solution_prose(explain_case(_kept(tmp_path, "tudor-timeline-71-hard"), 60)))
    assert ("From there, since the crime happened at midnight, and so in the dark, the note “Whoever struck in the south "
            "wing did so in daylight” rules out the Billiard Room, and the Study is the only place left. The note “Mrs. "
            "Beaumont left after dusk and was not seen again” clears Mrs. Beaumont. The note “Mrs. White left after dusk "
            "and was not seen again” clears Mrs. White.") in page, page   # the reason with the trait it reads (grounds.py)
    assert page.count("since the crime happened at midnight,") == 1, page


CLEARS = [("hampshire-liars-71-medium", "Mrs. White (wheel 64) says that if the culprit keeps a garden, the hiding "
           "place is not on wheels; it is the Bus, which is on wheels, so the culprit does not keep a garden, and so is "
           "not Mrs. Peacock, Mrs. White or Mr. Rust, which leaves only Miss Scarlet."),
          ("hampshire-traits-73-medium", "Mrs. Peacock (wheel 56) says that if the culprit paints watercolours, the "
           "hiding place is the Cart; it is the Fair, so the culprit does not paint watercolours, and so Professor Plum "
           "is not the culprit, which leaves only Mr. Rust.")]


@pytest.mark.parametrize(("fixture", "sentence"), CLEARS)
def test_the_culprit_found_from_a_trait_says_who_is_cleared(tmp_path, fixture, sentence):
    """The step that finds the culprit from 'the culprit does not keep a garden' names whom
    that clears, then who is left; each cleared suspect is out by the brute force over the
    clues the page has read by then, and the one left is the answer."""
    case = _kept(tmp_path, fixture)
    explanation = explain_case(case, 60)
    page = _flat(solution_prose(explanation))
    assert sentence in page, page
    assert not re.search(r"and so \w+ [\w. ]+ must be the culprit", page), page
    names = {i.name: i.id for i in case.setting.categories[case.setting.culprit].items}
    k = list(case.setting.answer).index(case.setting.culprit)
    step = next(s for s, (text, _) in zip(explanation.steps, _told(explanation), strict=True) if _flat(text) == sentence)
    read = sorted({c for s in explanation.steps[:step.number] for c in s.clues})
    left = {a[k] for a in possible_answers(case, read)}
    cleared = re.search(r"and so (?:is not )?(.+?)(?: is not the culprit)?, which leaves only (.+)\.$", sentence)
    for name in re.split(r", | or ", cleared.group(1)):
        assert names[name] not in left, (fixture, name)
    assert left == {names[cleared.group(2)]}, (fixture, left)


def test_true_words_that_are_the_finding_end_there(tmp_path):
    """murdle liars medium 77: 'So Sergeant Olive is not the murderer and so tells the truth:
    the weapon was not a leather-bound atlas, so the weapon was not a leather-bound atlas.'
    said the finding twice; the words are the finding, said once (and true by the brute
    force: the answer's weapon is not the atlas)."""
    case = _kept(tmp_path, "murdle-liars-77-medium")
    page = _flat(solution_prose(explain_case(case, 60)))
    assert ("So Sergeant Olive is not the murderer and so tells the truth: the weapon was not a leather-bound atlas. "
            in page + " "), page
    assert not re.search(r"(\b[\w' -]{12,}), so \1\b", page), page
    (answer,) = possible_answers(case)
    assert dict(zip(case.setting.answer, answer, strict=True))["weapon"] != "atlas"
