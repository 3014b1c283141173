"""Pick an answer and a world from a seeded random.Random.

The world is everything the clues may talk about beyond the answer: who lies, where
every person was at every time (timeline settings), who holds which card (card
settings). The generator only ever writes clues that are true in this world (or, for
a liar, false), so the intended answer always fits; the solver then makes it the only
one.
"""

from __future__ import annotations

import dataclasses
import random
import re
from dataclasses import dataclass, field
from typing import Any

from ..english.phrases import the_item
from ..language.evaluate import Evaluator
from ..language.ir import AWAY
from ..language.syntax import KEYWORDS
from ..load.model import Category, Player, Setting, World
from .night import LINGERS, draw_night
from .source import liar_witnesses, rule_witnesses


@dataclass
class Plan:
    """The world the generator draws, and how: the kind of case and its liar rule, the
    complete world's parts (answer, liars, whereabouts, hands: see complete()), and what
    shaped the whereabouts (the times everyone was together, each person's stay)."""
    kind: str
    answer: dict[str, str]
    liar_rule: str                         # none | inspector | culprit | exactly_one
    liars: list[str] = field(default_factory=list)   # characters who lie in this world
    loc: dict[tuple[str, str], str] = field(default_factory=dict)   # (person, time) -> place | AWAY
    together: list[str] = field(default_factory=list)  # times when everyone was together
    stay: dict[str, tuple[int, int]] = field(default_factory=dict)  # person -> (first, last) time index present
    players: list[Player] = field(default_factory=list)
    facts: dict[tuple[str, str], Any] = field(default_factory=dict)  # (item, attribute) -> decided value

    def complete(self) -> World:
        """The plan as one complete world (model.World), to evaluate clues in."""
        owner = {c: p.id for p in self.players for c in p.holds}
        return World(dict(self.answer), frozenset(self.liars), dict(self.loc), owner, dict(self.facts))

    @property
    def variant(self) -> str:
        """The liar variant, for spreading variants across a casebook."""
        if self.liar_rule == "inspector":
            return "liar" if self.liars else "truthful"
        if self.liar_rule == "culprit":
            return "culprit-lies"
        return "no-liars"


@dataclass
class Wish:
    """What a casebook asks of one case (anything left None is drawn at random)."""
    answer: dict[str, str] = field(default_factory=dict)
    liar: bool | None = None
    who: str | None = None     # which witness lies (a book deals them out), when one does


def pick_answer(setting: Setting, rng: random.Random, wish: Wish) -> dict[str, str]:
    return {cid: wish.answer.get(cid) or rng.choice(setting.categories[cid].ids) for cid in setting.answer}


def liar_rule_for(setting: Setting, kind: str) -> str:
    """A generated case keeps the setting's printed liar rule: `liars` under the inspector
    rule is a case where one witness lies and the inspector says so, never a switch to
    "the culprit lies" (which the casebook does not print)."""
    if kind in ("traits", "liars") or setting.liar_rule.kind == "exactly_one":
        return setting.liar_rule.kind   # (exactly one: in a notes-only case the liar says nothing)
    if kind == "board" and setting.liar_rule.kind == "culprit":
        return "culprit"   # the guests speak for themselves, and the murderer lies (candidates/board.py)
    return "none"


def make_plan(setting: Setting, kind: str, rng: random.Random, wish: Wish, names: list[str] | None = None,
               facts: dict[str, Any] | None = None, lingers: float = LINGERS) -> Plan:
    answer = pick_answer(setting, rng, wish)
    rule = liar_rule_for(setting, kind)
    world = Plan(kind, answer, rule)
    if rule == "inspector":
        witnesses = [c.id for c in setting.characters.values() if c.role == "witness"]
        lie = True if kind == "liars" else wish.liar if wish.liar is not None else rng.random() < 0.6
        if lie and witnesses:
            world.liars = [wish.who if wish.who in witnesses else rng.choice(witnesses)]
    elif rule == "exactly_one":   # one witness lies in every case, even a silent one
        world.liars = [wish.who if wish.who in rule_witnesses(setting) else rng.choice(rule_witnesses(setting))]
    elif rule == "culprit":
        culprit = answer[setting.culprit]
        world.liars = [w for w in liar_witnesses(setting) if setting.characters[w].item == culprit]
    if kind == "timeline":
        _whereabouts(setting, world, rng, (facts or {}).get("meals"))
    if kind == "cards":
        _deal(setting, world, rng, names or [])
    if kind == "board":
        night = draw_night(setting, answer, rng, wish.answer, lingers)
        world.answer, world.loc, world.facts = night.answer, night.loc, night.facts
    return world


