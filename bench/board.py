"""Benchmark a board quantified over rooms x rooms x times (issue 14 item 10).

    python bench/board.py                      # 6 suspects x 6 weapons x 8 rooms x 6 times, and more
    python bench/board.py --sizes 6x6x8x6 8x8x10x8 --write DIR   # also write the YAML

The generated setting is a ring of rooms (each next to two others); the case's fixed rule
is the movement rule written as one clue with four nested quantifiers,

    all p in suspect: all t in time: all q in room: all r in room:
        (at(p, t) == q and at(p, t + 1) == r) implies (q == r or q.adjacent has r)

which ranges over suspects x times x rooms x rooms bindings of its body (43,000 conditions
at 6 x 6 x 8 x 6, 115,000 at 8 x 8 x 10 x 8): too many to unroll at load, so it is kept
whole and compiled binding by binding (casetool.language.resolve.UNROLL_MAX). The other
clues place everyone at the first time, name the weapon, room and time, and rule out the
two suspects who could also have reached the room. Per size: load (YAML, names, types),
compile, the whole check and its status, in CPU seconds (process time) and wall seconds.

    python bench/board.py --memory --sizes 8x8x10x8   # peak memory, weapons moving with people

`--memory` measures a board whose weapons move too: the setting's `timeline:` declares
the board (`moves: adjacent, objects: [weapon]`: a piece stays or moves to an adjacent
room, a weapon moves only with a person who was with it, the culprit and the weapon are
at the crime), the clues place every person and weapon at the first time and name the
weapon, room and time. Against it, the same puzzle as a plain CP-SAT model written by
hand (`plain_model`: a boolean per answer item and per cell, `exactly one` per cell, the
rules as clauses, one auxiliary "p carries from z to n" literal per person, step and pair
of rooms). Each in a fresh process: compile (or build) and one solve, tracemalloc's peak
of Python allocations during the build and the growth of the peak resident set.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from casetool.load.project import load_paths
from casetool.solver.check import prove_case
from casetool.solver.compile import compile_case
from casetool.solver.options import Options

MOVES = ("all p in suspect: all t in time: all q in room: all r in room: "
         "(at(p, t) == q and at(p, t + 1) == r) implies (q == r or q.adjacent has r)")


def board(n_sus: int, n_wea: int, n_room: int, n_time: int) -> tuple[dict, dict]:
    sus = [f"s{i}" for i in range(n_sus)]
    rooms = [f"r{i}" for i in range(n_room)]
    ring = {r: sorted({rooms[(i - 1) % n_room], rooms[(i + 1) % n_room]} - {r}) for i, r in enumerate(rooms)}
    setting = {
        "setting": "board", "title": "Board", "answer": ["suspect", "weapon", "room", "time"],
        "culprit": "suspect", "liar_rule": "none",
        "categories": {
            "suspect": {"items": {s: {"name": s.upper()} for s in sus}},
            "weapon": {"items": {f"w{i}": {"name": f"W{i}"} for i in range(n_wea)}},
            "room": {"attributes": {"adjacent": {"items": "room", "multi": True}},
                     "items": {r: {"name": r.upper(), "adjacent": ring[r]} for r in rooms}},
            "time": {"ordered": True, "items": {f"t{i}": {"name": f"T{i}"} for i in range(n_time)}},
        },
        "characters": {"notes": {"name": "The narrator", "role": "narrator"}},
        "timeline": {"people": "suspect", "places": "room", "times": "time"},
    }

    def clue(cid, means):
        return {"id": cid, "speaker": "notes", "text": f"Clue {cid}.", "means": means}

    start = " and ".join(f"at({s}, t0) == {rooms[i % n_room]}" for i, s in enumerate(sus))
    clues = [clue("moves", MOVES), clue("start", start), clue("weapon", "weapon == w0"),
             clue("time", "time == t1"), clue("room", "room == r1"),
             clue("others", "at(s0, t1) == r0 and at(s2, t1) == r2")]
    case = {"case": 1, "title": f"Board {n_sus}x{n_wea}x{n_room}x{n_time}", "setting": "board",
            "story": "Generated.", "clues": clues,
            "solution": {"suspect": "s1", "weapon": "w0", "room": "r1", "time": "t1", "text": "Generated."}}
    return setting, case


def moving_board(n_sus: int, n_wea: int, n_room: int, n_time: int) -> tuple[dict, dict]:
    """The same ring of rooms, the board declared in the timeline, weapons moving with people."""
    setting, case = board(n_sus, n_wea, n_room, n_time)
    setting["timeline"].update({"moves": "adjacent", "objects": ["weapon"]})
    rooms = list(setting["categories"]["room"]["items"])
    weapons = list(setting["categories"]["weapon"]["items"])
    start = " and ".join(f"at({w}, t0) == {rooms[(i + 1) % n_room]}" for i, w in enumerate(weapons))
    case["clues"] = [c for c in case["clues"] if c["id"] != "moves"]
    case["clues"].append({"id": "weapons", "speaker": "notes", "text": "Clue weapons.", "means": start})
    return setting, case


def plain_model(n_sus: int, n_wea: int, n_room: int, n_time: int):
    """moving_board's puzzle as a plain CP-SAT model: (model, answer literals, clue literals)."""
    from ortools.sat.python import cp_model
    m = cp_model.CpModel()
    sus, wea = [f"s{i}" for i in range(n_sus)], [f"w{i}" for i in range(n_wea)]
    rooms, times = [f"r{i}" for i in range(n_room)], [f"t{i}" for i in range(n_time)]
    nxt = {r: {rooms[(i - 1) % n_room], rooms[(i + 1) % n_room]} - {r} for i, r in enumerate(rooms)}
    ans = {c: {i: m.new_bool_var(f"{c}={i}") for i in items}
           for c, items in (("suspect", sus), ("weapon", wea), ("room", rooms), ("time", times))}
    for lits in ans.values():
        m.add_exactly_one(lits.values())
    at = {}
    for x in sus + wea:
        for t in times:
            at[(x, t)] = {r: m.new_bool_var(f"at({x},{t})={r}") for r in rooms}
            m.add_exactly_one(at[(x, t)].values())
    steps = list(zip(times, times[1:], strict=False))
    for x in sus + wea:        # stay or move to an adjacent room
        for t, u in steps:
            for r in rooms:
                m.add_bool_or([~at[(x, t)][r], at[(x, u)][r], *(at[(x, u)][n] for n in nxt[r])])
    for t, u in steps:         # a weapon moves only with a person who made the same move
        for r in rooms:
            for n in nxt[r]:
                carry = []
                for p in sus:
                    c = m.new_bool_var("")
                    m.add_implication(c, at[(p, t)][r])
                    m.add_implication(c, at[(p, u)][n])
                    carry.append(c)
                for w in wea:
                    m.add_bool_or([~at[(w, t)][r], ~at[(w, u)][n], *carry])
    for x, cat in [(p, "suspect") for p in sus] + [(w, "weapon") for w in wea]:   # at the crime
        for t in times:
            for r in rooms:
                m.add_bool_or([~ans[cat][x], ~ans["time"][t], ~ans["room"][r], at[(x, t)][r]])
    clues = {}

    def clue(cid, lits):
        clues[cid] = m.new_bool_var(f"clue:{cid}")
        m.add_bool_and(lits).only_enforce_if(clues[cid])
    clue("start", [at[(s, "t0")][rooms[i % n_room]] for i, s in enumerate(sus)])
    clue("weapons", [at[(w, "t0")][rooms[(i + 1) % n_room]] for i, w in enumerate(wea)])
    clue("weapon", [ans["weapon"]["w0"]])
    clue("time", [ans["time"]["t1"]])
    clue("room", [ans["room"]["r1"]])
    clue("others", [at[("s0", "t1")]["r0"], at[("s2", "t1")]["r2"]])
    return m, ans, clues


