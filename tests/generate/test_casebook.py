"""`casetool generate --count N`: a whole casebook, balanced, rising in difficulty, all ok."""

from __future__ import annotations

from collections import Counter

import pytest
import yaml
from casetool.cli import cli
from casetool.explain.grade import LEVEL_NAMES
from casetool.generate.casebook import spread
from click.testing import CliRunner

from generate_helpers import check_files, setting_dir


def make_book(folder, name: str, count: int, seed: int = 5, kind: str | None = None):
    args = ["generate", "--setting", str(setting_dir(name)), "--seed", str(seed), "--count", str(count), "-o", str(folder)]
    if kind:
        args += ["--kind", kind]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.slow
def test_a_hampshire_casebook_checks_ok_and_is_balanced(tmp_path):
    folder = tmp_path / "book"
    make_book(folder, "hampshire", 6)
    book = yaml.safe_load((folder / "casebook.yaml").read_text())
    assert book["setting"] == "hampshire" and len(book["cases"]) == 6
    assert sorted(p.name for p in folder.iterdir()) == sorted([".casetool", "setting.yaml", "casebook.yaml"] + book["cases"])
    assert sorted(p.name for p in (folder / ".casetool" / "schemas").iterdir()) == \
        ["case.schema.json", "casebook.schema.json", "setting.schema.json"]  # outside the repository, as `new`
    loaded, results = check_files([folder])   # also: no wheel position or case number used twice
    cases = sorted(loaded.cases, key=lambda c: c.number)
    assert [c.number for c in cases] == [1, 2, 3, 4, 5, 6]
    # culprits and scenes spread: six different culprits, every scene at least once
    assert len({c.solution["suspect"] for c in cases}) == 6
    assert len({c.solution["scene"] for c in cases}) == 4
    # difficulty rises through the book
    levels = [LEVEL_NAMES.index(c.difficulty) for c in cases]
    assert levels == sorted(levels)
    # titles and wheel positions are never reused
    assert len({c.title for c in cases}) == 6
    wheels = Counter((clue.speaker, clue.wheel) for c in cases for clue in c.clues if clue.wheel)
    assert wheels and max(wheels.values()) == 1
    # liar variants: some cases with a liar, some with everyone truthful
    variants = {tuple(c.solution_liars or []) == () for c in cases if c.solution_liars is not None}
    assert variants == {True, False}


@pytest.mark.slow
def test_the_setting_copy_points_at_the_schemas(tmp_path):
    folder = tmp_path / "murdle-book"
    make_book(folder, "murdle", 3, kind="liars")
    first = (folder / "setting.yaml").read_text().splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=") and first.endswith("setting.schema.json")
    assert (folder / "setting.yaml").read_text().split("\n", 1)[1] == \
        (setting_dir("murdle") / "setting.yaml").read_text().split("\n", 1)[1]
    check_files([folder])


@pytest.mark.slow
def test_the_same_seed_gives_the_same_book(tmp_path):
    make_book(tmp_path / "a", "supercluedo", 3, seed=8)
    make_book(tmp_path / "b", "supercluedo", 3, seed=8)
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*") if p.is_file())
    for path in files:
        assert (tmp_path / "a" / path).read_bytes() == (tmp_path / "b" / path).read_bytes(), path


def test_spread_deals_every_item_before_repeating_one():
    import random
    picks = spread(list("abcd"), 10, random.Random(1))
    assert sorted(picks[:4]) == sorted(picks[4:8]) == list("abcd")
    assert Counter(picks).most_common(1)[0][1] == 3


@pytest.mark.slow  # renders the PDFs
def test_a_generated_casebook_prints(tmp_path):
    """`casetool generate --count` then `casetool build`: a playable casebook."""
    folder = tmp_path / "book"
    make_book(folder, "hampshire", 3, seed=21)
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "casebook.pdf").stat().st_size > 10_000
    assert "3 mysteries" in result.output


