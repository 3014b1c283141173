"""Benchmark: how well the red filter hides the event cards' note numbers, over many seeds.

One book is one draw of the noise: about one "Read note" box in fifty used to show its
number to the naked eye, so a single build cannot tell a fix from luck. This builds each
sample (a timeline casebook with event cards) again with other `seed:` values, reads
every box as `casetool playtest` does (playtest.cards: through the film, and in the
naked eye's views), and prints per book and seed the boxes, how many the film misreads
and how many the naked eye reads, then the totals and their ratios.

    python bench/hiding.py [--sample cases/grange --sample cases/tudor] [--seeds 1-8]
    python bench/hiding.py --generated 120
    python bench/hiding.py --wheels [--sample cases/hampshire] [--seeds 1-3] [--proof]
    python bench/hiding.py --cues [--seeds 0,1,2] [--build-with ../old-checkout]

`--wheels` judges the red-film statements on the wheels instead, box by box
(playtest.hiding): through the film, naked at screen zooms 2x and 3x, and the looking
eye's separability (playtest.separable); `--proof` judges each box again on a soft proof
through the CMYK output profile (printing.cmyk), reported beside the RGB result.

`--cues` is the quick table for the wheels: per (sRGB or CMYK proof, zoom) the range
over the boxes of each looking-eye cue, and the film's reading, without naked OCR
(seed 0: the sample's own seed). `--build-with DIR` builds with the casetool of another
checkout (its folder on PYTHONPATH), to judge an older drawing with today's judge.

`--generated N` skips the books: it draws N boxes as the cards do (bands.hidden_number,
numbers 1-30, at the 300 dpi the playtest reads) and judges them the same way, in two
processes: about two minutes for 120 on two cores.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

import yaml
from casetool.api.book import load_book
from casetool.decoders import bands
from casetool.decoders.allocation import numbered
from casetool.decoders.drawing import decoder_of
from casetool.decoders.manifest import film as film_of_the_inks
from casetool.decoders.manifest import layout
from casetool.playtest import cards, decode, hiding
from casetool.playtest.raster import Pdf
from casetool.printing import cmyk
from casetool.printing.geometry import DPI, Wheel

ROOT = Path(__file__).resolve().parent.parent
NOISE = functools.cache(lambda: bands.number_noise("bench/event-cards"))  # made once per process


def seeds(text: str) -> list[int]:
    """'1-8', '14' or '1-3,14'."""
    out = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        out += range(int(low), int(high or low) + 1)
    return out


def build(sample: Path, seed: int, work: Path, code: Path | None = None) -> Path:
    """A copy of `sample` with casebook.yaml's seed set to `seed` (0: its own), built into
    work/out by this casetool or the one in `code`."""
    folder = work / "book"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(sample, folder)
    book = folder / "casebook.yaml"
    data = yaml.safe_load(book.read_text())
    if seed:
        data["seed"] = seed
    book.write_text(yaml.safe_dump(data, sort_keys=False))
    env = {**os.environ, "PYTHONPATH": str(code.resolve())} if code else None
    subprocess.run([sys.executable, "-m", "casetool", "build", str(folder), "-o", str(work / "out")],
                   check=True, capture_output=True, env=env, cwd=code)   # python -m puts the cwd first
    return folder


def judge(folder: Path, out: Path) -> tuple[int, int, list[str]]:
    """Boxes, film misreads (per mystery, as playtest counts them), numbers read naked."""
    book, alloc, _ = load_book(folder)
    book = numbered(book, alloc)
    boxes = cards.read_boxes(Pdf(out / "decoders.pdf"), film_of_the_inks(), bands.NUMBER_BOX)
    expected = {c.mystery: list(c.notes) for c in layout(book, alloc, "a4").cards}
    misread = 0
    for mystery, want in expected.items():
        seen = Counter(b.film for b in boxes if b.mystery == mystery)
        misread += sum((Counter(str(n) for n in want) - seen).values())
    naked = [f"{b.mystery}:{b.film}" for b in boxes if b.shown]
    return len(boxes), misread, naked


def generated(i: int) -> tuple[bool, bool]:
    """Box `i` of the generated run: (the film misreads it, the naked eye reads it)."""
    noise = NOISE()
    rng = random.Random(f"bench/{i}")
    number = rng.randint(1, 30)
    inset = round(cards.INSET_MM * cards.DPI / 25.4)
    picture = bands.hidden_number(number, noise, rng)
    box = picture.crop((inset, inset, picture.width - inset, picture.height - inset))
    film = cards._digits(decode.through_red_film(box, film_of_the_inks()))
    return film != str(number), cards.Box(0, 0, film, *cards._naked(box, film, film_of_the_inks())).shown


def wheel_boxes(folder: Path, out: Path) -> list[tuple[str, int, int, object, str]]:
    """(character, mystery, wheel number, window picture, statement) of every red-film statement."""
    book, alloc, _ = load_book(folder)
    pdf = Pdf(out / "decoders.pdf")
    found = []
    for plan in alloc.wheels:
        if decoder_of(book.setting, plan.character)[0] != "red_filter" or plan.character.wheel is None:
            continue
        page = next(p for p in range(1, pdf.pages + 1) if f"{plan.character.name}: wheel" in pdf.text(p))
        sheet = decode.Sheet(pdf.picture(page, DPI), pdf.trims[page - 1])
        wheel = Wheel(plan.character.wheel)
        for s in plan.real():
            band = decode.window(sheet, wheel, s.number, decode.paper_of(sheet.trim))
            found.append((plan.character.id, s.case, s.number, band, s.text))
    return found


def judged(box, proof: Path | None) -> tuple[hiding.Box, hiding.Box | None]:
    _, _, _, band, text = box
    film = film_of_the_inks()
    return hiding.judge(band, text, film=film), (hiding.judge(band, text, proof, film=film) if proof else None)


def wheels(samples: list[Path], seed_list: list[int], proof: Path | None) -> int:
    totals = Counter()
    with tempfile.TemporaryDirectory() as tmp, Pool(2) as pool:
        for sample in samples:
            for seed in seed_list:
                work = Path(tmp) / "run"
                folder = build(sample, seed, work)
                boxes = wheel_boxes(folder, work / "out")
                results = pool.map(functools.partial(judged, proof=proof), boxes)
                for (who, case, number, _, _), (rgb, proofed) in zip(boxes, results, strict=True):
                    totals.update(boxes=1, rgb=not rgb.ok, proof=bool(proofed and not proofed.ok))
                    print(f"{sample.name} seed {seed} {who} mystery {case} at {number}: "
                          f"{'ok  ' if rgb.ok else 'FAIL'} rgb {rgb.line()}"
                          + (f" | {'ok  ' if proofed.ok else 'FAIL'} cmyk {proofed.line()}" if proofed else ""),
                          flush=True)
    print(f"total: {totals['boxes']} boxes, failing in rgb {totals['rgb']}"
          + (f", in the cmyk soft proof {totals['proof']}" if proof else ""))
    return 0


def _cues_of(box, proof: Path):
    _, _, _, band, text = box
    film = film_of_the_inks()
    return hiding.cues(band, text, film=film), hiding.cues(band, text, proof, film=film)


def cue_table(samples: list[Path], seed_list: list[int], code: Path | None) -> int:
    proof, rows = cmyk.output_profile(), {}
    films: dict[str, list[float]] = {"sRGB": [], "CMYK proof": []}
    with tempfile.TemporaryDirectory() as tmp, Pool(2) as pool:
        for sample in samples:
            for seed in seed_list:
                work = Path(tmp) / "run"
                boxes = wheel_boxes(build(sample, seed, work, code), work / "out")
                for pair in pool.map(functools.partial(_cues_of, proof=proof), boxes):
                    for name, (film, found) in zip(films, pair, strict=True):
                        films[name].append(film)
                        for (zoom, cue), accuracy in found.items():
                            rows.setdefault((name, zoom), {}).setdefault(cue, []).append(accuracy)
                print(f"{sample.name} seed {seed}: {len(boxes)} boxes", flush=True)
    cues = ("lightness", "hue", "contrast", "regularity", "chroma", "lightness in family", "red", "all")
    print("| | " + " | ".join(cues) + " | hidden (verdict) |\n|---|" + "---|" * (len(cues) + 1))
    for (name, zoom), found in rows.items():
        verdict = [max(v) for v in zip(*(found[c] for c in hiding.separable.VERDICT), strict=True)]
        hidden = sum(v <= hiding.separable.CHANCE_AT_MOST for v in verdict)
        print(f"| {name}, {zoom} | " + " | ".join(f"{min(found[c]):.2f}-{max(found[c]):.2f}" for c in cues)
              + f" | {hidden} of {len(verdict)} |")
    for name, scores in films.items():
        print(f"film, {name}: {sum(s >= 0.95 for s in scores)} of {len(scores)} read >= 95%, lowest {min(scores):.0%}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", action="append", type=Path)
    parser.add_argument("--seeds", default="1-8", help="seeds or ranges, e.g. 1-8 or 1-3,14")
    parser.add_argument("--generated", type=int, metavar="N", help="judge N drawn boxes instead of books")
    parser.add_argument("--wheels", action="store_true", help="judge the wheels' red-film boxes (default sample hampshire)")
    parser.add_argument("--proof", action="store_true", help="with --wheels: judge a CMYK soft proof beside the RGB")
    parser.add_argument("--cues", action="store_true", help="the wheels' looking-eye cues and film, quickly")
    parser.add_argument("--build-with", type=Path, metavar="DIR", help="with --cues: build with another checkout")
    args = parser.parse_args()
    if args.cues:
        return cue_table(args.sample or [ROOT / "cases/hampshire"], seeds(args.seeds), args.build_with)
    if args.wheels:
        proof = cmyk.output_profile() if args.proof else None
        return wheels(args.sample or [ROOT / "cases/hampshire"], seeds(args.seeds), proof)
    if args.generated:
        with Pool(2) as pool:
            results = pool.map(generated, range(args.generated))
        misread, naked = sum(m for m, _ in results), sum(n for _, n in results)
        print(f"{args.generated} generated boxes: film misreads {misread} ({misread / args.generated:.1%}), "
              f"read naked {naked} ({naked / args.generated:.1%})")
        return 0
    samples = args.sample or [ROOT / "cases/grange", ROOT / "cases/tudor"]
    totals = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for sample in samples:
            for seed in seeds(args.seeds):
                work = Path(tmp) / "run"
                folder = build(sample, seed, work)
                count, misread, naked = judge(folder, work / "out")
                totals.update(boxes=count, misread=misread, naked=len(naked))
                print(f"{sample.name} seed {seed}: {count} boxes, film misreads {misread}, "
                      f"read naked {len(naked)} {' '.join(naked)}", flush=True)
    boxes = max(1, totals["boxes"])
    print(f"total: {totals['boxes']} boxes, film misreads {totals['misread']} ({totals['misread'] / boxes:.1%}), "
          f"read naked {totals['naked']} ({totals['naked'] / boxes:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
