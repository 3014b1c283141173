"""Benchmark a board quantified over rooms x rooms x times (issue 14 item 10).

    python bench/board.py                      # 6 suspects x 6 weapons x 8 rooms x 6 times, and more
    python bench/board.py --sizes 6x6x8x6 8x8x10x8 --write DIR   # also write the YAML

The generated setting is a ring of rooms (each next to two others); the case's fixed rule
is the movement rule written as one clue with four nested quantifiers,

    all p in suspect: all t in time: all q in room: all r in room:
        (at(p, t) == q and at(p, t + 1) == r) implies (q == r or q.adjacent has r)

which unrolls to suspects x times x rooms x rooms copies of its body (43,000 conditions at
6 x 6 x 8 x 6, 115,000 at 8 x 8 x 10 x 8; the T010 limit is 200,000). The other clues place everyone at the
first time, name the weapon, room and time, and rule out the two suspects who could
also have reached the room. Per size: load (YAML, names, types, the unrolling), compile,
the whole check and its status, in CPU seconds (process time) and wall seconds.
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

from casetool.project import load_paths
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
    args = ap.parse_args(argv)
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
