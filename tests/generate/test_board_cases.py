"""Board cases (issue 25 items 2, 3 and 6): a generated case is unique for its criterion
(the answer, or under `unique: world` the whole night) and irredundant for it, as the brute
force of tests/solver finds, never as the generator says; bad boards are positioned
input errors before any search."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml
from casetool.generate.engine import Request, generate
from casetool.generate.source import load_source

from cli_support import error_lines, run
from generate_helpers import CASES, FIXTURES, board_case

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import feasible_values, possible_answers  # noqa: E402

TINY = FIXTURES / "tiny-board"


def generated(tmp_path: Path, seed: int, unique: str):
    return board_case(tmp_path, TINY, seed, unique)


def solution(case) -> tuple[str, ...]:
    return tuple(case.solution[c] for c in case.setting.answer)


def world_unique(case, ids=None) -> bool:
    """The brute force: one answer, and under it every cell, fact and liar set has one value."""
    if possible_answers(case, ids) != {solution(case)}:
        return False
    return all(len(values) == 1 for values in feasible_values(case, dict(case.solution), ids).values())


@pytest.mark.slow   # the brute force searches the night cell by cell: 5-15 s a case
@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_world_case_has_one_night_and_needs_every_clue(tmp_path, seed):
    case = generated(tmp_path, seed, "world")
    assert case.unique == "world"
    ids = [c.id for c in case.clues]
    assert world_unique(case, ids)
    for cid in ids:
        assert not world_unique(case, [i for i in ids if i != cid]), f"clue {cid} is not needed"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_answer_case_has_one_answer_and_needs_every_clue(tmp_path, seed):
    case = generated(tmp_path, seed, "answer")
    assert case.unique != "world"
    ids = [c.id for c in case.clues]
    assert possible_answers(case, ids) == {solution(case)}
    for cid in ids:
        assert len(possible_answers(case, [i for i in ids if i != cid])) > 1, f"clue {cid} is not needed"


def test_every_clue_is_one_sentence_in_the_house_style(tmp_path):
    """One fact a sentence, no ids, no logic notation, a narrator or the inspector speaking."""
    case = generated(tmp_path, 4, "world")
    ids = {i.id for c in case.setting.categories.values() if not c.ordered for i in c.items}  # "eight" is English
    for clue in case.clues:
        assert clue.speaker in ("notes", "hale")
        assert clue.text.count(". ") == 0 and clue.text.endswith("."), clue.text
        assert not ids & set(re.findall(r"\b[a-z_]+\b", clue.text)), clue.text   # "in the hall": an id
        assert not any(m in clue.text for m in (" iff ", "not both", " xor ", "==", "!="))


# ---- bad boards ------------------------------------------------------------------
def bad_board(tmp_path: Path, change) -> Path:
    doc = yaml.safe_load((CASES / "mansion" / "small" / "setting.yaml").read_text())
    change(doc)
    (tmp_path / "setting.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    return tmp_path


def _unreachable(doc):
    rooms = doc["categories"]["room"]["items"]
    rooms["kitchen"]["adjacent"] = []
    rooms["dining_room"]["adjacent"] = ["hall"]


def _one_room(doc):
    doc["categories"]["room"]["items"] = {"hall": {"name": "Hall", "wing": "east", "adjacent": []}}


def _one_value(doc):
    doc["categories"]["suspect"]["attributes"]["motive"].update(values=["greed"], counts={"greed": 3})


def _too_many(doc):
    doc["categories"]["suspect"]["attributes"]["motive"]["counts"] = {"greed": 3, "revenge": 1}


@pytest.mark.parametrize("change, code, words", [
    (_unreachable, "G009", "no chain of `adjacent` rooms joins 'kitchen' to 'hall'"),
    (_one_room, "G009", "the culprit cannot be alone with the victim"),
    (_one_value, "G009", "suspect.motive has 1 value(s)"),
    (_too_many, "V074", "counts of 'motive' add up to 4, but suspect has 3 items"),
], ids=["unreachable room", "one room", "one value", "counts over the category"])
def test_a_board_that_cannot_hold_a_night_is_a_positioned_error(tmp_path, change, code, words):
    folder = bad_board(tmp_path, change)
    result = run("generate", "--setting", folder)
    assert result.exit_code == 2
    errors = error_lines(result.output)
    assert errors and errors[0]["code"] == code and words in errors[0]["msg"], result.output
    assert int(errors[0]["line"]) > 1   # at the room, the category or the attribute, not the file's top


@pytest.mark.slow
def test_the_mansion_generates_a_book_that_checks_under_world_and_lints_clean(tmp_path):
    """`casetool generate --setting cases/mansion/small --count 2 -o DIR` (the setting asks
    `world: unique: world`): every case says `unique: world` and checks ok with its whole
    night unique; lint finds only the introduction stub a generated book always has."""
    out = tmp_path / "book"
    result = run("generate", "--setting", CASES / "mansion" / "small", "--count", 2, "-o", out)
    assert result.exit_code == 0, result.output
    cases = sorted(out.glob("0*.yaml"))
    assert len(cases) == 2 and all("\nunique: world\n" in p.read_text() for p in cases)
    checked = run("check", "--world", out)
    assert checked.exit_code == 0 and "2 ok" in checked.output, checked.output
    linted = run("lint", out)
    found = set(re.findall(r": (?:error|warning)\[([A-Z0-9]+)\]", linted.output))
    assert found <= {"L021"} and "2 cases linted" in linted.output, linted.output


def test_time_limit_bounds_the_whole_generation_and_says_so():
    """--time-limit: past it generation stops (exit 1) with a message naming the limit, not
    a traceback; with time enough the same command makes the case."""
    import time
    start = time.monotonic()
    result = run("generate", "--setting", CASES / "mansion" / "large", "--time-limit", 0.3)
    assert time.monotonic() - start < 10
    assert result.exit_code == 1 and "the time limit of 0.3 s was reached" in result.output, result.output
    assert run("generate", "--setting", TINY, "--time-limit", 60).exit_code == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_easy_board_case_is_asked_for_and_made_in_a_few_drafts(seed):
    """Easy starts from the clues a player reads the answer off one at a time (the hour's
    notes, where the victim, every other guest and weapon were then) and keeps them over
    the rest (board_choose.py): without them nearly every whole-night draft grades hard."""
    source, _ = load_source(CASES / "mansion" / "medium")
    got = generate(Request(source, seed, "board", unique="world", difficulty="easy", max_attempts=4))
    assert got.grade.level == "easy" and got.grade.depth <= 1
    assert any("still alive" in c.text or "dead by" in c.text for c in got.doc.clues)


def test_the_chooser_thins_on_the_sat_mirror_and_what_it_keeps_is_minimal(tmp_path, monkeypatch):
    """generate's thinning asks the incremental SAT mirror (Session.minimal(sat=True)): at
    8x8x10x8 a CP-SAT solve is mostly the model loaded again (bench/README.md, "The
    thinning on the SAT mirror"). The mirror's answers are exact: a subset it calls
    minimal is, asked of CP-SAT alone, unable to hold with the fixed part while every
    subset one smaller can; and the generated case stays whole-world unique and
    irredundant (the brute force, test_a_whole_world_case_has_one_night_and_needs_every_clue)."""
    from casetool.solver.budget import Budget
    from casetool.solver.session import Oracle, Session
    asked: list[bool] = []
    minimal = Session.minimal

    def spy(self, *args, **kw):
        if isinstance(self, Oracle):
            asked.append(bool(kw.get("sat")))
        return minimal(self, *args, **kw)

    monkeypatch.setattr(Session, "minimal", spy)
    case = generated(tmp_path, 1, "world")
    assert asked and all(asked), asked
    monkeypatch.setattr(Session, "minimal", minimal)

    session = Session.open(case, Budget(60))
    clues = session.clue_lits(c.id for c in case.clues)
    other = session.block(dict(case.solution))   # another answer
    kept = session.minimal(clues, [other], sat=True)
    assert kept is not None and session.sat_calls > 0
    check = Session.open(case, Budget(60), incremental=False)   # CP-SAT alone judges it
    ids = {lit.index: cid for cid, lit in session.compiled.enables.items()}
    kept_ids = [ids[lit.index] for lit in kept]
    other2 = check.block(dict(case.solution))
    assert not check.feasible(check.clue_lits(kept_ids) + [other2])
    for drop in kept_ids:
        assert check.feasible(check.clue_lits([k for k in kept_ids if k != drop]) + [other2]), drop


def test_a_counterexample_from_the_sat_mirror_is_a_world_cp_sat_accepts(tmp_path):
    """The chooser's counterexamples come from the mirror (Session.sat_world): each is a
    whole world in which the clues asked hold (CP-SAT, given every cell, fact and the
    answer of it, finds the question feasible), and there is none when the clues leave
    no other answer."""
    from casetool.solver.budget import Budget
    from casetool.solver.session import Session
    case = generated(tmp_path, 2, "world")
    session = Session.open(case, Budget(60))
    check = Session.open(case, Budget(60), incremental=False)
    ids = [c.id for c in case.clues]
    assert session.sat_world(session.clue_lits(ids) + [session.block(dict(case.solution))]) is None
    seen = 0
    for drop in ids:
        rest = [i for i in ids if i != drop]
        world = session.sat_world(session.clue_lits(rest) + [session.block(dict(case.solution))])
        if world is None:
            continue
        seen += 1
        assert world.answer != dict(case.solution)
        c = check.compiled
        pins = [c.answer[cat][item] for cat, item in world.answer.items()]
        pins += [c.loc[k][z] for k, z in world.loc.items()] + [c.facts[k][x] for k, x in world.facts.items()]
        assert check.feasible(check.clue_lits(rest) + [check.block(dict(case.solution))] + pins), drop
    assert seen and session.sat_calls > 0
