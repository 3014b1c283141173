"""Stiff forms an editor strikes (issue 24, EDITOR.md): an either/or over a state and a doing
("The culprit either is middle-aged or gardens."), the logician's "could not both be true" on
a solution page, and one lead ("Now") opening two sentences of one paragraph."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from casetool.api import load
from casetool.english import forms
from casetool.english.atoms import category_atoms
from casetool.english.leads import LEADS
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from casetool.generate.candidates.builder import Builder
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan

ROOT = Path(__file__).resolve().parents[2]
LOGICIAN = re.compile(r"could not (both|all) (be true|hold)|cannot (both|all) be true", re.I)
# a step's opening words, as a reader hears them: the words before the first comma, or "Now"/"Then"
OPENER = re.compile(r"^(Now|Then|Next|[A-Z][a-z]+(?: [a-z]+){0,4},)")


def _atoms(name: str, cid: str):
    source = load_source(ROOT / "cases" / name)[0]
    return source, {a.means: a for a in category_atoms(source.setting, source.templates, cid)}


def test_an_either_never_mixes_a_state_and_a_doing():
    source, atoms = _atoms("hampshire", "suspect")
    rng = random.Random(1)
    b = Builder(source, make_plan(source.setting, "traits", rng, Wish(), ["Ann"], source.world), rng)
    state, doing = atoms["suspect.age == middle_aged"], atoms["suspect.hobbies has gardening"]
    assert b.pair("or", state, doing) is None and b.pair("or", doing, state) is None
    with pytest.raises(forms.Unsayable):
        forms.either(state, doing)
    # two states, or two doings, read as one either
    assert forms.either(state, atoms["suspect.age == young"]) == "the culprit is either middle-aged or young"
    assert forms.either(doing, atoms["suspect.hobbies has fishing"]) == "the culprit either keeps a garden or goes fishing"


def _pages():
    for name in ("hampshire", "murdle", "tudor", "grange", "classic", "supercluedo"):
        for case in sorted(load([ROOT / "cases" / name]).cases, key=lambda c: c.number)[:4]:
            yield case.display, solution_prose(explain_case(case, 60))


@pytest.fixture(scope="module")
def pages():
    return list(_pages())


def test_no_page_speaks_as_a_logician(pages):
    for name, page in pages:
        assert not LOGICIAN.search(page), (name, LOGICIAN.search(page).group(0))


def test_no_paragraph_opens_two_sentences_alike(pages):
    for name, page in pages:
        for paragraph in page.split("\n\n"):
            sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z])", " ".join(paragraph.split()))
            openers = [m.group(1) for s in sentences if (m := OPENER.match(s))]
            leads = [o for o in openers if o.rstrip(",") in {w.strip().rstrip(",") for w in LEADS}]
            assert len(leads) == len(set(leads)), (name, paragraph)



def test_a_lead_comes_back_only_after_a_paragraph():
    """Any three steps running (a paragraph) open with three different leads, on every page."""
    from types import SimpleNamespace

    from casetool.english.leads import lead
    for number in range(1, 60):
        case = SimpleNamespace(title=f"The Case {number}", number=number)
        leads = [lead(case, n) for n in range(1, 16)]
        for k in range(len(leads) - 2):
            assert len(set(leads[k:k + 3])) == 3, (case.title, leads[k:k + 3])


def test_a_list_of_places_says_its_preposition_once():
    """'The crime happened neither in the Ballroom, in the Dining Room nor in the Lounge'
    (tudor timeline seed 2) reads as a form filled in: the shared 'in' is said once, and a
    list of three denied by the phrase's own negation ('neither A, B nor C' is not English)."""
    from casetool.english.atoms import list_atom
    from casetool.english.phrases import Templates
    setting = load([ROOT / "cases" / "tudor"]).cases[0].setting
    atom = list_atom(setting, Templates(setting.templates), "place", ["ballroom", "dining_room", "lounge"]).negated()
    assert "did not happen in the Ballroom, the Dining Room or the Lounge" in atom.text, atom.text
