"""Benchmark: `casetool playtest` on built samples, now and (optionally) at an older commit.

Each sample is built once (`casetool build`, this tree), then played by the real command
in a child process: wall time, CPU time (user + sys of the command and everything it ran:
its workers, poppler, tesseract), how many programs it started, and its checks. With
`--before REV` the same book is played again by casetool as it was at REV (exported with
`git archive` to a temporary folder), and the ratios are printed; the two reports' text
must be the same (it says so when they are not).

    python bench/playtest.py [--sample cases/hampshire ...] [--jobs N] [--before REV]

Programs are counted by a `sitecustomize` put first on the child's path: it wraps
`subprocess.Popen` and appends a line to a file per program started (the workers are
forks, so they count too). Wall time depends on the load; compare CPU back to back.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COUNTER = '''
import os, subprocess
_real = subprocess.Popen.__init__
def _counting(self, *args, **kwargs):
    with open(os.environ["PLAYTEST_BENCH_COUNT"], "a") as out:
        out.write("x\\n")
    _real(self, *args, **kwargs)
subprocess.Popen.__init__ = _counting
'''


def play(tree: Path, book: Path, source: Path, jobs: int | None, scratch: Path) -> dict:
    """One playtest of `book` by the casetool in `tree`: its measures and its report."""
    count = scratch / "count.txt"
    count.write_text("")
    hook = scratch / "hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(COUNTER)
    env = dict(os.environ, PYTHONPATH=f"{hook}{os.pathsep}{tree}", PLAYTEST_BENCH_COUNT=str(count))
    argv = [sys.executable, "-m", "casetool", "playtest", str(book), "--source", str(source), "-q"]
    argv += ["--jobs", str(jobs)] if jobs else []
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tree)
    wall, after = time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.splitlines()
    return {"wall": wall, "cpu": cpu, "programs": len(count.read_text().splitlines()),
            "checks": lines[-1] if lines else done.stderr.strip()[-200:], "report": done.stdout}


def exported(rev: str, scratch: Path) -> Path:
    """casetool as it was at `rev`, in a folder of its own."""
    tree = scratch / f"tree-{rev.replace('/', '_')}"
    tree.mkdir()
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tree, filter="data")
    return tree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", action="append", default=None, help="a casebook folder (default: cases/hampshire)")
    parser.add_argument("--jobs", type=int, default=None, help="playtest --jobs (default: its own, one per core)")
    parser.add_argument("--before", default=None, help="a git revision to compare with")
    args = parser.parse_args()
    samples = [Path(s).resolve() for s in (args.sample or [ROOT / "cases" / "hampshire"])]
    print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="bench-playtest-") as folder:
        scratch = Path(folder)
        old = exported(args.before, scratch) if args.before else None
        for sample in samples:
            book = scratch / sample.name
            subprocess.run([sys.executable, "-m", "casetool", "build", str(sample), "-o", str(book), "-q"],
                           cwd=ROOT, check=True, capture_output=True)
            now = play(ROOT, book, sample, args.jobs, scratch)
            _line(sample.name, "now", now)
            if old is not None:
                then = play(old, book, sample, args.jobs, scratch)
                _line(sample.name, args.before, then)
                print(f"{sample.name:12} before/after: wall {then['wall'] / now['wall']:.2f}x, "
                      f"CPU {then['cpu'] / now['cpu']:.2f}x, programs {then['programs'] / max(now['programs'], 1):.2f}x; "
                      f"reports {'the same' if then['report'] == now['report'] else 'DIFFER'}")


def _line(name: str, which: str, m: dict) -> None:
    print(f"{name:12} {which:10} wall {m['wall']:7.1f} s  CPU {m['cpu']:7.1f} s  programs {m['programs']:5}  "
          f"{m['checks']}", flush=True)


if __name__ == "__main__":
    main()
