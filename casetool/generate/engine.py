"""Generate one case: attempts from a seed until one is unique, irredundant and graded
at the requested level.

Attempt k of seed s draws everything from random.Random("casetool:s:k"), so the same
seed gives the same case on every machine and run (CP-SAT runs with one worker and a
fixed seed; nothing is iterated in set or hash order).
"""

from __future__ import annotations

import ctypes
import functools
import gc
import random
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..english.board_solution import board_page
from ..english.phrases import PLAYERS, crime
from ..english.solution import solution_prose
from ..explain.grade import Grade, grade
from ..explain.steps import explain_case
from ..lint.padding import padded
from ..load.model import Case, Level, Player, Setting
from ..solver.check import OK, prove_case
from ..solver.options import Options
from . import candidates as cands_mod
from . import story as story_mod
from .board_choose import BoardChooser
from .candidates.builder import Candidate, Draft, frame_statements
from .candidates.timeline import merge_together
from .minimize import STYLES, Chooser, Style
from .night import NoNight
from .pool import Pool, parse_case, pool_case
from .rules import broken_rules, prints_on_wheel
from .schedule import reveal_schedule
from .source import Source
from .world import Plan, Wish, make_plan
from .writer import CaseDoc, ClueDoc, case_yaml

LEVELS = tuple(Level)

# A case's shape up to renaming: (kind, liar variant, its clues' shapes sorted); see shape_signature
Signature = tuple[str, str, tuple[str, ...]]


class GenerateFailed(Exception):
    def __init__(self, message: str, tally: Counter[str]):
        super().__init__(message)
        self.tally = tally


@dataclass
class Taken:
    """What earlier cases of a casebook already use."""
    wheels: dict[str, set[int]] = field(default_factory=dict)   # speaker -> wheel positions used
    titles: set[str] = field(default_factory=set)
    sentences: set[str] = field(default_factory=set)            # story sentences used in the book
    dates: set[str] = field(default_factory=set)
    shapes: set[Signature] = field(default_factory=set)         # signatures "up to renaming"


@dataclass
class Generated:
    text: str
    doc: CaseDoc
    case: Case
    grade: Grade
    world: Plan
    keys: list[str]
    pool: Pool
    attempts: int
    seconds: float
    signature: Signature
    title: str
    wheels: dict[str, int]
    tally: Counter[str]


@dataclass
class Request:
    source: Source
    seed: int | str
    kind: str
    difficulty: str | None = None
    number: int = 1
    wish: Wish = field(default_factory=Wish)
    taken: Taken = field(default_factory=Taken)
    max_attempts: int = 60
    schema: str = ""
    command: str = ""
    check_time_limit: float = 30.0
    style: str | None = None          # the clue style to try first (default: the difficulty's)
    # called (attempt, max_attempts, tally) before each attempt
    progress: Callable[[int, int, Counter[str]], None] | None = None
    patience: int = 12                # graded drafts before giving up on an unreachable level
    unique: str | None = None         # board: "answer" or "world" (None: the setting's `world: unique:`)
    time_limit: float | None = None   # seconds for the whole generation (--time-limit); None: no bound


def generate(req: Request) -> Generated:
    # What lives before the generation (modules, the setting) is frozen out of the cyclic
    # collector's view meanwhile: each `collect` then walks only what the generation made
    # (3 ms a collection on the small mansion, not 15-20).
    gc.freeze()
    try:
        return _generate(req)
    finally:
        gc.unfreeze()


