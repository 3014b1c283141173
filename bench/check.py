"""Benchmark `casetool check` on generated timeline cases with liars, of growing size.

    python bench/check.py                  # the default sizes, up to 30 x 30 x 30
    python bench/check.py --sizes 10x10x11 20x20x24 --repeat 5 --markdown
    python bench/check.py --sizes 8x10x8 30x30x30 --memory   # peak memory, casetool vs peer

Each case is written as YAML (setting.yaml + one case) into a temporary folder and
loaded with casetool.load.project.load_paths, as `casetool check` would. Per size it prints:
the model size, load time, the whole check (`prove_case` with default options: find the
answer, prove it unique, redundancy and liar warnings), its number of CP-SAT calls and
of questions the warnings asked of the incremental SAT mirror (SAT calls), one
bare CP-SAT solve of the same model (compile_case + one solve with every clue on), and
the ratio of the whole check to that bare solve; also the check without warnings
(`-W`: answer and uniqueness only). Times are medians over --repeat runs; `--cpu` measures
the process's CPU time instead of wall time (steadier on a shared, loaded machine).

Both checks run with the options `casetool check` uses for its text report
(`worlds=False`: an ok case is proven by assumed solves, its world is not read); the
column `check -W json s` is `casetool check --no-warnings --format json`, which pins the
clues to find the world it shows.

Beside casetool it builds and checks the same puzzle with a hand-written CP-SAT model
(bench/peer.py: the yardstick the issue asks for) and prints the ratios the goals are
stated in: compile / peer build, check / check -W, check -W / bare solve.

The generated case (suspects x places x times) has a unique answer by construction:
* a hidden world: where everyone was at every time (a place or away);
* six witnesses who are suspects, under the inspector rule; one of them lies about a
  time far from the crime, and the inspector names them;
* the crime time lies in a window given by a note; at every other time of the window
  everyone was together (so, by the setting's rule, it is not the crime time);
* the locator names two places; nobody was at the second at the crime time;
* notes give the whereabouts of every other person at the crime time (and at a few
  other times); witnesses add true whereabouts and a quantified statement.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
if not os.environ.get("PYTHONPATH"):   # PYTHONPATH=other_tree measures another casetool
    sys.path.insert(1, str(ROOT))

from casetool.load.project import load_paths
from casetool.solver.check import prove_case
from casetool.solver.compile import compile_case
from casetool.solver.options import Options
from casetool.solver.session import Session

from peer import Peer

DEFAULT_SIZES = ["4x4x4", "6x6x6", "8x8x8", "10x10x11", "12x12x12", "16x16x16", "20x20x24", "30x30x30"]
AWAY = "away"


def generate(n_sus: int, n_pla: int, n_tim: int, seed: int = 0) -> tuple[dict, dict, list]:
    rng = random.Random(seed)
    sus = [f"s{i:02d}" for i in range(1, n_sus + 1)]
    pla = [f"p{i:02d}" for i in range(1, n_pla + 1)]
    tim = [f"t{i:02d}" for i in range(1, n_tim + 1)]
    gender = {s: rng.choice(["male", "female"]) for s in sus}
    setting = {
        "setting": "bench", "title": "Benchmark", "answer": ["suspect", "place", "time"], "culprit": "suspect",
        "categories": {
            "suspect": {"attributes": {"gender": {"values": ["male", "female"]}},
                        "items": {s: {"name": s.upper(), "gender": gender[s]} for s in sus}},
            "place": {"attributes": {"indoor": {"type": "bool"}, "wings": {"values": ["north", "south", "east", "west"], "multi": True}},
                      "items": {p: {"name": p.upper(), "indoor": rng.random() < 0.7,
                                    "wings": rng.sample(["north", "south", "east", "west"], rng.randint(1, 2))} for p in pla}},
            "time": {"ordered": True, "attributes": {"daylight": {"type": "bool"}},
                     "items": {t: {"name": t.upper(), "daylight": 0.25 < i / n_tim < 0.75} for i, t in enumerate(tim)}},
        },
        "characters": {**{s: {"name": s.upper(), "role": "witness", "item": s} for s in sus[:6]},
                       "brown": {"name": "Inspector Brown", "role": "inspector"},
                       "boddy": {"name": "Mr. Boddy", "role": "locator"},
                       "ashe": {"name": "Ashe", "role": "narrator"}},
        "liar_rule": "inspector",
        "timeline": {"people": "suspect", "places": "place", "times": "time", "together_excludes_crime": True},
    }
    # the hidden world
    culprit, scene = rng.choice(sus), pla[0]
    k = n_tim // 2
    crime = tim[k]
    window = tim[max(0, k - 2): k + 3]
    decoy = pla[1]
    cells = {(s, t): (AWAY if rng.random() < 0.2 else rng.choice(pla)) for s in sus for t in tim}
    for t in window:
        if t != crime:
            q = rng.choice(pla)
            for s in sus:
                cells[(s, t)] = q
    for s in sus:
        if s != culprit and cells[(s, crime)] in (scene, decoy):
            cells[(s, crime)] = rng.choice([p for p in pla[2:]] + [AWAY])
    cells[(culprit, crime)] = scene
    clues = []

    peer = []  # the same clues as data, for the hand-written model (bench/peer.py)

    def clue(cid, means, speaker=None, spec=()):
        c = {"id": cid, "text": f"Clue {cid}.", "means": means}
        if speaker:
            c["speaker"] = speaker
        clues.append(c)
        peer.append((speaker, spec))

    clue("window", f"time between {window[0]} and {window[-1]}", "ashe", ("times", window))
    together = [t for t in window if t != crime]
    if together:
        clue("together", " and ".join(f"together({t})" for t in together), "ashe", ("together", together))
    clue("scene", f"place in [{scene}, {decoy}]", "boddy", ("places", [scene, decoy]))
    clue("decoy", f"no p in suspect: at(p, {crime}) == {decoy}", "ashe", ("nobody", crime, decoy))
    others = [t for t in tim if t not in window]
    for s in sus:
        if s == culprit:
            continue
        facts = [(s, crime)] + [(s, t) for t in rng.sample(others, min(2, len(others)))]
        clue(f"where_{s}", " and ".join(f"at({p}, {t}) == {cells[(p, t)]}" for p, t in facts), "ashe",
             ("cells", [(p, t, cells[(p, t)]) for p, t in facts]))
    witnesses = sus[:6]
    liar = rng.choice(witnesses)
    for w in witnesses:
        p, t = rng.choice(sus), rng.choice(others or tim)
        if w == liar:  # a false statement far from the crime
            wrong = rng.choice([z for z in pla + [AWAY] if z != cells[(p, t)]])
            clue(f"w_{w}", f"at({p}, {t}) == {wrong}", w, ("cells", [(p, t, wrong)]))
        else:
            men = [s for s in sus if gender[s] == "male"]
            if men and rng.random() < 0.5:
                t2 = rng.choice(tim)
                places = sorted({cells[(m, t2)] for m in men})
                clue(f"w_{w}", f"all p in suspect where p.gender == male: at(p, {t2}) in [{', '.join(places)}]", w,
                     ("all_in", men, t2, places))
            else:
                clue(f"w_{w}", f"at({p}, {t}) == {cells[(p, t)]}", w, ("cells", [(p, t, cells[(p, t)])]))
    clue("inspector", f"lies({liar})", "brown", ("lies", liar))
    case = {"case": 1, "title": f"Benchmark {n_sus}x{n_pla}x{n_tim}", "setting": "bench", "story": "Generated.",
            "clues": clues,
            "solution": {"suspect": culprit, "place": scene, "time": crime, "liars": [liar], "text": "Generated."}}
    return setting, case, peer


def load(setting: dict, case: dict):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "setting.yaml").write_text(yaml.safe_dump(setting, sort_keys=False))
        (folder / "001-bench.yaml").write_text(yaml.safe_dump(case, sort_keys=False, width=1000))
        loaded = load_paths([folder])
    errors = [d for d in loaded.diagnostics if d.is_error]
    if errors:
        raise SystemExit("\n".join(f"{d.code} {d.message}" for d in errors))
    return loaded.cases[0]


CLOCK = time.perf_counter


def options(**kw) -> Options:
    """Options(**kw), without the fields an older casetool does not have (so that this
    script can measure an older tree too: PYTHONPATH=that_tree python bench/check.py)."""
    fields = getattr(Options, "__dataclass_fields__", {})
    return Options(**{k: v for k, v in kw.items() if k in fields})


def measure(size: str, repeat: int, time_limit: float) -> dict:
    n_sus, n_pla, n_tim = (int(x) for x in size.split("x"))
    setting, case_doc, specs = generate(n_sus, n_pla, n_tim)
    t = {k: [] for k in ("load", "check", "quick", "quick_json", "bare", "compile", "peer", "peer_check")}
    result = None

    def timed(key, f):
        t0 = CLOCK()
        value = f()
        t[key].append(CLOCK() - t0)
        return value

    for _ in range(repeat):
        case = timed("load", lambda: load(setting, case_doc))
        result = timed("check", lambda c=case: prove_case(c, options(time_limit=time_limit, worlds=False)))
        quick_result = timed("quick", lambda c=case: prove_case(c, options(time_limit=time_limit, warnings=False,
                                                                           worlds=False)))
        timed("quick_json", lambda c=case: prove_case(c, Options(time_limit=time_limit, warnings=False)))
        t0 = CLOCK()
        compiled = timed("compile", lambda c=case: compile_case(c))
        session = Session(compiled)
        bare = session.feasible(session.clue_lits([c.id for c in case.clues]), time_limit)
        t["bare"].append(CLOCK() - t0)
        assert bare, "the bare solve found no answer"
        t0 = CLOCK()
        peer = timed("peer", lambda: Peer(setting, case_doc, specs))
        assert peer.unique(time_limit), "the peer model does not find the answer unique"
        t["peer_check"].append(CLOCK() - t0)
    med = {k: statistics.median(v) for k, v in t.items()}
    return {
        "size": size, "clues": len(case.clues), "bools": len(compiled.model.proto.variables),
        "peer_bools": len(peer.m.proto.variables), "status": result.status, **med,
        "calls": result.solver_calls, "quick_calls": quick_result.solver_calls,
        "sat_calls": getattr(result, "sat_calls", 0),   # (an older tree has no SAT mirror)
        "ratio": med["check"] / med["bare"], "warnings": len(result.warnings),
        "compile_peer": med["compile"] / med["peer"], "check_quick": med["check"] / med["quick"],
        "quick_bare": med["quick"] / med["bare"], "quick_peer": med["quick"] / med["peer_check"],
    }


COLUMNS = [("size", "size (S x P x T)", "{}"), ("clues", "clues", "{}"), ("bools", "model vars", "{}"),
           ("peer_bools", "peer vars", "{}"), ("status", "status", "{}"), ("load", "load s", "{:.3f}"),
           ("check", "check s", "{:.3f}"), ("calls", "calls", "{}"), ("sat_calls", "SAT calls", "{}"), ("quick", "check -W s", "{:.3f}"), ("quick_json", "check -W json s", "{:.3f}"),
           ("compile", "compile s", "{:.3f}"), ("peer", "peer build s", "{:.3f}"),
           ("bare", "bare solve s", "{:.3f}"), ("peer_check", "peer check s", "{:.3f}"),
           ("compile_peer", "compile / peer build", "{:.2f}"), ("check_quick", "check / check -W", "{:.2f}"),
           ("quick_bare", "check -W / bare", "{:.2f}"), ("quick_peer", "check -W / peer check", "{:.2f}")]


def table(rows: list[dict], markdown: bool) -> str:
    cells = [[fmt.format(r[k]) for k, _, fmt in COLUMNS] for r in rows]
    heads = [h for _, h, _ in COLUMNS]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(heads)]
    if markdown:
        def row(vals):
            return "| " + " | ".join(v.rjust(w) for v, w in zip(vals, widths, strict=True)) + " |"
        rule = "|" + "|".join("-" * (w + 1) + ":" for w in widths) + "|"
        return "\n".join([row(heads), rule] + [row(c) for c in cells])

    def line(vals):
        return "  ".join(v.rjust(w) for v, w in zip(vals, widths, strict=True))
    return "\n".join([line(heads), line(["-" * w for w in widths])] + [line(c) for c in cells])


def memory(size: str, which: str) -> dict:
    """Peak memory of building `which` (casetool's compile or the peer's model) and one
    solve of it, measured in this process: tracemalloc's peak of Python allocations during
    the build, and the growth of the peak resident set (ru_maxrss: CP-SAT's C++ side too)."""
    import resource
    import tracemalloc
    n_sus, n_pla, n_tim = (int(x) for x in size.split("x"))
    setting, case_doc, specs = generate(n_sus, n_pla, n_tim)
    case = load(setting, case_doc)
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    if which == "casetool":
        session = Session(compile_case(case))
        _, py_peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert session.feasible(session.clue_lits([c.id for c in case.clues]))
    else:
        peer = Peer(setting, case_doc, specs)
        _, py_peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert peer.unique(60)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"python_peak_kib": py_peak // 1024, "rss_growth_kib": rss - rss0}


def memory_table(sizes: list[str]) -> str:
    """Each measurement in a fresh process, so that one does not inherit the other's peak."""
    import json
    import subprocess
    lines = ["| size | casetool Python peak KiB | peer Python peak KiB | casetool RSS growth KiB | peer RSS growth KiB |",
             "|---:|---:|---:|---:|---:|"]
    for size in sizes:
        got = {}
        for which in ("casetool", "peer"):
            out = subprocess.run([sys.executable, __file__, "--memory-child", size, which],
                                 capture_output=True, text=True, check=True).stdout
            got[which] = json.loads(out)
        c, p = got["casetool"], got["peer"]
        lines.append(f"| {size} | {c['python_peak_kib']} | {p['python_peak_kib']} | {c['rss_growth_kib']} | {p['rss_growth_kib']} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", nargs="+", default=DEFAULT_SIZES, help="suspects x places x times, e.g. 10x10x11")
    ap.add_argument("--repeat", type=int, default=3, help="runs per size; the median is shown")
    ap.add_argument("--time-limit", type=float, default=10.0, help="per-case solver time limit (s), as `check`")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    ap.add_argument("--cpu", action="store_true", help="measure CPU time (this process) instead of wall time")
    ap.add_argument("--memory", action="store_true", help="peak memory of compile vs the peer build, per size")
    ap.add_argument("--memory-child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.memory_child:
        import json
        print(json.dumps(memory(*args.memory_child)))
        return 0
    if args.memory:
        print(memory_table(args.sizes))
        return 0
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    rows = []
    for size in args.sizes:
        rows.append(measure(size, args.repeat, args.time_limit))
        print(f"  {size}: {rows[-1]['status']}, check {rows[-1]['check']:.3f} s", file=sys.stderr, flush=True)
    print(table(rows, args.markdown))
    return 0 if all(r["status"] == "ok" for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
