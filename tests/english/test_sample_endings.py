"""The bundled hampshire samples' endings say the deed (issue 24, session 16): a sample whose
story names the thing taken ends 'Mrs. Peacock had made off with the banner and was lying
low at the Parade.', not 'Mrs. Peacock was the culprit and ...'. Stories where nothing was
taken (the upset cart, the stuffed trumpet, Lady Coral's staged theft of her own pearl) keep
'was the culprit'. Plain expected sentences, read from each sample's own answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from casetool.english.ending import story_ending
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]

EXPECTED = {
    1: "Captain Teal had made off with the marrow and was lying low at the Fair.",
    2: "Mrs. Peacock had made off with the banner and was lying low at the Parade.",
    3: "Mr. Rust had made off with the ticket punch and was lying low on the Bus.",
    4: "Miss Lilac was the culprit and was lying low in the Cart.",
    5: "Reverend Green had made off with the crystal and was lying low at the Fair.",
    6: "Dr. Sable was the culprit and was lying low at the Parade.",
    7: "Lady Coral was the culprit and was lying low on the Bus.",
    8: "Colonel Mustard had made off with the cricket club's cider and was lying low in the Cart.",
}


@pytest.mark.parametrize("number", sorted(EXPECTED))
def test_a_hampshire_sample_ending_says_the_deed_its_story_tells(number):
    (case,) = [c for c in load_paths([ROOT / "cases" / "hampshire"]).cases if c.number == number]
    assert story_ending(case, case.solution).startswith(EXPECTED[number])