def _generate(req: Request) -> Generated:
    start = time.monotonic()
    tally: Counter[str] = Counter()
    ranks: list[int] = []   # the level of every complete draft, for the early give-up
    tilt = 0                # how many levels harder (or easier) than asked the next style is
    for attempt in range(req.max_attempts):
        left = None if req.time_limit is None else req.time_limit - (time.monotonic() - start)
        if left is not None and left <= 0:
            seen = ", ".join(f"{n} {why}" for why, n in sorted(tally.items())) or "none finished"
            raise GenerateFailed(f"the time limit of {req.time_limit:g} s was reached after {attempt} drafts "
                                 f"({seen}); give more with --time-limit", tally)
        if req.progress:
            req.progress(attempt + 1, req.max_attempts, tally)
        if attempt:
            collect()   # the last draft's models, before this one compiles its own
        why = out_of_reach(req.difficulty, ranks, req.patience, attempt)
        if why:
            raise GenerateFailed(f"no case graded '{req.difficulty}' after {attempt} attempts: {why}", tally)
        rng = random.Random(f"casetool:{req.seed}:{req.kind}:{attempt}")
        # every other draft in the level's own style: a tilted style may suit the setting worse
        # (hampshire liars: the hard style grades 1 in 40 drafts medium, the medium style 5)
        name = steer(req.difficulty, ranks, tilt if attempt % 2 else 0) if req.difficulty else req.style
        if name is None or (not req.difficulty and attempt % 2):
            name = rng.choice(LEVELS)
        style = STYLES[name]
        graded = len(ranks)
        try:
            got = _attempt(req, rng, style, tally, ranks, left)
        except TimeoutError:
            tally["solver time limit"] += 1
            continue
        if len(ranks) > graded and req.difficulty:   # graded off the level: lean the next style the other way
            tilt = _lean(tilt, ranks[-1] - LEVELS.index(req.difficulty))
        elif got is None and tilt:   # a tilted style that finds no case (fiendish clues on a small setting): back one
            tilt -= 1 if tilt > 0 else -1
        if got is None:
            continue
        got.attempts = attempt + 1
        got.seconds = time.monotonic() - start
        got.tally = tally
        return got
    seen = ", ".join(f"{n} {why}" for why, n in sorted(tally.items()))
    want = f" graded '{req.difficulty}'" if req.difficulty else ""
    raise GenerateFailed(f"no case{want} in {req.max_attempts} attempts ({seen})", tally)


def unique_criterion(req: Request) -> str:
    """What a board case proves unique: the request's choice, else the setting's
    `world: unique:`, else the answer (as `casetool check` does by default)."""
    return req.unique or str(req.source.world.get("unique") or "answer")


def steer(level: str, ranks: list[int], tilt: int) -> str:
    """The clue style for a draft asked at `level`: the level's own, tilted by the drafts so
    far. A style does not fix the grade (tudor's hard style: 1 easy, 3 medium, 2 hard and 4
    fiendish in 10 drafts, bench/generate.py --styles), so a draft graded too easy makes the
    next one's style harder and one graded too hard makes it easier."""
    want = LEVELS.index(Level(level))
    return str(LEVELS[min(max(want + tilt, 0), len(LEVELS) - 1)])


def _lean(tilt: int, off: int) -> int:
    """`off`: the last draft's grade minus the level asked (0: it was right, nothing moves)."""
    if off == 0:
        return tilt
    return max(-2, min(2, tilt - (1 if off > 0 else -1)))


def out_of_reach(level: str | None, ranks: list[int], patience: int, attempts: int = 0) -> str:
    """Why `level` looks out of reach ('' while it may not be): every draft so far graded
    two or more levels below or above it, whatever style the drafts were made in, after
    `patience` graded drafts, or after 4 x `patience` attempts when most drafts in that
    level's style came out with no unique answer (a small setting that cannot carry them)."""
    if not level or (len(ranks) < patience and attempts < 4 * patience):
        return ""
    if not ranks:
        return (f"none of {attempts} drafts on this setting had a unique answer "
                f"(docs/generate.md, 'Which levels a setting reaches')")
    want = LEVELS.index(level)
    if max(ranks) < want - 1 or min(ranks) > want + 1:
        seen = ", ".join(f"{ranks.count(k)} {name}" for k, name in enumerate(LEVELS) if ranks.count(k))
        failed = f", {attempts - len(ranks)} not graded (no unique answer or out of time)" if attempts > len(ranks) else ""
        return (f"{len(ranks)} drafts on this setting graded {seen}{failed} "
                f"(docs/generate.md, 'Which levels a setting reaches')")
    return ""