# ---- the timeline ---------------------------------------------------------------
STEPS = 40    # draws of one hour's whereabouts before the whole night is drawn again
NIGHTS = 100  # nights drawn before the last one is kept as it is (the engine's check then rejects its drafts)


def _whereabouts(setting: Setting, world: Plan, rng: random.Random, meals: dict[str, str] | None) -> None:
    """Where every person was at every time, DVD style: people arrive and leave, meet for
    meals, gather in groups, wander; the culprit is at the scene at the time of the crime.
    With the setting's `world: meals:`, everyone present at a meal time is at the meal
    place (only the thief, at the time of the crime, is elsewhere). The night keeps the
    setting's `always:` rules (grange: a guest steps only to a room next door): a night
    that broke one made clues true of it that the checker, reading the rules, finds
    contradictory (5 of 34 drafts of grange timeline hard seed 92)."""
    tl = setting.timeline
    assert tl is not None  # make_plan draws whereabouts for timeline cases only
    if not setting.always:   # the draw as it was, so a seed of such a setting draws the same case
        _night(setting, world, rng, meals, None)
        return
    rules = _Rules(setting)
    for _ in range(NIGHTS):
        if _night(setting, world, rng, meals, rules):
            return


class _Rules:
    """The setting's `always:` rules, asked of the hours drawn so far."""

    def __init__(self, setting: Setting):
        assert setting.timeline is not None  # whereabouts are drawn for timeline settings only
        self.setting, self.evaluator = setting, Evaluator(setting)
        self.people = setting.categories[setting.timeline.people].ids
        self.times = setting.categories[setting.timeline.times].ids

    def keep(self, world: Plan, upto: int) -> bool:
        """Whether the hours up to `upto` keep every rule, the later hours taken as that
        hour's (staying put breaks no rule of moves)."""
        loc = dict(world.loc)
        for t in self.times[upto + 1:]:
            loc.update({(p, t): world.loc[(p, self.times[upto])] for p in self.people})
        facts = dataclasses.replace(world.complete(), loc=loc)
        return all(self.evaluator.holds(rule.expr, facts) for rule in self.setting.always)


def _night(setting: Setting, world: Plan, rng: random.Random, meals: dict[str, str] | None,
           rules: _Rules | None) -> bool:
    """One draw of the whole night; with `rules`, each hour is drawn again until it keeps
    them (False: an hour never did, and the night is to be drawn again)."""
    tl, cats = setting.timeline, setting.categories
    assert tl is not None  # make_plan draws whereabouts for timeline cases only
    people, times = cats[tl.people].ids, cats[tl.times].ids
    when = world.answer[tl.times]
    if meals and _attrs(cats[tl.times], when).get(meals["when"]) and world.answer[tl.places] == meals["place"]:
        # the whole house is at table there: the thief could not be alone at the scene
        when = rng.choice([t for t in times if not _attrs(cats[tl.times], t).get(meals["when"])])
        world.answer[tl.times] = when
    _stays(world, people, len(times), times.index(when), world.answer[tl.people], rng)
    world.together = []
    for i, t in enumerate(times):
        for _ in range(STEPS if rules else 1):
            world.together = [x for x in world.together if x != t]
            _hour(setting, world, rng, meals, i, t)
            if rules is None or rules.keep(world, i):
                break
        else:
            return False
    if when in world.together:  # never: the crime time is not a together time
        world.together.remove(when)
    return True


