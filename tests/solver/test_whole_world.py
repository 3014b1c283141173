"""`check --world` and `unique: world` against the brute force: the whole world (every
cell, card holder, decided fact, liar) is unique exactly when every variable of the
world takes one value in the worlds the brute force finds."""

from __future__ import annotations

import pytest
from casetool.report import to_json
from casetool.solver.check import prove_case
from casetool.solver.options import Options
from casetool.solver.verdicts import details

from bruteforce import feasible_values, possible_answers
from reach_settings import CARDS, MANOR, MOTIVES, case
from solver_harness import compare_with_bruteforce, load_one

pytestmark = pytest.mark.slow   # the brute force solves once per variable and value
WORLD = Options(world=True, warnings=False, time_limit=60)


def fact(means):
    return {"means": means}


def verdict(c):
    """check --world's verdict, checked against the brute force cell by cell."""
    compare_with_bruteforce(c)
    result = prove_case(c, WORLD)
    values = feasible_values(c, c.solution)
    unique = all(len(v) == 1 for v in values.values())
    assert (result.status == "ok") == unique, (result.status, {k: v for k, v in values.items() if len(v) > 1})
    if not unique:
        assert result.differs, "an ambiguous world names the cells that differ"
        for cell, a, b in result.differs:
            options = _values_of(values, cell)
            assert {a, b} <= options, (cell, a, b, options)
        assert {cell for cell, _, _ in result.differs} <= {_name(k) for k, v in values.items() if len(v) > 1}
    return result


def _name(key):
    kind, k = key
    if kind == "cell":
        return f"at({k[0]}, {k[1]})"
    if kind == "fact":
        return f"{k[0]}.{k[1]}"
    return "liars" if kind == "liars" else f"holder of {k}"


def _values_of(values, cell):
    for key, v in values.items():
        if _name(key) == cell:
            return {", ".join(sorted(x)) or "nobody" for x in v} if key[0] == "liars" else {str(x) for x in v}
    raise AssertionError(cell)


SOL = {"suspect": "bob", "weapon": "pipe", "room": "hall", "time": "dawn"}
PINNED = ["at(lord, dusk) == hall", "all t in time: at(bob, t) == hall", "at(amy, dawn) != hall",
          "at(amy, noon) == hall", "at(amy, dusk) == hall", "weapon == pipe"]


def test_a_board_whose_world_is_open_then_pinned():
    c = load_one(MANOR, case("manor", [fact(m) for m in PINNED], SOL))
    result = verdict(c)
    assert result.status == "ambiguous" and "not the world" in result.message
    lines = details(result)
    assert lines[0].startswith("answer (both worlds): ") and "cells that differ (world 1 | world 2):" in lines
    assert any(line.startswith("  at(") for line in lines)
    assert to_json(result)["differs"]
    more = PINNED + ["at(amy, dawn) == study", "at(lord, dawn) == hall", "at(lord, noon) == hall",
                     "all t in time: at(pipe, t) == hall", "at(rope, dawn) == attic", "at(rope, noon) == attic"]
    c = load_one(MANOR, case("manor", [fact(m) for m in more], SOL))
    assert verdict(c).status == "ok"
    # the case option asks the same without --world
    c = load_one(MANOR, case("manor", [fact(m) for m in PINNED], SOL, unique="world"))
    assert prove_case(c, Options(warnings=False)).status == "ambiguous"
    assert prove_case(load_one(MANOR, case("manor", [fact(m) for m in PINNED], SOL)), Options(warnings=False)).status == "ok"


def test_decided_facts_and_liars_are_part_of_the_world():
    sol = {"suspect": "bob", "room": "hall"}
    clues = [fact("suspect.motive == revenge"), fact("amy.motive == cal.motive"), fact("bob.motive != fear"),
             fact("room == hall"), fact("amy.hideout == hall"), fact("bob.hideout == hall"), fact("cal.hideout == hall")]
    c = load_one(MOTIVES, case("motives", clues, sol))
    result = verdict(c)
    assert result.status == "ambiguous" and [d[0] for d in result.differs] == ["dan.hideout"]
    c = load_one(MOTIVES, case("motives", clues + [fact("dan.hideout == attic")], sol))
    assert verdict(c).status == "ok"
    # amy says where dan hid: she tells the truth, or she lies and he hid elsewhere
    c = load_one(MOTIVES, case("motives", clues + [{"speaker": "amy", "means": "dan.hideout == attic"}], sol))
    assert {d[0] for d in verdict(c).differs} == {"liars", "dan.hideout"}


def test_card_holders_are_part_of_the_world():
    players = {"players": [{"id": "ann", "hand": 2, "holds": ["amy"]}, {"id": "ben", "hand": 2}]}
    sol = {"suspect": "cal", "weapon": "rope"}
    c = load_one(CARDS, case("deck", [fact("suspect == cal"), fact("weapon == rope")], sol, cards=players))
    result = verdict(c)
    assert result.status == "ambiguous" and all(cell.startswith("holder of ") for cell, _, _ in result.differs)
    c = load_one(CARDS, case("deck", [fact("suspect == cal"), fact("weapon == rope"), fact("holds(ben, bob)"), fact("holds(ann, pipe)")], sol,
                             cards=players))
    assert verdict(c).status == "ok"