def _attempt(req: Request, rng: random.Random, style: Style, tally: Counter[str], ranks: list[int],
             left: float | None = None) -> Generated | None:
    """One draft; `left`: the seconds the whole generation has left (a solve past it raises TimeoutError)."""
    source, setting = req.source, req.source.setting
    limit = req.check_time_limit if left is None else max(0.01, min(req.check_time_limit, left))
    try:
        world = make_plan(setting, req.kind, rng, req.wish, source.templates.get("players", PLAYERS), source.world,
                          style.lingers)
    except NoNight:
        tally["no night keeps the setting's rules"] += 1
        return None
    draft = cands_mod.draft(source, world, rng)
    # a wheel statement that would print too small is never drawn (R042)
    draft.candidates = [c for c in draft.candidates if prints_on_wheel(setting, c.speaker, c.text)]
    full = [ch.id for ch in setting.characters.values()
            if ch.wheel and len(req.taken.wheels.get(ch.id, ())) >= ch.wheel]
    if full:  # a character whose wheel has no free position left cannot speak in this book any more
        draft.candidates = [c for c in draft.candidates if c.speaker not in full]
    pool = build_pool(source, world, draft)
    pool.deadline = None if left is None else time.monotonic() + left
    whole = req.kind == "board" and unique_criterion(req) == "world"
    keys = BoardChooser(pool, world, rng, style, whole).choose() if req.kind == "board" else \
        Chooser(pool, world, rng, style, req.difficulty).choose()
    pool.oracle.close()   # its SAT mirror is done: the explanation and the check below reuse its memory
    if keys is None:
        tally["without a unique answer"] += 1
        return None
    doc = assemble(req, world, draft, pool, keys, rng)
    broken = broken_rules(source, world, doc, sorted({c.speaker for c in draft.candidates if c.speaker}))
    if broken:  # never happens by design; if it does, the draft is not a case of this setting
        tally[f"breaks the setting's rules ({broken[0]})"] += 1
        return None
    signature = shape_signature(setting, world, [pool.candidates[k] for k in keys])
    if signature in req.taken.shapes:
        tally["alike an earlier case"] += 1
        return None
    if req.kind == "board":   # the pool of a board (every candidate, 19,000 constraints at 8x8x10x8) is done with
        pool.release()
        collect()
    doc.unique = "world" if whole else None   # check (and its W001) asks what the chooser asked
    case = parse_case(source, case_yaml(doc, req.schema), "<generated>")
    explanation = explain_case(case, limit)   # first: a draft at the wrong level stops here
    collect()
    g = grade(explanation)
    if not explanation.complete:
        tally["no complete explanation"] += 1
        return None
    ranks.append(g.rank)
    if req.difficulty and g.level != req.difficulty:
        tally[f"graded {g.level}"] += 1
        return None
    if padded(case):   # what the chooser's plain-Python check misses (a note settling a side, lint L014)
        tally["a clue another makes padding"] += 1
        return None
    result = prove_case(case, Options(time_limit=limit, warnings=True))
    collect()
    if result.status != OK or result.warnings:  # e.g. a card hand that the log makes redundant
        codes = ", ".join(sorted({w.code for w in result.warnings}))
        tally[f"check {result.status}{' with ' + codes if codes else ''}"] += 1
        return None
    doc.difficulty = g.level
    doc.unique = "world" if whole else None
    # a board night unique as a whole is told hour by hour; any other case step by step
    # (the hour-by-hour page reads every clue as true: a night told by a lying guest is told step by step)
    told_by_hours = whole and world.liar_rule == "none"
    doc.solution_text = (board_page(case, limit) if told_by_hours else None) or solution_prose(explanation)
    doc.header = header(req, world, g)
    text = case_yaml(doc, req.schema)
    case = parse_case(source, text, "<generated>")
    wheels = {c.speaker: c.wheel for c in doc.clues if c.wheel is not None and c.speaker}  # only a speaker has a wheel
    return Generated(text, doc, case, g, world, keys, pool, 0, 0.0, signature, doc.title, wheels, tally)


def collect() -> None:
    """Free the compiled models a stage has dropped, now, and give the freed pages back. A
    CP-SAT model is a reference cycle (cp_model's CpModel keeps its own bound methods), so a
    dropped one waits for the cyclic garbage collector, and the next stage compiles beside
    it instead of in its memory; and glibc keeps freed heap pages resident unless asked
    (malloc_trim; elsewhere nothing is asked). At 8x8x10x8 generation peaked at 97 MB of RSS,
    89 with this after the pool, the explanation and the check (3 to 8 ms each, see
    `generate`; bench/README.md, "Memory, a third time")."""
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError):   # not glibc
        return None
    return trim