def test_the_intro_promises_a_rise_only_when_the_book_rises():
    from casetool.generate.casebook import _pace
    assert _pace(["easy", "medium", "medium"]) == "They get harder as the book goes on: 1 easy, 2 medium."
    assert _pace(["medium", "medium"]) == "Both cases are medium."
    assert "harder" not in _pace(["easy"] * 5)


@pytest.mark.slow
def test_a_book_rises_through_the_levels_the_setting_offers(tmp_path):
    """murdle liars offers every level: a three-case book rises easy, medium, hard, in order,
    and the introduction promises only what the book does."""
    folder = tmp_path / "book"
    make_book(folder, "murdle", 3, seed=2)
    loaded, _ = check_files([folder])
    cases = sorted(loaded.cases, key=lambda c: c.number)
    assert [c.difficulty for c in cases] == ["easy", "medium", "hard"]
    intro = yaml.safe_load((folder / "casebook.yaml").read_text())["intro"]
    assert "They get harder as the book goes on: 1 easy, 1 medium, 1 hard." in " ".join(intro.split())


def test_a_timeline_book_spreads_the_stolen_object_too():
    """Every answer category is dealt like the culprit: a book of three thefts takes three
    different objects (they had all been one Rare Book, titles and all)."""
    from pathlib import Path

    from casetool.generate.casebook import plan
    from casetool.generate.engine import Request
    from casetool.generate.source import load_source
    source, diags = load_source(Path(setting_dir("tudor")) / "setting.yaml")
    assert source is not None, diags
    wishes = [wish for wish, _ in plan(Request(source, 7, "timeline"), 3)]
    assert all(set(w.answer) == set(source.setting.answer) for w in wishes)
    assert len({w.answer["object"] for w in wishes}) == 3


def test_generated_murdle_cases_keep_the_printed_rules(tmp_path):
    """cases/murdle/setting.yaml prints "Four suspects each make one statement" and states it
    under `every_case:`: every generated case has the four statements and a narrator's fact,
    and `casetool lint` (L020) finds nothing to say about it."""
    from casetool.lint.printed import every_case
    from casetool.load.project import load_paths

    from generate_helpers import generate_into
    for seed in (1, 2, 3, 4):
        got, path = generate_into(tmp_path, "murdle", "liars", seed)
        said = Counter(c.speaker for c in got.case.clues if c.speaker)
        assert {s: said[s] for s in ("vermilion", "cerulean", "olive", "ochre")} == \
            {"vermilion": 1, "cerulean": 1, "olive": 1, "ochre": 1}, (seed, said)
        assert said["narrator"] >= 1
        case = load_paths([path]).cases[0]
        assert every_case(case) == []


@pytest.mark.slow
def test_a_twenty_case_book_tells_every_story_sentence_once(tmp_path):
    """The drafts thrown away on the way to each case draw stories too; only the accepted
    cases' count, so a 20-case murdle book tells each opening, each middle and each motive
    set-up once (before, 10 of its 40 openings and middles repeated an earlier case's,
    bench/prose.py --books), and its dates run in play order within the setting's season."""
    from casetool.english.dates import parse_date
    from casetool.generate.story import STORIES, setups, used_templates
    make_book(tmp_path / "book", "murdle", 20, seed=1)
    cases = sorted((yaml.safe_load(p.read_text()) for p in (tmp_path / "book").glob("0*.yaml")), key=lambda c: c["case"])
    told = Counter(t for c in cases for t in used_templates({}, c["story"]))
    assert len(cases) == 20 and sum(told.values()) == 3 * 20 and max(told.values()) == 1
    assert all(t in STORIES["murder"][0] + STORIES["murder"][1] + setups("murder") for t in told)
    days = [parse_date(c["date"]) for c in cases]
    assert days == sorted(days) and all(d is not None and 9 <= d.month <= 11 for d in days)
