"""What a whole `casetool check` process costs on a small case, against the floor (issue 27 item 17).

    python bench/startup.py              # 7 runs each, median CPU and wall seconds
    python bench/startup.py --runs 15 --case cases/mansion/small/001-lord-ashdown.yaml

The floor is a Python process that only imports CP-SAT (`from ortools.sat.python import
cp_model`): no check can cost less. Each command runs in a fresh process, as an author's
terminal or a pre-commit hook runs it; CPU is the child's user + system time (what a busy
CI machine charges), wall is the elapsed time. The aim is a whole check of a small case
within 1.25x of the floor's CPU: the difference is casetool's own imports, its load and its
solve, so a command must import only what it runs (casetool/cli.py loads command modules
lazily).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOOR = [sys.executable, "-c", "from ortools.sat.python import cp_model"]


def run(argv: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system of the child) and wall seconds of one fresh process."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)} exited {done.returncode}:\n{done.stderr}")
    return (after.children_user - before.children_user) + (after.children_system - before.children_system), wall


def median_of(argv: list[str], runs: int) -> tuple[float, float]:
    run(argv)  # warm the page cache: every later run reads the same files from memory
    samples = [run(argv) for _ in range(runs)]
    return statistics.median(c for c, _ in samples), statistics.median(w for _, w in samples)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--case", default="cases/mansion/small/001-lord-ashdown.yaml")
    args = ap.parse_args()
    commands = {
        "floor: import cp_model": FLOOR,
        f"casetool check {args.case}": [sys.executable, "-m", "casetool", "check", args.case],
        f"casetool check --world {args.case}": [sys.executable, "-m", "casetool", "check", "--world", args.case],
        "casetool --version": [sys.executable, "-m", "casetool", "--version"],
    }
    results = {name: median_of(argv, args.runs) for name, argv in commands.items()}
    floor_cpu, floor_wall = results["floor: import cp_model"]
    print(f"{'command':<70} {'cpu s':>7} {'wall s':>7} {'cpu/floor':>9}")
    for name, (cpu, wall) in results.items():
        print(f"{name:<70} {cpu:7.3f} {wall:7.3f} {cpu / floor_cpu:8.2f}x")
    print(f"(median of {args.runs} runs each, after one warm-up run; {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
