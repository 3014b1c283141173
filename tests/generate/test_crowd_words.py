"""A time's whereabouts said from the crowd means what its words say (issue 24, session 17).
A tudor easy case listed eight names ("..., Mrs. Beaumont and Lady Lavender were in the Dining
Room at dinner"); when the notes place every suspect at a time, most in one place, the note
says "Everyone but Mrs. White and Francis was in the Hall at tea time; Mrs. White was in the
Library and Francis was away". Its words are read here as a player reads them and compared,
over many nights, with what the brute force in tests/solver/bruteforce.py finds its `means:`
allows; a time that is not a crowd is still named person by person."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from casetool.generate.candidates.builder import Candidate
from casetool.generate.candidates.timeline import merge_together
from casetool.generate.source import load_source

from generate_helpers import CASES
from test_stay_words import one_clue_case

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import liar_sets, supports  # noqa: E402

TIME = "tea_time"   # no meal: the tudor rules say nothing of who was where
SAID = re.compile(r"^Everyone(?: but (?P<odd>.+?))? was (?P<crowd>.+?) at tea time(?:; (?P<rest>.+))?\.$")


def _merged(source, cells: dict[str, str]) -> list[Candidate]:
    order = [Candidate(f"c{n}", f"at({p}, {TIME}) == {z}", f"{p} {z}", "brown", "note", "cell", 0, f"c:{p}:{TIME}")
             for n, (p, z) in enumerate(cells.items())]
    return merge_together(source.setting, source.templates, order, random.Random(0))


def _read(source, text: str) -> dict[str, str]:
    """The note read plainly: each suspect -> the place its words put them in."""
    setting = source.setting
    people = {i.name: i.id for i in setting.categories["suspect"].items}
    places = {source.templates.where(setting, z): z for z in setting.categories["place"].ids} | {"away": "away"}
    m = SAID.match(text)
    assert m, text
    odd = [people[n] for n in re.split(r", | and ", m["odd"])] if m["odd"] else []
    said = {p: places[m["crowd"]] for p in people.values() if p not in odd}
    for names, where in re.findall(r"(.+?) (?:was|were) (away|(?:in|at|on) the [A-Z][\w ]*?)(?: and |$)", m["rest"] or ""):
        said |= {people[n]: places[where] for n in re.split(r", | and ", names)}
    assert set(said) == set(people.values()) and set(odd) <= set(said), (text, said)
    return said


@pytest.mark.parametrize("odd", [{3: "library", 5: "away"}, {7: "away"}, {}, {2: "away", 6: "away"},
                                 {1: "away", 4: "rose_garden", 8: "away"}])
def test_a_crowd_note_means_what_it_says(odd, tmp_path):
    source = load_source(CASES / "tudor")[0]
    setting = source.setting
    ids = setting.categories["suspect"].ids
    cells = {p: odd.get(n, "hall") for n, p in enumerate(ids)}
    merged = _merged(source, cells)
    assert len(merged) == 1, [c.text for c in merged]
    note = merged[0]
    assert note.text.startswith("Everyone"), note.text
    said = _read(source, note.text)
    assert said == cells, note.text
    case = one_clue_case(CASES / "tudor", tmp_path, note.means)
    answer = {"suspect": ids[0], "object": setting.categories["object"].ids[0], "place": "hall", "time": "dawn"}
    liars = liar_sets(case, answer)[0]
    spots = setting.categories["place"].ids + ["away"]
    rng = random.Random(len(odd))
    for _ in range(30):
        row = {p: said[p] if rng.random() < 0.85 else rng.choice(spots) for p in ids}
        allowed = supports(case, answer, liars, {(p, TIME): row[p] for p in ids}, {})
        assert allowed == (row == said), (note.text, note.means, row)


def test_a_time_without_a_crowd_names_each_suspect():
    source = load_source(CASES / "tudor")[0]
    ids = source.setting.categories["suspect"].ids
    cells = {p: "hall" if n < 6 else "library" for n, p in enumerate(ids)}   # four elsewhere: named, not 'but'
    texts = [c.text for c in _merged(source, cells)]
    assert len(texts) == 2 and not any("Everyone" in t for t in texts), texts
    # a suspect the notes do not place: nobody is 'everyone but'
    cells = {p: "hall" if n < 9 else "library" for n, p in enumerate(ids) if n != 8}
    texts = [c.text for c in _merged(source, cells)]
    assert not any("Everyone" in t for t in texts), texts
