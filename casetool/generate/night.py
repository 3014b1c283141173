"""Draw a night on a board (`timeline: moves:`): where every person, object and victim was
at every hour, the crime, and the decided facts (`unknown: true`, with their `counts:`).

The draw keeps the board's built-in rules (docs/clue-language.md, "Boards"): every piece is
in one room each hour and stays or steps to a room next door; an object moves only with
a person making the same move; the culprit and the answer's objects are at the scene at
the crime time, the culprit alone there with the victim; the victim lies at the scene from
then on. The setting's `always:` rules are evaluated on the drawn night and a night that
breaks one is drawn again. The crime comes first (the parts a casebook wishes for, the
rest at random); the culprit waits with the victim at the scene the hour before the crime
and stays the hour after it (LINGER), everyone else walks freely but not into the scene
then, the weapon goes with the culprit for a stretch of hours around those, other objects
are carried by whoever leaves their room, and the victim's walk is drawn backwards from
the scene: every draw is a night of the board by construction.

The lingering is what lets a case tell the hour by the inspector's notes: the hours next
to the crime's would fit the murder as well (the murderer alone with the victim and the
weapon), so "still alive at" and "dead by" are needed clues, and a player reads the hour
off them instead of from every guest's whereabouts (without them a whole-night case's
hour falls only to many cells read together: every draft graded hard). How many nights
linger is the clue style's (minimize.Style.lingers): with every one lingering, no draft of
30 at 6x6x8x6 graded fiendish, as the hour no longer needs the night's deepest reading;
with half, medium drafts came 1 seed in 5.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..language.evaluate import Evaluator
from ..language.facts import decided_facts
from ..load.model import Setting, World

STAY = 0.4        # the chance a person stays put for an hour (the peer's guests wander)
CARRY = 0.5       # the chance an object is carried when someone leaves its room
LINGER = 1        # hours the culprit stays with the victim at the scene before and after the crime
LINGERS = 0.5     # the share of nights it does when no style says: the others leave the hour to the night
TRIES = 200       # nights drawn before giving up (a board that can hold none: G009 at load)


class NoNight(Exception):
    """No night in TRIES draws kept the wished answer and the setting's `always:` rules."""


@dataclass
class Night:
    answer: dict[str, str]
    loc: dict[tuple[str, str], str] = field(default_factory=dict)      # (piece, time) -> room
    facts: dict[tuple[str, str], Any] = field(default_factory=dict)    # (item, attribute) -> value


class Board:
    """The board's pieces and rooms, read once from the setting."""

    def __init__(self, setting: Setting):
        tl = setting.timeline
        assert tl is not None and tl.moves, "a night is drawn on a board only"
        cats = setting.categories
        self.setting, self.tl = setting, tl
        self.people, self.times, self.rooms = cats[tl.people].ids, cats[tl.times].ids, cats[tl.places].ids
        self.objects = [(c, x) for c in tl.objects for x in cats[c].ids]
        self.victims = cats[tl.victim].ids if tl.victim else []
        self.pieces = self.people + [o for _, o in self.objects] + self.victims
        self.next_to = {z.id: [n for n in z.attrs.get(tl.moves) or [] if n != z.id] for z in cats[tl.places].items}
        # the rooms a piece can have come from: z is reached from p when p stays or p lists z
        self.came_from = {z: [p for p in self.rooms if z in self.next_to[p]] for z in self.rooms}
        self.answered_objects = [c for c in tl.objects if c in setting.answer]


def draw_night(setting: Setting, answer: dict[str, str], rng: random.Random, wish: dict[str, str],
               lingers: float = LINGERS) -> Night:
    """A night of the board whose crime keeps `wish` (answer parts asked for); `answer`
    gives the answer's parts that are not on the board; `lingers`: the chance the culprit
    waits with the victim (LINGER)."""
    board = Board(setting)
    evaluator = Evaluator(setting)
    for _ in range(TRIES):
        night = _draw(board, dict(answer), rng, wish, lingers)
        if night is not None and _keeps_always(setting, evaluator, night):
            return night
    raise NoNight(f"no night in {TRIES} draws kept the answer asked for and the setting's `always:` rules")


def _draw(board: Board, answer: dict[str, str], rng: random.Random, wish: dict[str, str],
          lingers: float) -> Night | None:
    """The crime first (the wished parts, the rest at random), then the night around it."""
    tl = board.tl
    hours = board.times[1:] if len(board.times) >= 3 else board.times   # a crime at the first hour leaves nothing to follow
    crime = {tl.people: rng.choice(board.people), tl.places: rng.choice(board.rooms), tl.times: rng.choice(hours)}
    for cid in board.answered_objects:
        crime[cid] = rng.choice(board.setting.categories[cid].ids)
    crime.update({k: v for k, v in wish.items() if k in crime})
    culprit, scene, when = crime[tl.people], crime[tl.places], board.times.index(crime[tl.times])
    n = len(board.times)
    stay = LINGER if rng.random() < lingers else 0
    near = range(max(when - stay, 0), min(when + stay, n - 1) + 1)   # the hours the culprit is with the victim
    loc: dict[tuple[str, str], str] = {}
    _through(board, culprit, scene, near, loc, rng)
    for p in board.people:
        if p != culprit and not _elsewhere(board, p, scene, near, loc, rng):
            return None
    weapons = {crime[cid] for cid in board.answered_objects}
    for o in weapons:
        _with_culprit(board, o, culprit, near, loc, rng)
    for _, o in board.objects:
        if o not in weapons:
            _carry(board, o, loc, rng)
    for v in board.victims:
        _victim(board, v, scene, near[0], loc, rng)
    answer.update(crime)
    return Night(answer, loc, _facts(board.setting, rng))