def memory(size: str, which: str) -> dict:
    """Peak memory of compiling moving_board (casetool) or building plain_model, and one
    solve with every clue on, in this process."""
    import resource
    import tracemalloc

    from casetool.solver.cpsat import Engine
    from ortools.sat.python import cp_model
    dims = [int(x) for x in size.split("x")]
    if which == "casetool":
        setting, case_doc = moving_board(*dims)
        with tempfile.TemporaryDirectory() as tmp:
            write(Path(tmp), setting, case_doc)
            [case] = load_paths([Path(tmp)]).cases
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    if which == "casetool":
        compiled = compile_case(case)
        _, py_peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        verdict = Engine(compiled).solve([lit.index for lit in compiled.enables.values()], 60)
        status = {True: "feasible", False: "infeasible", None: "unknown"}[verdict]
        model = compiled.model
    else:
        model, _, clues = plain_model(*dims)
        _, py_peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        model.add_assumptions(list(clues.values()))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        status = solver.solve(model)
        status = "feasible" if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else str(status)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    proto = model.proto
    return {"python_peak_kib": py_peak // 1024, "rss_growth_kib": rss - rss0, "status": status,
            "vars": len(proto.variables), "constraints": len(proto.constraints)}


def memory_table(sizes: list[str]) -> None:
    import json
    import subprocess
    print("| size (S x W x R x T) | model | vars | constraints | Python peak KiB | RSS growth KiB | solve |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for size in sizes:
        for which in ("casetool", "plain"):
            out = subprocess.run([sys.executable, __file__, "--memory-child", size, which],
                                 capture_output=True, text=True, check=True).stdout
            r = json.loads(out)
            print(f"| {size} | {which} | {r['vars']} | {r['constraints']} | {r['python_peak_kib']} | "
                  f"{r['rss_growth_kib']} | {r['status']} |", flush=True)


def write(folder: Path, setting: dict, case: dict) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "setting.yaml").write_text(yaml.safe_dump(setting, sort_keys=False))
    (folder / "001-board.yaml").write_text(yaml.safe_dump(case, sort_keys=False, width=1000))


