"""Benchmark board generation (issue 25): `casetool generate --kind board` at the peer's sizes
and on the three mansion samples.

    python bench/board_generate.py                       # every size, 3 seeds, unique: world
    python bench/board_generate.py --sizes 8x8x10x8 --seeds 5 --unique answer
    python bench/board_generate.py --profile 8x8x10x8   # where one case's time goes
    python bench/board_generate.py --levels --sizes 6x6x8x6 --seeds 3   # each level asked for

Sizes are suspects x weapons x rooms x times. A peer-sized setting is bench/board.py's ring
of rooms (each next to two others) declared as a board (`moves: adjacent`, weapons
carried, a victim), with a motive per suspect decided by the solver (`unknown: true`,
three values, counted). Each case is made in its own process (fresh caches, as a user's
`casetool generate` run): wall and CPU seconds of the generation (imports excluded),
the clues of the case, the drafts tried and the level it graded; medians over the seeds.
"MB gen" is the peak resident memory of the generating process, "MB chk" that of a fresh
process checking the generated case under --world (the most over the seeds, imports included).
The peer (Temporal Clue) published 87-412 s a puzzle at 6/6/8/6 and 8/8/10/8 on an idle
machine; the last column is the peer's lower figure over our median wall time.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

PEER_SIZES = ["3x3x4x3", "5x4x6x3", "6x6x8x6", "8x8x10x8"]
MANSION = ["mansion/small", "mansion/medium", "mansion/large"]
SUSPECTS = ["Colonel Ashby", "Mrs Bellamy", "Dr Crane", "Lady Dunmore", "Mr Everett", "Miss Fairfax",
            "Professor Gale", "Reverend Hollis"]
WEAPONS = ["Candlestick", "Rope", "Dagger", "Wrench", "Revolver", "Lead Pipe", "Poison", "Axe"]
ROOMS = ["Hall", "Library", "Study", "Conservatory", "Ballroom", "Kitchen", "Dining Room", "Lounge", "Billiard Room",
         "Cellar"]
HOURS = ["Six o'clock", "Seven o'clock", "Eight o'clock", "Nine o'clock", "Ten o'clock", "Eleven o'clock", "Midnight",
         "One o'clock"]
LEVELS = ["easy", "medium", "hard", "fiendish"]
ATTEMPTS = 30     # drafts a case asked for a level may take (generate's default is 60)
PEER_SECONDS = {"6x6x8x6": 87.0, "8x8x10x8": 87.0}   # the peer's fastest published figure at these sizes


def peer_setting(size: str) -> dict:
    """bench/board.py's ring board with weapons moving, a victim and counted motives."""
    from board import moving_board
    n_sus, n_wea, n_room, n_time = (int(x) for x in size.split("x"))
    setting, _ = moving_board(n_sus, n_wea, n_room, n_time)
    cats = setting["categories"]
    motives = ["greed", "revenge", "jealousy"]
    counts = {m: n_sus // 3 + (1 if k < n_sus % 3 else 0) for k, m in enumerate(motives)}
    cats["suspect"]["attributes"] = {"motive": {"label": "Motive", "values": motives, "unknown": True,
                                                "counts": counts}}
    cats["victim"] = {"label": "Victim", "items": {"boddy": {"name": "Mr Boddy"}}}
    cats["weapon"]["label"] = "Weapon"
    for cid, names in (("suspect", SUSPECTS), ("weapon", WEAPONS), ("room", ROOMS), ("time", HOURS)):
        for item, name in zip(cats[cid]["items"].values(), names, strict=False):
            item["name"] = name   # the ids stay s0, w0, r0, t0: the names are what a reader sees
    setting["timeline"]["victim"] = "victim"
    setting["characters"]["hale"] = {"name": "Inspector Hale", "role": "inspector"}
    return setting


def setting_path(name: str, tmp: Path) -> Path:
    if name.startswith("mansion/"):
        return ROOT / "cases" / name
    folder = tmp / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "setting.yaml").write_text(yaml.safe_dump(peer_setting(name), sort_keys=False))
    return folder


def lean() -> None:
    """CP-SAT imported as the command line imports it (without pandas), so the memory columns
    are what `casetool generate` and `casetool check` use (casetool/solver/lean_ortools.py)."""
    from casetool.solver import lean_ortools
    lean_ortools.install()