# ---- the pool: every candidate in one case ---------------------------------------------
def build_pool(source: Source, world: Plan, draft: Draft) -> Pool:
    case = pool_case(source, world.liar_rule, world.answer, draft, world.players)
    return Pool(source, world.answer, draft, case)


# ---- the case --------------------------------------------------------------------------
def assemble(req: Request, world: Plan, draft: Draft, pool: Pool, keys: list[str], rng: random.Random) -> CaseDoc:
    source, setting = req.source, req.source.setting
    chosen = [pool.candidates[k] for k in keys]
    given = [world.answer[c] for c in setting.answer if c not in (setting.timeline.people, setting.timeline.places,
             setting.timeline.times)] if setting.timeline and world.kind == "timeline" else []
    obj = setting.item_name(given[0]) if given else None
    templates = source.templates
    kind = crime(setting, templates)
    avoid = frozenset(w.lower() for item in setting.all_items() for w in item.name.split())
    people_cat = setting.people_category
    motive = world.facts.get((world.answer.get(people_cat, ""), "motive"))   # a fact of the night (the mansion)
    title, noun = story_mod.pick_title(templates, kind, rng, req.taken.titles, obj, avoid, req.seed,
                                       str(motive) if motive is not None else None)
    # the story's bystander ('Colonel Mustard noticed the Wallet was missing') is never the culprit:
    # a reader who learns he took it reads the story as a lie
    people = [i.name for i in setting.categories[people_cat].items if i.id != world.answer.get(people_cat)]
    date = story_mod.pick_date(templates, rng, req.taken.dates)
    day = date.rsplit(",", 1)[0] if date else rng.choice(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                                                           "Saturday", "Sunday"])
    words = {"noun": noun.lower(), "object": noun, "person": rng.choice(people), "day": day, "title": title,
             "find": story_mod.what_to_find(setting, kind),
             "setting": setting.title, "seed": str(req.seed), "motive": str(motive) if motive is not None else ""}
    story = story_mod.story(templates, kind, rng, words, req.taken.sentences, timed=setting.timeline is not None)
    doc = CaseDoc(req.number, title, setting.id, story, [], dict(world.answer), "",
                  liar_rule=world.liar_rule, date=date)
    order = _clue_order(setting, chosen)
    reveals: dict[str, int] = {}
    if world.kind == "timeline":
        order = merge_together(setting, templates, order, rng)   # before the schedule: a scene comes at one event
        small = build_pool(source, world, Draft(order, draft.liar_rule, draft.players))  # faster questions
        reveals, count = reveal_schedule(small, [c.key for c in order], rng)
        assert setting.timeline is not None  # a timeline case's setting has a timeline
        mix = story_mod.event_words(setting, templates, [(reveals.get(c.key, 0), c.means) for c in order], count, rng)
        texts = story_mod.events(templates, kind, rng, count, mix, req.taken.sentences)
        doc.events = [(k, texts[k - 1]) for k in range(1, count + 1)]
        order.sort(key=lambda c: reveals.get(c.key, 0))
    order = heard(setting, order)   # every role the printed rules promise speaks (tudor: Ashe)
    ids = _clue_ids(setting, order)
    counters = counter_numbers(source, [c for c in order if c.family == "counter"], rng)
    framed = frame_statements(setting, templates, order, rng)   # frames once the case is known
    for cand in order:
        if cand.suggestion is not None or cand.family == "hand":
            continue
        wheel = _wheel(setting, cand.speaker, rng, req.taken) if cand.speaker else None
        text = framed.get(cand.key, cand.text)
        text = text.replace("{n}", str(counters[cand.key])) if cand.key in counters else text
        doc.clues.append(ClueDoc(ids[cand.key], text, cand.means, cand.speaker, cand.kind,
                                 wheel, reveals.get(cand.key) if world.kind == "timeline" else None, cand.comment))
    if world.players:
        hand = any(c.family == "hand" for c in chosen)
        doc.players = [Player(p.id, p.name, p.hand, list(p.holds) if p.id == "you" and hand else [])
                       for p in world.players]
        doc.suggestions = [c.suggestion for c in order if c.suggestion is not None]
    doc.liars = forced_liars(pool, world, keys)
    return doc


