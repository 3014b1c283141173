"""What a whole `casetool check` process costs on a small case, against the floor (issue 27 item 17).

    python bench/startup.py              # 7 runs each, median CPU and wall seconds
    python bench/startup.py --runs 15 --case cases/mansion/small/001-the-expected-caller.yaml
    python bench/startup.py --bytecode none   # every module compiled from source in every run
    python bench/startup.py --before /tmp/base   # also the checks of another checkout (git archive), in turn

The floor is a Python process that only imports CP-SAT (`from ortools.sat.python import
cp_model`), as OR-Tools ships it. The aim is a whole check of a small case within 1.25x of the
floor's CPU: the difference is casetool's own imports, its load and its solve, so a command must
import only what it runs (casetool/cli.py loads command modules lazily). cp_model imports pandas
for helpers casetool never calls (0.2 s); the command line imports it with pandas stood in for
(casetool/solver/lean_ortools.py), so a check can cost less than that floor. The "lean floor" row
is cp_model imported that way: against it, the rest of a check is casetool's own work. Each
command runs in a fresh process, as an author's terminal or a pre-commit hook runs it; CPU is the
child's user + system time (what a busy CI machine charges), wall is the elapsed time.

Python caches each module's compiled bytecode (`__pycache__`, written by pip at install and by
the first run in a checkout); by default the runs here use it, as an author's machine does, even
where PYTHONDONTWRITEBYTECODE is set (the warm-up run writes it). `--bytecode none` measures
without it. The commands take turns, run by run, so a change in the machine's load falls on
all of them alike; the load average is printed with the figures. On a loaded machine the
median moves with the load; the minimum (the run least disturbed) is the steadier figure.
`--before DIR` runs the same checks from another checkout (`git archive REV | tar -x -C DIR`)
in the same turns, for a before -> after measured in one run.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOOR = [sys.executable, "-c", "from ortools.sat.python import cp_model"]
# What the command line imports instead: cp_model with pandas stood in for (casetool/solver/lean_ortools.py)
LEAN = [sys.executable, "-c", "from casetool.solver import lean_ortools; lean_ortools.install(); "
        "from ortools.sat.python import cp_model"]


Command = tuple[list[str], Path]   # argv, and the folder it runs in (python -m imports casetool from there)


def run(command: Command, env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds (user + system of the child) and wall seconds of one fresh process."""
    argv, cwd = command
    before = resource.getrusage(resource.RUSAGE_CHILDREN)   # microseconds (os.times counts 10 ms ticks)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)} exited {done.returncode}:\n{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def measured(commands: dict[str, Command], runs: int, env: dict[str, str]) -> dict[str, tuple[float, float, float]]:
    """Each command's median CPU, minimum CPU and median wall seconds; the commands take turns, run by run."""
    for command in commands.values():
        run(command, env)  # warm the page cache (and write the bytecode): later runs read it from memory
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            samples[name].append(run(command, env))
    return {name: (statistics.median(c for c, _ in got), min(c for c, _ in got), statistics.median(w for _, w in got))
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
    ap.add_argument("--case", default="cases/mansion/small/001-the-expected-caller.yaml")
    ap.add_argument("--bytecode", choices=["cached", "none"], default="cached",
                    help="cached: modules' compiled bytecode kept between runs (an installed casetool); "
                         "none: every module compiled in every run")
    ap.add_argument("--before", type=Path, default=None,
                    help="another checkout whose checks run in the same turns (before -> after)")
    args = ap.parse_args()
    py = sys.executable
    commands: dict[str, Command] = {"floor: import cp_model": (FLOOR, ROOT),
                                    "lean floor: import cp_model without pandas": (LEAN, ROOT)}
    for label, folder in [("", ROOT)] + ([("before: ", args.before.resolve())] if args.before else []):
        commands[f"{label}casetool check {args.case}"] = ([py, "-m", "casetool", "check", str(ROOT / args.case)], folder)
        commands[f"{label}casetool check --world {args.case}"] = (
            [py, "-m", "casetool", "check", "--world", str(ROOT / args.case)], folder)
    commands["casetool --version"] = ([py, "-m", "casetool", "--version"], ROOT)
    load = os.getloadavg()[0]
    results = measured(commands, args.runs, environment(args.bytecode))
    floor_cpu, floor_min, _ = results["floor: import cp_model"]
    print(f"{'command':<80} {'cpu s':>6} {'min s':>6} {'wall s':>6} {'cpu/floor':>9} {'min/min':>8}")
    for name, (cpu, least, wall) in results.items():
        print(f"{name[:80]:<80} {cpu:6.3f} {least:6.3f} {wall:6.3f} {cpu / floor_cpu:8.2f}x {least / floor_min:7.2f}x")
    print(f"(cpu, wall: median of {args.runs} runs each; min: the least CPU of them; taking turns, after one "
          f"warm-up run; bytecode {args.bytecode}; {os.cpu_count()} cores, load average {load:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after)")

if __name__ == "__main__":
    main()
