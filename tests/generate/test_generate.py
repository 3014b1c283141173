"""Generated cases, one kind at a time: valid, checked ok, every clue needed, reproducible.

CI runs a few seeds per kind; bench/generate.py runs 50 per kind (`--check`).
"""

from __future__ import annotations

import pytest
from casetool.explain.pacing import pacing
from casetool.generate.engine import GenerateFailed, Request, generate
from casetool.generate.source import load_source, supported_kinds

from generate_helpers import check_files, generate_into, setting_dir

KINDS = [
    ("hampshire", "traits", [1, 2, 3]),
    ("murdle", "liars", [1, 2, 3]),
    ("hampshire", "liars", [4]),
    ("supercluedo", "codes", [1, 2]),
    ("classic", "cards", [1, 2]),
    ("village", "timeline", [1, 2, 3]),
    ("templated", "traits", [1, 2]),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,kind,seeds", KINDS, ids=[f"{n}-{k}" for n, k, _ in KINDS])
def test_generated_cases_check_ok_with_every_clue_needed(tmp_path, name, kind, seeds):
    paths = []
    for seed in seeds:
        got, path = generate_into(tmp_path, name, kind, seed)
        paths.append(path)
        assert got.case.difficulty == got.grade.level
    loaded, results = check_files(paths)
    assert len(results) == len(seeds)


@pytest.mark.slow
def test_the_tudor_random_case_is_playable(tmp_path):
    """Seed 004's random case: the object is known from the start, notes come at events,
    and `casetool pacing` has nothing to warn about."""
    got, path = generate_into(tmp_path, "tudor", "timeline", 1)
    loaded, _ = check_files([path])
    case = loaded.cases[0]
    start = [c for c in case.clues if (c.reveal or 0) == 0]
    assert [c.means for c in start] == [f"object == {case.solution['object']}"]
    p = pacing(case)
    assert p.warnings == []
    assert len(p.stages) >= 3 and p.stages[-1].answers == 1
    assert [e.at for e in case.events] == list(range(1, len(p.stages)))


@pytest.mark.slow
def test_timeline_reveal_schedules_pass_pacing(tmp_path):
    for seed in (4, 5):
        got, path = generate_into(tmp_path, "village", "timeline", seed)
        loaded, _ = check_files([path])
        assert pacing(loaded.cases[0]).warnings == []


def test_same_seed_same_bytes_and_other_seeds_differ():
    source, _ = load_source(setting_dir("murdle"))
    one = generate(Request(source, 11, "liars", schema="# s"))
    two = generate(Request(source, 11, "liars", schema="# s"))
    three = generate(Request(source, 12, "liars", schema="# s"))
    assert one.text == two.text
    assert one.text != three.text


@pytest.mark.parametrize("name,kind,level", [("murdle", "liars", "hard"), ("hampshire", "traits", "easy")])
def test_requested_difficulty_is_the_grade(name, kind, level):
    source, _ = load_source(setting_dir(name))
    got = generate(Request(source, 3, kind, level, schema="# s"))
    assert got.grade.level == level
    assert f"difficulty: {level}\n" in got.text


def test_an_unreachable_difficulty_fails_with_what_was_seen():
    source, _ = load_source(setting_dir("templated"))
    with pytest.raises(GenerateFailed) as exc:
        generate(Request(source, 1, "traits", "fiendish", max_attempts=3, schema="# s"))
    message = str(exc.value)
    assert "no case graded 'fiendish' in 3 attempts (" in message
    seen = message.split(" attempts (", 1)[1]   # what the drafts were instead, e.g. "2 graded easy, 1 ..."
    assert "graded" in seen or "without a unique answer" in seen
    assert sum(int(part.split()[0]) for part in seen.rstrip(")").split(", ")) == 3


def test_templates_shape_the_texts():
    source, _ = load_source(setting_dir("templated"))
    got = generate(Request(source, 2, "traits", schema="# s"))
    texts = [c.text for c in got.case.clues]
    statements = [c.text for c in got.case.clues if c.speaker in ("vicar", "baker", "squire")]
    # the setting's own turn of phrase, once in the case (most statements are said bare)
    assert statements and sum(t.startswith("Cross my heart, ") for t in statements) == 1
    assert any("pie thief" in t for t in statements)
    assert any(t.startswith("Look behind the ") for t in texts)
    assert got.title in source.templates.raw["titles"]
    assert got.case.story.startswith("Someone has taken the prize pie.")


def test_kinds_each_setting_supports():
    assert not supported_kinds(load_source(setting_dir("hampshire"))[0].setting)["traits"]
    kinds = supported_kinds(load_source(setting_dir("classic"))[0].setting)
    assert not kinds["cards"] and kinds["timeline"] and kinds["codes"]


def test_wheel_positions_are_within_the_wheels_and_avoid_taken_ones():
    from casetool.generate.engine import Taken
    source, _ = load_source(setting_dir("templated"))
    taken = Taken(wheels={"boy": set(range(1, 30))})  # one position left on the scout's wheel
    got = generate(Request(source, 3, "traits", taken=taken, schema="# s"))
    wheels = {c.speaker: c.wheel for c in got.case.clues}
    assert all(1 <= n <= 30 for n in wheels.values())
    assert wheels.get("boy") in (None, 30)


def test_the_templates_example_in_the_docs_is_valid():
    import re

    import yaml
    from casetool.load.schema import validate
    doc = (setting_dir("hampshire").parents[1] / "docs" / "generate.md").read_text()
    block = re.search(r"## Templates.*?```yaml\n(.*?)```", doc, re.S).group(1)
    setting = yaml.safe_load((setting_dir("templated") / "setting.yaml").read_text())
    setting["templates"] = yaml.safe_load(block)["templates"]
    assert validate(setting, "setting", "docs/generate.md") == []


def test_a_character_with_a_full_wheel_does_not_speak():
    from casetool.generate.engine import Taken
    source, _ = load_source(setting_dir("templated"))
    taken = Taken(wheels={"vicar": set(range(1, 31)), "baker": set(range(1, 31))})
    got = generate(Request(source, 3, "traits", taken=taken, schema="# s"))
    assert not {"vicar", "baker"} & {c.speaker for c in got.case.clues}


@pytest.mark.slow
def test_an_unreachable_level_gives_up_early_saying_why():
    import re
    source, _ = load_source(setting_dir("templated"))
    with pytest.raises(GenerateFailed) as exc:
        generate(Request(source, 1, "traits", "fiendish", max_attempts=60, patience=3, schema="# s"))
    message = str(exc.value)
    attempts = int(re.search(r"no case graded 'fiendish' after (\d+) attempts: ", message).group(1))
    assert attempts <= 4 * 3, message   # early: 4 x patience attempts, not all 60
    assert re.search(r": (\d+ drafts on this setting graded \d+ (easy|medium)|none of \d+ drafts on this setting "
                     r"had a unique answer)", message), message
    assert "Which levels a setting reaches" in message


def test_a_timeline_names_its_culprit_by_whereabouts_not_looks(tmp_path):
    """A timeline case is about who was where when: the culprit falls to the whereabouts (who
    could be at the scene at the hour), never to notes on the culprit's looks ("The murderer
    has dark hair"), which had made 1 grange note in 6 and left 1 in 5 a whereabouts."""
    import re
    clues = []
    for seed in (1, 2, 3, 4):
        got, _path = generate_into(tmp_path, "grange", "timeline", seed)
        people = got.case.setting.timeline.people
        clues += [c.means for c in got.case.clues]
        assert not [m for m in clues if re.search(rf"\b{people}\.\w+", m)], (seed, clues)
    whereabouts = [m for m in clues if "at(" in m or "together(" in m]
    assert len(whereabouts) >= len(clues) / 3, (len(whereabouts), len(clues))


def test_people_in_one_place_at_one_time_are_one_scene(tmp_path):
    """'Colonel Mustard, Mrs. White and Lady Lavender were in the Dining Room at dawn', not a
    note for each (tudor seed 2 medium printed eight "X was in the Y at dawn" in a row)."""
    import re
    scenes = 0
    for name, seed in [("tudor", 2), ("grange", 1), ("grange", 3)]:
        got, _path = generate_into(tmp_path, name, "timeline", seed, "medium" if name == "tudor" else None)
        cells = [re.findall(r"at\((\w+), (\w+)\) == (\w+)", c.means) for c in got.case.clues
                 if re.fullmatch(r"at\(\w+, \w+\) == \w+( and at\(\w+, \w+\) == \w+)*", c.means)]
        spots = [(t, z) for found in cells for _p, t, z in found[:1]]
        assert len(spots) == len(set(spots)), (name, seed, [c.means for c in got.case.clues])
        for found in (f for f in cells if len(f) > 1):
            assert len({(t, z) for _p, t, z in found}) == 1
            scenes += 1
            text = next(c.text for c in got.case.clues if c.means.startswith(f"at({found[0][0]}, "))
            assert re.search(r", .* and .* were |^\S.* and .* were ", text), text
    assert scenes
