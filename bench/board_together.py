"""Count the board solution pages' sentences that name a set of clues too long to quote
("it takes thirteen clues together to show it") and those that name none ("goes against
one of the notes"), over board cases in the folders given (each with its setting.yaml).

    python bench/board_together.py /tmp/cases/small /tmp/cases/p6 ...   # counts per folder
    python bench/board_together.py --show DIR                          # and the sentences
    python bench/board_together.py --explain DIR...                    # explain's steps instead

With --explain, each case is explained as `casetool explain` prints it, and its answer steps
are counted: those told as one result ("put A beside B", "together tell", "taken with", ...
or any generic sentence of a step that reads SEVERAL or more clues) against all its steps.

Each case's page is made in its own process (2 at a time): fresh caches, as `casetool
explain` would make it.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def one(path: str) -> dict:
    from casetool.english.board_notes import QUOTED
    from casetool.english.board_solution import board_paragraphs
    from casetool.load.project import load_paths
    start = time.process_time()
    case = load_paths([Path(path)]).cases[0]
    paragraphs = board_paragraphs(case, 120.0)
    lines = [line for p in paragraphs or [] for line in p]
    many = [line.text for line in lines for c in line.claims if c[0] == "by" and len(c[1]) > QUOTED]
    unnamed = [line.text for line in lines if "one of the notes" in line.text]
    return {"path": path, "many": many, "unnamed": unnamed, "sentences": len(lines),
            "page": paragraphs is not None, "cpu": time.process_time() - start}


SEVERAL = 6   # clues a step reads that no one sentence can quote: argued, or counted


def explained(path: str) -> dict:
    """`casetool explain`'s steps of the case: those that read many clues, or several
    together, as one result."""
    import re

    from casetool.english.sentences import Flow, step_sentence
    from casetool.explain.steps import explain_case
    from casetool.load.project import load_paths
    together = re.compile(r"[Ww]hether or not|together tell|[Pp]ut the .{0,400}? beside |[Rr]ead side by side|"
                          r"[Tt]aken with|clues together")
    start = time.process_time()
    case = load_paths([Path(path)]).cases[0]
    known: set = set()
    flow, steps, many = Flow(), 0, []
    for step in explain_case(case, 120.0).steps:
        said = step_sentence(case, step, known, flow)
        steps += 1
        if together.search(said) or (len(step.clues) >= SEVERAL and not said.startswith(("Suppose", "If", "Picture"))
                                     and " would " not in said):
            many.append(f"[{len(step.clues)} clues] {said}")
        known |= set(step.derived)
    return {"path": path, "many": many, "unnamed": [], "sentences": steps, "page": True,
            "cpu": time.process_time() - start}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--explain", action="store_true", help="count explain's steps, not the page's sentences")
    args = ap.parse_args()
    jobs = []
    for f in args.folders:
        d = Path(f)
        jobs += [str(p) for p in sorted(d.glob("*.yaml")) if p.name not in ("setting.yaml", "casebook.yaml")]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(explained if args.explain else one, jobs))
    total_many = total_unnamed = 0
    by_folder: dict[str, list[dict]] = {}
    for r in rows:
        by_folder.setdefault(str(Path(r["path"]).parent), []).append(r)
    print(f"{'folder':28} {'cases':>5} {'pages':>5} {'lines':>6} {'many':>5} {'unnamed':>7} {'cpu s':>6}")
    for folder, rs in by_folder.items():
        many, unnamed = sum(len(r["many"]) for r in rs), sum(len(r["unnamed"]) for r in rs)
        total_many, total_unnamed = total_many + many, total_unnamed + unnamed
        print(f"{folder[-28:]:28} {len(rs):5} {sum(r['page'] for r in rs):5} {sum(r['sentences'] for r in rs):6} "
              f"{many:5} {unnamed:7} {max(r['cpu'] for r in rs):6.1f}")
        if args.show:
            for r in rs:
                for s in r["many"] + r["unnamed"]:
                    print(f"    {Path(r['path']).name}: {s}")
    if args.explain:
        print(f"total: {total_many} of {sum(r['sentences'] for r in rows)} steps told as one result of several clues")
    else:
        print(f"total: {total_many} sentences naming more than QUOTED clues, {total_unnamed} naming none")


if __name__ == "__main__":
    main()
