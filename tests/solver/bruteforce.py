"""A brute-force reference for `casetool check`, written from the docs (docs/case-format.md, docs/clue-language.md).

It shares nothing with casetool/solver/compile.py: it reads the loaded Case (the
setting, the clues' resolved IR, the players and hands) and decides, for every answer
tuple, whether some world satisfies every clue and every fixed rule, by search in
plain Python.

The world, for one answer:

* who lies, per the liar rule (docs/case-format.md "Liar rules", docs/clue-language.md
  "Witnesses and `lies`"):
  - none: nobody;
  - inspector: nobody, or exactly one of the case's witnesses (characters with role
    `witness` who speak a clue of this case);
  - culprit: the witnesses whose `item` is the answer's culprit, and nobody else
    (oracles - inspector, locator, narrator - never lie, whatever their `item`);
  - custom: any set of the case's witnesses for which the rule's expression holds;
* where every person was at every time: a place or away (docs/clue-language.md, `at`);
* who holds every card that is not in the envelope (docs/case-format.md, `cards:`); the envelope holds
  exactly the answer's items.

Answers and liar sets are enumerated outright (they are few). Whereabouts cells and
card owners are searched with a three-valued (Kleene) evaluator: every constraint is
evaluated on a partial world; a constraint that is False under a partial world is False
under every completion (Kleene logic is monotone), so that branch is cut; when every
constraint is True under a partial world, every completion satisfies them, so the
unassigned cells and cards are free and the answer is possible (this is the
"treat the rest existentially" step, and it is exact because each unassigned variable
only has to take *some* value of its non-empty domain, and no constraint reads it any
more). Otherwise the search branches on a variable that an undecided constraint read,
and backs out of dead ends by conflict-directed backjumping (see Problem.search).
Every cell has a non-empty domain (the places plus away) and no fixed rule ties cells
together except those read below (the culprit's cell at the crime time is forced; the
together rule reads the cells at the crime time), so an unread cell never blocks a world.
Card owners are bound by the hand sizes; see Problem.hands for why an unread card never
blocks a deal either.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

from casetool.language import ir

from bruteforce_board import Board
from bruteforce_kleene import _NONE, _UNKNOWN, _junction, _negated, _not, _xor

AWAY = "away"
ENVELOPE = "envelope"


@dataclass
class World:
    answer: dict[str, str]
    liars: frozenset
    cells: dict = field(default_factory=dict)     # (person, time) -> place | AWAY
    owners: dict = field(default_factory=dict)    # card -> player
    facts: dict = field(default_factory=dict)     # (item, attribute) -> value, for `unknown: true` attributes


def witnesses(case) -> list[str]:
    """The case's witnesses: characters with role witness who speak a clue of this case,
    or who are named in the case's `witnesses:` (else the setting's), speaking or not."""
    setting = case.setting
    named = case.witnesses if case.witnesses is not None else setting.witnesses
    out = []
    for cid in list(named) + [clue.speaker for clue in case.clues if clue.speaker]:
        ch = setting.characters.get(cid)
        if ch is not None and ch.role == "witness" and ch.id not in out:
            out.append(ch.id)
    return out


def liar_sets(case, answer: dict[str, str]) -> list[frozenset]:
    setting = case.setting
    rule = case.effective_liar_rule
    kind = rule.kind
    if kind == "none":
        return [frozenset()]
    if kind == "inspector":
        return [frozenset()] + [frozenset([w]) for w in witnesses(case)]
    if kind == "exactly_one":   # one witness lies in every world
        return [frozenset([w]) for w in witnesses(case)]
    if kind == "culprit":
        culprit = answer[setting.culprit]
        return [frozenset(ch.id for ch in setting.characters.values()
                          if ch.role == "witness" and ch.item == culprit)]
    if kind == "custom":
        ws = witnesses(case)
        return [frozenset(c) for r in range(len(ws) + 1) for c in itertools.combinations(ws, r)]
    raise AssertionError(f"unknown liar rule {kind}")


class Evaluator:
    """Kleene evaluation of the IR on a partial world. Conditions give True, False or
    None (undecided); `reads` collects the unassigned variables that were looked at."""

    def __init__(self, case, world: World):
        self.case = case
        self.setting = case.setting
        self.w = world
        self.reads: list = []      # unassigned variables read
        self.touched: set = set()  # every variable read, assigned or not
        self.envelope = set(world.answer.values())
        self.env: dict = {}        # a kept-whole quantifier's variable -> its item
        self.blame = False         # touched keeps only what decides each and/or (Evaluator.why)

    # ---- terms ---------------------------------------------------------------
    def term(self, n):
        if isinstance(n, ir.AnswerRef):
            return self.w.answer[n.category]
        if isinstance(n, ir.ItemConst):
            return n.item
        if isinstance(n, ir.Var):
            return self.env[n.name]
        if isinstance(n, ir.ValueConst):
            return n.value
        if isinstance(n, ir.AwayConst):
            return AWAY
        if isinstance(n, ir.Number):
            return n.value
        if isinstance(n, ir.Liars):
            return len(self.w.liars)
        if isinstance(n, ir.Arith):
            a, b = self.term(n.left), self.term(n.right)
            if _NONE in (a, b):
                return _NONE
            if _UNKNOWN in (a, b):                   # `at(p, t).size + 1`: reads a cell
                return _UNKNOWN
            return a + b if n.op == "+" else a - b
        if isinstance(n, ir.Step):
            return self.step(self.term(n.term), n.by)
        if isinstance(n, ir.FactOf):                 # decided by the world, like a cell
            item = self.term(n.term)
            if item is _NONE or item is _UNKNOWN:
                return item
            if item == AWAY:                         # `at(p, t).motive`: away has no attributes
                return _NONE
            return self.fact(item, n.attribute)
        if isinstance(n, ir.AttrOf):
            item = self.term(n.term)
            if item is _NONE or item is _UNKNOWN:
                return item
            if item == AWAY:                         # `at(p, t).wing` when p was away: no value
                return _NONE
            value = self.setting.find_item(item).attrs[n.attribute]
            if n.kind == "code":
                return frozenset(list(value["colours"]) + list(value["numbers"]))
            if n.kind == "set":
                return frozenset(value)
            return value
        if isinstance(n, ir.At):
            person, time = self.term(n.person), self.term(n.time)
            if _NONE in (person, time):
                return _NONE
            if _UNKNOWN in (person, time):
                return _UNKNOWN
            return self.cell(person, time)
        raise AssertionError(f"unknown term {n!r}")

    def fact(self, item, attribute):
        key = (item, attribute)
        self.touched.add(("fact", key))
        if key in self.w.facts:
            return self.w.facts[key]
        self.reads.append(("fact", key))
        return _UNKNOWN

    def step(self, item, by: int):
        """The item `by` places on in its ordered category, or _NONE past either end."""
        if item is _NONE or item is _UNKNOWN:
            return item
        cat = self.setting.categories[self.setting.find_item(item).category]
        ids = [i.id for i in cat.items]
        at = ids.index(item) + by
        return ids[at] if 0 <= at < len(ids) else _NONE

    def cell(self, person, time):
        key = (person, time)
        self.touched.add(("cell", key))
        if key in self.w.cells:
            return self.w.cells[key]
        self.reads.append(("cell", key))
        return _UNKNOWN

    def index(self, value):
        item = self.setting.find_item(value)
        cat = self.setting.categories[item.category]
        assert cat.ordered, f"order on unordered category {cat.id}"
        return [i.id for i in cat.items].index(value)

    # ---- conditions -------------------------------------------------------------
    def cond(self, n):
        if isinstance(n, ir.Const):
            return n.value
        if isinstance(n, ir.Not):
            a = self.cond(n.arg)
            return None if a is None else not a
        if isinstance(n, ir.And):
            if self.blame:
                return self.junction([self.part(a) for a in n.args], False)
            vals = [self.cond(a) for a in n.args]
            return False if False in vals else (None if None in vals else True)
        if isinstance(n, ir.Or):
            if self.blame:
                return self.junction([self.part(a) for a in n.args], True)
            vals = [self.cond(a) for a in n.args]
            return True if True in vals else (None if None in vals else False)
        if isinstance(n, ir.Xor):                       # an odd number of the args hold
            vals = [self.cond(a) for a in n.args]
            return None if None in vals else sum(vals) % 2 == 1
        if isinstance(n, ir.Implies):                   # (not left) or right
            if self.blame:
                return self.junction([_negated(self.part(n.left)), self.part(n.right)], True)
            a, b = self.cond(n.left), self.cond(n.right)
            return True if a is False or b is True else (None if a is None or b is None else False)
        if isinstance(n, ir.Iff):                       # (the generator only writes two args)
            vals = [self.cond(a) for a in n.args]
            return None if None in vals else len(set(vals)) == 1
        if isinstance(n, ir.Count):
            vals = [self.cond(a) for a in n.args]
            yes, unknown = vals.count(True), vals.count(None)
            lo, hi = yes, yes + unknown                  # how many can hold
            want = {"==": (n.n, n.n), "<=": (-1, n.n), ">=": (n.n, 10**9)}[n.op]
            if lo >= want[0] and hi <= want[1]:
                return True
            if hi < want[0] or lo > want[1]:
                return False
            return None
        if isinstance(n, ir.Compare):
            a, b = self.term(n.left), self.term(n.right)
            if a is _NONE or b is _NONE:
                return False
            if a is _UNKNOWN or b is _UNKNOWN:
                return None
            if n.op == "==":
                return a == b
            if n.op == "!=":
                return a != b
            if not isinstance(a, int) or isinstance(a, bool):
                a, b = self.index(a), self.index(b)
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[n.op]
        if isinstance(n, ir.Has):
            values = self.term(n.term)
            if values is _UNKNOWN:
                return None
            return values is not _NONE and n.value.value in values
        if isinstance(n, ir.Truthy):
            value = self.term(n.term)
            if value is _NONE:
                return False
            if value is _UNKNOWN:
                return None
            assert isinstance(value, bool)
            return value
        if isinstance(n, ir.Contains):                 # the set holds the value (never `away`)
            values, value = self.term(n.term), self.term(n.value)
            if values is _NONE or value is _NONE:
                return False
            return None if _UNKNOWN in (value, values) else value in values
        if isinstance(n, ir.LiesOf):                   # the character(s) whose item it is lie
            item = self.term(n.term)
            if item is _UNKNOWN:
                return None
            return item is not _NONE and any(ch.item == item and ch.id in self.w.liars
                                             for ch in self.setting.characters.values())
        if isinstance(n, ir.HoldsOf):
            card = self.term(n.term)
            if card is _UNKNOWN:
                return None
            return False if card is _NONE else self.cond(ir.Holds(n.player, card))
        if isinstance(n, ir.Lies):
            return n.character in self.w.liars
        if isinstance(n, ir.Holds):
            if not self.case.players:
                return False
            if n.card in self.envelope:
                return False
            self.touched.add(("card", n.card))
            if n.card in self.w.owners:
                return self.w.owners[n.card] == n.player
            self.reads.append(("card", n.card))
            return None
        if isinstance(n, ir.Together):
            time = self.term(n.time)
            if time is _UNKNOWN:
                return None
            return False if time is _NONE else self.together(time)
        if isinstance(n, ir.Quant):
            return self.quant(n)
        raise AssertionError(f"unknown condition {n!r}")

    def quant(self, n):
        """A quantifier kept whole (docs/clue-language.md): `where` and the body per item
        of its range (the category's items for which no step leaves the order), read as
        the unrolled `and` of implications, `or` of conjunctions, `not or`, or a count."""
        parts, part = [], (self.part if self.blame else lambda c: (self.cond(c), set()))
        for item in n.items:
            self.env[n.var] = item
            where, body = part(n.where), part(n.body)
            del self.env[n.var]
            if n.word == "all":    # where implies body
                parts.append(_junction([_negated(where), body], True))
            else:                  # where and body
                parts.append(_junction([where, body], False))
        if n.word == "all":
            return self.junction(parts, False)
        if n.word in ("any", "no"):
            some = self.junction(parts, True)
            return some if n.word == "any" or some is None else not some
        for _, touched in parts:
            self.touched |= touched
        vals = [v for v, _ in parts]
        yes, unknown = vals.count(True), vals.count(None)
        want = {"==": (n.n, n.n), "<=": (-1, n.n), ">=": (n.n, 10**9)}[n.op]
        if yes >= want[0] and yes + unknown <= want[1]:
            return True
        if yes + unknown < want[0] or yes > want[1]:
            return False
        return None

    # ---- why a condition has its value ----------------------------------------------
    # A false constraint's conflict (Problem.search) is what it touched; an `and` that is
    # false because one of its parts is needs only that part's variables. Without this the
    # movement rule, one `and` over every person, hour and room, put every cell in every
    # conflict and backjumping never jumped (grange 003, Dev in the Cellar at seven: past
    # ten minutes, now 224 steps). Only a false constraint is asked why (a second pass):
    # keeping each part's reads apart on every evaluation made the search half as fast again.

    def why(self, fn):
        """fn() evaluated again with blame: its value, and in self.touched only the variables
        whose values alone decide it."""
        self.blame, self.touched = True, set()
        try:
            return fn()
        finally:
            self.blame = False

    def part(self, n) -> tuple:
        """(value, variables read) of a sub-condition, kept apart from the caller's reads."""
        outer, self.touched = self.touched, set()
        value = self.cond(n)
        touched, self.touched = self.touched, outer
        return value, touched

    def junction(self, parts: list, short: bool):
        value, touched = _junction(parts, short)
        self.touched |= touched
        return value

    def together(self, time):
        """Every person at one and the same place (not away) at `time`."""
        tl = self.setting.timeline
        seen, unknown = set(), False
        for p in self.setting.categories[tl.people].ids:
            v = self.cell(p, time)
            if v is _UNKNOWN:
                unknown = True
            elif v == AWAY:
                return False
            else:
                seen.add(v)
        if len(seen) > 1:
            return False
        return None if unknown else True


class SearchTooLong(Exception):
    """The search passed the Problem's node limit."""


class Problem:
    """The constraints of one case (optionally with only some clues)."""

    def __init__(self, case, clue_ids=None, limit: int | None = None):
        self.case = case
        self.steps = [0]       # search nodes visited, over every answer asked about
        self.limit = limit     # past this many: SearchTooLong (a test's bound, not a verdict)
        self.setting = s = case.setting
        self.clues = [c for c in case.clues if clue_ids is None or c.id in clue_ids]
        self.rule = case.effective_liar_rule
        tl = s.timeline
        self.places = (s.categories[tl.places].ids + [AWAY]) if tl else []
        self.board = Board(s) if tl and tl.moves else None
        if self.board:          # on a board no piece is ever away
            self.places = s.categories[tl.places].ids
        self.players = [p.id for p in case.players] if (s.cards and case.players) else []
        self.deck = [i for c in s.answer for i in s.categories[c].ids]
        # decided facts (docs/clue-language.md): attribute -> (its category, values, counts)
        self.unknown = {a.id: (cat, list(a.values), dict(a.counts)) for cat in s.categories.values()
                        for a in cat.attributes.values() if a.unknown}

    def answers(self):
        cats = self.setting.answer
        for combo in itertools.product(*(self.setting.categories[c].ids for c in cats)):
            yield dict(zip(cats, combo, strict=True))

    def check(self, ev: Evaluator, world: World) -> list:
        """Each constraint's Kleene value; ev.reads holds what the undecided ones read.
        On a false constraint: [False], and ev.touched holds variables whose values alone make it false
        (Evaluator.junction)."""
        out: list = []
        reads: list = []

        class Refuted(Exception):
            pass

        def value(fn):
            ev.reads, ev.touched = [], set()
            v = fn()
            if v is None:
                reads.extend(ev.reads)
            if v is False:  # one false constraint refutes the partial world: stop here
                ev.why(fn)
                raise Refuted
            return v

        try:
            self._constraints(ev, world, value, out)
        except Refuted:
            return [False]
        ev.reads = reads
        return out

    def _constraints(self, ev: Evaluator, world: World, value, out: list) -> None:
        tl = self.setting.timeline
        # the custom liar rule always holds
        if self.rule.kind == "custom":
            out.append(value(lambda: ev.cond(self.rule.resolved)))
        # fixed rules (`always:` of the setting, then of the case) hold in every world
        for rule in list(self.setting.always) + list(self.case.always):
            out.append(value(lambda rule=rule: ev.cond(rule.expr)))
        # the setting's together rule: all together at t means t is not the crime time
        if tl and tl.together_excludes_crime and tl.times in world.answer:
            out.append(value(lambda: _not(ev.together(world.answer[tl.times]))))
        # cards: hand sizes are exact (each non-envelope card has exactly one owner by construction:
        # an owner variable per card, the envelope being the answer's items)
        if self.players:
            out.append(value(lambda: self.hands(ev, world)))
        if self.unknown:
            out.append(value(lambda: self.counts_fit(ev, world)))
        if self.board:
            for rule in self.board.rules(ev, world):
                out.append(value(rule))
        # the clues: a statement holds exactly when its speaker does not lie
        for clue in self.clues:
            lying = clue.speaker in world.liars if clue.speaker else False
            out.append(value(lambda clue=clue, lying=lying: _xor(ev.cond(clue.expr), lying)))

    def hands(self, ev: Evaluator, world: World):
        """Hand sizes are exact. The sizes add up to the number of cards outside the
        envelope (validation checks it), so a partial deal in which no hand is over its
        size always completes to an exact deal (the free cards fill the free places one
        for one, and any free card may go to any player): the constraint is then True
        for every completion, and the cards no clue reads need not be enumerated."""
        counts = {p: 0 for p in self.players}
        for owner in world.owners.values():
            counts[owner] += 1
        hand = {p.id: p.hand for p in self.case.players}
        ev.touched |= {("card", c) for c in world.owners}
        outside = [c for c in self.deck if c not in ev.envelope]
        assert sum(hand.values()) == len(outside)
        return all(counts[p] <= hand[p] for p in self.players)

    def counts_fit(self, ev: Evaluator, world: World):
        """Each decided fact's counts are exact. A partial choice completes to an exact one
        when no value is over its count and the values still owed fit in the items not yet
        chosen (when the counts name every value they add up to the items, so then the
        owed ones fill them exactly); like the hands, unread facts need no enumeration."""
        ev.touched |= {("fact", k) for k in world.facts}
        for attribute, (cat, _values, counts) in self.unknown.items():
            chosen = [world.facts[(i, attribute)] for i in cat.ids if (i, attribute) in world.facts]
            owed = 0
            for v, n in counts.items():
                if chosen.count(v) > n:
                    return False
                owed += n - chosen.count(v)
            if owed > len(cat.ids) - len(chosen):
                return False
        return True

    def domain(self, kind: str, key) -> list:
        if kind == "cell":
            return self.places
        if kind == "card":
            return self.players
        return self.unknown[key[1]][1]

    def search(self, world: World, budget: list) -> tuple[World | None, set]:
        """(a world, set()) or (None, a conflict): the variables whose values, as
        assigned on the way here, already leave no world. Conflict-directed
        backjumping: when the variable branched on is not in the conflict of a failed
        branch, its other values fail for the same reason, so they are not tried."""
        budget[0] += 1
        if self.limit is not None and budget[0] > self.limit:
            raise SearchTooLong(f"more than {self.limit} search nodes")
        ev = Evaluator(self.case, world)
        values = self.check(ev, world)
        if False in values:
            return None, set(ev.touched)
        if None not in values:
            return world, set()
        var = ev.reads[0]
        kind, key = var
        conflict: set = set()
        for v in self.domain(kind, key):
            field_name = {"cell": "cells", "card": "owners", "fact": "facts"}[kind]
            nxt = replace(world, **{field_name: {**getattr(world, field_name), key: v}})
            found, why = self.search(nxt, budget)
            if found is not None:
                return found, set()
            if var not in why:
                return None, why
            conflict |= why - {var}
        return None, conflict

    def initial(self, answer, liars, cells=None, owners=None, facts=None) -> World | None:
        """The world's forced part: the culprit at the crime place at the crime time (on a
        board also the answer's objects then, and the victim from then on)."""
        cells = dict(cells or {})
        tl = self.setting.timeline
        if tl and all(c in answer for c in (tl.people, tl.times, tl.places)):
            forced = [(answer[tl.people], answer[tl.times])]
            if self.board:
                forced += self.board.forced(answer)
            for key in forced:
                if cells.get(key, answer[tl.places]) != answer[tl.places]:
                    return None
                cells[key] = answer[tl.places]
        return World(answer, liars, cells, dict(owners or {}), dict(facts or {}))

    def world_for(self, answer, liars=None, cells=None, owners=None, facts=None) -> World | None:
        budget = self.steps
        for ls in liar_sets(self.case, answer):
            if liars is not None and ls != liars:
                continue
            start = self.initial(answer, ls, cells, owners, facts)
            if start is None:
                continue
            found, _ = self.search(start, budget)
            if found is not None:
                return found
        return None


def possible_answers(case, clue_ids=None) -> set[tuple]:
    """Every answer (a tuple in the setting's answer order) for which some world
    satisfies the clues (all of them, or only those in clue_ids) and the fixed rules."""
    problem = Problem(case, clue_ids)
    cats = case.setting.answer
    return {tuple(a[c] for c in cats) for a in problem.answers() if problem.world_for(a) is not None}


def supports(case, answer: dict, liars, cells: dict, owners: dict, facts: dict | None = None) -> bool:
    """Is there a world with exactly these liars, agreeing with the given cells, card owners
    and decided facts?"""
    problem = Problem(case)
    owners = dict(owners)
    for card, owner in list(owners.items()):
        if owner == ENVELOPE:
            if card not in answer.values():
                return False
            del owners[card]
        elif card in answer.values():
            return False
    return problem.world_for(answer, frozenset(liars), cells, owners, facts) is not None


def feasible_values(case, answer: dict, clue_ids=None) -> dict:
    """For the whole world under this answer (`check --world`): every variable of the
    world - ("cell", (piece, time)), ("card", card), ("fact", (item, attribute)) and
    ("liars", None) - with the set of values it takes in some world. The world is unique
    exactly when every set has one value (two worlds differ in some variable)."""
    problem = Problem(case, clue_ids)
    s, tl = case.setting, case.setting.timeline
    variables = {}
    if tl:
        for cat in (tl.pieces if tl.moves else [tl.people]):
            for x in s.categories[cat].ids:
                for t in s.categories[tl.times].ids:
                    variables[("cell", (x, t))] = problem.places
    for card in (c for c in problem.deck if c not in answer.values()) if problem.players else []:
        variables[("card", card)] = problem.players
    for attribute, (cat, values, _) in problem.unknown.items():
        for item in cat.ids:
            variables[("fact", (item, attribute))] = values
    out = {}
    for (kind, key), domain in variables.items():
        fixed = {"cells": {}, "owners": {}, "facts": {}}
        name = {"cell": "cells", "card": "owners", "fact": "facts"}[kind]
        out[(kind, key)] = {v for v in domain
                            if problem.world_for(answer, **{**fixed, name: {key: v}}) is not None}
    out[("liars", None)] = {ls for ls in liar_sets(case, answer) if problem.world_for(answer, liars=ls) is not None}
    return out
