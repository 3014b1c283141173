"""The acceptance of issue 13, one generated case at a time: what a written case must be
before anyone reads it. Used by the slow test (tests/generate/test_acceptance.py) and by
`python bench/generate.py --acceptance 200`, which runs it on 200 cases and prints the tally.

A case passes when the file, read back through the real loader beside its setting:

* lint: `casetool lint` finds nothing (articles, scope, self-naming, repeats, numbers,
  place and time words, ids);
* rules: it keeps the setting's printed rules (generate/rules.py: the liar rule, counters,
  meals) and every character with a wheel has exactly one statement with its wheel
  position set, within the wheel;
* level: it is graded at the level asked for, and records that level; its deepest step is
  within the level's band (`DEPTHS`, explain/grade.py), the same for every kind of a setting:
  a fiendish case needs a step of depth 4 that is a supposition or a chained conditional,
  never plain elimination, however short the case (its score, the depths added up, is not
  compared across levels: a fiendish murdle liars case of three suppositions scores 6, a
  hard traits case of plain steps 11); a hard or fiendish case gives at most one part of
  its answer outright, in words nobody can lie in (minimize.OUTRIGHT);
* check: `casetool check` says ok with no warning (so every clue is needed), and a
  timeline case passes `casetool pacing` without warnings.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

CHECKS = ("lint", "rules", "level", "check")
# the deepest step's depth each level allows (explain/grade.py's definition, said again here
# so that a change there is a change to what a generated level promises)
DEPTHS = {"easy": (0, 1), "medium": (1, 2), "hard": (3, 3), "fiendish": (4, 99)}


def audit(source, got, level: str | None) -> dict[str, str]:
    """check -> '' when passed, else what is wrong (the first finding), for the generated
    case `got` (engine.Generated) of `source`, asked at `level`."""
    from ..lint.run import lint_cases
    from ..load.project import load_paths
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "setting.yaml").write_bytes(source.data)
        path = folder / "001-case.yaml"
        path.write_text(got.text, encoding="utf-8")
        loaded = load_paths([path])
        if loaded.diagnostics or len(loaded.cases) != 1:
            problem = loaded.diagnostics[0].text() if loaded.diagnostics else "no case loaded"
            return {name: f"does not load: {problem}" for name in CHECKS}
        case = loaded.cases[0]
        findings = lint_cases([case])
        return {"lint": findings[0].text() if findings else "",
                "rules": _rules(source, got, case),
                "level": _level(got, case, level),
                "check": _check(case)}


def _rules(source, got, case) -> str:
    from .rules import broken_rules
    wheels = [ch for ch in source.setting.characters.values() if ch.wheel]
    broken = broken_rules(source, got.world, got.doc, [ch.id for ch in wheels])
    said = Counter(c.speaker for c in case.clues if c.speaker)
    for ch in wheels:   # read back from the file: the wheel position is set, once, on the wheel
        if said[ch.id] != 1:
            broken.append(f"{ch.name} has {said[ch.id]} statements in the file")
        for clue in (c for c in case.clues if c.speaker == ch.id):
            if clue.wheel is None or not 1 <= clue.wheel <= ch.wheel:
                broken.append(f"{ch.name}'s statement {clue.id} has wheel position {clue.wheel}")
    return broken[0] if broken else ""


def _level(got, case, level: str | None) -> str:
    if level is not None and got.grade.level != level:
        return f"graded {got.grade.level}, asked {level}"
    if str(case.difficulty) != got.grade.level:
        return f"records difficulty {case.difficulty}, graded {got.grade.level}"
    return _depth(got.grade) or _outright(case, got.grade.level)


def _outright(case, level: str) -> str:
    """'' unless the case gives more parts of its answer outright than its level allows
    (minimize.OUTRIGHT): 'The weapon was the Rope.' beside 'The crime happened at nine o'clock.'
    in a hard case."""
    from .minimize import OUTRIGHT, gives_part
    rule = case.effective_liar_rule.kind
    told = [c.id for c in case.clues if gives_part(case.setting, rule, c.expr, c.speaker)]
    cap = OUTRIGHT.get(level)
    return f"graded {level} but gives {len(told)} answer parts outright ({', '.join(told)})" \
        if cap is not None and len(told) > cap else ""


def _depth(g) -> str:
    """'' when the grade's deepest step is within its level's band, and a fiendish case's
    needs more than plain elimination (a supposition or a chained conditional)."""
    low, high = DEPTHS[g.level]
    if not low <= g.depth <= high:
        return f"graded {g.level} with its deepest step {g.depth}, outside {low}-{high}"
    if g.level == "fiendish" and not {"liar", "chain"} & set(g.techniques):
        return "graded fiendish but falls to plain elimination (no supposition, no chained conditional)"
    return ""


def _check(case) -> str:
    from ..explain.pacing import pacing
    from ..solver.check import prove_case
    from ..solver.options import Options
    result = prove_case(case, Options(time_limit=60, warnings=True))
    if result.status != "ok":
        return f"check {result.status}"
    if result.warnings:
        return "check warns " + ", ".join(sorted({w.code for w in result.warnings}))
    if case.events and pacing(case).warnings:
        return "pacing warns " + ", ".join(sorted({w.code for w in pacing(case).warnings}))
    return ""
