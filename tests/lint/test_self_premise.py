"""L024: a suspect's conditional whose premise describes the suspect who says it ("If the
culprit has gray hair, they are not lying low at the Fair", said by gray-haired Professor
Plum) reads as a plea (issue 24, session 16). A hand-written fixture through the real CLI,
and a brute force over every clue of the fixture and the sample cases: the premise holds in
every answer with the speaker as the culprit exactly where lint says L024."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from casetool.language import ir
from casetool.language.evaluate import Evaluator
from casetool.load.model import World
from casetool.load.project import load_paths

from cli_support import run

ROOT = Path(__file__).resolve().parents[2]
OWN = Path(__file__).resolve().parent / "fixtures" / "own"

EXPECTED = [   # (line, col, who): the clues whose premise fits their speaker
    (14, 11, "Professor Plum"),   # gray hair, said by gray-haired Plum
    (22, 11, "Mrs. White"),       # an elderly lady in spectacles, said by Mrs. White
    (30, 11, "Miss Scarlet"),     # "If the culprit is Miss Scarlet", said by her
]


def _l024(*paths) -> list[dict]:
    result = run("lint", "--format", "json", *map(str, paths))
    return [f for f in json.loads(result.output)["findings"] if f["code"] == "L024"]


def test_a_premise_that_describes_its_speaker_is_flagged_at_its_if():
    found = _l024(OWN)
    assert [(f["line"], f["col"]) for f in found] == [e[:2] for e in EXPECTED]
    for finding, (*_, who) in zip(found, EXPECTED, strict=True):
        assert f"describes {who}, who says it" in finding["message"]
    assert "the premise (the culprit has gray hair)" in found[0]["message"]


def _own_by_brute_force(case) -> set[str]:
    """Clue ids whose conditional's premise holds in every answer with the speaker the culprit."""
    setting = case.setting
    culprit, evaluator = setting.culprit, Evaluator(setting)
    others = [c for c in setting.answer if c != culprit]
    out = set()
    for clue in case.clues:
        ch = setting.characters.get(clue.speaker) if clue.speaker else None
        if ch is None or ch.item not in setting.categories[culprit].ids or not isinstance(clue.expr, ir.Implies):
            continue
        answers = (dict(zip(others, combo, strict=True)) | {culprit: ch.item}
                   for combo in itertools.product(*(setting.categories[c].ids for c in others)))
        if all(evaluator.holds(clue.expr.left, World(a)) for a in answers):
            out.add(clue.id)
    return out


def test_lint_agrees_with_the_brute_force_on_the_fixture_and_the_suspects_samples():
    folders = [OWN, ROOT / "cases" / "hampshire", ROOT / "cases" / "murdle"]
    paths = [p for folder in folders for p in sorted(folder.glob("0*.yaml"))]
    cases = load_paths(paths).cases
    expected = {(str(c.path.resolve()), cid) for c in cases for cid in _own_by_brute_force(c)}
    starts = {str(c.path.resolve()): [(cl.pos.line, cl.id) for cl in c.clues] for c in cases}

    def clue_at(f: dict) -> tuple[str, str]:   # the last clue that starts above the finding
        path = str(Path(f["file"]).resolve())
        return path, max(s for s in starts[path] if s[0] < f["line"])[1]
    found = {clue_at(f) for f in _l024(*folders)}
    assert found == expected
    assert len(expected) == 3   # the fixture's three; the samples have none
