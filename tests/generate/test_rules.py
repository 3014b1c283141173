"""Generated cases keep the setting's printed rules (issue 13): the liar rule, a statement on
every wheel, counters 1..30 used once, meals in the Dining Room, only kinds that work;
and the draft check (generate/rules.py) fails a draft that breaks one."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from casetool.generate.candidates.builder import Candidate
from casetool.generate.engine import Request, generate, heard
from casetool.generate.rules import broken_rules
from casetool.generate.source import load_source, supported_kinds
from casetool.generate.world import Wish, make_plan
from casetool.language.ir import AWAY

from generate_helpers import check_files, generate_into, setting_dir


def _wheel_speakers(setting):
    return [c.id for c in setting.characters.values() if c.wheel]


def test_hampshire_liars_cases_keep_the_inspector_rule():
    source, _ = load_source(setting_dir("hampshire"))
    got = generate(Request(source, 5, "liars", schema="# s"))
    assert got.case.liar_rule.kind == "inspector"
    assert "liar_rule: culprit" not in got.text
    (liar,) = got.case.solution_liars
    brown = [c for c in got.case.clues if c.speaker == "brown"]
    assert [c.means for c in brown] == [f"lies({liar})"]


@pytest.mark.parametrize("name,seed", [("hampshire", 4), ("templated", 3),
                                       pytest.param("hampshire", 2, marks=pytest.mark.slow)])
def test_every_wheel_has_exactly_one_statement(name, seed):
    source, _ = load_source(setting_dir(name))
    got = generate(Request(source, seed, "traits", schema="# s"))
    said = Counter(c.speaker for c in got.case.clues)
    assert {w: said[w] for w in _wheel_speakers(source.setting)} == {w: 1 for w in _wheel_speakers(source.setting)}


def test_supercluedo_counters_are_distinct_and_within_30(tmp_path):
    import re
    for seed in (1, 2):
        got, _path = generate_into(tmp_path, "supercluedo", "codes", seed)
        numbers = [int(n) for c in got.case.clues for n in re.findall(r"Counter (\d+)", c.text)]
        assert numbers and len(numbers) == len(set(numbers)) == len(got.case.clues)
        assert all(1 <= n <= 30 for n in numbers)


def test_tudor_worlds_take_meals_in_the_dining_room():
    source, _ = load_source(setting_dir("tudor"))
    assert source.world["meals"] == {"when": "meal", "place": "dining_room"}
    times = source.setting.categories["time"]
    for seed in range(40):
        world = make_plan(source.setting, "timeline", random.Random(seed), Wish(), [], source.world)
        culprit, when = world.answer["suspect"], world.answer["time"]
        for t in times.items:
            if t.attrs["meal"]:
                for p in source.setting.categories["suspect"].ids:
                    if (p, t.id) != (culprit, when):
                        assert world.loc[(p, t.id)] in (AWAY, "dining_room"), (seed, p, t.id)


def _doc_and_world(source, kind, seed):
    got = generate(Request(source, seed, kind, schema="# s", max_attempts=40))
    speakers = sorted({c.speaker for c in got.pool.candidates.values() if c.speaker})
    return got, speakers


def test_the_draft_check_fails_a_draft_that_breaks_the_rules():
    source, _ = load_source(setting_dir("hampshire"))
    got, speakers = _doc_and_world(source, "traits", 4)
    assert broken_rules(source, got.world, got.doc, speakers) == []
    culprit_rule = dataclasses.replace(got.doc, liar_rule="culprit")
    assert "liar rule" in broken_rules(source, got.world, culprit_rule, speakers)[0]
    silent = dataclasses.replace(got.doc, clues=[c for c in got.doc.clues if c.speaker != "brown"])
    assert broken_rules(source, got.world, silent, speakers) == ["Inspector Brown has 0 statements; every wheel shows exactly one"]


def test_the_draft_check_fails_repeated_counters_and_meals_away_from_the_table():
    codes, _ = load_source(setting_dir("supercluedo"))
    got, speakers = _doc_and_world(codes, "codes", 2)
    assert broken_rules(codes, got.world, got.doc, speakers) == []
    first = got.doc.clues[0]
    twice = dataclasses.replace(got.doc, clues=got.doc.clues + [dataclasses.replace(first, id="again")])
    assert any("used 2 times" in b for b in broken_rules(codes, got.world, twice, speakers))
    tudor, _ = load_source(setting_dir("tudor"))
    world = make_plan(tudor.setting, "timeline", random.Random(3), Wish(), [], tudor.world)

    def meals() -> list[str]:   # the doc is supercluedo's: only what it breaks of the meals is asked
        return [b for b in broken_rules(tudor, world, got.doc, []) if "a meal time" in b]
    assert meals() == []
    someone = next(p for p in tudor.setting.categories["suspect"].ids if p != world.answer["suspect"])
    world.loc[(someone, "breakfast")] = "fountain"
    assert meals() != []


def test_a_kind_is_offered_only_where_it_works():
    kinds = supported_kinds(load_source(setting_dir("tudor"))[0].setting)
    assert kinds["traits"] and not kinds["timeline"]
    kinds = supported_kinds(load_source(setting_dir("supercluedo"))[0].setting)
    assert kinds["liars"] and kinds["traits"] and not kinds["codes"]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["classic", "hampshire", "murdle", "supercluedo", "tudor"])
def test_every_offered_kind_makes_cases(tmp_path, name):
    source, _ = load_source(setting_dir(name))
    for kind, why in supported_kinds(source.setting).items():
        if why:
            continue
        for seed in (1, 2):
            got, path = generate_into(tmp_path, name, kind, seed)
            assert got.attempts <= 20, (name, kind, seed, got.tally)
            check_files([path])


def test_a_timeline_setting_without_attributes_generates(tmp_path):
    """Issue 11, item 13: categories without attributes crashed _compose with IndexError."""
    _got, path = generate_into(tmp_path, "bare-timeline", "timeline", 1)
    check_files([path])


def test_tudor_cases_hear_the_butler_and_the_inspector():
    """Tudor's rules print 'Inspector Brown keeps numbered notes and Ashe the butler gives
    testimony' (`every_case: roles:`). The timeline candidates give every note to Brown, so a
    case had no word of Ashe's (hard, seed 97); now Ashe tells half the sightings (engine.heard)."""
    source, _ = load_source(setting_dir("tudor"))
    got = generate(Request(source, 3, "timeline", "easy", schema="# s"))
    speakers = Counter(c.speaker for c in got.case.clues)
    assert speakers["ashe"] >= 1 and speakers["brown"] >= 1, speakers
    for clue in got.doc.clues:
        if clue.speaker == "ashe":
            assert clue.kind == "testimony" and ("at(" in clue.means or "together(" in clue.means), clue
    assert broken_rules(source, got.world, got.doc, []) == []
    brown_only = dataclasses.replace(got.doc, clues=[dataclasses.replace(c, speaker="brown") for c in got.doc.clues])
    assert broken_rules(source, got.world, brown_only, []) == ["no narrator speaks; the casebook prints that one does"]