def one(job: tuple) -> dict:
    lean()
    name, seed, unique, *rest = job
    difficulty = rest[0] if rest else None
    attempts = rest[1] if len(rest) > 1 else ATTEMPTS
    from casetool.generate.engine import GenerateFailed, Request, generate
    from casetool.generate.source import load_source
    with tempfile.TemporaryDirectory() as tmp:
        source, diags = load_source(setting_path(name, Path(tmp)))
        assert source is not None, [d.text() for d in diags]
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            got = generate(Request(source, seed, "board", unique=unique, difficulty=difficulty, max_attempts=attempts))
        except GenerateFailed:
            return {"name": name, "seed": seed, "level": None, "asked": difficulty, "wall": time.perf_counter() - wall,
                    "cpu": time.process_time() - cpu, "drafts": attempts}
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"name": name, "seed": seed, "asked": difficulty, "wall": wall, "cpu": cpu, "clues": len(got.doc.clues),
            "drafts": got.attempts, "level": got.grade.level, "text": got.text,
            "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def check_rss(job: tuple[str, str]) -> float:
    """Peak resident MB of a fresh process that checks the generated case (under --world)."""
    lean()
    name, text = job
    from casetool.load.project import load_paths
    from casetool.solver.check import prove_case
    from casetool.solver.options import Options
    with tempfile.TemporaryDirectory() as tmp:
        folder = setting_path(name, Path(tmp))
        case_dir = Path(tmp) / "case"
        case_dir.mkdir()
        (case_dir / "setting.yaml").write_text((folder / "setting.yaml").read_text())
        (case_dir / "001.yaml").write_text(text)
        case = load_paths([case_dir]).cases[0]
        assert prove_case(case, Options(world=True, time_limit=120)).status == "ok"
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def table(names: list[str], seeds: int, unique: str, workers: int) -> None:
    jobs = [(n, s, unique) for n in names for s in range(1, seeds + 1)]
    with ProcessPoolExecutor(workers, max_tasks_per_child=1) as pool:   # a fresh process a case: its own peak
        rows = list(pool.map(one, jobs))
        checks = list(pool.map(check_rss, [(r["name"], r["text"]) for r in rows]))
    for row, rss in zip(rows, checks, strict=True):
        row["check_rss"] = rss
    print(f"board generation, unique: {unique}, {seeds} seeds, {workers} worker(s); medians")
    print(f"{'size':16} {'wall s':>7} {'cpu s':>7} {'max wall':>8} {'clues':>6} {'drafts':>6} {'MB gen':>6} "
          f"{'MB chk':>6}  levels      vs peer")
    for name in names:
        mine = [r for r in rows if r["name"] == name]
        wall = statistics.median(r["wall"] for r in mine)
        peer = f"{PEER_SECONDS[name] / wall:.0f}x faster" if name in PEER_SECONDS else ""
        levels = ",".join(r["level"][0] for r in mine)
        print(f"{name:16} {wall:7.1f} {statistics.median(r['cpu'] for r in mine):7.1f} "
              f"{max(r['wall'] for r in mine):8.1f} {statistics.median(r['clues'] for r in mine):6.0f} "
              f"{statistics.median(r['drafts'] for r in mine):6.0f} {max(r['rss'] for r in mine):6.0f} "
              f"{max(r['check_rss'] for r in mine):6.0f}  {levels:11} {peer}")


def levels(names: list[str], seeds: int, unique: str, workers: int) -> None:
    """Each level asked for (`--difficulty`): drafts, CPU and wall seconds to the case, medians
    over the seeds; 'hit' counts seeds with a case of that level in ATTEMPTS drafts."""
    jobs = [(n, s, unique, lv) for n in names for lv in LEVELS for s in range(1, seeds + 1)]
    with ProcessPoolExecutor(workers, max_tasks_per_child=1) as pool:
        rows = list(pool.map(one, jobs))
    print(f"board generation asked for a level, unique: {unique}, {seeds} seeds, at most {ATTEMPTS} drafts; medians")
    print(f"{'size':16} {'level':9} {'drafts':>6} {'cpu s':>7} {'wall s':>7} {'max cpu':>7} {'hit':>5}")
    for name in names:
        for lv, mine in ((lv, [r for r in rows if r["name"] == name and r["asked"] == lv]) for lv in LEVELS):
            hit = f"{sum(r['level'] is not None for r in mine)}/{len(mine)}"
            print(f"{name:16} {lv:9} {statistics.median(r['drafts'] for r in mine):6.0f} "
                  f"{statistics.median(r['cpu'] for r in mine):7.1f} {statistics.median(r['wall'] for r in mine):7.1f} "
                  f"{max(r['cpu'] for r in mine):7.1f} {hit:>5}")


def profile(name: str, unique: str, level: str | None, attempts: int) -> None:
    """Profile seed 1 (asked for `level`, at most `attempts` drafts: a few drafts show where a
    draft's time goes without waiting for a hit)."""
    import cProfile
    import pstats
    cProfile.runctx("print(one((name, 1, unique, level, attempts)).get('drafts'))", globals(),
                    {"name": name, "unique": unique, "level": level, "attempts": attempts, "one": one},
                    "/tmp/board_generate.prof")
    pstats.Stats("/tmp/board_generate.prof").sort_stats("cumulative").print_stats(30)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", nargs="*", default=PEER_SIZES + MANSION)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--unique", choices=["answer", "world"], default="world")
    ap.add_argument("-j", "--workers", type=int, default=1)
    ap.add_argument("--profile", default=None, help="profile one case of this size")
    ap.add_argument("--level", default=None, choices=LEVELS, help="with --profile: the level asked for")
    ap.add_argument("--attempts", type=int, default=ATTEMPTS, help="with --profile: drafts at most")
    ap.add_argument("--levels", action="store_true", help="ask for each level in turn: drafts and seconds")
    ap.add_argument("--write", default=None, help="write each peer-sized setting into this folder (SIZE/setting.yaml)")
    args = ap.parse_args(argv)
    if args.write:
        for name in args.sizes:
            if not name.startswith("mansion/"):
                setting_path(name, Path(args.write))
        return 0
    if args.profile:
        profile(args.profile, args.unique, args.level, args.attempts)
        return 0
    if args.levels:
        levels(args.sizes, args.seeds, args.unique, args.workers)
        return 0
    table(args.sizes, args.seeds, args.unique, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
