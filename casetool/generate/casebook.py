"""`casetool generate --count N -o DIR`: a whole casebook.

Balance across the book: the answer's items are dealt out in shuffled rounds (every
culprit and every scene before any repeats), liar variants alternate (someone lies /
everyone is truthful, under the inspector rule), no two cases are alike up to renaming,
titles differ, and every wheel position is used once in the book. Each case asks for a
level: the levels the setting offers for the kind (source.offered_levels), in rising
shares through the book; the cases are then numbered by level and score, so the book
gets harder as it goes.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..english.dates import parse_date
from ..files import write_atomic
from ..lint.stub import INTRO_STUB
from ..load.project import CASEBOOK_FILE, SETTING_FILE
from ..scaffold import write_schemas
from .engine import LEVELS, Generated, Request, Taken, generate
from .source import offered_levels, rule_witnesses
from .story import record
from .world import Wish
from .writer import CaseDoc, case_yaml, casebook_yaml, schema_line, with_schema_line


@dataclass
class Book:
    folder: Path
    cases: list[Generated] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "case"


def spread(items: list[str], count: int, rng: random.Random) -> list[str]:
    """`count` picks from `items`, each round a fresh shuffle: as even as it can be."""
    out: list[str] = []
    while len(out) < count:
        round_ = list(items)
        rng.shuffle(round_)
        out += round_
    return out[:count]


def plan(req: Request, count: int) -> list[tuple[Wish, str | None]]:
    """For each case: what to ask of its answer and liars, and the level it must grade."""
    setting = req.source.setting
    offered = offered_levels(setting, req.kind)
    rng = random.Random(f"casetool:book:{req.seed}:{req.kind}")
    columns = {cid: spread(setting.categories[cid].ids, count, rng) for cid in setting.answer}
    # who lies is dealt like the culprit (under the culprit rule the culprit is the liar)
    witnesses = rule_witnesses(setting) if setting.liar_rule.kind == "exactly_one" else \
        [c.id for c in setting.characters.values() if c.role == "witness"]
    liars = iter(spread(witnesses, count, rng)) if witnesses else None
    out: list[tuple[Wish, str | None]] = []
    for i in range(count):
        # Every answer category is spread, the stolen object too: a clue gives it away, but
        # a book of thefts that all take the same Rare Book reads as one case told twice.
        answer = {cid: columns[cid][i] for cid in setting.answer}
        liar = (i % 2 == 0) if setting.liar_rule.kind == "inspector" and req.kind == "traits" else None
        who = next(liars) if liars is not None and liar is not False else None
        out.append((Wish(answer, liar, who), req.difficulty or offered[min(len(offered) - 1, i * len(offered) // count)]))
    return out


def write_casebook(req: Request, count: int, folder: Path,
                   progress: Callable[[int, Generated], None] | None = None) -> Book:
    source = req.source
    taken = Taken()
    book = Book(folder)
    schema = schema_line("case", folder)
    for i, (wish, level) in enumerate(plan(req, count)):
        one = Request(source, f"{req.seed}/{i + 1}", req.kind, level, i + 1, wish, taken,
                      req.max_attempts, schema, req.command, req.check_time_limit, unique=req.unique,
                      time_limit=req.time_limit)
        told = set(taken.sentences)
        got = generate(one)
        # only the accepted case's story and events count as told in the book
        taken.sentences = record(source.templates, told, " ".join([got.doc.story] + [t for _, t in got.doc.events]))
        taken.titles.add(got.title)
        if got.doc.date is not None:  # a setting without `templates: year:` dates no case
            taken.dates.add(got.doc.date)
        taken.shapes.add(got.signature)
        for speaker, n in got.wheels.items():
            taken.wheels.setdefault(speaker, set()).add(n)
        book.cases.append(got)
        if progress:
            progress(i + 1, got)
    order = sorted(range(len(book.cases)), key=lambda k: (book.cases[k].grade.rank, book.cases[k].grade.score, k))
    in_play_order([book.cases[k].doc for k in order])
    names: list[str] = []
    for number, k in enumerate(order, 1):
        got = book.cases[k]
        got.doc.number = number
        got.text = case_yaml(got.doc, schema)
        names.append(f"{number:03d}-{slug(got.title)}.yaml")
    book.cases = [book.cases[k] for k in order]
    setting = source.setting
    write_atomic(folder / SETTING_FILE, with_schema_line(source.data, schema_line("setting", folder)))
    for name, got in zip(names, book.cases, strict=True):
        write_atomic(folder / name, got.text.encode("utf-8"))
    levels = [g.grade.level for g in book.cases]
    intro = (f"{count} cases on {setting.title}, generated by casetool from seed {req.seed}. "
             f"{_pace(levels)}\n\n"
             f"{INTRO_STUB}")
    text = casebook_yaml(schema_line("casebook", folder), f"{slug(setting.id)}-generated-{slug(str(req.seed))}",
                         f"{setting.title}: {count} New Cases", setting.id, intro, names, _seed_number(req.seed),
                         [f"Generated by `{req.command}`." if req.command else "Generated by `casetool generate`.",
                          "Cases are numbered by difficulty (level, then score); culprits, scenes and liars are spread across the book."])
    write_atomic(folder / CASEBOOK_FILE, text.encode("utf-8"))
    write_schemas(folder)
    book.files = [SETTING_FILE, CASEBOOK_FILE] + names
    return book


def in_play_order(docs: list[CaseDoc]) -> None:
    """The book's dates, sorted, dealt to its cases in the order they are played (the cases
    are numbered by difficulty after they are drawn); each story's day moves with its date."""
    days = [parse_date(d.date) if d.date else None for d in docs]
    dated = [k for k, day in enumerate(days) if day is not None]
    texts = [docs[k].date for k in sorted(dated, key=lambda k: days[k])]   # type: ignore[arg-type, return-value]
    for k, text in zip(dated, texts, strict=True):
        doc = docs[k]
        old, new = str(doc.date).rsplit(",", 1)[0], str(text).rsplit(",", 1)[0]
        doc.story = re.sub(rf"\b{re.escape(old)}\b", new, doc.story)
        doc.date = text


def _pace(levels: list[str]) -> str:
    """Promise a rising book only when it rises (the cases are numbered by score)."""
    if len(set(levels)) > 1:
        return f"They get harder as the book goes on: {_levels(levels)}."
    if len(levels) == 1:
        return f"The case is {levels[0]}."
    return f"{'Both' if len(levels) == 2 else f'All {len(levels)}'} cases are {levels[0]}."


def _levels(levels: list[str]) -> str:
    counts = [(name, levels.count(name)) for name in LEVELS if levels.count(name)]
    return ", ".join(f"{n} {name}" for name, n in counts)


def _seed_number(seed: int | str) -> int:
    return seed if isinstance(seed, int) else sum(ord(c) for c in str(seed))
