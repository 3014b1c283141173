"""Every stock line of a generated story (generate/story.py's openings and what happened, the
set-ups and whys of english/motives.py) reads as an editor's line (issue 24, session 17): it
copies no sentence of a sample case (the mansion book's own 'On Friday the last train left
without anyone on it.' came back as 'On Saturday the last train left ...'), a murder's opening
says there was a death before the bystander's 'the body' (Cora Lisle 'fainted at the sight',
grange timeline hard 115, after an opening of no body), and no line starts a thread the case
never ties off ('the host announced that he had a secret to tell', grange traits medium 116)
or gives a bystander a debt the set-up gives the murderer ('The victim had owed Miss Scarlet
money.' beside the ending's 'He owed the debt of honour', classic 118)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from casetool.english.motives import SETUPS
from casetool.generate.story import STORIES, TIMED

ROOT = Path(__file__).resolve().parents[2]
RUN = 6   # words in a row that make a line a copy of a sample's sentence


def _samples() -> dict[str, str]:
    out = {}
    for path in sorted((ROOT / "cases").rglob("[0-9]*.yaml")):
        doc = yaml.safe_load(path.read_text())
        if isinstance(doc, dict) and isinstance(doc.get("story"), str):
            out[str(path.relative_to(ROOT))] = " ".join(doc["story"].split())
    return out


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower())


def _stock() -> list[str]:
    lines = [t for parts in STORIES.values() for pool in parts for t in pool]
    return lines + [t for pairs in SETUPS.values() for pair in pairs for t in pair]


def _copied(template: str, sample: str) -> str | None:
    """The run of RUN or more of the template's own words (its {fields} left out) that the
    sample says too, else None."""
    told = " " + " ".join(_words(sample)) + " "
    for part in re.split(r"\{\w+\}", template):
        words = _words(part)
        for k in range(len(words) - RUN + 1):
            run = " ".join(words[k:k + RUN])
            if f" {run} " in told:
                return run
    return None


def test_the_samples_are_read():
    samples = _samples()
    assert len(samples) >= 10 and any("last train left without anyone" in s for s in samples.values())


def test_the_copy_check_finds_a_copied_line():
    """The check itself: the line the editor found twice is caught."""
    sample = "The last train left without anyone on it, and by morning Lord Ashdown was dead."
    assert _copied("On {day} the last train left without anyone on it.", sample)
    assert _copied("{person} fainted at the sight, and had to be carried out.",
                   "Colonel Ashby, who found him, fainted at the sight and had to be carried out.")
    assert not _copied("{person} came upon the body and fainted clean away.", sample)


def test_no_stock_line_copies_a_sample_sentence():
    samples = _samples()
    copies = [(t, path, run) for t in _stock() for path, text in samples.items()
              if (run := _copied(t, text))]
    assert not copies, copies


def test_a_murder_opening_says_there_was_a_death():
    """So 'the victim' (the set-up) and 'the body' (what happened) follow from it."""
    openings, _ = STORIES["murder"]
    death = re.compile(r"\b(murder\w*|dead|death|body|victim's)\b", re.I)
    assert [t for t in openings if not death.search(t)] == []


# a thread a line starts that no case ties off, a bystander's debt or quarrel with the victim
# (the set-up gives the motive to the murderer), and a wrong idiom
LOOSE = re.compile(r"\b(secret|glove|note|unread|keys?|clock had stopped|stopped at|unexpected visitors?|"
                   r"visitor arrived|footman|lawyer|telephone line|butler|expecting someone|owed?|owing|debts?|"
                   r"money|loan|quarrell?ed|would not meet|shot of thunder|the sight|window open|photographer)\b", re.I)


@pytest.mark.parametrize("kind", sorted(STORIES))
def test_no_opening_or_bystander_line_leaves_a_thread_hanging(kind):
    loose = [t for pool in STORIES[kind] for t in pool if LOOSE.search(t)]
    assert loose == [], loose


def test_a_timed_line_is_a_stock_line():
    """TIMED keeps a line out of cases whose clues place the crime in time: a renamed line
    must be renamed there too, or it slips back in."""
    stock = {t for parts in STORIES.values() for pool in parts for t in pool}
    assert TIMED <= stock, TIMED - stock


def test_a_murder_story_sends_for_the_police_once():
    """An opening of 'the house was full of police' is not followed by a bystander who 'sent
    for the police at once' (story.THEMES keeps the second line off the first's theme)."""
    import random

    from casetool.generate.story import story
    for seed in range(60):
        words = {"day": "May 3rd", "person": "Mrs. Peacock", "noun": "lantern", "object": "Lantern",
                 "seed": str(seed)}
        text = story({}, "murder", random.Random(seed), words, set())
        assert len(re.findall(r"\bpolice\b", text)) <= 1, text


def test_a_bystander_is_never_they():
    """'Only Francis knew where the Wallet was kept, or so they thought.' (tudor timeline 115):
    a line names its bystander and never needs a pronoun for them."""
    lines = [t for parts in STORIES.values() for pool in parts for t in pool if "{person}" in t]
    assert [t for t in lines if re.search(r"\b(they|them|their)\b", t)] == []
