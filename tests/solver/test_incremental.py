"""The SAT mirror of a compiled model (casetool/solver/incremental.py) must state the
model exactly, and the warnings it answers must be the ones CP-SAT and the brute force give.

* Random small CP-SAT models of every constraint kind the mirror reads (clauses,
  and-gates, at-most-one, exactly-one, linear sums with any coefficients and domains
  with holes, all with enforcement literals): for every assignment of the variables,
  the mirror is feasible exactly when the constraints, evaluated here in Python, hold.
  Half the constraints are added after the mirror is made (its `sync` reads them).
* Random small cases of every kind (solver_cases.py), with declared liars: the W001 and
  W003 warnings with the mirror equal those without it (every question on CP-SAT),
  and both equal the brute force's (bruteforce.py).
"""

from __future__ import annotations

import itertools
import random
from types import SimpleNamespace

import pytest
from casetool.solver.check import prove_case
from casetool.solver.compile import compile_case
from casetool.solver.cpsat import Engine
from casetool.solver.incremental import Mirror, Untranslatable
from casetool.solver.options import Options
from casetool.solver.session import Session
from hypothesis import given, settings
from ortools.sat.python import cp_model

from bruteforce import Problem, liar_sets, possible_answers
from solver_cases import generated, plant
from solver_harness import load_one
from tiers import examples


# ---- the translation, against assignments ------------------------------------------
def random_model(rng: random.Random, n: int, count: int):
    """A CpModel over n booleans, and its constraints as (kind, enforcement, data) with
    literals as (variable, positive) pairs, evaluated independently of the proto."""
    m = cp_model.CpModel()
    xs = [m.new_bool_var(f"x{i}") for i in range(n)]
    specs = []

    def lit():
        i = rng.randrange(n)
        pos = rng.random() < 0.6
        return (i, pos), (xs[i] if pos else ~xs[i])

    def add(ct, kind, data):
        enf = [lit() for _ in range(rng.choice([0, 0, 1, 2]))]
        if enf:
            ct.only_enforce_if([e for _, e in enf])
        specs.append((kind, [s for s, _ in enf], data))

    for _ in range(count):
        kind = rng.choice(["bool_or", "bool_and", "at_most_one", "exactly_one", "linear", "linear"])
        if kind == "linear":
            terms = [(rng.randrange(n), rng.choice([1, 1, -1, 2, -3])) for _ in range(rng.randint(1, 5))]
            expr = sum(c * xs[i] for i, c in terms)
            low = sum(min(c, 0) for _, c in terms)
            high = sum(max(c, 0) for _, c in terms)
            k = rng.randint(low - 1, high + 1)
            op = rng.choice(["==", "!=", "<=", ">=", "<", ">"])
            rel = {"==": expr == k, "!=": expr != k, "<=": expr <= k, ">=": expr >= k, "<": expr < k, ">": expr > k}[op]
            add(m.add(rel), kind, (terms, op, k))
            continue
        pairs = [lit() for _ in range(rng.randint(0 if kind == "bool_or" else 1, 7))]
        lits = [x for _, x in pairs]
        made = {"bool_or": m.add_bool_or, "bool_and": m.add_bool_and,
                "at_most_one": m.add_at_most_one, "exactly_one": m.add_exactly_one}[kind](lits)
        add(made, kind, [s for s, _ in pairs])
    return m, specs


def holds(spec, values) -> bool:
    kind, enf, data = spec
    if not all(values[i] == pos for i, pos in enf):
        return True
    if kind == "linear":
        terms, op, k = data
        total = sum(c * values[i] for i, c in terms)
        return {"==": total == k, "!=": total != k, "<=": total <= k, ">=": total >= k,
                "<": total < k, ">": total > k}[op]
    true = sum(values[i] == pos for i, pos in data)
    return {"bool_or": true >= 1, "bool_and": true == len(data), "at_most_one": true <= 1,
            "exactly_one": true == 1}[kind]


