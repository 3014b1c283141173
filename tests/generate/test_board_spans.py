"""A board night told in fewer, richer lines (issue 24: "26 narrator facts read as a
ledger"): a piece's stays and moves in one sentence, guests together, several guests'
motives in one note (generate/candidates/board_spans.py), and the chooser's merge of the
plain facts it kept into them (generate/board_choose.py). Every richer sentence is read
back here by a plain parser of its own words and must mean exactly its `means:`; a merged
case must mean what the plain one meant, in fewer clues, and stay unique and irredundant
by the brute force of tests/solver."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from casetool.generate import candidates as cands_mod
from casetool.generate.board_choose import BoardChooser, _Tidy, said_as_cells
from casetool.generate.candidates import board_spans
from casetool.generate.candidates.board_spans import RICH, atoms
from casetool.generate.candidates.builder import Candidate
from casetool.generate.engine import build_pool
from casetool.generate.minimize import STYLES
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan

from generate_helpers import CASES, FIXTURES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import feasible_values, possible_answers  # noqa: E402

MEDIUM = CASES / "mansion" / "medium"
TIMES = ["six", "seven", "eight", "nine", "ten", "eleven", "midnight"]


def draft(setting_dir: Path, seed: int):
    source, _ = load_source(setting_dir)
    rng = random.Random(seed)
    world = make_plan(source.setting, "board", rng, Wish(), facts=source.world)
    return source, world, rng, cands_mod.draft(source, world, rng)


def test_a_span_means_every_hour_between_its_ends():
    means = "(all t in time where t between six and eight: at(rope, t) == library) and at(rope, nine) == hall"
    assert atoms(means, TIMES) == {"at(rope, six) == library", "at(rope, seven) == library",
                                   "at(rope, eight) == library", "at(rope, nine) == hall"}
    assert atoms("ashby.motive == greed and at(ashby, six) == hall", TIMES) == \
        {"ashby.motive == greed", "at(ashby, six) == hall"}
    assert atoms("at(rope, six) == at(ashby, six)", TIMES) is None
    assert atoms("at(rope, six) != hall", TIMES) is None


# ---- the sentences, read back by their own words ------------------------------------------
HOUR = {"six": "six", "seven": "seven", "eight": "eight", "nine": "nine", "ten": "ten", "eleven": "eleven",
        "midnight": "midnight"}


def _hours(words: str) -> list[str]:
    """'at six o'clock' -> [six]; 'at six, seven and eight o'clock' and 'from six to eight
    o'clock' -> [six, seven, eight]."""
    if words.startswith("at "):
        return [w.removesuffix(" o'clock") for w in re.split(r", | and ", words[3:])]
    got = re.fullmatch(r"from (\w+)(?: o'clock)? to (\w+)(?: o'clock)?", words)
    assert got, words
    return TIMES[TIMES.index(got[1]):TIMES.index(got[2]) + 1]


def read_back(text: str, ids: dict[str, str]) -> set[str]:
    """The cells or motives a richer sentence says, by a parser of its words alone."""
    text = text.rstrip(".")
    if "'s motive was" in text:
        out = set()
        for part in re.split(r", | and ", text):
            who, value = re.fullmatch(r"(.+)'s (?:motive )?was (\w+)", part).groups()
            out.add(f"{ids[who]}.motive == {value}")
        return out
    room = r"(?:in )?the ([A-Z]\w+(?: [A-Z]\w+)?)"
    together = re.fullmatch(r"(.+) were together in the ([A-Z]\w+(?: [A-Z]\w+)?) (.+)", text)
    if together:
        names = re.split(r", | and ", together[1])
        return {f"at({ids[n]}, {t}) == {ids[together[2]]}" for n in names for t in _hours(together[3])}
    who, rest = re.fullmatch(r"(.+?) (?:stayed|lay|was) (in the .+)", text).groups()
    out = set()
    for leg in re.split(r", then |, (?=in the)| and (?=in the)", rest):
        z, when = re.fullmatch(rf"{room} ((?:at|from) .+)", leg).groups()
        out |= {f"at({ids[who]}, {t}) == {ids[z]}" for t in _hours(when)}
    return out


@pytest.mark.parametrize("longest", [3, 7])
def test_every_richer_sentence_means_exactly_what_its_words_say_and_is_true(monkeypatch, longest):
    """At the stays told today (three hours at most: board_spans.LONGEST) and at the long ones
    ("from six to nine o'clock", a quantifier) a grade that reads them right would allow."""
    monkeypatch.setattr(board_spans, "LONGEST", longest)
    source, world, _, got = draft(MEDIUM, 7)
    setting = source.setting
    ids = {item.name: item.id for item in setting.all_items()}
    ids |= {f"The {item.name}": item.id for item in setting.all_items()}
    rich = [c for c in got.candidates if c.family == RICH]
    assert len(rich) > 20
    forms = set()
    for c in rich:
        said = read_back(c.text, ids)
        assert said == atoms(c.means, TIMES), (c.text, c.means)
        for cell in said:
            x, t, z = re.fullmatch(r"at\((\w+), (\w+)\) == (\w+)", cell).groups() if cell.startswith("at(") \
                else (None, None, None)
            if x is not None:
                assert world.loc[(x, t)] == z, c.text
        forms.add("together" if "together" in c.text else "motive" if "motive" in c.text
                  else "then" if ", then" in c.text else "legs" if " and in the" in c.text else "stay")
    assert forms == {"together", "motive", "then", "legs", "stay"}, forms
    listed = [c.text for c in rich if re.search(r"at \w+, \w+", c.text)]
    assert listed and any("(all t" in c.means for c in rich) == (longest > 3)   # a span past NAMED hours


# ---- the merge ---------------------------------------------------------------------------
def cand(key: str, means: str, family: str = "move") -> Candidate:
    return Candidate(key, means, "", "notes", "fact", family)


def test_a_clue_that_repeats_cells_is_cut_and_clues_one_line_means_are_joined():
    cells = {t: f"at(rope, {t}) == hall" for t in TIMES}
    cands = [cand("k1", f"{cells['six']} and {cells['seven']}"), cand("k2", cells["eight"], "cell"),
             cand("k3", f"{cells['seven']} and {cells['eight']}"),
             cand("k4", f"{cells['six']} and {cells['seven']} and {cells['eight']}", RICH),
             cand("k5", "at(rope, nine) == hall and at(ashby, nine) == hall", RICH),
             cand("k6", "at(rope, nine) != hall", "cell"), cand("k7", "at(rope, ten) == hall", "cell"),
             cand("k8", " and ".join(cells[t] for t in TIMES[:5]), RICH)]
    tidy = _Tidy(cands, ["k1", "k3", "k6"], TIMES)
    assert tidy.cut() and set(tidy.parts) == {"k1", "k2", "k6"}   # k3's seven is k1's: k3 is cut to eight
    assert tidy.join() and set(tidy.parts) == {"k4", "k6"}        # k1 and k2 are k4's cells exactly
    assert not tidy.cut() and not tidy.join()
    # a richer line that says more than the kept clues is never taken for them
    more = _Tidy(cands, ["k1", "k7"], TIMES)   # k8 also says eight and nine
    assert not more.join() and set(more.parts) == {"k1", "k7"}
    # a guest's word is never merged: the murderer's may be false
    word = Candidate("k2", cells["eight"], "", "ashby", "statement", "statement")
    assert said_as_cells(word, TIMES) is None


def world_unique(case, ids) -> bool:
    if possible_answers(case, ids) != {tuple(case.solution[c] for c in case.setting.answer)}:
        return False
    return all(len(values) == 1 for values in feasible_values(case, dict(case.solution), ids).values())


def chosen(setting_dir: Path, seed: int, style: str):
    """The chooser's kept clues before the merge, and after it."""
    source, world, rng, got = draft(setting_dir, seed)
    pool = build_pool(source, world, got)
    chooser = BoardChooser(pool, world, rng, STYLES[style], True)
    kept = chooser.remove_redundant(chooser.add_until_unique())
    assert kept is not None
    merged = chooser.merge(list(kept))
    pool.oracle.close()
    return source, world, pool, kept, merged


@pytest.mark.parametrize("seed", [3, 5])
def test_the_merge_tells_the_same_night_in_fewer_clues(seed):
    source, _, pool, kept, merged = chosen(MEDIUM, seed, "easy")
    times = source.setting.categories["time"].ids

    def meaning(keys):
        parts = [said_as_cells(pool.candidates[k], times) for k in keys]
        return {k for k, p in zip(keys, parts, strict=True) if p is None}, frozenset().union(*(p for p in parts if p))
    assert len(merged) < len(kept) - 3, (len(kept), len(merged))
    assert meaning(merged) == meaning(kept)
    assert any(pool.candidates[k].family == RICH for k in merged)


@pytest.mark.slow   # the brute force searches the night cell by cell
def test_a_merged_case_is_unique_and_needs_every_clue_by_the_brute_force(tmp_path):
    from generate_helpers import board_case
    case = board_case(tmp_path, FIXTURES / "tiny-board", 4, "world")
    ids = [c.id for c in case.clues]
    assert world_unique(case, ids)
    for cid in ids:
        assert not world_unique(case, [i for i in ids if i != cid]), f"clue {cid} is not needed"
