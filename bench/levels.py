"""Benchmark the difficulty levels: what reasoning a generated case of each level needs.

Run: python bench/levels.py [--seeds 4] [--first 1] [--attempts 40] [--only tudor:timeline ...] [--levels hard fiendish] [-j 1]

For every sample setting (cases/*/setting.yaml) and every kind `generate` offers there
(the board kind has its own bench, bench/board_generate.py), and every level the kind
offers, cases asked for that level from seeds first..first+N-1. Per level: how many were
found, the deepest step (min-max and mean), the score (the sum of the steps' depths, which
the header prints), the steps that need a supposition, the steps that chain a conditional,
the steps, the drafts and the CPU seconds per case (generation, which explains and grades
every draft). Then, per setting and kind offering hard and fiendish, the ratio of their mean
deepest steps and whether every fiendish case is deeper than every hard one (the level's
definition, casetool/explain/grade.py, says it must be); and per setting, over all its
kinds, the same for depth and for score (a fiendish liars case must not be shallower or
shorter than a hard traits case of the same book: a player reads them side by side).

Figures are recorded in bench/README.md ("Levels").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def pairs(only: list[str]) -> list[tuple[str, str, tuple[str, ...]]]:
    """(setting, kind, levels offered) for every sample setting and non-board kind."""
    from casetool.generate.source import load_source, offered_levels, supported_kinds
    out = []
    for path in sorted((ROOT / "cases").glob("*/setting.yaml")):
        source, _ = load_source(path)
        if source is None:
            continue
        name = path.parent.name
        for kind, why in supported_kinds(source.setting).items():
            if why or kind == "board" or (only and f"{name}:{kind}" not in only and name not in only):
                continue
            out.append((name, kind, offered_levels(source.setting, kind)))
    return out


def one(job: tuple) -> dict:
    """One case asked for a level: its grade's figures, or that none was found."""
    from casetool.explain.grade import step_depths
    from casetool.explain.steps import explain_case
    from casetool.generate.engine import GenerateFailed, Request, generate
    from casetool.generate.source import load_source
    name, kind, level, seed, attempts = job
    source, _ = load_source(ROOT / "cases" / name)
    start = time.process_time()
    try:
        got = generate(Request(source, seed, kind, level, max_attempts=attempts, schema="# bench"))
    except GenerateFailed as exc:
        return {"ok": False, "cpu": time.process_time() - start, "why": str(exc)}
    cpu = time.process_time() - start
    depths = step_depths(explain_case(got.case, 60))   # the grade's own measure, on the written case
    return {"ok": True, "cpu": cpu, "depth": max(d.depth for d in depths), "score": got.grade.score,
            "suppositions": sum(1 for d in depths if d.techniques["liar"]),
            "chains": sum(1 for d in depths if d.techniques["chain"]), "steps": len(depths), "drafts": got.attempts}


def col(rows: list[dict], key: str) -> list[int]:
    return [r[key] for r in rows]


def span(values: list[int]) -> str:
    return f"{min(values)}-{max(values)} ({statistics.mean(values):.1f})" if values else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--attempts", type=int, default=40)
    parser.add_argument("--only", nargs="*", default=[], help="settings or setting:kind to run")
    parser.add_argument("--levels", nargs="*", default=[], help="only these levels (e.g. hard fiendish)")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"## Levels: {args.seeds} seeds per setting, kind and level (at most {args.attempts} drafts)\n")
    print("| setting | kind | level | found | deepest step | score | suppositions | chained | steps | drafts | CPU s/case |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    ratios = []
    books: dict[str, dict[str, list[tuple[str, dict]]]] = {}   # setting -> level -> (kind, row)
    for name, kind, levels in pairs(args.only):
        found: dict[str, list[dict]] = {}
        for level in (lv for lv in levels if not args.levels or lv in args.levels):
            seeds = range(args.first, args.first + args.seeds)
            jobs = [(name, kind, level, seed, args.attempts) for seed in seeds]
            with ProcessPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
                rows = list(pool.map(one, jobs))
            ok = found[level] = [r for r in rows if r["ok"]]
            books.setdefault(name, {}).setdefault(level, []).extend((kind, r) for r in ok)
            cpu = statistics.mean(r["cpu"] for r in rows)
            print(f"| {name} | {kind} | {level} | {len(ok)}/{len(rows)} | {span(col(ok, 'depth'))} | {span(col(ok, 'score'))} | "
                  f"{span(col(ok, 'suppositions'))} | {span(col(ok, 'chains'))} | {span(col(ok, 'steps'))} | "
                  f"{statistics.mean(col(ok, 'drafts')) if ok else 0:.1f} | {cpu:.1f} |")
            for r in rows:
                if not r["ok"]:
                    print(f"|  |  |  | not found: {r['why'][:160]} |||||||")
            sys.stdout.flush()
        hard, fiendish = [r["depth"] for r in found.get("hard", [])], [r["depth"] for r in found.get("fiendish", [])]
        if hard and fiendish:
            ratios.append((name, kind, statistics.mean(fiendish) / statistics.mean(hard), min(fiendish) > max(hard)))
    print("\n| setting | kind | fiendish / hard (mean deepest step) | every fiendish deeper than every hard |")
    print("|---|---|---|---|")
    for name, kind, ratio, strict in ratios:
        print(f"| {name} | {kind} | {ratio:.2f} | {'yes' if strict else 'NO'} |")
    across(books)


def across(books: dict[str, dict[str, list[tuple[str, dict]]]]) -> None:
    """Per setting, every kind together: is the easiest fiendish case deeper, and longer
    (score), than the hardest hard one?"""
    print("\n| setting | hard depth / score (max, kind) | fiendish depth / score (min, kind) | deeper | score not lower |")
    print("|---|---|---|---|---|")
    for name, levels in books.items():
        hard, fiendish = levels.get("hard", []), levels.get("fiendish", [])
        if not hard or not fiendish:
            continue
        top = {key: max(hard, key=lambda kr: kr[1][key]) for key in ("depth", "score")}
        low = {key: min(fiendish, key=lambda kr: kr[1][key]) for key in ("depth", "score")}
        print(f"| {name} | {top['depth'][1]['depth']} ({top['depth'][0]}) / {top['score'][1]['score']} "
              f"({top['score'][0]}) | {low['depth'][1]['depth']} ({low['depth'][0]}) / {low['score'][1]['score']} "
              f"({low['score'][0]}) | {'yes' if low['depth'][1]['depth'] > top['depth'][1]['depth'] else 'NO'} | "
              f"{'yes' if low['score'][1]['score'] >= top['score'][1]['score'] else 'NO'} |")


if __name__ == "__main__":
    main()
