"""A clue named again by its opening words (english/names.py: short_ref in hints, the pointer
back on a page) stops where a phrase ends: never after a title ("…Mrs. Peacock and Mrs.…"),
never inside a name, an article's phrase or a measure ("a room two paces…" for "a room two
paces across"), and names one clue of its case."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from casetool.english.names import _cut, _full_ref, clue_ref, quoted_before, short_ref
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
# words a phrase goes on past; said here, not taken from names.py, so the test is its own reader
GOES_ON = {"a", "an", "the", "of", "in", "on", "at", "to", "from", "by", "with", "and", "or", "nor", "either",
           "neither", "not", "if", "that", "was", "were", "next", "whoever"}
TITLES = {"Mr.", "Mrs.", "Ms.", "Dr.", "Mr", "Mrs", "Dr", "Miss", "Lady", "Lord", "Sir", "Professor", "Colonel",
          "Reverend", "Captain", "Sergeant", "Prince", "Princess", "Duchess", "Vicar", "Inspector"}
NUMBERS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}


def _fixture(tmp_path: Path, setting: str, name: str):
    shutil.copy(ROOT / "cases" / setting / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(FIXTURES / name, tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def _cuts(case) -> list[tuple[str, str, str]]:
    """(clue text, cut, how) for every clue a hint or a page would name by its opening words."""
    out = []
    for clue in case.clues:
        try:
            full = _full_ref(case, clue.id)
        except StopIteration:
            continue
        with quoted_before(frozenset({clue.id})):
            again = clue_ref(case, clue.id)
        for cut, how in ((short_ref(case, clue.id), "hint"), (again, "page")):
            if cut != full:
                out.append((" ".join(clue.text.split()), cut, how))
    return out


def _assert_ends_a_phrase(case, text: str, cut: str) -> None:
    said = cut.split("\u201c", 1)[1].removesuffix("\u2026\u201d")
    words, rest = said.split(), text[len(said):].split()
    assert text.startswith(said), (cut, text)
    last, after = words[-1], rest[0] if rest else ""
    assert last not in TITLES, cut
    assert last.lower().strip(",;:") not in GOES_ON, cut
    assert last.lower() not in NUMBERS, cut
    assert not (words[-2].lower() in NUMBERS and after.strip(".,") in {"across", "high", "tall", "long"}), cut
    assert not (last[:1].isupper() and after[:1].isupper() and last[-1].isalpha()), cut   # mid-name
    texts = [" ".join(c.text.split()) for c in case.clues]
    assert sum(t.startswith(said) for t in texts) == 1 or cut.endswith("\u201d") and "\u2026" not in cut, cut


def test_a_list_of_names_is_not_cut_after_a_title(tmp_path):
    """tudor timeline seed 61: '…Mrs. Peacock and Mrs.…' in a hint."""
    case = _fixture(tmp_path, "tudor", "tudor-timeline-61-hard.yaml")
    cuts = {cut for text, cut, _ in _cuts(case) if text.startswith("Colonel Mustard, Reverend Green")}
    assert cuts == {"the note \u201cColonel Mustard, Reverend Green, Mrs. Peacock\u2026\u201d"}, cuts
    for text, cut, _ in _cuts(case):
        _assert_ends_a_phrase(case, text, cut)


def test_a_measure_is_not_cut_from_its_word(tmp_path):
    """grange timeline seed 66: '“Whoever struck in a room two paces…”' on the page (read
    beside the grange setting of its day, which said a room's size as a measure in paces)."""
    figures = ROOT / "tests" / "fixtures" / "grange-figures"
    shutil.copy(figures / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(figures / "grange-timeline-66-hard.yaml", tmp_path / "001.yaml")
    case = load_paths([tmp_path / "001.yaml"]).cases[0]
    # a clue that opens on its premise is quoted whole (session 17: cut, it was its premise alone)
    cuts = {cut for text, cut, how in _cuts(case) if text.startswith("Whoever struck in a room two paces")}
    assert cuts == set(), cuts
    said = "The murderer struck in a room two paces across or used a weapon that weighed three pounds"
    assert _cut(f"the note \u201c{said}\u201d", 7) == "the note \u201cThe murderer struck in a room two paces across\u2026\u201d"
    for text, cut, _ in _cuts(case):
        _assert_ends_a_phrase(case, text, cut)


@pytest.mark.parametrize("path", sorted(str(p.relative_to(ROOT / "cases")) for p in (ROOT / "cases").glob("*/[0-9]*.yaml")))
def test_every_sample_clue_is_cut_where_a_phrase_ends(path):
    case = load_paths([ROOT / "cases" / path]).cases[0]
    for text, cut, _ in _cuts(case):
        _assert_ends_a_phrase(case, text, cut)


def test_a_size_said_in_words_is_cut_where_a_phrase_ends(tmp_path):
    """The same case as grange says it now ('in the second-smallest of the four rooms')."""
    case = _fixture(tmp_path, "grange", "grange-timeline-66-hard.yaml")
    cuts = {cut for text, cut, how in _cuts(case) if text.startswith("Whoever struck in the second-smallest")}
    assert cuts == set(), cuts   # quoted whole: it opens on its premise
    said = "The murderer struck in the second-smallest of the four rooms or used the Rope at nine o'clock"
    assert _cut(f"the note \u201c{said}\u201d", 7) == "the note \u201cThe murderer struck in the second-smallest of the four rooms\u2026\u201d"
    for text, cut, _ in _cuts(case):
        _assert_ends_a_phrase(case, text, cut)
