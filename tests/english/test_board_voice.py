"""How a board solution page says a thing again (english/board_voice.py): a piece named a
second time in its sentence as 'he', 'she', 'it' or 'the Colonel', never a pronoun another
person named before could take; the rooms the facts state said as the facts themselves, a run
of them as one list; no sentence too long to follow aloud. Every claim of these sentences is
checked by the brute force in test_board_solution.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casetool.english.board_solution import board_paragraphs
from casetool.english.board_voice import Voice
from casetool.english.phrases import item_name
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]


class _Names(Voice):
    """The wordings alone, over a setting: the names as the page says them."""

    def __init__(self, setting):
        self.setting, self.tl = setting, setting.timeline
        self.people = setting.categories[self.tl.people].ids
        self.victim = setting.categories[self.tl.victim].ids[0]

    def name(self, x: str) -> str:
        return item_name(self.setting, x, self.setting.find_item(x).category
                         if x in self.people or x == self.victim else None)


def test_a_piece_named_again_is_a_pronoun_only_when_no_one_named_before_could_take_it():
    setting = load_paths([ROOT / "cases" / "mansion" / "large"]).cases[0].setting
    v = _Names(setting)
    assert v.again("everett", "Mr Everett was with Dr Crane at ten o'clock") == "he"
    # Lord Ashdown is 'he' as well: 'he' would read as either
    assert v.again("everett", "Mr Everett was with Lord Ashdown at ten o'clock") == "Mr Everett"
    assert v.again("bellamy", "Mrs Bellamy was with Mr Everett at ten o'clock") == "she"
    assert v.again("dunmore", "Lady Dunmore was with Mrs Bellamy at ten o'clock") == "Lady Dunmore"
    assert v.again("ashby", "Colonel Ashby was with Dr Crane at ten o'clock") == "the Colonel"   # no title says
    assert v.again("dagger", "The Dagger was with Mr Everett at ten o'clock") == "it"
    assert v.again("dagger", "The Dagger was in the same room as the Rope at ten o'clock") == "the Dagger"
    assert v.again_obj("bellamy", "Mrs Bellamy ...") == "her" and v.again_s("everett", "Mr Everett ...") == "his"


def _sentences(paragraphs) -> list[str]:
    return [s for p in paragraphs for line in p for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", line.text)]


@pytest.mark.parametrize("book", ["small", "medium", "large"])
def test_the_mansion_pages_name_a_piece_once_a_sentence_and_say_the_facts_as_they_are(book):
    """'Dr Crane was with Colonel Ashby at six o'clock, so the Doctor was in the Kitchen
    too', never '..., so Dr Crane was'; 'Colonel Ashby went from the Hall to the Ballroom
    between eleven o'clock and midnight, so the Colonel was in the Ballroom at midnight',
    never 'The fact “...” puts Colonel Ashby in the Ballroom at midnight'; a run of such
    rooms said as one sentence; no sentence longer than a breath or two."""
    case = load_paths([ROOT / "cases" / "mansion" / book]).cases[0]
    paragraphs = board_paragraphs(case)
    assert paragraphs is not None
    names = [i.name for c in (case.setting.timeline.people, case.setting.timeline.victim)
             for i in case.setting.categories[c].items]
    sentences = _sentences(paragraphs)
    for s in sentences:
        assert not re.search("(The fact|the note) \u201c[^\u201d]*\u201d puts", s), s
        for n in names:
            assert not re.match(rf"{re.escape(n)}\b[^\u201c]*, so {re.escape(n)} was", s), s
        assert len(s) <= 450, s
    for p in paragraphs:   # a run of rooms the facts state is one sentence, not one each
        placed = [line.kind == "placed" for line in p]
        assert not any(a and b for a, b in zip(placed, placed[1:], strict=False)), [line.text for line in p]
    said = [line for p in paragraphs for line in p if line.kind == "placed"]
    assert said, "no room a fact states on the page"
    for line in said:   # the fact said as itself, or among the rooms the facts put pieces in
        texts = [" ".join(c.text.split()).rstrip(".") for c in case.clues]
        assert "the facts put" in line.text.lower() or any(line.text.startswith(t + ", so ") or line.text == t + "."
                                                           for t in texts), line.text
        # a fact that names the hour and the room is said once: not '..., so it was there at ten o'clock'
        m = re.search(r"from (\w+) to .*, so \w+ was there at (\w+)", line.text)
        assert not (m and m.group(1) == m.group(2)), line.text
