"""What a whole `casetool check` process costs on a small case, against the floor (issue 27 item 17).

    python bench/startup.py              # 7 runs each, median CPU and wall seconds
    python bench/startup.py --runs 15 --case cases/mansion/small/001-a-death-near-the-hall.yaml
    python bench/startup.py --bytecode none   # every module compiled from source in every run

The floor is a Python process that only imports CP-SAT (`from ortools.sat.python import
cp_model`): no check can cost less. Each command runs in a fresh process, as an author's
terminal or a pre-commit hook runs it; CPU is the child's user + system time (what a busy
CI machine charges), wall is the elapsed time. The aim is a whole check of a small case
within 1.25x of the floor's CPU: the difference is casetool's own imports, its load and its
solve, so a command must import only what it runs (casetool/cli.py loads command modules
lazily).

Python caches each module's compiled bytecode (`__pycache__`, written by pip at install and by
the first run in a checkout); by default the runs here use it, as an author's machine does, even
where PYTHONDONTWRITEBYTECODE is set (the warm-up run writes it). `--bytecode none` measures
without it. The commands take turns, run by run, so a change in the machine's load falls on
all of them alike; the load average is printed with the figures.
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


def run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds (user + system of the child) and wall seconds of one fresh process."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)} exited {done.returncode}:\n{done.stderr}")
    return (after.children_user - before.children_user) + (after.children_system - before.children_system), wall


def medians(commands: dict[str, list[str]], runs: int, env: dict[str, str]) -> dict[str, tuple[float, float]]:
    """Each command's median CPU and wall seconds; the commands take turns, run by run."""
    for argv in commands.values():
        run(argv, env)  # warm the page cache (and write the bytecode): later runs read it from memory
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            samples[name].append(run(argv, env))
    return {name: (statistics.median(c for c, _ in got), statistics.median(w for _, w in got))
            for name, got in samples.items()}


def environment(bytecode: str) -> dict[str, str]:
    env = dict(os.environ)
    if bytecode == "cached":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--case", default="cases/mansion/small/001-a-death-near-the-hall.yaml")
    ap.add_argument("--bytecode", choices=["cached", "none"], default="cached",
                    help="cached: modules' compiled bytecode kept between runs (an installed casetool); "
                         "none: every module compiled in every run")
    args = ap.parse_args()
    commands = {
        "floor: import cp_model": FLOOR,
        f"casetool check {args.case}": [sys.executable, "-m", "casetool", "check", args.case],
        f"casetool check --world {args.case}": [sys.executable, "-m", "casetool", "check", "--world", args.case],
        "casetool --version": [sys.executable, "-m", "casetool", "--version"],
    }
    load = os.getloadavg()[0]
    results = medians(commands, args.runs, environment(args.bytecode))
    floor_cpu, floor_wall = results["floor: import cp_model"]
    print(f"{'command':<70} {'cpu s':>7} {'wall s':>7} {'cpu/floor':>9}")
    for name, (cpu, wall) in results.items():
        print(f"{name:<70} {cpu:7.3f} {wall:7.3f} {cpu / floor_cpu:8.2f}x")
    print(f"(median of {args.runs} runs each, taking turns, after one warm-up run; bytecode {args.bytecode}; "
          f"{os.cpu_count()} cores, load average {load:.2f} before, {os.getloadavg()[0]:.2f} after)")


if __name__ == "__main__":
    main()
