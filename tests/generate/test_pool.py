"""The pool's answers match `casetool check` on the written case; irredundancy; the fewest clues."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from casetool.generate.engine import Request, generate
from casetool.generate.pool import parse_case
from casetool.generate.source import load_source
from casetool.generate.writer import CaseDoc, ClueDoc, case_yaml
from casetool.solver.check import prove_case
from casetool.solver.options import Options

from generate_helpers import setting_dir


def test_every_chosen_clue_is_needed_and_the_fewest_is_no_more():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from fewest import (
        fewest,  # a yardstick kept with the benchmarks, not in the package
    )
    source, _ = load_source(setting_dir("templated"))
    got = generate(Request(source, 4, "traits", schema="# s"))
    pool = got.pool
    assert pool.unique(got.keys)
    for key in got.keys:
        assert not pool.unique([k for k in got.keys if k != key]), key
    best = fewest(pool, 60)
    assert best is not None and best <= len(got.keys)


def test_pool_uniqueness_agrees_with_check_on_random_subsets():
    """Under the inspector rule a silent witness cannot lie: the pool must see a subset of
    its candidates exactly as the checker sees the case written with just that subset."""
    source, _ = load_source(setting_dir("templated"))
    got = generate(Request(source, 6, "traits", schema="# s"))
    pool = got.pool
    rng = random.Random(1)
    by_speaker = {}
    for cand in pool.candidates.values():
        by_speaker.setdefault(cand.speaker, []).append(cand)
    for _ in range(12):
        chosen = [rng.choice(c) for c in by_speaker.values() if rng.random() < 0.8]
        chosen = [c for c in chosen if not (c.fragile and not any(d.speaker == c.means[5:-1] for d in chosen))]
        doc = CaseDoc(1, "t", source.setting.id, "s", [ClueDoc(c.key, c.text, c.means, c.speaker) for c in chosen],
                      dict(got.world.answer), "x", liar_rule="inspector")
        case = parse_case(source, case_yaml(doc, "# s"), "<t>")
        status = prove_case(case, Options(warnings=False)).status
        assert (status == "ok") == pool.unique([c.key for c in chosen]), [c.means for c in chosen]
