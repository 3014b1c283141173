"""A board cell that only many clues settle together, argued and not summed up ("Only the
Hall is left for Lord Ashdown at nine o'clock, though it takes five clues together to show
it"): told as a supposition read to a clash, or as a chain of facts few clues force.

Kept cases whose pages printed the bare sentence: the tiny board's seed 8 (with at most two
clues a sentence, as test_board_solution's slow test reads the tiny boards), whose every
claim the brute force of tests/solver checks; and three mansion medium cases (`--kind board
--difficulty hard|fiendish --attempts 20`, seeds 2, 3 and 5: too large for the brute force,
their words are checked here and their truth by the same code on the tiny boards)."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from casetool.english import board_chain, board_cited, board_notes
from casetool.english.board_solution import board_paragraphs
from casetool.load.project import load_paths

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from test_board_solution import assert_claim, assert_said_before  # noqa: E402

from bruteforce import feasible_values, possible_answers  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
BARE = ("clues together", "clues show", "clues rule", "clues keep")


def kept_case(tmp_path: Path, setting: Path, name: str):
    shutil.copy(setting / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(FIXTURES / f"{name}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path]).cases[0]


def telling(paragraphs, claim: tuple) -> str:
    """The sentence that tells the claim, after what it leans on is recalled (english/board_grounds.py)."""
    said = RECALLED.sub("", next(line.text for p in paragraphs for line in p if claim in line.claims))
    said = re.sub(r"^(With that, |Then |So |Likewise, )", "", said)   # the turn of words that leans on them
    return said[:1].upper() + said[1:]


# 'We know that Colonel Ashby was in the Library at seven o'clock. We also know ...': the grounds said first
RECALLED = re.compile(r"^((We know|Recall|We have seen|We also know) [^\u201c]*?\. )+")


def test_the_victims_room_many_clues_settle_is_argued_and_true(tmp_path, monkeypatch):
    """Tiny board seed 8, two clues a sentence: Lord Ashdown's room at nine took three clues
    together (no one fact that few clues force shortened the supposition's clash; now a fact
    the clash leans on is taken on the way even when it keeps it as long). Now: 'Suppose Lord Ashdown had not been in the Library at nine o'clock. Then,
    since he was there at eight o'clock, he left it by nine o'clock and was still alive at
    eight o'clock, so the murder came later. But then the fact ... and the fact ... could
    not both be true'; every claim of the
    page true by the brute force, and the clash's clues one short leave a world."""
    for module in (board_notes, board_chain, board_cited):
        monkeypatch.setattr(module, "QUOTED", 2)
    case = kept_case(tmp_path, ROOT / "tests" / "generate" / "fixtures" / "tiny-board", "tiny-board-8")
    paragraphs = board_paragraphs(case)
    assert paragraphs is not None
    texts = [line.text for p in paragraphs for line in p]
    assert not [t for t in texts if any(b in t for b in BARE)], texts
    said = telling(paragraphs, ("suppose", "ashdown", "nine", "library", False))
    assert said.startswith("Suppose Lord Ashdown had not been in the Library at nine o'clock. Then, since he was "
                           "there at eight o'clock, he left it by nine o'clock and was still alive at eight o'clock, "
                           "so the murder came later. But then the fact "), said
    assert "could not both be true" in said, said   # two clues that clash only together, not 'A or B'
    assert said.endswith("So Lord Ashdown was in the Library at nine o'clock after all."), said
    answers = possible_answers(case)
    values = feasible_values(case, dict(zip(case.setting.answer, next(iter(answers)), strict=True)))
    for line in [line for p in paragraphs for line in p]:
        for claim in line.claims:
            assert_claim(case, claim, answers, values)
    clash = next(c for p in paragraphs for line in p for c in line.claims if c[0] == "if" and c[4] == ("clash",))
    _, clues, given, found, _ = clash
    for k in range(len(clues)):   # each clue of the clash is needed
        with pytest.raises(AssertionError):
            assert_claim(case, ("if", clues[:k] + clues[k + 1:], given, found, ("clash",)), None, None)
    assert_said_before(case, paragraphs)


@pytest.mark.parametrize(("name", "claim", "start"), [
    # when he was still alive is not all his room says: the supposition itself is leaned on
    ("hard-2", ("suppose", "ashdown", "nine", "hall", False), "Suppose Lord Ashdown had not been in the Hall at "
     "nine o'clock. Then the fact “Lord Ashdown went from the Library to the Hall between seven and eight o'clock” "
     "would mean he was still alive at eight o'clock, so the murder came later. But then the fact "),
    # facts few clues force on the way, each told by itself first, then three clues
    # (what they lean on recalled first, then what they give: english/board_grounds.py)
    ("fiendish-3", ("cell", "ashdown", "nine", "dining_room"), "The fact “The Candlestick was in the "
     "Dining Room at six o'clock”, the fact “Dr Crane stayed in the Hall from seven to eight o'clock” and the fact "
     "“Colonel Ashby stayed in the Dining Room from eleven o'clock to midnight” rule out every other room. Only the "
     "Dining Room is left for Lord Ashdown at nine o'clock."),
    # argued before, and still: facts that few clues did not force are not asked again for nothing
    ("fiendish-5", ("suppose", "ashdown", "midnight", "ballroom", False), "Suppose Lord Ashdown had not been in "
     "the Ballroom at midnight. Then "),
])
def test_a_mansion_cell_many_clues_settle_is_argued(tmp_path, name, claim, start):
    case = kept_case(tmp_path, ROOT / "cases" / "mansion" / "medium", f"mansion-board-medium-{name}")
    paragraphs = board_paragraphs(case)
    assert paragraphs is not None
    texts = [line.text for p in paragraphs for line in p]
    assert not [t for t in texts if any(b in t for b in BARE)], texts
    said = telling(paragraphs, claim)
    assert said.startswith(start), said
    if name != "fiendish-5":   # its step quoting three clues is one sentence of 329 characters (as before)
        assert max(len(s) for s in said.split(". ")) < 300, said
    assert_said_before(case, paragraphs)