def _through(board: Board, piece: str, z: str, near: range, loc: dict[tuple[str, str], str],
             rng: random.Random) -> None:
    """A walk that is at `z` for the hours `near`: forward from there, and backwards to the start."""
    here = z
    for k, t in enumerate(board.times[near.start:], near.start):
        if k >= near.stop and board.next_to[here] and rng.random() >= STAY:
            here = rng.choice(board.next_to[here])
        loc[(piece, t)] = here
    _walk_back(board, piece, z, near.start, loc, rng)


def _walk_back(board: Board, piece: str, z: str, when: int, loc: dict[tuple[str, str], str],
               rng: random.Random) -> None:
    """The hours before `when`, drawn backwards from `z` (where `piece` is at `when`)."""
    here = z
    for t in reversed(board.times[:when]):
        if board.came_from[here] and rng.random() >= STAY:
            here = rng.choice(board.came_from[here])
        loc[(piece, t)] = here


def _elsewhere(board: Board, p: str, scene: str, near: range, loc: dict[tuple[str, str], str],
               rng: random.Random, tries: int = 50) -> bool:
    """A free walk for `p` that keeps out of the scene while the culprit is there: the
    culprit was alone with the victim."""
    for _ in range(tries):
        _walk(board, p, loc, rng)
        if all(loc[(p, board.times[k])] != scene for k in near):
            return True
    return False


def _with_culprit(board: Board, obj: str, culprit: str, near: range, loc: dict[tuple[str, str], str],
                  rng: random.Random) -> None:
    """The weapon goes with the culprit for a stretch of hours around the crime (each of its
    moves is the culprit's), and lies where the culprit picked it up before and left it after."""
    n = len(board.times)
    first, last = rng.randint(0, near.start), rng.randint(near.stop - 1, n - 1)
    for k, t in enumerate(board.times):
        loc[(obj, t)] = loc[(culprit, board.times[min(max(k, first), last)])]


def _walk(board: Board, piece: str, loc: dict[tuple[str, str], str], rng: random.Random) -> None:
    z = rng.choice(board.rooms)
    for k, t in enumerate(board.times):
        if k and board.next_to[z] and rng.random() >= STAY:
            z = rng.choice(board.next_to[z])
        loc[(piece, t)] = z


def _carry(board: Board, obj: str, loc: dict[tuple[str, str], str], rng: random.Random) -> None:
    """An object starts anywhere and moves only with someone leaving its room."""
    z = rng.choice(board.rooms)
    for k, t in enumerate(board.times):
        if k:
            before = board.times[k - 1]
            carriers = [p for p in board.people if loc[(p, before)] == z and loc[(p, t)] != z]
            if carriers and rng.random() < CARRY:
                z = loc[(rng.choice(carriers), t)]
        loc[(obj, t)] = z


def _victim(board: Board, victim: str, scene: str, when: int, loc: dict[tuple[str, str], str],
            rng: random.Random) -> None:
    """At the scene from hour `when` on (the murderer with him from then); before it, a
    walk drawn backwards that ends there."""
    for t in board.times[when:]:
        loc[(victim, t)] = scene
    _walk_back(board, victim, scene, when, loc, rng)


def _facts(setting: Setting, rng: random.Random) -> dict[tuple[str, str], Any]:
    """Each decided fact's values: exactly `counts` of each counted value, the rest of the
    items drawn among the values without a count (V074 holds the counts to the items)."""
    out: dict[tuple[str, str], Any] = {}
    for fact in decided_facts(setting):
        counted = [v for v, n in fact.counts for _ in range(n)]
        free = [v for v in fact.values if v not in dict(fact.counts)]
        rest = len(fact.items) - len(counted)
        if rest and not free:
            raise NoNight(f"the counts of {fact.category}.{fact.attribute} do not cover its items")
        values = counted + [rng.choice(free) for _ in range(rest)]
        rng.shuffle(values)
        out.update({(item, fact.attribute): v for item, v in zip(fact.items, values, strict=True)})
    return out


def _keeps_always(setting: Setting, evaluator: Evaluator, night: Night) -> bool:
    world = World(dict(night.answer), frozenset(), dict(night.loc), {}, dict(night.facts))
    return all(evaluator.holds(rule.expr, world) for rule in setting.always)