def test_under_unique_world_a_clue_is_redundant_when_answer_and_world_stay_unique_without_it():
    more = PINNED + ["at(amy, dawn) == study", "at(lord, dawn) == hall", "at(lord, noon) == hall",
                     "all t in time: at(pipe, t) == hall", "at(rope, dawn) == attic", "at(rope, noon) == attic",
                     "at(rope, dusk) == attic", "at(amy, dawn) != attic"]
    c = load_one(MANOR, case("manor", [fact(m) for m in more], SOL, unique="world"))
    warned = prove_case(c, Options(warnings=True, time_limit=60))
    assert warned.status == "ok"
    redundant = {w.message.split("'")[1] for w in warned.warnings if w.code == "W001"}
    assert all("whole world" in w.message for w in warned.warnings if w.code == "W001")
    ids = [x.id for x in c.clues]
    expected = set()
    for cid in ids:
        rest = set(ids) - {cid}
        if len(possible_answers(c, rest)) == 1 and all(len(v) == 1 for v in feasible_values(c, SOL, rest).values()):
            expected.add(cid)
    assert redundant == expected and expected  # (the rope's dusk cell follows from nobody carrying it)


def test_differing_cells_come_in_the_timeline_order():
    """A person's cells are listed by time as the setting orders it, not alphabetically."""
    from casetool.load.model import World
    from casetool.solver.whole_world import differences
    first = World({}, loc={("amy", "dusk"): "hall", ("amy", "dawn"): "hall", ("amy", "noon"): "hall"})
    second = World({}, loc={k: "attic" for k in first.loc})
    cells = [c for c, _, _ in differences(first, second, {"dawn": 0, "noon": 1, "dusk": 2})]
    assert cells == ["at(amy, dawn)", "at(amy, noon)", "at(amy, dusk)"]


def test_a_card_that_moves_to_the_envelope_and_a_new_liar_are_differences():
    """A card held in one world and in the envelope in the other differs ("envelope" named);
    a card in the envelope in both, or held by the same player, does not."""
    from casetool.load.model import World
    from casetool.solver.whole_world import differences
    first = World({}, liars=frozenset({"bob"}), owner={"rope": "amy", "knife": "cy"})
    second = World({}, liars=frozenset(), owner={"knife": "cy", "pipe": "amy"})
    assert differences(first, second) == [("holder of pipe", "envelope", "amy"),
                                          ("holder of rope", "amy", "envelope"),
                                          ("liars", "bob", "nobody")]


def _json_world(tmp_path, setting, doc):
    """`casetool check --world --format json` on the case, through the real command line."""
    import json

    from casetool.cli import cli
    from click.testing import CliRunner

    from solver_harness import dump
    (tmp_path / "setting.yaml").write_text(setting if isinstance(setting, str) else dump(setting))
    (tmp_path / "001-case.yaml").write_text(dump(doc))
    out = CliRunner().invoke(cli, ["check", "--world", "--format", "json", "--no-warnings", str(tmp_path)])
    assert out.exit_code == 0, out.output
    [shown] = json.loads(out.stdout)["cases"][0]["answers"]
    return shown


def test_a_proven_world_is_reported_whole_in_json(tmp_path):
    # 12 of the manor's cells are pinned by the clues, the others follow: the report shows all
    more = PINNED + ["at(amy, dawn) == study", "at(lord, dawn) == hall", "at(lord, noon) == hall",
                     "all t in time: at(pipe, t) == hall", "at(rope, dawn) == attic", "at(rope, noon) == attic"]
    doc = case("manor", [fact(m) for m in more], SOL)
    shown = _json_world(tmp_path, MANOR, doc)
    values = feasible_values(load_one(MANOR, doc), SOL)
    cells = {k: next(iter(v)) for (kind, k), v in values.items() if kind == "cell"}
    assert all(len(v) == 1 for v in values.values())
    assert {(w["person"], w["time"]): w["place"] for w in shown["whereabouts"]} == cells
    assert len(cells) > 12


def test_a_proven_world_names_every_cards_holder(tmp_path):
    players = {"players": [{"id": "ann", "hand": 2, "holds": ["amy"]}, {"id": "ben", "hand": 2}]}
    sol = {"suspect": "cal", "weapon": "rope"}
    doc = case("deck", [fact("suspect == cal"), fact("weapon == rope"), fact("holds(ben, bob)"), fact("holds(ann, pipe)")],
               sol, cards=players)
    shown = _json_world(tmp_path, CARDS, doc)
    values = feasible_values(load_one(CARDS, doc), sol)
    holders = {k: next(iter(v)) for (kind, k), v in values.items() if kind == "card"}
    got = {c["card"]: c["holder"] for c in shown["cards"]}
    assert {card: who for card, who in got.items() if who != "envelope"} == holders
    assert sorted(card for card, who in got.items() if who == "envelope") == sorted(sol.values())