@pytest.mark.parametrize("seed", range(40))
def test_the_mirror_is_feasible_exactly_where_the_constraints_hold(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    m, specs = random_model(rng, n, rng.randint(1, 10))
    live = len(m.proto.constraints)
    mirror = Mirror(Engine(SimpleNamespace(model=m)).snapshot(), m.proto)
    more, more_specs = random_model(rng, n, rng.randint(0, 6))
    m.proto.constraints.extend(more.proto.constraints)   # the same variables, added after
    assert len(m.proto.constraints) == live + len(more_specs)
    specs += more_specs
    worlds = [values for values in itertools.product([False, True], repeat=n) if all(holds(s, values) for s in specs)]
    for values in itertools.product([False, True], repeat=n):
        got = mirror.solve([i if v else -i - 1 for i, v in enumerate(values)])
        assert got is (values in worlds), (values, specs)
    # partial questions: an infeasible one's core is a part of it that no world satisfies
    for _ in range(10):
        asked = rng.sample(range(n), rng.randint(0, n))
        lits = [i if rng.random() < 0.5 else -i - 1 for i in asked]
        fits = [w for w in worlds if all(w[i] if i >= 0 else not w[-i - 1] for i in lits)]
        assert mirror.solve(lits) is bool(fits)
        if not fits:
            core = mirror.core()
            assert set(core) <= set(lits)
            assert not any(all(w[i] if i >= 0 else not w[-i - 1] for i in core) for w in worlds)
    mirror.close()


def test_a_model_it_cannot_state_exactly_is_refused():
    m = cp_model.CpModel()
    x = m.new_int_var(0, 5, "x")
    m.add(x >= 2)
    with pytest.raises(Untranslatable, match="not boolean"):
        Mirror(Engine(SimpleNamespace(model=m)).snapshot(), m.proto)
    m = cp_model.CpModel()
    bs = [m.new_bool_var("") for _ in range(3)]
    m.add(sum(1000 * b for b in bs) <= 1500)   # total weight over WEIGHT_MAX
    with pytest.raises(Untranslatable, match="total weight"):
        Mirror(Engine(SimpleNamespace(model=m)).snapshot(), m.proto)
    m = cp_model.CpModel()
    bs = [m.new_bool_var("") for _ in range(3)]
    m.add_bool_xor(bs)
    with pytest.raises(Untranslatable, match="bool_xor|other"):
        Mirror(Engine(SimpleNamespace(model=m)).snapshot(), m.proto)


# ---- the warnings, against CP-SAT and the brute force ------------------------------
MAX_ANSWERS = 12


def case_with_liars(docs):
    """The generated case, planted, made unique and with declared liars: most generated
    cases are ambiguous, and only an ok case gets W001 and W003 questions."""
    setting, case_doc, (plant_seed, hidden) = docs
    case = load_one(setting, case_doc)
    if plant_seed is not None:
        case_doc = plant(case, case_doc, plant_seed, hidden)
        case = load_one(setting, case_doc)
    answers = sorted(possible_answers(case))
    if not answers or len(answers) > MAX_ANSWERS:
        return case
    doc = unique(case, dict(case_doc), answers)
    case = load_one(setting, doc)
    if case.effective_liar_rule.kind not in ("none", "culprit"):
        # the liars of the brute force's first world for the solution: forced or not
        world = Problem(case).world_for(dict(case.solution))
        doc["solution"] = {**doc["solution"], "liars": sorted(world.liars)}
        case = load_one(setting, doc)
    return case


def unique(case, doc: dict, answers: list[tuple]) -> dict:
    """The case with the solution one of its answers (the declared one when it is one)
    and a clue ruling out each other answer: each of those clues is needed, the
    generated ones may or may not be."""
    cats = case.setting.answer
    solution = tuple(case.solution[c] for c in cats)
    if solution not in answers:
        solution = answers[0]
    doc["solution"] = {**dict(zip(cats, solution, strict=True)), "text": "Generated."}
    others = [a for a in answers if a != solution]
    doc["clues"] = list(doc["clues"]) + [
        {"id": f"u{k + 1}", "text": "Not that.",
         "means": "not (" + " and ".join(f"{c} == {i}" for c, i in zip(cats, other, strict=True)) + ")"}
        for k, other in enumerate(others)]
    return doc


def brute_w003(case) -> bool:
    """Does a world with the solution have other liars than the declared ones?"""
    declared = frozenset(case.solution_liars)
    problem, answer = Problem(case), dict(case.solution)
    return any(problem.world_for(answer, ls) is not None for ls in liar_sets(case, answer) if ls != declared)


def compare(case) -> None:
    with_mirror = prove_case(case, Options(time_limit=60, worlds=False))
    on_cp_sat = prove_case(case, Options(time_limit=60, worlds=False, incremental=False))
    assert [w.text() for w in with_mirror.warnings] == [w.text() for w in on_cp_sat.warnings]
    assert on_cp_sat.sat_calls == 0
    # the whole-world criterion (--world) asks its W001 questions of the mirror too
    world_mirror = prove_case(case, Options(time_limit=60, world=True))
    world_cp_sat = prove_case(case, Options(time_limit=60, world=True, incremental=False))
    assert (world_mirror.status, [w.text() for w in world_mirror.warnings]) == \
        (world_cp_sat.status, [w.text() for w in world_cp_sat.warnings])
    if with_mirror.status != "ok":
        return
    ids = [c.id for c in case.clues]
    redundant = {w.message.split("'")[1] for w in with_mirror.warnings if w.code == "W001"}
    assert redundant == {cid for cid in ids if len(possible_answers(case, set(ids) - {cid})) == 1}
    if case.solution_liars is not None and case.effective_liar_rule.kind not in ("none", "culprit"):
        codes = {w.code for w in with_mirror.warnings}
        if "W002" not in codes:
            assert ("W003" in codes) == brute_w003(case)


@settings(max_examples=examples(15))   # (the slow test below: 150)
@given(generated("traits") | generated("timeline") | generated("cards"))
def test_warnings_from_the_mirror_are_cp_sats_and_the_brute_forces(docs):
    compare(case_with_liars(docs))


@pytest.mark.slow
@settings(max_examples=examples(150))
@given(generated("traits") | generated("timeline") | generated("cards"))
def test_warnings_from_the_mirror_agree_on_many_cases(docs):
    compare(case_with_liars(docs))


def test_the_warnings_of_a_timeline_are_asked_of_the_mirror():
    """The fast path is taken (a W001 question per clue at most, on the mirror) on a real
    timeline sample, and a session without the mirror asks CP-SAT the same."""
    from pathlib import Path

    from casetool.load.project import load_paths
    root = Path(__file__).resolve().parents[2]
    case = load_paths([root / "cases" / "tudor" / "001-the-comet-party.yaml"]).cases[0]
    result = prove_case(case, Options(time_limit=60, worlds=False))
    assert result.status == "ok"
    assert 0 < result.sat_calls <= len(case.clues) + 1
    assert result.solver_calls == 2   # the verdict only: find the answer, prove it unique
    session = Session(compile_case(case), incremental=False)
    lits = session.clue_lits([c.id for c in case.clues]) + [session.block(dict(case.solution))]
    assert session.probe(lits) is not None and session.sat_calls == 0 and session.calls == 1


def test_an_unforced_liar_is_w003_with_the_world_cp_sat_shows():
    """The positive W003 (rare among random cases: their liar clues force the liars):
    the mirror finds other liars possible, and the world named is CP-SAT's, as before."""
    from pathlib import Path

    from casetool.load.project import load_paths
    folder = Path(__file__).resolve().parent / "fixtures" / "liars"
    case = load_paths([folder / "setting.yaml", folder / "002-unforced-liar.yaml"]).cases[0]
    with_mirror = prove_case(case, Options(time_limit=60))
    on_cp_sat = prove_case(case, Options(time_limit=60, incremental=False))
    assert [w.text() for w in with_mirror.warnings] == [w.text() for w in on_cp_sat.warnings]
    assert any(w.code == "W003" and "a world where nobody lie(s) also fits" in w.message for w in with_mirror.warnings)
    assert with_mirror.sat_calls > 0
    assert brute_w003(case)


def pigeons(m, n: int):
    """n + 1 pigeons in n holes: unsatisfiable, and hard for clause learning."""
    x = [[m.new_bool_var("") for _ in range(n)] for _ in range(n + 1)]
    for row in x:
        m.add_bool_or(row)
    for hole in range(n):
        m.add_at_most_one([row[hole] for row in x])
    return x


def test_an_undecided_question_stops_on_the_clock_or_goes_to_cp_sat(monkeypatch):
    import casetool.solver.incremental as incremental
    monkeypatch.setattr(incremental, "STEP", 20)
    monkeypatch.setattr(incremental, "CONFLICTS", 60)
    m = cp_model.CpModel()
    pigeons(m, 6)
    switch = m.new_bool_var("")
    mirror = Mirror(Engine(SimpleNamespace(model=m)).snapshot(), m.proto)
    looks = []
    assert mirror.solve([switch.index], between=lambda: looks.append(1)) is None
    assert len(looks) == 3   # after each step of 20 conflicts

    def time_is_up():
        raise TimeoutError
    with pytest.raises(TimeoutError):
        mirror.solve([switch.index], between=time_is_up)
    # the session then asks CP-SAT, which decides it
    session = Session(SimpleNamespace(model=m, answer={}, lies={}, holds={}, enables={}))
    assert session.probe([switch]) == [switch]
    assert session.sat_calls == 0 and session.calls == 1


def test_the_snapshot_is_the_same_in_memory_or_through_a_temporary_folder(monkeypatch):
    import os

    m, _ = random_model(random.Random(7), 5, 12)
    engine = Engine(SimpleNamespace(model=m))
    in_memory = engine.snapshot()
    monkeypatch.delattr(os, "memfd_create", raising=False)
    on_disk = engine.snapshot()
    assert len(in_memory.constraints) == len(m.proto.constraints) == 12
    assert _items(in_memory) == _items(on_disk)


def _items(snapshot) -> tuple[list[bytes], list[bytes]]:
    return ([snapshot.variables[i].SerializeToString() for i in range(len(snapshot.variables))],
            [snapshot.constraints[i].SerializeToString() for i in range(len(snapshot.constraints))])


@pytest.mark.parametrize("chunk", [1, 3, 7, 512])
def test_a_snapshot_read_in_chunks_is_the_model_parsed_whole(monkeypatch, chunk):
    """The mirror reads the model a chunk of items at a time (cpsat.Snapshot): every variable
    and constraint must be the one the whole model parsed at once holds, in order, whatever
    the chunk size and whatever other fields (hints, assumptions, an objective, a name with a
    long length prefix) lie around them."""
    from casetool.solver import cpsat
    from ortools.sat import cp_model_pb2

    monkeypatch.setattr(cpsat, "CHUNK", chunk)
    m, _ = random_model(random.Random(11), 9, 40)
    m.name = "a model " * 40   # a name longer than 127 bytes: a two-byte length
    m.add_hint(m.get_bool_var_from_proto_index(0), True)
    m.add_assumptions([m.get_bool_var_from_proto_index(1)])
    m.minimize(m.get_bool_var_from_proto_index(2))
    engine = Engine(SimpleNamespace(model=m))
    whole = cp_model_pb2.CpModelProto.FromString(engine._serialized())
    snapshot = engine.snapshot()
    assert len(snapshot.variables) == len(whole.variables) == 9
    assert len(snapshot.constraints) == len(whole.constraints) == 40
    assert _items(snapshot) == ([v.SerializeToString() for v in whole.variables],
                                [c.SerializeToString() for c in whole.constraints])
    with pytest.raises(IndexError):
        snapshot.constraints[40]
