"""Benchmark: explanation time per sample case, for generated trait cases of growing size,
and for bench/check.py's generated timelines (up to 20 x 20 x 24).

Run: python bench/explain.py      (prints tables; figures are recorded in bench/README.md)
     python bench/explain.py --timelines 10x10x11 20x20x24   (the timeline rows only)
     python bench/explain.py --samples                         (the sample cases only)
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
if not os.environ.get("PYTHONPATH"):   # PYTHONPATH=other_tree measures another casetool
    sys.path.insert(1, str(ROOT))

from casetool.explain.grade import grade  # noqa: E402
from casetool.explain.steps import explain_case  # noqa: E402
from casetool.load.project import load_paths  # noqa: E402
from casetool.solver.compile import compile_case  # noqa: E402
from casetool.solver.session import Session  # noqa: E402

VALUES = ["a", "b", "c", "d"]


def timed(case, time_limit: float = 10.0):
    start = time.perf_counter()
    explanation = explain_case(case, time_limit=time_limit)
    return time.perf_counter() - start, explanation


def samples() -> None:
    print("sample case                                          steps  calls  reused  seconds  cpu s  grade")
    for case in sorted(load_paths([ROOT / "cases"]).cases, key=lambda c: c.display):
        cpu = time.process_time()
        seconds, e = timed(case, 60.0)
        cpu = time.process_time() - cpu
        print(f"{case.display[:52]:<52} {len(e.steps):>5} {e.solver_calls:>6} {getattr(e, 'reused', 0):>7} "
              f"{seconds:>8.2f} {cpu:>6.2f}  {grade(e).level}")


def setting_yaml(n: int, attrs: int, rng: random.Random) -> str:
    lines = ["setting: gen", "title: Generated", "answer: [suspect, scene]", "culprit: suspect",
             "liar_rule: inspector", "categories:", "  suspect:", "    attributes:"]
    lines += [f"      t{k}: {{values: [{', '.join(VALUES)}]}}" for k in range(attrs)]
    lines.append("    items:")
    for i in range(n):
        traits = ", ".join(f"t{k}: {rng.choice(VALUES)}" for k in range(attrs))
        lines.append(f"      s{i}: {{name: Suspect {i}, {traits}}}")
    lines += ["  scene:", "    items:"] + [f"      x{j}: {{name: Scene {j}}}" for j in range(4)]
    lines.append("characters:")
    lines += [f"  w{i}: {{name: Witness {i}, role: witness}}" for i in range(6)]
    lines += ["  insp: {name: Inspector, role: inspector}", "  loc: {name: Locator, role: locator}"]
    return "\n".join(lines) + "\n"


def case_yaml(setting_text: str, n: int, attrs: int, rng: random.Random, folder: Path) -> Path:
    """Clues about the culprit's traits, added until the answer is unique; one witness lies."""
    (folder / "setting.yaml").write_text(setting_text)
    setting = load_paths([folder / "setting.yaml"]).settings[folder / "setting.yaml"]
    culprit = rng.choice(setting.categories["suspect"].items)
    liar = rng.randrange(6)
    pool = []
    for k in range(attrs):
        for v in VALUES:
            holds = culprit.attrs[f"t{k}"] != v
            pool.append((f"suspect.t{k} != {v}", holds))
    rng.shuffle(pool)
    statements = [m for m, holds in pool if holds]
    lies = [m for m, holds in pool if not holds]
    clues = []
    for i, means in enumerate(statements):
        speaker = f"w{i % 6}"
        if i % 6 == liar and lies:
            means = lies.pop()
        clues.append((f"c{i}", speaker, means))
    path = folder / "001.yaml"
    for count in range(6, len(clues) + 1):
        body = [f"  - {{id: {cid}, speaker: {sp}, text: x, means: '{m}'}}" for cid, sp, m in clues[:count]]
        body += [f"  - {{id: insp, speaker: insp, text: x, means: 'lies(w{liar})'}}",
                 "  - {id: loc, speaker: loc, text: x, means: 'scene == x0'}"]
        path.write_text("case: 1\ntitle: Gen\nsetting: gen\nstory: x\nclues:\n" + "\n".join(body) +
                        f"\nsolution: {{suspect: {culprit.id}, scene: x0, text: x}}\n")
        case = load_paths([path]).cases[0]
        compiled = compile_case(case)
        found, complete = Session(compiled).answers(list(compiled.enables.values()), 2, whole=False)
        if len(found) == 1:
            return path
    return path


def generated() -> None:
    print("\ngenerated trait cases (inspector rule, one liar)")
    print("suspects  attributes  clues  steps  calls  seconds  ms/call")
    for n, attrs in ((12, 5), (24, 6), (48, 8), (96, 10)):
        rng = random.Random(n)
        with tempfile.TemporaryDirectory() as tmp:
            path = case_yaml(setting_yaml(n, attrs, rng), n, attrs, rng, Path(tmp))
            case = load_paths([path]).cases[0]
            runs = [timed(case) for _ in range(3)]
            seconds = statistics.median(r[0] for r in runs)
            e = runs[0][1]
            print(f"{n:>8}  {attrs:>10}  {len(case.clues):>5}  {len(e.steps):>5}  {e.solver_calls:>5}  "
                  f"{seconds:>7.2f}  {1000 * seconds / max(e.solver_calls, 1):>7.2f}")


def timelines(sizes) -> None:
    """bench/check.py's timeline cases (liars, together rule), explained within 60 s."""
    from check import generate, load  # bench/check.py
    print("\ntimelines (bench/check.py's cases)")
    print("size        clues  steps  calls  reused  seconds  cpu s  ms/call  complete")
    for size in sizes:
        case = load(*generate(*(int(x) for x in size.split("x")))[:2])
        cpu = time.process_time()
        try:
            seconds, e = timed(case, 60.0)
        except TimeoutError:
            print(f"{size:<10}  {len(case.clues):>5}  (over 60 s)")
            continue
        cpu = time.process_time() - cpu
        print(f"{size:<10}  {len(case.clues):>5}  {len(e.steps):>5}  {e.solver_calls:>5}  {getattr(e, 'reused', 0):>6}  {seconds:>7.2f}  "
              f"{cpu:>5.2f}  {1000 * seconds / max(e.solver_calls, 1):>7.2f}  {e.complete}")


if __name__ == "__main__":
    if "--timelines" in sys.argv:
        timelines(sys.argv[sys.argv.index("--timelines") + 1:])
    elif "--samples" in sys.argv:
        samples()
    else:
        samples()
        generated()
        timelines(["10x10x11", "16x16x16", "20x20x24"])
