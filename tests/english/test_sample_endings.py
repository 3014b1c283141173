"""The bundled hampshire samples' endings say the deed (issue 24, session 16): a sample whose
story names the thing taken ends 'Mrs. Peacock had made off with the banner and was lying
low at the Parade.', not 'Mrs. Peacock was the culprit and ...'. Stories where nothing was
taken say what the story says somebody did (the linchpin pulled, the trumpet stuffed, the
pearl swapped), never 'X was the culprit' (session 17). Plain expected sentences, read from
each sample's own answer.

The why after it is the motive the case's own words give (issue 24, session 17): 'Money was
at the bottom of it' for the ticket punch (the conductor's wages, not Mr. Rust's motive) and
'could not bear to see another take the prize' for the trumpet (a prize rose bush) were
told where the author's ending says Mr. Rust wanted to run the omnibus and Dr. Sable wanted
a solo."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casetool.english.ending import story_ending
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]

EXPECTED = {
    1: "Captain Teal had made off with the marrow and was lying low at the Fair.",
    2: "Mrs. Peacock had made off with the banner and was lying low at the Parade.",
    3: "Mr. Rust had made off with the ticket punch and was lying low on the Bus.",
    4: "Miss Lilac had pulled the linchpin and was lying low in the Cart.",
    5: "Reverend Green had made off with the crystal and was lying low at the Fair.",
    6: "Dr. Sable had stuffed the first trumpet full of rose petals and was lying low at the Parade.",
    7: "Lady Coral had swapped the pearl for a glass bead and was lying low on the Bus.",
    8: "Colonel Mustard had made off with the cricket club's cider and was lying low in the Cart.",
}


@pytest.mark.parametrize("number", sorted(EXPECTED))
def test_a_hampshire_sample_ending_says_the_deed_its_story_tells(number):
    (case,) = [c for c in load_paths([ROOT / "cases" / "hampshire"]).cases if c.number == number]
    assert story_ending(case, case.solution).startswith(EXPECTED[number])


WHY = {
    3: "He had ridden the omnibus every day since it started and had come to believe he could run it better "
       "than the company.",
    6: "He played second trumpet and had waited eleven years for a solo.",
}


@pytest.mark.parametrize("number", sorted(WHY))
def test_a_hampshire_sample_why_is_the_authors(number):
    (case,) = [c for c in load_paths([ROOT / "cases" / "hampshire"]).cases if c.number == number]
    assert story_ending(case, case.solution).endswith(" " + WHY[number])


STOP = {"the", "a", "an", "and", "of", "to", "in", "on", "was", "had", "been", "that", "it", "for", "with",
        "who", "by", "at", "as", "be", "not", "this", "he", "she", "his", "her", "is", "were", "from", "could",
        "would", "did", "said", "took", "made", "off", "low", "lying", "culprit", "thief", "murderer"}
SAMPLES = sorted(p for p in (ROOT / "cases").glob("**/[0-9]*.yaml"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem[:3]}")
def test_every_sample_endings_words_are_its_own(path):
    """Every word the ending says after naming the culprit and the answer is a word of the
    case's own story or solution page: a why or a deed made up from a stray word of the
    story ('wages', 'prize') or from a list of set-ups would bring words the case never says.
    A story whose author tells no ending may get the stock why of the motive it names
    (motives.THEMES: 'She wanted the sale stopped, whatever it took.' for a sale put off);
    the hampshire samples' authors tell every ending, and theirs is the why."""
    from casetool.english.motives import THEMES
    (case,) = load_paths([path]).cases
    own = _words(" ".join((case.story or "", case.solution_text or "", case.title or "")))
    said = _words(story_ending(case, case.solution))
    answer = _words(" ".join(case.setting.item_name(i) for i in case.solution.values()))
    stock = set() if path.parent.name == "hampshire" else _words(" ".join(why for _, why in THEMES))
    new = sorted(said - own - answer - stock)
    assert not new, (new, story_ending(case, case.solution))


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2 and w not in STOP}
