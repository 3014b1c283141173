"""A witness is not given a conditional whose premise describes them (issue 24, session 15):
Colonel Mustard, who has blonde hair, saying 'Should the culprit have blonde hair, they are not
lying low at the Fair' reads as a suspect clearing themselves (builder.own_premise). Real
generation; every statement of the whole pool (chosen or not) is checked by brute force: with
the speaker as the culprit, over every answer, the premise fails somewhere. Before the rule,
hampshire liars medium 3 gave Professor Plum (gray hair) 'If the culprit has gray hair, they
are not lying low in the Cart', and its pool held 19 such statements (murdle's suspects draw
none: their conditionals open on a deed, 'Whoever used the anchor ...')."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from casetool.generate.candidates import builder
from casetool.generate.engine import Request, generate
from casetool.generate.source import load_source
from casetool.language import ir
from casetool.language.evaluate import Evaluator
from casetool.load.model import World

CASES = Path(__file__).resolve().parents[2] / "cases"


def own_premises(name: str, seed: int) -> list[str]:
    """The pool's statements whose premise holds in every answer with their speaker the culprit."""
    source = load_source(CASES / name)[0]
    got = generate(Request(source, seed, "liars", "medium", max_attempts=40))
    setting = source.setting
    culprit, evaluator = setting.culprit, Evaluator(setting)
    others = [c for c in setting.answer if c != culprit]
    out = []
    for cand in got.pool.candidates.values():
        ch = setting.characters.get(cand.speaker) if cand.speaker else None
        expr = source.resolve(cand.means) if cand.means and "holds(" not in cand.means else None
        if ch is None or not ch.item or ch.item not in setting.categories[culprit].ids or not isinstance(expr, ir.Implies):
            continue
        answers = (dict(zip(others, combo, strict=True)) | {culprit: ch.item}
                   for combo in itertools.product(*(setting.categories[c].ids for c in others)))
        if all(evaluator.holds(expr.left, World(a)) for a in answers):
            out.append(f"{ch.name}: {cand.text}")
    return out


@pytest.mark.parametrize("name,seed", [("hampshire", 3), ("hampshire", 4), ("hampshire", 7)])
def test_no_witness_speaks_a_premise_that_describes_them(name, seed):
    assert own_premises(name, seed) == []


def test_the_rule_is_what_keeps_them_out(monkeypatch):
    """With the rule off, the same seed's pool holds such statements: the test above passes
    because of it, not by chance (seed 3 makes no medium case with the rule off since 4833e55;
    seed 7 does, with 19 such statements)."""
    monkeypatch.setattr(builder.Builder, "own_premise", lambda self, expr, speaker: False)
    assert own_premises("hampshire", 7)
