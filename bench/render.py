"""Benchmark: render a 50-mystery casebook to PDF and report seconds per page.

The casebook is generated in a temporary folder from the bundled sample casebook
(cases/hampshire): its 8 cases are repeated with new numbers, titles and wheel
positions until there are 50. Checking is not timed here (see the check benchmarks);
the cases are the samples', which check ok.

    python bench/render.py [--mysteries 50] [--paper a4] [--sample cases/hampshire] [--keep out.pdf]
    python bench/render.py --decoders [--sample cases/hampshire]
    python bench/render.py --build [--runs 3] [--sample cases/hampshire]

`--decoders` times decoders.pdf instead, for the sample casebook as it is: each step
(drawing the wheels, laying out the sheets, writing and stamping the PDF), its size,
then the same again from a warm cache (`<output>/.casetool-cache`), and the whole
`casetool build` of the sample, cold and warm, in a fresh process each.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from itertools import pairwise
from pathlib import Path

import yaml
from casetool.load.project import load_paths
from casetool.printing.paper import PAPERS, PrintOptions
from casetool.render.casebook import assemble
from casetool.render.pipeline import render_casebook

ROOT = Path(__file__).resolve().parent.parent
ROMAN = ["", " II", " III", " IV", " V", " VI", " VII", " VIII", " IX", " X"]


def generate(sample: Path, folder: Path, count: int) -> None:
    """Write a casebook of `count` mysteries into `folder`, made from `sample`'s cases."""
    (folder / "setting.yaml").write_text((sample / "setting.yaml").read_text())
    book = yaml.safe_load((sample / "casebook.yaml").read_text())
    cases = [yaml.safe_load((sample / name).read_text()) for name in book["cases"]]
    names = []
    for number in range(1, count + 1):
        case = dict(cases[(number - 1) % len(cases)])
        case["case"] = number
        case["title"] += ROMAN[(number - 1) // len(cases) % len(ROMAN)]
        # a wheel position holds one statement: give each mystery its own
        case["clues"] = [dict(c, wheel=number) if "wheel" in c else c for c in case["clues"]]
        names.append(f"{number:03d}.yaml")
        (folder / names[-1]).write_text(yaml.safe_dump(case, sort_keys=False, allow_unicode=True))
    book.update(cases=names, title=f"{book['title']} (benchmark, {count} mysteries)")
    (folder / "casebook.yaml").write_text(yaml.safe_dump(book, sort_keys=False, allow_unicode=True))


def bench_decoders(sample: Path, paper: str) -> None:
    import subprocess
    import sys

    from casetool.decoders.allocation import allocate, numbered
    from casetool.decoders.document import render_decoders

    loaded = load_paths(sorted(p for p in sample.iterdir() if p.suffix == ".yaml"))
    book, _ = assemble(sample, loaded)
    alloc = allocate(book)
    book = numbered(book, alloc)
    with tempfile.TemporaryDirectory() as tmp:
        for label in ("cold cache", "warm cache"):
            marks = [("start", time.perf_counter())]
            rendered = render_decoders(book, alloc, PrintOptions(PAPERS[paper]),
                                       progress=lambda step, marks=marks: marks.append((step, time.perf_counter())),
                                       cache_folder=Path(tmp) / "cache")
            marks.append(("done", time.perf_counter()))
            steps = ", ".join(f"{a}: {t1 - t0:.2f} s" for (a, t0), (_, t1) in pairwise(marks[1:]))
            print(f"decoders.pdf ({label}): {marks[-1][1] - marks[0][1]:.2f} s, {rendered.pages} pages, "
                  f"{len(rendered.pdf) / 1024:.0f} KiB ({steps})")
        out = Path(tmp) / "build"
        for label in ("cold", "warm"):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "casetool", "build", str(sample), "-o", str(out)], check=True,
                           capture_output=True)
            print(f"casetool build {sample.name} ({label}): {time.perf_counter() - start:.2f} s")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "casetool", "build", str(sample), "-o", str(out), "--no-decoders"],
                       check=True, capture_output=True)
        print(f"casetool build {sample.name} --no-decoders: {time.perf_counter() - start:.2f} s")


def bench_build(sample: Path, runs: int) -> None:
    """Cold `casetool build` of the sample, in one process (CASETOOL_SERIAL=1) and with
    decoders.pdf in a second process (the default): wall time and CPU time (the build and
    its child), the load average beside them: on a shared machine wall time is mostly
    other people's work, CPU time is ours."""
    import os
    import resource
    import subprocess
    import sys

    for label, env in (("one process", {"CASETOOL_SERIAL": "1"}), ("two processes", {})):
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as tmp:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "casetool", "build", str(sample), "-o", str(Path(tmp) / "out")],
                               check=True, capture_output=True, env={**os.environ, **env})
                wall = time.perf_counter() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
                print(f"casetool build {sample.name}, cold, {label}: {wall:.2f} s wall, {cpu:.2f} s CPU, "
                      f"load average {os.getloadavg()[0]:.1f}")
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            found = subprocess.run([sys.executable, "-c", CRITICAL, str(sample), str(Path(tmp) / "out")], check=True,
                                   capture_output=True, text=True).stdout.split()
        before, after, child = map(float, found)
        print(f"casetool build {sample.name}, cold, two processes: {before:.2f} s CPU before the fork, then "
              f"{after:.2f} s here and {child:.2f} s in the child: {before + max(after, child):.2f} s on two idle cores")


# The build in this process, timed in CPU seconds: before the fork (load), after it (check and
# casebook, here) and in the child (decoders.pdf). On two idle cores the build takes
# before + max(after, child): the time the machine would take without the other work on it.
CRITICAL = """
import resource, sys, time
from casetool import api
marks = []
api.build(sys.argv[1], sys.argv[2], progress=lambda step: marks.append((step, time.process_time())))
end = time.process_time()
fork = next(t for step, t in marks if step.startswith("checking"))
child = resource.getrusage(resource.RUSAGE_CHILDREN)
print(fork, end - fork, child.ru_utime + child.ru_stime)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mysteries", type=int, default=50)
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4")
    parser.add_argument("--sample", type=Path, default=ROOT / "cases" / "hampshire")
    parser.add_argument("--keep", type=Path, help="also write the PDF here, to look at")
    parser.add_argument("--decoders", action="store_true", help="time decoders.pdf and the whole build of the sample")
    parser.add_argument("--build", action="store_true",
                        help="time the cold build of the sample in one process and in two")
    parser.add_argument("--runs", type=int, default=1, help="with --build: runs of each")
    args = parser.parse_args()
    if args.build:
        bench_build(args.sample, args.runs)
        return
    if args.decoders:
        bench_decoders(args.sample, args.paper)
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        generate(args.sample, folder, args.mysteries)
        loaded = load_paths([folder])
        book, diags = assemble(folder, loaded)
        errors = [d.text() for d in loaded.diagnostics + diags if d.is_error]
        if errors:
            raise SystemExit("\n".join(errors))
        layouts = []
        start = time.perf_counter()
        rendered = render_casebook(book, {}, PrintOptions(PAPERS[args.paper]),
                                   progress=lambda step: layouts.append(step) if step == "laying out pages" else None)
        total = time.perf_counter() - start
    if args.keep:
        args.keep.write_bytes(rendered.pdf)
    print(f"{len(book.cases)} mysteries, {rendered.pages} pages, {len(layouts)} layout pass(es), "
          f"{len(rendered.pdf) / 1024:.0f} KiB PDF")
    print(f"render: {total:.2f} s total, {total / rendered.pages:.3f} s per page")


if __name__ == "__main__":
    main()
