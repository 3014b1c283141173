"""A theft is said as a theft (issue 24): 'Whoever struck before midnight did so in the north
wing' was printed in a tudor theft. Where and when the crime happened is said of the thief as
taking it ("Whoever took it before midnight did so in the north wing"), and what was taken there
as the thing taken ("Whatever was taken in the north wing was the Rare Book"); a murder keeps
'struck'. Plain expected sentences, the brute force of tests/solver for the meaning (through
test_observed's reader of the words), and a tudor draft's whole pool."""

from __future__ import annotations

import random
import re

from casetool.english import observed
from casetool.english.atoms import category_atoms
from casetool.generate import candidates
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan

from generate_helpers import CASES
from test_observed import Reader, same_logic

STRUCK = re.compile(r"\b(struck|strike|strikes)\b", re.I)


def _atoms(name: str):
    source = load_source(CASES / name)[0]
    atoms = {a.means: a for c in source.setting.answer for a in category_atoms(source.setting, source.templates, c)}
    return source, atoms


def test_a_theft_is_taken_not_struck():
    source, atoms = _atoms("tudor")
    before, north, book = atoms["time < midnight"], atoms["place.wings has north"], atoms["object == rare_book"]
    assert observed.whoever(before, north, "the thief") == "whoever took it before midnight did so in the north wing"
    assert observed.whoever(before, north.negated(), "the thief") == \
        "whoever took it before midnight did not do so in the north wing"
    assert observed.whoever(book, north, "the thief") == "whoever took the Rare Book did so in the north wing"
    assert observed.whoever(north, book, "the thief") == "whatever was taken in the north wing was the Rare Book"
    assert observed.whoever(north, book.negated(), "the thief") == \
        "whatever was taken in the north wing was not the Rare Book"


def test_the_crime_named_outright_wins_over_the_culprits_words():
    _, atoms = _atoms("tudor")
    before, north = atoms["time < midnight"], atoms["place.wings has north"]
    assert observed.whoever(before, north, "the culprit", "theft") == \
        "whoever took it before midnight did so in the north wing"
    assert observed.whoever(before, north, "the culprit", "murder") == \
        "whoever struck before midnight did so in the north wing"


def test_a_murder_is_still_struck():
    source, atoms = _atoms("murdle")
    said = [observed.whoever(a, b, "the murderer") for a in atoms.values() for b in atoms.values()
            if a.topic != b.topic]
    assert any(t and t.startswith("whoever struck ") for t in said)
    assert not any(t and "took it" in t for t in said)


def test_the_theft_sentences_mean_their_clues():
    """Every pair of tudor's atoms said as 'took it' or 'whatever was taken' reads back, from the
    words, to a formula the brute force finds equal to the clue's."""
    source, atoms = _atoms("tudor")
    reader = Reader(source)
    said = []
    for a in atoms.values():
        for b in atoms.values():
            for b2 in (b, b.negated()) if b.neg_pred is not None else (b,):
                text = observed.whoever(a, b2, reader.culprit) if a.topic != b.topic else None
                if text and ("took it" in text or text.startswith("whatever")):
                    said.append((f"{a.means} implies {b2.means}", text))
    assert sum(t.startswith("whatever") for _, t in said) > 20 and sum("took it" in t for _, t in said) > 100
    wrong = [(m, t) for m, t in said[::7] if not same_logic(source, m, reader.read(t))]
    assert not wrong, wrong[:5]


def test_no_clue_of_a_tudor_draft_says_the_theft_was_struck():
    source = load_source(CASES / "tudor")[0]
    rng = random.Random(91)
    draft = candidates.draft(source, make_plan(source.setting, "timeline", rng, Wish()), rng)
    texts = [c.text for c in draft.candidates]
    assert any("took it" in t for t in texts)
    assert not [t for t in texts if STRUCK.search(t)]
