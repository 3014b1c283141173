"""Mutation tests on every sample case under cases/ (whatever case files exist now).

For each case that checks ok:
* dropping a decisive clue makes it ambiguous (one exists unless the case has a single
  clue); dropping any clue never gives a contradiction or a wrong solution; the clues
  whose removal keeps the case ok are exactly those the checker warns are redundant;
* adding the negation of the solution as a fact gives a contradiction whose conflict
  set contains the added clue and is minimal (the set cannot hold; without any one of
  its clues, the rest can);
* where the answer space is small enough, the brute force agrees with the checker.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest

from bruteforce import possible_answers, witnesses
from casetool.build_case import resolve_text
from casetool.diagnostics import Pos
from casetool.language import ir
from casetool.model import Clue
from casetool.project import load_paths
from casetool.solver.check import check_case
from casetool.solver.options import Options

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "cases"
NOT_CASES = {"setting.yaml", "casebook.yaml"}
FAST = Options(warnings=False)
NEGATED = "negated-solution"


def sample_case_files() -> list[Path]:
    if not CASES.is_dir():
        return []
    return sorted(p for p in CASES.glob("*/*.y*ml") if p.name not in NOT_CASES and p.suffix in (".yaml", ".yml"))


def load_case(path: Path):
    loaded = load_paths([path])
    errors = [d for d in loaded.diagnostics if d.is_error and d.pos.file.endswith(path.name)]
    assert not errors, "\n".join(f"{d.pos.file}:{d.pos.line}: {d.code} {d.message}" for d in errors)
    cases = [c for c in loaded.cases if Path(c.path).resolve() == path.resolve()]
    if not cases:
        pytest.skip(f"{path.name} did not load (its setting has errors)")
    return cases[0]


def with_clues(case, clues):
    return dataclasses.replace(case, clues=list(clues))


def only(case, keep: set[str]):
    """The case with every clue outside `keep` neutralised: it stays in the case with its
    speaker (so the case's witnesses do not change) but says nothing. `not lies(s)`
    spoken by s always holds: it is true exactly when s does not lie. This is what
    the checker means by a subset of the clues (one compiled model, clues switched off)."""
    out = []
    for c in case.clues:
        if c.id in keep:
            out.append(c)
        else:
            expr = ir.Not(ir.Lies(c.speaker)) if c.speaker else ir.Const(True)
            out.append(dataclasses.replace(c, expr=expr))
    return with_clues(case, out)


def ok_case(path: Path):
    case = load_case(path)
    result = check_case(case, FAST)
    assert result.status == "ok", f"{path.name} is {result.status}: {result.message}"
    return case


PARAMS = [pytest.param(p, id=f"{p.parent.name}/{p.stem}") for p in sample_case_files()]


@pytest.mark.parametrize("path", PARAMS)
def test_dropping_a_decisive_clue_makes_the_case_ambiguous(path):
    case = ok_case(path)
    ids = [c.id for c in case.clues]
    # the author's mutation: delete the clue from the case
    removed = {cid: check_case(with_clues(case, [c for c in case.clues if c.id != cid]), FAST).status for cid in ids}
    if len(ids) > 1:
        assert "ambiguous" in removed.values(), f"no clue is decisive: {removed}"
    # (deleting a witness's only statement also takes them out of the case's witnesses,
    # so lies(them) becomes false: that can even make the case contradictory)
    # switching a clue off keeps the witnesses: fewer constraints never rule out the answer
    off = {cid: check_case(only(case, set(ids) - {cid}), FAST).status for cid in ids}
    assert set(off.values()) <= {"ok", "ambiguous"}, off
    for cid, status in removed.items():
        if witnesses(with_clues(case, [c for c in case.clues if c.id != cid])) == witnesses(case):
            assert status == off[cid], (cid, status, off[cid])
    # the redundancy warnings name exactly the clues that can be switched off
    warned = check_case(case, Options(warnings=True))
    redundant = {w.message.split("'")[1] for w in warned.warnings if w.code == "W001"}
    assert redundant == {cid for cid, s in off.items() if s == "ok"}


def negated_solution(case) -> Clue:
    setting = case.setting
    text = "not (" + " and ".join(f"{c} == {case.solution[c]}" for c in setting.answer) + ")"
    expr, problem = resolve_text(text, setting, case)
    assert problem is None, problem
    pos = Pos(case.display, 10**6, 1)
    return Clue(id=NEGATED, text="It was not the declared solution.", means=text, speaker=None, kind="fact",
                reveal=None, wheel=None, room=None, pos=pos, means_pos=pos, expr=expr)


@pytest.mark.parametrize("path", PARAMS)
def test_negating_the_solution_gives_a_minimal_conflict_with_the_added_clue(path):
    case = ok_case(path)
    mutated = with_clues(case, case.clues + [negated_solution(case)])
    result = check_case(mutated, FAST)
    assert result.status == "contradiction"
    ids = [c.id for c in result.conflict]
    assert NEGATED in ids
    assert len(set(ids)) == len(ids) and set(ids) <= {c.id for c in mutated.clues}
    # the conflict cannot hold, and holds without any one of its clues (the other clues
    # switched off, the case's witnesses unchanged)
    assert check_case(only(mutated, set(ids)), FAST).status == "contradiction"
    for cid in ids:
        status = check_case(only(mutated, set(ids) - {cid}), FAST).status
        assert status != "contradiction", f"conflict {ids} is not minimal: it holds without {cid}"


def answer_space(case) -> int:
    return math.prod(len(case.setting.categories[c].items) for c in case.setting.answer)


@pytest.mark.parametrize("path", PARAMS)
def test_sample_case_agrees_with_the_brute_force(path):
    case = load_case(path)
    if answer_space(case) > 600 or (case.setting.timeline and answer_space(case) > 200):
        pytest.skip("answer space too large for the brute force")
    result = check_case(case, Options(count=True, max_alternatives=10**6, warnings=False))
    got = {tuple(w.answer[c] for c in case.setting.answer) for w in result.answers}
    assert got == possible_answers(case)
