"""Benchmark `casetool generate`: seconds per case per kind and difficulty, checks, fewest clues.

Run: python bench/generate.py [--count 50] [--check] [--fewest 10] [--levels 5] [-j 2]

* per kind (the sample settings), `--count` cases from seeds 1..N with no difficulty asked:
  seconds per case, attempts, clues, the grades that came out; with `--check`, each case is
  written beside its setting, loaded with `load_paths` (validate) and checked with
  warnings (`prove_case`): it must be ok with no warning (so every clue is needed), and a
  timeline case must also pass `casetool pacing` without warnings;
* `--fewest K`: for the first K cases of each kind, the clue count against the fewest of
  the same candidate pool that make the same answer unique (an exact hitting-set search,
  `bench/fewest.py`, 60 s limit each; "-" when not decided);
* `--levels L`: for each kind and level, L cases asked for that level (at most
  `--attempts` drafts each): how many were found and the seconds per case found;
* `--acceptance N`: issue 13's acceptance on N cases spread over every sample setting,
  kind and offered level (seeds 5000 on): each asked for its level, then audited
  (casetool/generate/acceptance.py: lint, the setting's rules and wheels, the level,
  check and pacing); a tally per setting, kind and level, and every failure;
* `--styles S`: for each kind and clue style, S drafts made in that style (no level
  asked): the grades they came out at, and CPU seconds per draft (what steers a level).

Figures are recorded in bench/README.md ("Generate").
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from casetool.load.model import Level  # noqa: E402 - after the path is set

KINDS = [("hampshire", "traits"), ("hampshire", "liars"), ("murdle", "traits"), ("murdle", "liars"), ("supercluedo", "codes"),
         ("classic", "cards"), ("tudor", "timeline"), ("village", "timeline")]
FOLDERS = {"village": ROOT / "tests" / "generate" / "fixtures" / "village"}  # a small timeline (5 x 5 x 6)


def folder(name: str) -> Path:
    return FOLDERS.get(name, ROOT / "cases" / name)
LEVELS = tuple(level.value for level in Level)
_SOURCES: dict = {}


def source(name: str):
    from casetool.generate.source import load_source
    if name not in _SOURCES:
        _SOURCES[name] = load_source(folder(name))[0]
    return _SOURCES[name]


def one(job: tuple) -> dict:
    """Generate (and maybe check) one case; a dict of figures."""
    from casetool.generate.engine import GenerateFailed, Request, generate
    from casetool.generate.writer import schema_line

    from fewest import fewest  # bench/fewest.py
    name, kind, seed, level, attempts, check, best = job
    src = source(name)
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            got = generate(Request(src, seed, kind, level, max_attempts=attempts, schema=schema_line("case", Path(tmp))))
    except GenerateFailed as exc:
        return {"ok": False, "seconds": time.perf_counter() - start, "tally": dict(exc.tally)}
    out = {"ok": True, "seconds": time.perf_counter() - start, "attempts": got.attempts, "clues": len(got.keys),
           "level": got.grade.level, "score": got.grade.score, "checked": None, "fewest": None}
    if check:
        out["checked"] = _check(name, got.text)
    if best:
        t = time.perf_counter()
        out["fewest"] = fewest(got.pool, 60.0)
        out["fewest_seconds"] = time.perf_counter() - t
    return out


def _check(name: str, text: str) -> str:
    from casetool.explain.pacing import pacing
    from casetool.load.project import load_paths
    from casetool.solver.check import prove_case
    from casetool.solver.options import Options
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(folder(name) / "setting.yaml", Path(tmp) / "setting.yaml")
        path = Path(tmp) / "001-case.yaml"
        path.write_text(text)
        loaded = load_paths([path])
        if loaded.diagnostics or len(loaded.cases) != 1:
            return "invalid"
        case = loaded.cases[0]
        result = prove_case(case, Options(time_limit=60))
        if result.status != "ok":
            return result.status
        if result.warnings:
            return "warnings: " + ", ".join(w.code for w in result.warnings)
        if case.events and pacing(case).warnings:
            return "pacing warnings"
        return "ok"


def run(jobs: list[tuple], workers: int) -> list[dict]:
    if workers <= 1:
        return [one(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(one, jobs))


def natural(args) -> None:
    print(f"## {args.count} cases per kind, no difficulty asked (seeds 1..{args.count})\n")
    print("| setting | kind | s/case median | mean | max | attempts | clues | grades | check |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, kind in selected(args):
        jobs = [(name, kind, seed, None, args.attempts, args.check, seed <= args.fewest)
                for seed in range(1, args.count + 1)]
        rows = run(jobs, args.jobs)
        done = [r for r in rows if r["ok"]]
        secs = [r["seconds"] for r in done]
        grades = Counter(r["level"] for r in done)
        checked = Counter(r["checked"] for r in done if r["checked"] is not None)
        check = ", ".join(f"{n} {k}" for k, n in sorted(checked.items())) if args.check else "-"
        print(f"| {name} | {kind} | {statistics.median(secs):.2f} | {statistics.mean(secs):.2f} | {max(secs):.2f} | "
              f"{statistics.mean(r['attempts'] for r in done):.1f} | {statistics.mean(r['clues'] for r in done):.1f} | "
              f"{', '.join(f'{grades[level]} {level}' for level in LEVELS if grades[level])} | {check} |"
              + ("" if len(done) == len(rows) else f" ({len(rows) - len(done)} failed)"))
        _FEWEST[(name, kind)] = [(r["clues"], r["fewest"], r.get("fewest_seconds")) for r in done if "fewest_seconds" in r]
        sys.stdout.flush()


_FEWEST: dict = {}


def fewest_table(args) -> None:
    if not args.fewest:
        return
    print(f"\n## Clues against the fewest possible (first {args.fewest} cases per kind, same candidate pool)\n")
    print("| setting | kind | decided | generated clues (mean) | fewest (mean) | equal | extra clues (mean) | search s (mean) |")
    print("|---|---|---|---|---|---|---|---|")
    for (name, kind), rows in _FEWEST.items():
        decided = [(g, f, s) for g, f, s in rows if f is not None]
        if not decided:
            print(f"| {name} | {kind} | 0 of {len(rows)} | - | - | - | - | - |")
            continue
        print(f"| {name} | {kind} | {len(decided)} of {len(rows)} | {statistics.mean(g for g, _, _ in decided):.1f} | "
              f"{statistics.mean(f for _, f, _ in decided):.1f} | {sum(1 for g, f, _ in decided if g == f)} | "
              f"{statistics.mean(g - f for g, f, _ in decided):.1f} | {statistics.mean(s for _, _, s in rows):.1f} |")


def levels(args) -> None:
    if not args.levels:
        return
    print(f"\n## Asked for a level ({args.levels} cases per kind and level, at most {args.attempts} drafts each)\n")
    print("| setting | kind | " + " | ".join(LEVELS) + " |")
    print("|---|---|" + "---|" * len(LEVELS))
    for name, kind in selected(args):
        cells = []
        for level in LEVELS:
            jobs = [(name, kind, 1000 + seed, level, args.attempts, False, False) for seed in range(args.levels)]
            rows = run(jobs, args.jobs)
            found = [r for r in rows if r["ok"]]
            total = sum(r["seconds"] for r in rows)
            if found:
                cells.append(f"{len(found)}/{len(rows)}, {total / len(found):.1f} s, "
                             f"{statistics.mean(r['attempts'] for r in found):.1f} drafts")
            else:  # every case used all its drafts
                cells.append(f"0/{len(rows)} ({total / (len(rows) * args.attempts):.1f} s per draft)")
        print(f"| {name} | {kind} | " + " | ".join(cells) + " |")
        sys.stdout.flush()


def style_job(job: tuple) -> dict:
    """One draft in one style (the engine's attempt, without the retries): its grade."""
    from collections import Counter as Tally

    from casetool.generate.engine import Request, _attempt
    from casetool.generate.minimize import STYLES
    name, kind, style, attempt = job
    rng = random.Random(f"casetool:styles:{kind}:{attempt}")
    start = time.process_time()
    try:
        got = _attempt(Request(source(name), "styles", kind, schema="# s"), rng, STYLES[style], Tally(), [])
    except TimeoutError:
        got = None
    return {"level": got.grade.level if got else "none", "cpu": time.process_time() - start}


def styles(args) -> None:
    if not args.styles:
        return
    print(f"\n## Drafts per clue style ({args.styles} drafts per kind and style, no level asked; CPU s per draft)\n")
    print("| setting | kind | " + " | ".join(LEVELS) + " |")
    print("|---|---|" + "---|" * len(LEVELS))
    for name, kind in selected(args):
        cells = []
        for style in LEVELS:
            with ProcessPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
                rows = list(pool.map(style_job, [(name, kind, style, k) for k in range(args.styles)]))
            got = Counter(r["level"] for r in rows)
            cells.append(", ".join(f"{got[level]} {level}" for level in (*LEVELS, "none") if got[level]) +
                         f" ({statistics.mean(r['cpu'] for r in rows):.1f} s)")
        print(f"| {name} | {kind} | " + " | ".join(cells) + " |")
        sys.stdout.flush()


SAMPLES = ("hampshire", "murdle", "supercluedo", "classic", "tudor")


def accept_job(job: tuple) -> dict:
    from casetool.generate.acceptance import audit
    from casetool.generate.engine import GenerateFailed, Request, generate
    from casetool.generate.writer import schema_line
    name, kind, level, seed, attempts = job
    src = source(name)
    start = time.process_time()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            got = generate(Request(src, seed, kind, level, max_attempts=attempts, schema=schema_line("case", Path(tmp))))
    except GenerateFailed as exc:
        return {"job": job, "found": False, "why": str(exc), "cpu": time.process_time() - start}
    found = time.process_time() - start
    return {"job": job, "found": True, "attempts": got.attempts, "cpu": found, "title": got.title,
            "audit": audit(src, got, level)}


def acceptance(args) -> None:
    if not args.acceptance:
        return
    from casetool.generate.acceptance import CHECKS
    from casetool.generate.source import offered_levels, supported_kinds
    combos = [(n, k, level) for n in SAMPLES for k, why in supported_kinds(source(n).setting).items() if not why
              for level in offered_levels(source(n).setting, k)
              if not args.kinds or k in args.kinds or f"{n}:{k}" in args.kinds]
    jobs = [(*combos[i % len(combos)], 5000 + i // len(combos), args.attempts) for i in range(args.acceptance)]
    if args.jobs <= 1:
        rows = [accept_job(j) for j in jobs]
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            rows = list(pool.map(accept_job, jobs))
    print(f"\n## Acceptance: {len(rows)} cases over {len(combos)} setting, kind and level triples "
          f"(at most {args.attempts} drafts each)\n")
    print("| setting | kind | level | cases | generated | " + " | ".join(CHECKS) + " | drafts (mean) | CPU s (mean) |")
    print("|---|---|---|---|---|" + "---|" * len(CHECKS) + "---|---|")
    for combo in combos:
        mine = [r for r in rows if r["job"][:3] == combo]
        if not mine:
            continue
        done = [r for r in mine if r["found"]]
        passed = [str(sum(1 for r in done if not r["audit"][c])) for c in CHECKS]
        drafts = f"{statistics.mean(r['attempts'] for r in done):.1f}" if done else "-"
        print(f"| {' | '.join(combo)} | {len(mine)} | {len(done)} | {' | '.join(passed)} | {drafts} | "
              f"{statistics.mean(r['cpu'] for r in mine):.1f} |")
    good = [r for r in rows if r["found"] and not any(r["audit"].values())]
    print(f"\n{len(rows)} cases: {sum(r['found'] for r in rows)} generated, " +
          ", ".join(f"{sum(1 for r in rows if r['found'] and not r['audit'][c])} {c}" for c in CHECKS) +
          f"; {len(good)} pass everything")
    for r in rows:
        if not r["found"]:
            print(f"- {r['job'][:4]}: {r['why']}")
        elif any(r["audit"].values()):
            print(f"- {r['job'][:4]} '{r['title']}': " + "; ".join(f"{c}: {w}" for c, w in r["audit"].items() if w))


def selected(args):
    return [(n, k) for n, k in KINDS if not args.kinds or k in args.kinds or f"{n}:{k}" in args.kinds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--fewest", type=int, default=0)
    parser.add_argument("--levels", type=int, default=0)
    parser.add_argument("--styles", type=int, default=0)
    parser.add_argument("--acceptance", type=int, default=0)
    parser.add_argument("--attempts", type=int, default=30)
    parser.add_argument("--kinds", nargs="*", default=[], help="kinds (or setting:kind) to run")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    if args.count:
        natural(args)
    fewest_table(args)
    levels(args)
    styles(args)
    acceptance(args)
    print(f"\n(total {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
