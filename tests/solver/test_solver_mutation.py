"""Mutation tests on every sample case under cases/ (whatever case files exist now).

Every sample case must check ok, and then:
* deleting a decisive clue makes it ambiguous (one exists unless the case has a single
  clue); switching any one clue off never rules out every answer; the clues that can be
  switched off with the answer staying unique are exactly those the checker warns are
  redundant (W001);
* adding the negation of the solution as a fact gives a contradiction whose conflict
  set contains the added clue and is minimal (the set cannot hold; without any one of
  its clues, the rest can);
* where the answer space is small enough, the brute force agrees with the checker.

"Deleting" a clue and "switching it off" differ in one way: deleting a witness's only
statement takes them out of the case's witnesses (docs/clue-language.md, "Witnesses and `lies`": only
the case's witnesses can lie), so `lies(them)` becomes false, and that can even make a case
contradictory (hampshire 002 without White's statement). The checker's own subsets
(redundancy, conflict sets) switch clues off in one compiled model, and so do the
checks here that compare with them.
"""

from __future__ import annotations

import dataclasses
import math
import os
from pathlib import Path

import pytest
from casetool.diagnostics import Pos
from casetool.language import ir
from casetool.language.text import resolve_text
from casetool.load.model import Clue
from casetool.load.project import load_paths
from casetool.solver.check import prove_case
from casetool.solver.compile import compile_case
from casetool.solver.options import Options
from casetool.solver.session import Session

from bruteforce import possible_answers

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
    # a sample whose setting is broken must fail here, not skip: a skip would hide that
    # every mutation test of its cases stopped running
    assert cases, f"{path.name} did not load: " + "; ".join(d.text() for d in loaded.diagnostics if d.is_error)
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
    result = prove_case(case, FAST)
    assert result.status == "ok", f"{path.name} is {result.status}: {result.message}"
    return case


PARAMS = [pytest.param(p, id=f"{p.parent.name}/{p.stem}") for p in sample_case_files()]


def answers_upto(compiled, enabled: list[str], limit: int) -> int:
    """How many answers fit the enabled clues, counting up to `limit` (a session of its
    own on the model: blocking clauses guarded, the clues assumed)."""
    session = Session(compiled)
    found, _ = session.answers(session.clue_lits(enabled), limit, whole=False)
    return len(found)


@pytest.mark.parametrize("path", PARAMS)
def test_dropping_a_decisive_clue_makes_the_case_ambiguous(path):
    case = ok_case(path)
    ids = [c.id for c in case.clues]
    # the author's mutation: delete a clue from the case. Some clue must be decisive.
    # (Deleting a witness's only statement also takes them out of the case's witnesses,
    # so lies(them) becomes false: that can even make the case contradictory.)
    if len(ids) > 1:
        for cid in ids:
            status = prove_case(with_clues(case, [c for c in case.clues if c.id != cid]), FAST).status
            if status == "ambiguous":
                break
        else:
            pytest.fail("no clue is decisive: deleting any one of them leaves the case unambiguous")
    # switching one clue off keeps the witnesses: fewer constraints never rule out the
    # answer, and the redundancy warnings name exactly the clues that can be switched off
    compiled = compile_case(case)
    off = {cid: answers_upto(compiled, [c for c in ids if c != cid], 2) for cid in ids}
    assert min(off.values()) >= 1, off
    warned = prove_case(case, Options(warnings=True))
    redundant = {w.message.split("'")[1] for w in warned.warnings if w.code == "W001"}
    assert redundant == {cid for cid, n in off.items() if n == 1}


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
    result = prove_case(mutated, FAST)
    assert result.status == "contradiction"
    ids = [c.id for c in result.conflict]
    assert NEGATED in ids
    assert len(set(ids)) == len(ids) and set(ids) <= {c.id for c in mutated.clues}
    # the conflict cannot hold, and can without any one of its clues (the other clues
    # switched off in the same model, so the case's witnesses do not change)
    compiled = compile_case(mutated)
    assert answers_upto(compiled, ids, 1) == 0
    for cid in ids:
        assert answers_upto(compiled, [c for c in ids if c != cid], 1) == 1, \
            f"conflict {ids} is not minimal: it cannot hold even without {cid}"
    # the same, recompiled with the other clues neutralised (not deleted)
    assert prove_case(only(mutated, set(ids)), FAST).status == "contradiction"


def answer_space(case) -> int:
    return math.prod(len(case.setting.categories[c].items) for c in case.setting.answer)


@pytest.mark.slow
@pytest.mark.parametrize("path", PARAMS)
def test_sample_case_agrees_with_the_brute_force(path):
    case = load_case(path)
    if answer_space(case) > (200 if case.setting.timeline else 1000) and not os.environ.get("CASETOOL_BRUTEFORCE_ALL"):
        pytest.skip("answer space too large for the brute force in CI (CASETOOL_BRUTEFORCE_ALL=1 runs it: ~15 s a case)")
    result = prove_case(case, Options(count=True, max_alternatives=10**6, warnings=False))
    got = {tuple(w.answer[c] for c in case.setting.answer) for w in result.answers}
    assert got == possible_answers(case)
