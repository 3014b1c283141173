"""Timeline pages and notes say what a note rules out, and times as the moments they cover.

- A step never reports a note as a bare conclusion ('the note “Colonel Mustard and Mrs. White
  were in the Hall at dawn” tells us that Prince Azure must be the thief'): it says whom (or
  what) the note rules out and what that leaves ('tells us that the thief is not Colonel
  Mustard or Mrs. White, which leaves only Prince Azure', '... and dawn is the only time
  left'); what is left is checked by the
  brute force (tests/solver) over the clues read so far.
- An order over times that leaves one moment is said as that moment ('after nightfall' of a
  night ending at midnight meant midnight alone: 'at midnight'); each order phrase is checked
  against the moments the order admits, counted here from the setting's own order.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import chain_truth
import pytest
from casetool.english.atoms import category_atoms
from casetool.english.solution import page_sentences
from casetool.explain.steps import explain_case
from casetool.generate.source import load_source
from casetool.load.project import load_paths
from page_truth import Truth

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
SETTINGS = {"grange": ROOT / "cases" / "grange", "tudor": ROOT / "cases" / "tudor",
            "village": ROOT / "tests" / "generate" / "fixtures" / "village"}
TIMELINE = sorted(p.stem for p in FIXTURES.glob("*-timeline-*.yaml"))
BARE = re.compile(r"\b(?:tells|tell|show|shows) us that [^.;]*?\bmust (?:be|have)\b")
LEFT = re.compile(r", which leaves only (.+)|, and ([^,;]+?) is the only \w+ left")


def _kept(tmp_path: Path, fixture: str):
    shutil.copy(SETTINGS[fixture.split("-")[0]] / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(FIXTURES / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


@pytest.mark.parametrize("fixture", TIMELINE)
def test_a_note_is_never_told_as_a_bare_conclusion(tmp_path, fixture):
    case = _kept(tmp_path, fixture)
    for sentence in page_sentences(explain_case(case, 60)):
        flat = chain_truth.rejoined(" ".join(sentence.split()))
        assert not BARE.search(flat), (fixture, flat)


@pytest.mark.parametrize("fixture", TIMELINE)
def test_a_page_closes_each_category_in_its_own_words(tmp_path, fixture):
    """Each category is left with one item once a page; three steps closing '..., which leaves
    only the Study', '... only dinner', '... only Prince Azure' read as a machine's: the suspect
    is 'which leaves only', a place or a time 'and X is the only place (time) left'."""
    case = _kept(tmp_path, fixture)
    page = " ".join(" ".join(page_sentences(explain_case(case, 60))).split())
    closings = re.findall(r"which leaves only|is the only \w+ left", page)
    assert len(closings) == len(set(closings)), (fixture, closings)


@pytest.mark.parametrize("fixture", ["village-timeline-8", "village-timeline-3", "grange-timeline-8"])
def test_what_a_note_leaves_is_the_only_item_left(tmp_path, fixture):
    """Each 'which leaves only X' ('and X is the only room left') names the one item of its category that every answer of the
    clues read so far has, by the brute force; and the page says it at least once."""
    case = _kept(tmp_path, fixture)
    explanation = explain_case(case, 60)
    truth, so_far, said = Truth(case), set(), 0
    for step, sentence in zip(explanation.steps, page_sentences(explanation), strict=True):
        so_far |= set(step.clues)
        left = truth.answers(frozenset(so_far))
        for m in LEFT.finditer(" ".join(sentence.split())):
            said += 1
            after = re.sub(r"^(the|a|an) ", "", (m.group(1) or m.group(2)).lower())
            hits = [(k, i.id) for k, cid in enumerate(truth.cats) for i in case.setting.categories[cid].items
                    if after.startswith(re.sub(r"^(the|a|an) ", "", i.name.lower()))]
            assert hits, (fixture, "names no item", m.group(0), sentence)
            assert any(all(a[k] == item for a in left) for k, item in hits), (fixture, "not all that is left", sentence)
    assert said, fixture


@pytest.mark.parametrize("name", ["tudor", "grange"])
def test_an_order_is_said_over_the_moments_it_covers(name):
    """'before X' / 'after X' of one moment is that moment's own phrase ('at midnight', 'at
    seven o'clock'); of two or more it is the order; tudor's night is never 'nightfall' (the
    seed's own rules: after dusk it is dark, so dinner falls after nightfall)."""
    source = load_source(SETTINGS[name])[0]
    setting, templates = source.setting, source.templates
    atoms = category_atoms(setting, templates, "time")
    ids = setting.categories["time"].ids
    own = {a.means.split(" == ")[1]: a.text for a in atoms if " == " in a.means}
    for atom in (a for a in atoms if a.topic == "time<"):
        op, item = atom.means.split()[1:]
        k = ids.index(item)
        covered = ids[:k] if op == "<" else ids[k + 1:]
        if len(covered) == 1:
            assert atom.text == own[covered[0]], (atom.means, atom.text)
        else:
            assert atom.text.startswith(f"the crime happened {'before' if op == '<' else 'after'} "), atom.text
        assert "nightfall" not in atom.text, atom.text


def test_what_is_left_closes_its_clause():
    """'..., which leaves only the Study, and the crime did not happen at breakfast' read as if
    the Study were left of the times too: a clause after it is set off by '; and'."""
    from casetool.english.claims import joined
    said = joined(["the thief is not Francis, which leaves only Mrs. White", "the crime did not happen at breakfast"])
    assert said == "the thief is not Francis, which leaves only Mrs. White; and the crime did not happen at breakfast", said
    said = joined(["the crime did not happen in the Kitchen, and the Study is the only place left",
                   "the crime did not happen at breakfast"])
    assert said == ("the crime did not happen in the Kitchen, and the Study is the only place left; "
                    "and the crime did not happen at breakfast"), said
    assert joined(["the crime did not happen at breakfast", "the crime did not happen in the Kitchen, and the Study is "
                   "the only place left"]) == "the crime did not happen at breakfast, and the crime did not happen in the " \
        "Kitchen, and the Study is the only place left"
