"""A timeline note says what its `means:` says, no more, no less (issue 24, EDITOR.md: a
clue is one fact as a witness knows it). "Dev Marlow left after nine o'clock and was not
seen again" had meant only "away after nine", so by grange's rules Dev was never in the
house; "did not arrive until dawn" meant only "away before dawn"; "all the fair-haired guests
but Cora were in the Hall" said nothing of Cora. Each note's words are read here as a
player reads them (a claim on the night, written plainly below) and compared, over many
nights, with what the brute force in tests/solver/bruteforce.py finds its `means:` allows."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from casetool.generate.candidates import draft
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan
from casetool.load.project import load_paths

from generate_helpers import CASES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import liar_sets, supports  # noqa: E402

AWAY = "away"


def notes(source, kinds: set[str], want: int = 2) -> list:
    """Up to `want` notes of each kind ('arrive', 'left', 'but') from drafts of seeds 0-59."""
    got: dict[str, list] = {k: [] for k in kinds}
    for seed in range(60):
        plan = make_plan(source.setting, "timeline", random.Random(seed), Wish())
        for c in draft(source, plan, random.Random(seed)).candidates:
            kind = "arrive" if "did not arrive until" in c.text else "left" if " left after " in c.text \
                else "but" if c.family == "group" and " but " in c.text else None
            if kind in got and len(got[kind]) < want:
                got[kind].append((c, plan))
    return [x for k in sorted(got) for x in got[k]]


def claim(source, text: str):
    """The note's words, read plainly: (whose cells it speaks of, the hour, the room it names
    or None, a test of their cells)."""
    setting = source.setting
    cats, tl = setting.categories, setting.timeline
    people = {setting.categories[tl.people].items[i].name: p for i, p in enumerate(cats[tl.people].ids)}
    times = cats[tl.times].ids
    who = next(p for name, p in people.items() if name in text)
    hour = next(t for t in times if any(re.search(rf"\b{re.escape(said)}\b", text) for said in
                                        (source.templates.moment(setting, t), source.templates.when(setting, t))))
    k = times.index(hour)
    if "did not arrive until" in text:   # away every hour before, there at that hour
            return [who], k, None, lambda row: all(row[who][j] == AWAY for j in range(k)) and row[who][k] != AWAY
    if " left after " in text:           # there at that hour, away every hour after
        return [who], k, None, lambda row: row[who][k] != AWAY and all(row[who][j] == AWAY for j in range(k + 1, len(times)))
    odd = next(p for name, p in people.items() if f" but {name} " in text)
    room = next(z.id for z in cats[tl.places].items if re.search(rf"\b{re.escape(z.name)}\b", text.split(" but ")[1]))
    attr = next(a for a in cats[tl.people].attributes.values() if a.kind == "enum" and 2 <= len(a.values) <= 3)
    value = setting.find_item(odd).attrs[attr.id]   # "all the ladies but Lady Grey": her own kind
    group = [p for p in cats[tl.people].ids if setting.find_item(p).attrs[attr.id] == value]
    return group, k, room, lambda row: all(row[p][k] == room for p in group if p != odd) and row[odd][k] != room


def one_clue_case(folder: Path, tmp_path: Path, means: str):
    setting = load_source(folder)[0].setting
    speaker = next(c.id for c in setting.characters.values() if c.role == "inspector")
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "setting.yaml").write_text((folder / "setting.yaml").read_text())
    solution = "".join(f"  {c}: {setting.categories[c].ids[0]}\n" for c in setting.answer)
    (tmp_path / "001.yaml").write_text(f"case: 1\ntitle: One\nsetting: {setting.id}\nstory: Nothing yet.\n"
                                       f"clues:\n  - id: c\n    speaker: {speaker}\n    kind: note\n"
                                       f"    text: Said.\n    means: \"{means}\"\n"
                                       f"solution:\n{solution}  text: Never read.\n")
    loaded = load_paths([tmp_path])
    assert not [d for d in loaded.diagnostics if d.is_error], [d.text() for d in loaded.diagnostics]
    return loaded.cases[0]


@pytest.mark.parametrize("name", ["tudor", "grange"])
def test_each_stay_and_group_note_means_what_it_says(name, tmp_path):
    folder = CASES / name
    source = load_source(folder)[0]
    setting = source.setting
    tl = setting.timeline
    people, times = setting.categories[tl.people].ids, setting.categories[tl.times].ids
    spots = setting.categories[tl.places].ids + [AWAY]
    found = notes(source, {"arrive", "left", "but"})
    assert found, "no stay or group note drawn"
    for n, (c, plan) in enumerate(found):
        who, k, room, says = claim(source, c.text)
        case = one_clue_case(folder, tmp_path / str(n), c.means)
        answer = dict(plan.answer)
        answer[tl.people] = next(p for p in people if p not in who)   # the culprit's cell is forced: not these
        liars = liar_sets(case, answer)[0]
        rng = random.Random(n)
        for _ in range(60):
            row = {p: _row(rng, spots, len(times)) for p in who}
            for p in who if room else []:   # the room spoken of, often: the odd one out there too, or not
                row[p][k] = room if rng.random() < 0.7 else row[p][k]
            cells = {(p, t): row[p][j] for p in who for j, t in enumerate(times)}
            allowed = supports(case, answer, liars, cells, {})
            assert allowed == (says(row) and _moves_ok(setting, row)), (c.text, c.means, row)


def _row(rng: random.Random, spots: list[str], n: int) -> list[str]:
    """A person's night: mostly staying put, so arrivals, departures and rooms kept all come up."""
    row = [rng.choice(spots)]
    for _ in range(n - 1):
        row.append(row[-1] if rng.random() < 0.6 else rng.choice(spots))
    return row


def _moves_ok(setting, row: dict[str, list[str]]) -> bool:
    """Grange's `always:` rule read plainly: from a room, the next hour is that room or one next door
    (so never away); a setting without the rule allows every night."""
    if not setting.always:
        return True
    near = {z.id: set(z.attrs["adjacent"]) | {z.id} for z in setting.categories["room"].items}
    return all(b in near[a] for cells in row.values() for a, b in zip(cells, cells[1:], strict=False) if a in near)