def clock(f):
    wall, cpu = time.perf_counter(), time.process_time()
    value = f()
    return value, time.process_time() - cpu, time.perf_counter() - wall


def measure(size: str) -> dict:
    setting, case_doc = board(*(int(x) for x in size.split("x")))
    with tempfile.TemporaryDirectory() as tmp:
        write(Path(tmp), setting, case_doc)
        loaded, load_cpu, load_wall = clock(lambda: load_paths([Path(tmp)]))
    errors = [f"{d.code} {d.message}" for d in loaded.diagnostics if d.is_error]
    if errors:
        return {"size": size, "status": errors[0][:60]}
    case = loaded.cases[0]
    compiled, compile_cpu, compile_wall = clock(lambda: compile_case(case))
    result, check_cpu, check_wall = clock(lambda: prove_case(case, Options()))
    return {"size": size, "status": result.status, "vars": len(compiled.model.proto.variables),
            "load": f"{load_cpu:.2f} ({load_wall:.2f})", "compile": f"{compile_cpu:.2f} ({compile_wall:.2f})",
            "check": f"{check_cpu:.2f} ({check_wall:.2f})", "calls": result.solver_calls}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", nargs="+", default=["4x4x6x4", "6x6x8x6", "8x8x10x8"], help="suspects x weapons x rooms x times")
    ap.add_argument("--write", type=Path, help="also write each size's YAML into DIR/SIZE")
    ap.add_argument("--memory", action="store_true", help="peak memory, weapons moving with people, vs a plain model")
    ap.add_argument("--memory-child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.memory_child:
        import json
        print(json.dumps(memory(*args.memory_child)))
        return 0
    if args.memory:
        memory_table(args.sizes)
        return 0
    print("| size (S x W x R x T) | status | model vars | load s CPU (wall) | compile s CPU (wall) | check s CPU (wall) | calls |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for size in args.sizes:
        if args.write:
            write(args.write / size, *board(*(int(x) for x in size.split("x"))))
        r = measure(size)
        print("| " + " | ".join(str(r.get(k, "")) for k in ("size", "status", "vars", "load", "compile", "check", "calls")) + " |",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