def _stays(world: Plan, people: list[str], n: int, crime: int, culprit: str, rng: random.Random) -> None:
    """Arrivals and departures: most people stay all day."""
    for p in people:
        first = 0 if rng.random() < 0.7 else rng.randrange(0, max(1, n // 3) + 1)
        last = n - 1 if rng.random() < 0.7 else rng.randrange(max(first, (2 * n) // 3 - 1), n)
        if p == culprit:
            first, last = min(first, crime), max(last, crime)
        world.stay[p] = (first, last)
    if rng.random() < 0.4:  # everyone arrives together after the first time, as in the samples
        for p in people:
            if p != culprit or crime > 0:
                world.stay[p] = (max(1, world.stay[p][0]), world.stay[p][1])


def _hour(setting: Setting, world: Plan, rng: random.Random, meals: dict[str, str] | None, i: int, t: str) -> None:
    """Where everyone present was at hour `t` (the `i`th)."""
    tl, cats = setting.timeline, setting.categories
    assert tl is not None  # make_plan draws whereabouts for timeline cases only
    people, places = cats[tl.people].ids, cats[tl.places].ids
    culprit, scene = world.answer[tl.people], world.answer[tl.places]
    crime = cats[tl.times].ids.index(world.answer[tl.times])
    here = [p for p in people if world.stay[p][0] <= i <= world.stay[p][1]]
    for p in people:
        world.loc[(p, t)] = AWAY
    if not here:
        return
    if meals and _attrs(cats[tl.times], t).get(meals["when"]):
        for p in here:
            world.loc[(p, t)] = meals["place"]
        if len(here) == len(people) and i != crime:
            world.together.append(t)
        if i == crime:
            world.loc[(culprit, t)] = scene
        return
    if len(here) == len(people) and i != crime and rng.random() < 0.15:
        z = rng.choice(places)
        for p in here:
            world.loc[(p, t)] = z
        world.together.append(t)
        return
    group_attr = _group_attribute(setting, tl.people)
    if group_attr and rng.random() < 0.5:
        values = sorted({str(_attrs(cats[tl.people], p)[group_attr]) for p in here})
        spots = rng.sample(places, min(len(values), len(places)))
        for p in here:
            world.loc[(p, t)] = spots[values.index(str(_attrs(cats[tl.people], p)[group_attr]))]
    else:
        active = rng.sample(places, min(len(places), rng.randint(2, 4)))
        for p in here:
            world.loc[(p, t)] = rng.choice(active)
    if i == crime:  # the culprit alone was at the scene: anyone else there could not be ruled out
        world.loc[(culprit, t)] = scene
        for p in here:
            if p != culprit and world.loc[(p, t)] == scene:
                world.loc[(p, t)] = rng.choice([z for z in places if z != scene])


def _attrs(cat: Category, item_id: str) -> dict[str, Any]:
    return the_item(cat, item_id).attrs


def _group_attribute(setting: Setting, people: str) -> str | None:
    cat = setting.categories[people]
    for attr in cat.attributes.values():
        if attr.kind == "enum" and 2 <= len(attr.values) <= 3:
            return attr.id
    return None


# ---- cards ---------------------------------------------------------------------------
def _deal(setting: Setting, world: Plan, rng: random.Random, names: list[str]) -> None:
    """The envelope holds the answer; the rest is dealt to you and two or three others."""
    deck = [i for c in setting.answer for i in setting.categories[c].ids]
    rest = [c for c in deck if c not in world.answer.values()]
    rng.shuffle(rest)
    count = rng.choice([3, 3, 4]) if len(rest) >= 12 else 3
    sizes = [len(rest) // count + (1 if k < len(rest) % count else 0) for k in range(count)]
    others = rng.sample(names, count - 1)
    world.players = []
    start = 0
    for k, size in enumerate(sizes):
        name = "You" if k == 0 else others[k - 1]
        pid = "you" if k == 0 else _player_id(name, k)
        world.players.append(Player(pid, name, size, rest[start:start + size]))
        start += size


def _player_id(name: str, k: int) -> str:
    pid = re.sub(r"[^a-z0-9_]", "", name.lower().replace(" ", "_"))
    ok = re.match(r"^[a-z][a-z0-9_]*$", pid or "") and pid != "you" and pid not in KEYWORDS
    return pid if ok else f"player{k}"
