"""Shared helpers for the solver tests: write YAML, load it, compare with the brute force."""

from __future__ import annotations

import itertools
import tempfile
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import yaml
from casetool.english.explain import origins
from casetool.language import ir
from casetool.load.project import load_paths
from casetool.solver.check import prove_case
from casetool.solver.options import Options

from bruteforce import Evaluator, World, possible_answers, supports

ALL = Options(count=True, max_alternatives=10**6, warnings=False, time_limit=60)
STATS: Counter = Counter()


def plain(x):
    """Plain Python data (loaded ids are str subclasses that yaml cannot dump)."""
    if isinstance(x, dict):
        return {plain(k): plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if isinstance(x, str):
        return str(x)
    return x


def dump(doc: dict) -> str:
    return yaml.safe_dump(plain(doc), sort_keys=False, allow_unicode=True, width=1000)


def load_docs(setting: dict | str, cases: list[dict | str]):
    """Write a setting and cases into a temporary folder and load them with load_paths."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "setting.yaml").write_text(setting if isinstance(setting, str) else dump(setting))
        for i, case in enumerate(cases, 1):
            (folder / f"{i:03d}-case.yaml").write_text(case if isinstance(case, str) else dump(case))
        return load_paths([folder])


def load_one(setting, case):
    loaded = load_docs(setting, [case])
    errors = [d for d in loaded.diagnostics if d.is_error]
    assert not errors, "\n".join(f"{d.code} {d.message}" for d in errors) + "\n" + (case if isinstance(case, str) else dump(case))
    assert len(loaded.cases) == 1
    return loaded.cases[0]


def answer_set(case, result) -> set[tuple]:
    return {tuple(w.answer[c] for c in case.setting.answer) for w in result.answers}


def compare_with_bruteforce(case, warnings: bool = False) -> str:
    """Check the case with every answer enumerated; it must agree with the brute force
    on the exact set of answers, the status and count, each reported world must support
    its answer, and a contradiction's conflict set must be a minimal set of clues."""
    result = prove_case(case, ALL)
    assert result.status != "unknown", result.message
    expected = possible_answers(case)
    got = answer_set(case, result)
    assert got == expected, f"checker {sorted(got)} != brute force {sorted(expected)}"
    assert result.count == len(expected)
    assert result.complete
    if not expected:
        assert result.status == "contradiction"
    elif len(expected) > 1:
        assert result.status == "ambiguous"
    else:
        declared = tuple(case.solution[c] for c in case.setting.answer)
        assert result.status == ("ok" if expected == {declared} else "wrong-solution")
    for world in result.answers:
        cells = {(p, t): z for p, t, z in world.whereabouts}
        owners = dict(world.cards)
        facts = {(i, a): v for i, a, v in world.facts}
        assert supports(case, world.answer, world.liars, cells, owners, facts), f"reported world does not support {world}"
    if result.status == "contradiction":
        ids = [c.id for c in result.conflict]
        clue_ids = {c.id for c in case.clues}
        assert set(ids) <= clue_ids and len(set(ids)) == len(ids)
        assert possible_answers(case, set(ids)) == set(), "conflict set is satisfiable"
        for cid in ids:
            assert possible_answers(case, set(ids) - {cid}), f"conflict set is not minimal: {cid} is not needed"
    if warnings and result.status == "ok":
        # a clue is redundant exactly when the answer stays unique without it
        warned = prove_case(case, Options(warnings=True, time_limit=60))
        redundant = {w.message.split("'")[1] for w in warned.warnings if w.code == "W001"}
        ids = [c.id for c in case.clues]
        assert redundant == {cid for cid in ids if len(possible_answers(case, set(ids) - {cid})) == 1}
    STATS[result.status] += 1
    return result.status


def step_premises(explanation) -> dict[int, set]:
    """Step number -> its clues and, through the facts it uses, those of the steps it builds
    on: what a brute force must assume to test the step's claims."""
    origin = origins(explanation)
    out: dict[int, set] = {}
    for step in explanation.steps:
        out[step.number] = set(step.clues).union(*(out[origin[f]] for f in step.facts))
    return out


def same_logic(source, one: str, other: str) -> bool:
    """Do two meanings (clue-language texts of `source`'s setting) hold for the same answers? By
    the brute force's evaluator, over every combination of the categories either names (the
    others are read by neither)."""
    setting = source.setting
    e1, e2 = source.resolve(one), source.resolve(other)
    case = SimpleNamespace(setting=setting)
    named = sorted({n.category for e in (e1, e2) for n in ir.walk(e) if isinstance(n, ir.AnswerRef)})
    rest = {c: setting.categories[c].ids[0] for c in setting.answer if c not in named}
    for combo in itertools.product(*(setting.categories[c].ids for c in named)):
        world = World({**rest, **dict(zip(named, combo, strict=True))}, frozenset())
        if Evaluator(case, world).cond(e1) != Evaluator(case, world).cond(e2):
            return False
    return True
