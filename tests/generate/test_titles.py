"""A generated case's title is about its story (issue 24, EDITOR.md 5): the set-up its story
tells, or the object its story says was taken, never a thing of the game the clues may rule
out or place wrongly ("Death and the Wrench", "A Death near the Cellar" for a murder done in
the Library, "The Revolver Mystery" in a codes case no clue of which names a revolver)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casetool.english.motives import SETUPS
from casetool.generate.story import title_words

ROOT = Path(__file__).resolve().parents[2]


def _words(text: str) -> set[str]:
    """Lower-case words, each also as its first four letters ('jealous', 'jealousy')."""
    words = set(re.findall(r"[a-z][a-z'-]*", text.lower()))
    return words | {w[:4] for w in words}


def _why_of(story: str) -> str:
    flat = " ".join(story.split())
    return " ".join(why for pairs in SETUPS.values() for setup, why in pairs if setup.split("{")[0] in flat)


# classic is a cards setting (`casetool generate` refuses it liars: its liar rule is 'none'); its
# liars drafts, singled out by the narrator's links alone, failed seed 3 in 40 drafts by chance
# of the draw once a level-1 either joined only one attribute's values (issue 24)
@pytest.mark.parametrize("name,kind", [("classic", "cards"), ("murdle", "liars"), ("grange", "timeline"),
                                       ("supercluedo", "codes"), ("hampshire", "liars"), ("tudor", "timeline"),
                                       ("mansion/small", "board")])
def test_a_generated_title_is_about_its_story(name, kind):
    from casetool.generate.engine import Request, generate
    from casetool.generate.source import load_source
    source = load_source(ROOT / "cases" / name)[0]
    setting = source.setting
    got = generate(Request(source, 3, kind, max_attempts=40))
    answer = got.case.solution
    stolen = {setting.item_name(answer[c]) for c in answer if c == "object"}
    known = _words(f"{got.case.story} {_why_of(got.case.story)} {' '.join(stolen)}")
    assert all(w in known or w[:4] in known for w in title_words(got.title)), (got.title, got.case.story)
    others = {w.lower() for i in setting.all_items() if i.name not in stolen for w in i.name.split()}
    assert not title_words(got.title) & others, got.title
