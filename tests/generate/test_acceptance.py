"""Issue 13's acceptance on a sample that fits CI: every sample setting, every kind it
offers and every level it offers for that kind, two seeds each (nightly; ci runs one point
per sample and kind). Each case is asked for its
level and must come within DRAFTS drafts, then pass the audit (casetool/generate/
acceptance.py: lint with zero findings, the setting's printed rules with every wheel set,
the level asked and recorded, check ok with no warning, pacing for timeline cases).
`python bench/generate.py --acceptance 200` runs the same audit on 200 cases."""

from __future__ import annotations

import re

import pytest
from casetool.explain.grade import Grade
from casetool.generate.acceptance import CHECKS, _depth, audit
from casetool.generate.engine import GenerateFailed, Request, generate
from casetool.generate.source import load_source, offered_levels, supported_kinds
from casetool.generate.writer import schema_line

from generate_helpers import setting_dir
from tiers import unless_representative

SAMPLES = ("hampshire", "murdle", "supercluedo", "classic", "tudor", "grange")
DRAFTS = 40   # the bound: an offered level must come within this many drafts
SEEDS = (1, 2)


def _triples():
    """Every sample x offered kind x offered level x seed. The ci tier runs one point per
    sample and kind (seed 1, its level turning with the sample, so every level is met);
    the nightly tier the whole grid (tests/tiers.py)."""
    for turn, name in enumerate(SAMPLES):
        source, _ = load_source(setting_dir(name))
        for kind, why in supported_kinds(source.setting).items():
            levels = () if why else offered_levels(source.setting, kind)
            for level in levels:
                for seed in SEEDS:
                    chosen = level == levels[turn % len(levels)] and seed == SEEDS[0]
                    marks = unless_representative(chosen)
                    if (name, kind, level, seed) in LOST:
                        marks.append(pytest.mark.xfail(strict=True, raises=GenerateFailed, reason=LOST_WHY))
                    yield pytest.param(name, kind, level, seed, id=f"{name}-{kind}-{level}-{seed}", marks=marks)


# a known regression, kept failing on purpose so that its fix shows (strict): grange liars
# fiendish seed 1 rested on a liar's either over two traits of one person, which 5cf83f0 bans
# (issue 24, session 17 closing note, Left 8)
LOST = {("grange", "liars", "fiendish", 1)}
LOST_WHY = "grange liars fiendish seed 1 found no fiendish case since 5cf83f0 (issue 24 Left)"


@pytest.mark.slow
@pytest.mark.parametrize("name,kind,level,seed", list(_triples()))
def test_generated_cases_pass_the_acceptance(tmp_path, name, kind, level, seed):
    source, _ = load_source(setting_dir(name))
    got = generate(Request(source, seed, kind, level, max_attempts=DRAFTS, schema=schema_line("case", tmp_path)))
    assert got.grade.level == level and got.attempts <= DRAFTS
    assert audit(source, got, level) == {c: "" for c in CHECKS}


@pytest.mark.slow
def test_the_audit_names_what_a_case_breaks(tmp_path):
    """A case edited after generation (a wheel position removed, an article broken, the
    difficulty changed) fails the checks it breaks, and only those."""
    source, _ = load_source(setting_dir("hampshire"))
    got = generate(Request(source, 4, "traits", schema=schema_line("case", tmp_path)))
    assert audit(source, got, got.grade.level) == {c: "" for c in CHECKS}
    text = re.sub(r"(  - id: brown\n(?:    .*\n)*?)    wheel: \d+\n", r"\1", got.text, count=1)
    assert text != got.text
    broken = audit(source, _with(got, text), got.grade.level)
    assert "Inspector Brown" in broken["rules"] and not broken["lint"]
    other = "hard" if got.grade.level != "hard" else "easy"
    assert audit(source, got, other)["level"] == f"graded {got.grade.level}, asked {other}"
    titled = got.text.replace(f"title: {got.title}\n", f"title: {got.title} and a apple\n", 1)
    assert titled != got.text
    lint = audit(source, _with(got, titled), got.grade.level)
    assert "L001" in lint["lint"] and not lint["rules"]


def _with(got, text):
    import dataclasses
    return dataclasses.replace(got, text=text)


def _grade(level: str, depth: int, techniques: list[str], score: int = 6) -> Grade:
    return Grade(level, score, 5, 2, "liar" in techniques, False, False, depth, techniques)


def test_a_level_is_its_deepest_step_for_every_kind_never_its_score():
    """Issue 24: a murdle liars fiendish case scored 6 and a traits hard one 11 (seeds 91-100:
    the fiendish one needs three suppositions, the hard one reads plain clues in a long row).
    The level is the deepest step, one band for every kind; the score is not compared."""
    assert _depth(_grade("fiendish", 4, ["combine", "chain", "liar"], score=6)) == ""
    assert _depth(_grade("hard", 3, ["combine"], score=11)) == ""
    assert _depth(_grade("hard", 4, ["combine", "liar"])) == "graded hard with its deepest step 4, outside 3-3"
    assert _depth(_grade("fiendish", 3, ["combine", "liar"])) == "graded fiendish with its deepest step 3, outside 4-99"
    assert _depth(_grade("fiendish", 5, ["combine", "hand"])) == \
        "graded fiendish but falls to plain elimination (no supposition, no chained conditional)"


def test_the_header_says_the_score_orders_cases_within_a_level():
    source, _ = load_source(setting_dir("murdle"))
    got = generate(Request(source, 94, "traits", "hard", max_attempts=DRAFTS, schema="# s"))
    g = got.grade
    header = " ".join(line.lstrip("# ") for line in got.text.splitlines() if line.startswith("#"))
    assert (f"Difficulty hard (deepest step 3: {', '.join(g.techniques)}; {g.steps} steps; score {g.score}, "
            "which orders cases within a level); kind traits.") in header
