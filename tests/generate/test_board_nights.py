"""Board nights (issue 25 item 1): every night generate draws keeps the board's rules, the
setting's `always:` rules and its counts. Each draw is judged twice, never by the
generator: by the brute force of tests/solver (a case with no clue, the whole night given:
is it a world of the setting?) and by a plain-Python reading of the rules below."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from casetool.generate.minimize import STYLES
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan
from casetool.load.project import load_paths

from generate_helpers import CASES, FIXTURES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import supports  # noqa: E402

SETTINGS = [FIXTURES / "tiny-board", CASES / "mansion" / "small", CASES / "mansion" / "medium",
            CASES / "mansion" / "large"]


def empty_case(folder: Path, tmp_path: Path):
    """A case with no clues on the setting, through the real loader."""
    (tmp_path / "setting.yaml").write_text((folder / "setting.yaml").read_text())
    setting = load_source(folder)[0].setting
    solution = "".join(f"  {c}: {setting.categories[c].ids[0]}\n" for c in setting.answer)
    (tmp_path / "001.yaml").write_text(f"case: 1\ntitle: Empty\nsetting: {setting.id}\nstory: Nothing yet.\n"
                                       f"clues: []\nsolution:\n{solution}  text: Never read.\n")
    loaded = load_paths([tmp_path])
    assert not [d for d in loaded.diagnostics if d.is_error], [d.text() for d in loaded.diagnostics]
    return loaded.cases[0]


def rules_broken(setting, answer, loc, facts) -> list[str]:
    """The board's rules (docs/clue-language.md, "Boards"), read plainly."""
    tl, cats = setting.timeline, setting.categories
    times, rooms, people = cats[tl.times].ids, cats[tl.places].ids, cats[tl.people].ids
    objects = [x for c in tl.objects for x in cats[c].ids]
    victims = cats[tl.victim].ids if tl.victim else []
    near = {z.id: set(z.attrs[tl.moves]) for z in cats[tl.places].items}
    out = []
    for x in people + objects + victims:
        for t, u in zip(times, times[1:], strict=False):
            if loc[(x, t)] not in rooms or loc[(x, u)] not in rooms:
                out.append(f"{x} off the board")
            elif loc[(x, u)] != loc[(x, t)] and loc[(x, u)] not in near[loc[(x, t)]]:
                out.append(f"{x} jumped from {loc[(x, t)]} to {loc[(x, u)]} after {t}")
            if x in objects and loc[(x, u)] != loc[(x, t)] and not any(
                    loc[(p, t)] == loc[(x, t)] and loc[(p, u)] == loc[(x, u)] for p in people):
                out.append(f"{x} moved by itself after {t}")
    culprit, scene, when = answer[tl.people], answer[tl.places], answer[tl.times]
    crime = [(culprit, when)] + [(answer[c], when) for c in tl.objects if c in answer]
    crime += [(v, t) for v in victims for t in times[times.index(when):]]
    out += [f"{x} not at the scene at {t}" for x, t in crime if loc[(x, t)] != scene]
    out += [f"{p} with the victim at the crime" for p in people if p != culprit and loc[(p, when)] == scene]
    for cat in cats.values():
        for attr in cat.attributes.values():
            if attr.unknown:
                have = Counter(facts[(i, attr.id)] for i in cat.ids)
                out += [f"{attr.id} {v}: {have[v]} not {n}" for v, n in attr.counts.items() if have[v] != n]
    return out


@pytest.mark.parametrize("folder", SETTINGS, ids=lambda p: p.name)
def test_every_drawn_night_is_a_world_of_the_board(folder, tmp_path):
    source, _ = load_source(folder)
    case = empty_case(folder, tmp_path)
    for seed in range(12):
        plan = make_plan(source.setting, "board", random.Random(seed), Wish())
        assert rules_broken(source.setting, plan.answer, plan.loc, plan.facts) == [], seed
        assert supports(case, plan.answer, (), plan.loc, {}, plan.facts), seed
        if folder.name == "tiny-board":   # its `always:` rule, read plainly: the study was locked at seven
            assert "study" not in {plan.loc[(p, "seven")] for p in ("ashby", "bellamy", "crane")}, seed


def test_the_brute_force_refuses_a_night_that_breaks_a_rule(tmp_path):
    """The judge is not blind: moving a second guest onto the scene at the crime, or a weapon
    by itself, is not a world of the board."""
    folder = CASES / "mansion" / "small"
    source, _ = load_source(folder)
    case = empty_case(folder, tmp_path)
    plan = make_plan(source.setting, "board", random.Random(3), Wish())
    who = next(p for p in source.setting.categories["suspect"].ids if p != plan.answer["suspect"])
    crowded = {**plan.loc, (who, plan.answer["time"]): plan.answer["room"]}
    assert rules_broken(source.setting, plan.answer, crowded, plan.facts)
    assert not supports(case, plan.answer, (), crowded, {}, plan.facts)
    unfair = dict(plan.facts)
    unfair[next(iter(unfair))] = "greed" if unfair[next(iter(unfair))] != "greed" else "revenge"
    assert not supports(case, plan.answer, (), plan.loc, {}, unfair)


def test_a_wished_answer_is_the_crime_drawn():
    """A casebook spreads answers by wishing for them: the night is drawn around the wish."""
    source, _ = load_source(CASES / "mansion" / "large")
    setting = source.setting
    for seed in range(8):
        rng = random.Random(seed)
        wish = {c: rng.choice(setting.categories[c].ids) for c in setting.answer}
        plan = make_plan(setting, "board", rng, Wish(wish))
        assert plan.answer == wish
        assert rules_broken(setting, plan.answer, plan.loc, plan.facts) == []


def fits_the_murder(setting, answer, loc, t) -> bool:
    """Could hour t have been the murder's, by the night alone: the victim lay where he was
    from t on, with one guest and a weapon there at t?"""
    tl, cats = setting.timeline, setting.categories
    times = cats[tl.times].ids
    v = cats[tl.victim].ids[0]
    here = loc[(v, t)]
    alone = [p for p in cats[tl.people].ids if loc[(p, t)] == here]
    weapon = [o for c in tl.objects if c in answer for o in cats[c].ids if loc[(o, t)] == here]
    return len(alone) == 1 and bool(weapon) and all(loc[(v, u)] == here for u in times[times.index(t):])


@pytest.mark.parametrize("folder", SETTINGS[1:], ids=lambda p: p.name)
def test_the_hours_next_to_the_crime_fit_it_too(folder):
    """The murderer waits with the victim the hour before and stays the hour after (night.py,
    LINGER): the night alone leaves those hours open, so the notes that tell the hour are
    needed clues, read a step each (what lets easy boards be easy). The easy style's
    nights all do (minimize.Style.lingers)."""
    setting = load_source(folder)[0].setting
    times = setting.categories[setting.timeline.times].ids
    for seed in range(8):
        plan = make_plan(setting, "board", random.Random(seed), Wish(), lingers=STYLES["easy"].lingers)
        k = times.index(plan.answer["time"])
        for j in (k - 1, k, k + 1):
            if 0 <= j < len(times):
                assert fits_the_murder(setting, plan.answer, plan.loc, times[j]), (seed, times[j])