# a clue that says where people were (or that they were all together): what a butler or
# a narrator saw, unlike the inspector's findings about the crime itself
SIGHTING = re.compile(r"\b(?:at|together)\(")
KIND_OF = {"narrator": "testimony", "inspector": "note"}


def heard(setting: Setting, order: list[Candidate]) -> list[Candidate]:
    """`order` with every role `every_case: roles:` promises heard: a silent role's truthful,
    wheel-less character says every other sighting told by another character who never lies
    (tudor: Ashe the butler tells who was where, Inspector Brown finds out about the theft; the
    candidates give every whereabouts note to the inspector). Neither ever lies, so no meaning
    changes; a speaker keeps at least one clue. Unchanged when no such clue or character."""
    chars = setting.characters
    for role in setting.every_case.get("roles") or []:
        heard_roles = {chars[c.speaker].role for c in order if c.speaker in chars}
        teller = next((ch for ch in chars.values() if ch.role == role and not ch.wheel and not ch.may_lie), None)
        if role in heard_roles or teller is None:
            continue
        left = Counter(c.speaker for c in order)
        give: set[str] = set()
        for c in [c for c in order if SIGHTING.search(c.means) and not c.pinned and c.speaker in chars
                  and not chars[c.speaker].may_lie and not chars[c.speaker].wheel][::2]:
            if left[c.speaker] > 1:   # a speaker keeps at least one clue
                left[c.speaker] -= 1
                give.add(c.key)
        order = [replace(c, speaker=teller.id, kind=KIND_OF.get(role, c.kind)) if c.key in give else c
                 for c in order]
    return order


def counter_numbers(source: Source, counters: list[Candidate], rng: random.Random) -> dict[str, int]:
    """Distinct counter numbers within the setting's `world: counters:` (default 30), rising
    through the case so it reads in order."""
    top = int(source.world.get("counters", 30))
    if len(counters) > top:
        return {}
    numbers = sorted(rng.sample(range(1, top + 1), len(counters)))
    return {c.key: n for c, n in zip(counters, numbers, strict=True)}


def _clue_order(setting: Setting, chosen: list[Candidate]) -> list[Candidate]:
    """Witnesses in the setting's order, then the inspector and the locator, then the rest in pool order."""
    rank = {cid: k for k, cid in enumerate(setting.characters)}
    def key(c: Candidate) -> tuple[int, int, int]:
        ch = setting.characters.get(c.speaker) if c.speaker else None
        if ch and ch.wheel:
            return (0, rank[ch.id], int(c.key[1:]) if c.key[1:].isdigit() else 0)
        return (1, 0, int(c.key[1:]) if c.key[1:].isdigit() else 0)
    return sorted(chosen, key=key)


def _clue_ids(setting: Setting, order: list[Candidate]) -> dict[str, str]:
    ids: dict[str, str] = {}
    used: set[str] = set()
    counters: Counter[str] = Counter()
    for cand in order:
        if cand.suggestion is not None or cand.family == "hand":
            continue  # named suggestion-<n> and hand-you by build_case
        ch = setting.characters.get(cand.speaker) if cand.speaker else None
        if ch and ch.wheel:
            base = ch.id
        elif cand.family == "given":
            base = "given"
        else:
            base = {"note": "note", "testimony": "testimony", "statement": cand.speaker or "statement"}.get(cand.kind, "fact")
            if cand.family == "counter":
                base = "counter"
        name = base
        while name in used or (name == base and base in ("note", "fact", "counter", "testimony")):
            counters[base] += 1
            name = f"{base}{counters[base]}"
        used.add(name)
        ids[cand.key] = name
    return ids


def _wheel(setting: Setting, speaker: str, rng: random.Random, taken: Taken) -> int | None:
    ch = setting.characters.get(speaker)
    if not ch or not ch.wheel:
        return None
    used = taken.wheels.setdefault(speaker, set())
    free = [n for n in range(1, ch.wheel + 1) if n not in used]
    if not free:
        return None
    n = rng.choice(free)
    return n