def _cand(key: str, means: str, **kw) -> Candidate:
    return Candidate(key, means, means, "brown", "note", "cell", 0, **kw)


def test_heard_gives_every_other_sighting_to_the_silent_role():
    """Brown's notes: the object (pinned), three sightings and a finding about the theft. Ashe
    takes the first and the third sighting, as testimony; the meanings and the order stay."""
    source, _ = load_source(setting_dir("tudor"))
    order = [_cand("c0", "object == medal", pinned=True), _cand("c1", "at(azure, dinner) == kitchen"),
             _cand("c2", "time < lunch"), _cand("c3", "together(dusk)"), _cand("c4", "at(white, dawn) == hall")]
    got = heard(source.setting, order)
    assert [(c.key, c.speaker, c.kind, c.means) for c in got] == [
        ("c0", "brown", "note", "object == medal"), ("c1", "ashe", "testimony", "at(azure, dinner) == kitchen"),
        ("c2", "brown", "note", "time < lunch"), ("c3", "brown", "note", "together(dusk)"),
        ("c4", "ashe", "testimony", "at(white, dawn) == hall")]
    assert heard(source.setting, got) == got                        # Ashe heard: nothing moves
    lone = [_cand("c1", "at(azure, dinner) == kitchen")]
    assert heard(source.setting, lone) == lone                      # Brown keeps his one clue