def forced_liars(pool: Pool, world: Plan, keys: list[str]) -> list[str] | None:
    """Who lies, when the clues force it (declared in the solution); None when they do not."""
    if world.liar_rule == "none":
        return None
    speakers: list[str] = []
    for k in keys:
        sp = pool.candidates[k].speaker
        if sp and sp in pool.compiled.lies and sp not in speakers:
            speakers.append(sp)
    if world.liar_rule == "culprit":
        return [w for w in world.liars if w in speakers]
    if world.liar_rule == "exactly_one":   # the liar may be silent: declared only when forced
        speakers = list(pool.compiled.lies)
    base = pool.lits(keys) + pool.truth
    for w in speakers:
        lie = pool.compiled.lies[w]
        flip = ~lie if w in world.liars else lie
        if pool._solve(base + [flip]):
            return None
    return [w for w in world.liars if w in speakers]


def header(req: Request, world: Plan, g: Grade) -> list[str]:
    return [f"Generated by `{req.command}`." if req.command else "Generated by `casetool generate`.",
            # the level is the deepest step; the score (depths added up) grows with the case's
            # length and orders cases of one level: a short fiendish case of three suppositions
            # scores 6, a long hard one 11 (murdle, seeds 91-100), so it is not put first
            f"Difficulty {g.level} ({g.reasons()}; {g.steps} steps; score {g.score}, which orders cases "
            f"within a level); kind {world.kind}.",
            f"Every clue is needed: without any one of them the {'whole night' if doc_world(world, req) else 'answer'} "
            "is no longer unique.",
            "Rewrite the title, the story and the clue texts freely; after changing a `means:`, "
            "run `casetool check` again."]


def doc_world(world: Plan, req: Request) -> bool:
    return world.kind == "board" and unique_criterion(req) == "world"


def taken_in(folder: str | Path, source: Source, output: str | Path | None = None) -> tuple[Taken, int]:
    """What the cases already in `folder` use (wheel positions, titles), and the next case
    number; the file about to be written (`output`) does not count, so a rerun is identical."""
    from ..load.project import load_paths
    folder = Path(folder)
    taken = Taken()
    if not (folder / "setting.yaml").is_file():
        return taken, 1
    loaded = load_paths([folder])
    skip = Path(output).resolve() if output else None
    cases = [c for c in loaded.cases if c.setting and c.setting.id == source.setting.id and c.path.resolve() != skip]
    for case in cases:
        taken.titles.add(case.title)
        taken.dates.add(case.date)
        taken.sentences.update(story_mod.split_sentences(case.story))
        for clue in case.clues:
            if clue.speaker and clue.wheel is not None:
                taken.wheels.setdefault(clue.speaker, set()).add(clue.wheel)
    return taken, max((c.number for c in cases), default=0) + 1


# ---- alike up to renaming ----------------------------------------------------------------
TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def shape_signature(setting: Setting, world: Plan, chosen: list[Candidate]) -> Signature:
    """The case with every item, value, person and player name replaced by its kind:
    two cases with the same signature could be the same puzzle under a renaming."""
    items = {i.id: i.category for i in setting.all_items()}
    values = {str(v) for c in setting.categories.values() for a in c.attributes.values() for v in a.values}
    players = {p.id for p in world.players}
    roles = {c.id: c.role for c in setting.characters.values()}

    def shape(text: str) -> str:
        def sub(m: re.Match[str]) -> str:
            word = m.group(0)
            if word in items:
                return f"<{items[word]}>"
            if word in players:
                return "<player>"
            if word in roles:
                return f"<{roles[word]}>"
            if word in values:
                return "<value>"
            return word
        return TOKEN.sub(sub, text)

    shapes: list[str] = []
    for c in chosen:
        if c.suggestion is not None:
            s = c.suggestion
            shapes.append(f"suggestion:{len(s['passed'])}:{bool(s['shown_by'])}:{bool(s['shown'])}")
        else:
            shapes.append(f"{roles.get(c.speaker, '-') if c.speaker else '-'}:{shape(c.means)}")
    return (world.kind, world.variant, tuple(sorted(shapes)))
