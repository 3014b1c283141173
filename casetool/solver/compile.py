"""Compile a case (its typed clue IR and the setting's fixed rules) to a CP-SAT model.

This is the only module that imports ortools. A literal here is either a Python bool
(a constant, folded away) or a CP-SAT boolean literal.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from ortools.sat.python import cp_model
from ortools.util.python.sorted_interval_list import Domain

from ..language import ir
from ..language.board import board
from ..language.facts import decided_facts
from ..language.world import fixed_conditions
from ..model import Case
from .budget import Budget

AWAY = ir.AWAY
BOOL = Domain(0, 1)
# A literal: a CP-SAT boolean (or its negation), or a Python bool for a constant; Any
# because ortools ships no type information.
Lit = Any


def new_bools(model: cp_model.CpModel, n: int) -> list:
    """n unnamed 0-1 variables: half the Python time of new_bool_var (no name, one shared
    domain); a 30 x 30 x 30 timeline makes 28,000 of them."""
    proto = model.proto
    return [cp_model.IntVar(proto).with_domain(BOOL) for _ in range(n)]


@dataclass
class Compiled:
    model: cp_model.CpModel
    answer: dict[str, dict[str, Lit]]            # category -> item -> literal
    enables: dict[str, Lit]                       # clue id -> assumption literal
    lies: dict[str, Lit] = field(default_factory=dict)
    loc: dict[tuple, dict[str, Lit]] = field(default_factory=dict)   # (person, time) -> place|away -> lit
    own: dict[tuple, Lit] = field(default_factory=dict)              # (player, card) -> lit
    facts: dict[tuple, dict[object, Lit]] = field(default_factory=dict)  # (item, attribute) -> value -> lit
    # clue id -> the literal its switch implies (the clue holds, or its speaker lies): a
    # world in which it is true can have the switch on (casetool.solver.session's worlds)
    holds: dict[str, Lit] = field(default_factory=dict)


class Circuit:
    """Reified boolean gates with constant folding and sharing."""

    def __init__(self, model: cp_model.CpModel):
        self.m = model
        self.cache: dict = {}

    def new(self):
        return new_bools(self.m, 1)[0]

    def not_(self, a):
        return (not a) if isinstance(a, bool) else ~a

    def and_(self, lits):
        lits = [lit for lit in lits if lit is not True]
        if any(lit is False for lit in lits):
            return False
        if not lits:
            return True
        if len(lits) == 1:
            return lits[0]
        key = ("and", tuple(sorted(lit.index for lit in lits)))
        if key not in self.cache:
            b = self.new()
            self.m.add_bool_and(lits).only_enforce_if(b)
            self.m.add_bool_or([~lit for lit in lits]).only_enforce_if(~b)
            self.cache[key] = b
        return self.cache[key]

    def or_(self, lits):
        return self.not_(self.and_([self.not_(lit) for lit in lits]))

    def iff(self, a, b):
        if isinstance(a, bool):
            return b if a else self.not_(b)
        if isinstance(b, bool):
            return a if b else self.not_(a)
        return self.or_([self.and_([a, b]), self.and_([~a, ~b])])

    def xor(self, lits):
        out = False
        for lit in lits:
            out = self.not_(self.iff(out, lit))
        return out

    def count(self, op: str, n: int, lits):
        fixed = sum(1 for lit in lits if lit is True)
        free = [lit for lit in lits if not isinstance(lit, bool)]
        n -= fixed
        if op == "==" and (n < 0 or n > len(free)):
            return False
        if op == "<=" and (n < 0 or n >= len(free)):
            return n >= 0
        if op == ">=" and (n <= 0 or n > len(free)):
            return n <= 0
        return self.linear(sum(free), op, n)

    def linear(self, expr, op: str, n: int):
        b = self.new()
        negated = {"==": "!=", "!=": "==", "<=": ">", ">": "<=", ">=": "<", "<": ">="}[op]
        for lit, o in ((b, op), (~b, negated)):
            self.m.add(_rel(expr, o, n)).only_enforce_if(lit)
        return b


def _rel(expr, op, n):
    return {"==": expr == n, "!=": expr != n, "<=": expr <= n, ">=": expr >= n, "<": expr < n, ">": expr > n}[op]


class DecidedFacts:
    """Decided facts (`unknown: true` attributes, casetool.language.facts): one value per
    item, exact counts. Mixed into Compiler; kept apart from the clue-language methods."""

    def _facts(self):
        for fact in decided_facts(self.setting):
            for item in fact.items:
                cell = {v: self.model.new_bool_var(f"{item}.{fact.attribute}={v}") for v in fact.values}
                self.model.add_exactly_one(list(cell.values()))
                self.out.facts[(item, fact.attribute)] = cell
            for value, n in fact.counts:
                self.model.add(sum(self.out.facts[(i, fact.attribute)][value] for i in fact.items) == n)

    def t_FactOf(self, n):
        out: dict = {}
        for item, lit in self.items_of(n.term).items():
            for value, lv in self.out.facts[(item, n.attribute)].items():
                out.setdefault(value, []).append(self.c.and_([lit, lv]))
        return {v: self.c.or_(lits) for v, lits in out.items()}


class BoardPieces:
    """Whereabouts of a board's other pieces (timeline objects and victim): cells like the
    people's; and the board's rules (casetool.language.board) as clauses over the cells,
    built here directly, as a plain CP-SAT model would state them."""

    def _pieces(self):
        tl, cats = self.setting.timeline, self.setting.categories
        places = cats[tl.places].ids + [AWAY]
        for cid in tl.pieces[1:]:
            for x in cats[cid].ids:
                for t in cats[tl.times].ids:
                    cell = {z: self.model.new_bool_var(f"at({x},{t})={z}") for z in places}
                    self.model.add_exactly_one(list(cell.values()))
                    self.out.loc[(x, t)] = cell

    def _board(self):
        b = board(self.setting)
        if b is None:
            return
        add, loc = self.model.add_bool_or, self.out.loc
        for _, x in b.pieces:
            for t in b.times:                       # never away
                add([~loc[(x, t)][AWAY]])
            for t, u in b.steps():                  # stay, or move next door
                for z in b.places:
                    add([~loc[(x, t)][z], loc[(x, u)][z], *(loc[(x, u)][n] for n in b.next_to[z])])
        if b.objects:                               # an object moves with someone who made the move
            for t, u in b.steps():
                for z in b.places:
                    for n in b.next_to[z]:
                        carriers = new_bools(self.model, len(b.people))
                        for p, c in zip(b.people, carriers, strict=True):   # c: p went from z to n
                            self.model.add_implication(c, loc[(p, t)][z])
                            self.model.add_implication(c, loc[(p, u)][n])
                        for _, o in b.objects:
                            add([~loc[(o, t)][z], ~loc[(o, u)][n], *carriers])
        self._board_crime(b)

    def _board_crime(self, b):
        tl, ans, loc, add = b.tl, self.out.answer, self.out.loc, self.model.add_bool_or
        if tl.times not in ans or tl.places not in ans:
            return
        times, places = ans[tl.times], ans[tl.places]
        for c, o in b.objects:                      # the answer's object at the crime
            if c in ans:
                for t in b.times:
                    for z in b.places:
                        add([~ans[c][o], ~times[t], ~places[z], loc[(o, t)][z]])
        for v in b.victims:                         # the victim, from the crime on, at its place
            for k, t in enumerate(b.times):
                for crime in b.times[:k + 1]:
                    for z in b.places:
                        add([~times[crime], ~places[z], loc[(v, t)][z]])
        if b.victims and tl.people in ans:          # alone with the victim: only the culprit there
            for p in b.people:
                for t in b.times:
                    for z in b.places:
                        add([~times[t], ~places[z], ~loc[(p, t)][z], ans[tl.people][p]])


class Quantifiers:
    """Quantifiers kept whole (ir.Quant, casetool.language.resolve.UNROLL_MAX): the body is
    compiled once per binding of its variable, in an environment (variable -> item). A
    sub-expression is shared between bindings that agree on the variables it reads (the
    memo key carries their items), so `at(p, t) == q` is made once per (p, t, q) however
    many `r` the body also ranges over, and what reads no cell (`q == r`, `q.adjacent has
    r`) folds to a constant. A clue or rule that holds such a quantifier is asserted by its
    structure: `all` and `and` assert each part, an implication guards its right side with
    its left side's literals, a disjunction is one clause, so a movement rule becomes
    binary clauses over the whereabouts cells, not a tree of reified gates. Mixed into
    Compiler; every other condition is compiled as before (the samples' models unchanged)."""

    # Compiler's, for the type checker: this class is only ever mixed into it
    cond: Callable[[Any], Lit]
    same: Canon
    env: dict
    _free: dict
    _static: dict

    def _bound_key(self, node, key):
        """The memo key of `node` in the current environment."""
        free = self._free.get(key)
        if free is None:
            free = self._free[key] = tuple(sorted(_free_vars(node)))
        return (key, tuple(self.env[v] for v in free)) if free else key

    def t_Var(self, n):
        return {self.env[n.name]: True}

    def _each(self, n):
        """Bind the Quant's variable to each item of its range in turn."""
        try:
            for item in n.items:
                self.env[n.var] = item
                yield item
        finally:
            self.env.pop(n.var, None)

    def _bindings(self, n) -> list:
        """(where, body) literals per binding."""
        return [(self.cond(n.where), self.cond(n.body)) for _ in self._each(n)]

    def c_Quant(self, n):
        parts = self._bindings(n)
        if n.word == "all":
            return self.c.and_([self.c.or_([self.c.not_(w), b]) for w, b in parts])
        both = [self.c.and_([w, b]) for w, b in parts]
        if n.word == "any":
            return self.c.or_(both)
        if n.word == "no":
            return self.c.not_(self.c.or_(both))
        return self.c.count(n.op, n.n, both)

    def _holds_quant(self, node) -> bool:
        return any(isinstance(x, ir.Quant) for x in ir.walk(node))

    def _is_static(self, node) -> bool:
        """Does the condition read nothing of the world (items, attributes, variables only)?"""
        key = self.same.key(node)
        if key not in self._static:
            self._static[key] = not any(isinstance(x, _WORLDLY) for x in ir.walk(node))
        return self._static[key]

    def _assert(self, node, guards: list, positive: bool = True):
        """Make `node` (its negation when not `positive`) hold whenever every literal of
        `guards` is true, by its structure: clauses where it is a conjunction of them."""
        if any(g is False for g in guards):
            return
        guards = [g for g in guards if g is not True]
        kind = type(node)
        if kind is ir.Not:
            self._assert(node.arg, guards, not positive)
        elif kind is (ir.And if positive else ir.Or):
            for a in node.args:
                self._assert(a, guards, positive)
        elif kind is ir.Implies and positive:
            if self._is_static(node.right) and self.cond(node.right) is True:
                return
            left = self._conjuncts(node.left)
            if left is not False:
                self._assert(node.right, guards + left)
        elif kind is ir.Implies:           # not (a implies b): a, and not b
            self._assert(node.left, guards)
            self._assert(node.right, guards, False)
        elif kind is ir.Quant and (node.word, positive) in (("all", True), ("no", True), ("any", False)):
            keep = node.word == "all"     # every binding: where implies body (or its negation)
            for _ in self._each(node):
                where = self.cond(node.where)
                if where is not False:
                    self._assert(node.body, guards + [where], keep)
        elif positive:
            self._clause(self._disjuncts(node), guards)
        else:
            self._clause(_negated(self._conjuncts(node)), guards)

    def _clause(self, lits, guards):
        if lits is not True:
            self.model.add_bool_or([~g for g in guards] + lits)

    def _conjuncts(self, node):
        """Literals whose conjunction is the condition, or False."""
        kind = type(node)
        if kind is ir.And:
            out = []
            for a in node.args:
                part = self._conjuncts(a)
                if part is False:
                    return False
                out += part
            return out
        if kind is ir.Not:
            return _negated(self._disjuncts(node.arg))
        lit = self.cond(node)
        return False if lit is False else ([] if lit is True else [lit])

    def _disjuncts(self, node):
        """Literals whose disjunction is the condition, or True."""
        kind = type(node)
        if kind is ir.Or or kind is ir.Implies:
            parts = node.args if kind is ir.Or else None
            out = []
            if parts is None:
                left = _negated(self._conjuncts(node.left))
                if left is True:
                    return True
                out, parts = left, (node.right,)
            for a in parts:
                part = self._disjuncts(a)
                if part is True:
                    return True
                out += part
            return out
        if kind is ir.Not:
            return _negated(self._conjuncts(node.arg))
        if kind is ir.Quant and node.word == "any":   # some binding: where and body
            out = []
            for w, b in self._bindings(node):
                lit = self.c.and_([w, b])
                if lit is True:
                    return True
                if lit is not False:
                    out.append(lit)
            return out
        lit = self.cond(node)
        return True if lit is True else ([] if lit is False else [lit])


def _negated(lits):
    """The negation of a conjunction as a disjunction (and back): True/False swap, each
    literal negated."""
    if lits is True or lits is False:
        return not lits
    return [~lit for lit in lits]


class Compiler(Quantifiers, DecidedFacts, BoardPieces):
    # Compiling is Python work on every node of the clues: look at the clock every so
    # many nodes, so that a time limit also ends a compile that would run too long.
    CLOCK_EVERY = 512

    def __init__(self, case: Case, budget: Budget | None = None):
        self.case = case
        self.budget = budget
        self._nodes = 0
        self.setting = case.setting
        self.model = cp_model.CpModel()
        self.c = Circuit(self.model)
        self.out = Compiled(self.model, {}, {})
        self.memo: dict = {}
        self.same = Canon()
        self._together: dict[str, object] = {}
        self.env: dict[str, str] = {}     # quantified variable -> its item (see Quantifiers)
        self._free: dict = {}             # node key -> the variables it reads
        self._static: dict = {}           # node key -> reads nothing of the world

    # ---- the whole case ---------------------------------------------------
    def compile(self) -> Compiled:
        self._answer()
        self._liars()
        if self.setting.timeline:
            self._timeline()
            self._pieces()
            self._board()
        if self.setting.cards and self.case.players:
            self._cards()
        self._facts()
        for clue in self.case.clues:
            if self.budget is not None:
                self.budget.check()
            self._clue(clue)
        self._fixed()
        rule = self.case.effective_liar_rule
        if rule.kind == "custom":
            if self._holds_quant(rule.resolved):
                self._assert(rule.resolved, [])
            else:
                self._hold(self.cond(rule.resolved))
        return self.out

    def _fixed(self):
        """The fixed rules and board rules (casetool.language.world): hard constraints, never
        behind a clue switch."""
        for cond in fixed_conditions(self.case):
            if self._holds_quant(cond):
                self._assert(cond, [])
            else:
                self._hold(self.cond(cond))

    def _hold(self, lit, enable=None):
        if lit is True:
            return
        if enable is None:
            self.model.add_bool_or([lit] if lit is not False else [])
        elif lit is False:
            self.model.add_bool_or([~enable])
        else:
            self.model.add_implication(enable, lit)

    def _answer(self):
        for cid in self.setting.answer:
            lits = {i.id: self.model.new_bool_var(f"{cid}={i.id}") for i in self.setting.categories[cid].items}
            self.model.add_exactly_one(list(lits.values()))
            self.out.answer[cid] = lits

    def _liars(self):
        rule = self.case.effective_liar_rule.kind
        if rule == "none":
            return
        if rule == "culprit":
            culprits = self.out.answer[self.setting.culprit]
            for ch in self.setting.characters.values():
                if ch.may_lie and ch.item in culprits:  # oracles never lie, whatever their item
                    self.out.lies[ch.id] = culprits[ch.item]
            return
        witnesses = [w for w in self.case.speakers_who_may_lie()]
        for w in witnesses:
            self.out.lies[w] = self.model.new_bool_var(f"lies({w})")
        if rule == "inspector" and witnesses:
            self.model.add_at_most_one([self.out.lies[w] for w in witnesses])
        if rule == "exactly_one":  # (no witness: no world; validation warns, W021)
            self.model.add_exactly_one([self.out.lies[w] for w in witnesses])

    def _clue(self, clue):
        enable = self.model.new_bool_var(f"clue:{clue.id}")
        self.out.enables[clue.id] = enable
        lie = self.out.lies.get(clue.speaker, False) if clue.speaker else False
        if self._holds_quant(clue.expr):   # true unless the speaker lies, false if they do
            # No one literal means this clue here, so it has no `holds` entry: the
            # session solves (rather than reuses a world) for questions that switch it on.
            self._assert(clue.expr, [enable, self.c.not_(lie)])
            self._assert(ir.Not(clue.expr), [enable, lie])
            return
        meaning = self.cond(clue.expr)
        self.out.holds[clue.id] = self.c.iff(meaning, self.c.not_(lie))
        self._hold(self.out.holds[clue.id], enable)

    def _timeline(self):
        tl, cats = self.setting.timeline, self.setting.categories
        places = cats[tl.places].ids + [AWAY]
        for p in cats[tl.people].ids:
            for t in cats[tl.times].ids:
                cell = dict(zip(places, new_bools(self.model, len(places)), strict=True))
                self.model.add_exactly_one(list(cell.values()))
                self.out.loc[(p, t)] = cell
        ans = self.out.answer
        if tl.people in ans and tl.times in ans and tl.places in ans:
            self._culprit_at_crime()
        if tl.together_excludes_crime and tl.times in ans:
            for t in cats[tl.times].ids:
                self.model.add_implication(self.together_at(t), ~ans[tl.times][t])

    def _culprit_at_crime(self):
        """The culprit is at the crime place at the crime time: P x T x Z clauses, the
        largest part of a big timeline's compile, so the negations are made once each."""
        tl, ans = self.setting.timeline, self.out.answer
        people = {p: ~lit for p, lit in ans[tl.people].items()}
        times = {t: ~lit for t, lit in ans[tl.times].items()}
        scenes = [(z, ~lit) for z, lit in ans[tl.places].items()]
        add = self.model.add_bool_or
        for (p, t), cell in self.out.loc.items():
            not_p, not_t = people[p], times[t]
            for z, not_z in scenes:
                add([not_p, not_t, not_z, cell[z]])

    def together_at(self, t: str):
        if t not in self._together:
            tl, cats = self.setting.timeline, self.setting.categories
            assert tl is not None   # `together` exists on timelines only (validation)
            people = cats[tl.people].ids
            self._together[t] = self.c.or_([self.c.and_([self.out.loc[(p, t)][z] for p in people])
                                            for z in cats[tl.places].ids])
        return self._together[t]

    def _cards(self):
        deck = [i for c in self.setting.answer for i in self.setting.categories[c].ids]
        players = self.case.players
        for pl in players:
            for card in deck:
                self.out.own[(pl.id, card)] = self.model.new_bool_var(f"holds({pl.id},{card})")
        envelope = {i: lit for cat in self.out.answer.values() for i, lit in cat.items()}
        for card in deck:
            self.model.add_exactly_one([self.out.own[(pl.id, card)] for pl in players] + [envelope[card]])
        for pl in players:
            self.model.add(sum(self.out.own[(pl.id, card)] for card in deck) == pl.hand)

    # ---- conditions -------------------------------------------------------
    def _tick(self):
        self._nodes += 1
        if self.budget is not None and self._nodes % self.CLOCK_EVERY == 0:
            self.budget.check()

    def cond(self, node):
        key = self.same.key(node)
        if self.env:
            key = self._bound_key(node, key)
        if key not in self.memo:
            self._tick()
            self.memo[key] = getattr(self, "c_" + type(node).__name__)(node)
        return self.memo[key]

    def c_Const(self, n):
        return n.value

    def c_Not(self, n):
        return self.c.not_(self.cond(n.arg))

    def c_And(self, n):
        return self.c.and_([self.cond(a) for a in n.args])

    def c_Or(self, n):
        return self.c.or_([self.cond(a) for a in n.args])

    def c_Xor(self, n):
        return self.c.xor([self.cond(a) for a in n.args])

    def c_Implies(self, n):
        return self.c.or_([self.c.not_(self.cond(n.left)), self.cond(n.right)])

    def c_Iff(self, n):
        lits = [self.cond(a) for a in n.args]
        return self.c.and_([self.c.iff(a, b) for a, b in pairwise(lits)])

    def c_Count(self, n):
        return self.c.count(n.op, n.n, [self.cond(a) for a in n.args])

    def c_Lies(self, n):
        return self.out.lies.get(n.character, False)

    def c_Holds(self, n):
        return self.out.own.get((n.player, n.card), False)

    def c_Together(self, n):
        times = self.term(n.time)
        return self.c.or_([self.c.and_([lit, self.together_at(t)]) for t, lit in times.items()])

    def c_Truthy(self, n):
        return self.term(n.term).get(True, False)

    def c_Has(self, n):
        items = self.items_of(n.term.term)
        return self.c.or_([lit for item, lit in items.items() if n.value.value in self._set_of(item, n.term)])

    def c_Compare(self, n):
        if _numeric(n.left) or _numeric(n.right):
            return self._compare_numbers(n)
        left, right = self.term(n.left), self.term(n.right)
        if n.op in ("==", "!="):
            eq = self.c.or_([self.c.and_([lit, right[k]]) for k, lit in left.items() if k in right])
            if n.op == "==":
                return eq
            # `!=` on a step past the end is false, like every comparison with it
            return self.c.and_([self.c.not_(eq), self._defined(n.left), self._defined(n.right)])
        order = self._order_of(n.left, n.right)
        test = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}[n.op]
        return self.c.or_([self.c.and_([la, rb]) for a, la in left.items() for b, rb in right.items()
                           if test(order[a], order[b])])

    def _compare_numbers(self, n):
        left, right = self.num(n.left), self.num(n.right)
        if isinstance(left, int) and isinstance(right, int):
            return bool(_rel(left, n.op, right))
        test = self.c.linear(left - right, n.op, 0)
        # `at(p, t).size > 2`: false when p was away (the attribute has no value then)
        defined = [self._defined(x) for x in ir.walk(n) if isinstance(x, (ir.AttrOf, ir.FactOf)) and _partial(x)]
        return self.c.and_([test, *defined]) if defined else test

    def num(self, n):
        """A number term as an int or a linear expression over the model's literals."""
        if isinstance(n, ir.Number):
            return n.value
        if isinstance(n, ir.Liars):
            return sum(self.out.lies.values()) if self.out.lies else 0
        if isinstance(n, ir.Arith):
            a, b = self.num(n.left), self.num(n.right)
            return a + b if n.op == "+" else a - b
        # a numeric attribute: the sum of value x "it is this item" (0 when the term names
        # nothing: `_compare_numbers` makes the comparison false then)
        items = self.items_of(n.term)
        return sum(self.setting.find_item(i).attrs[n.attribute] * lit for i, lit in items.items())

    def _defined(self, node):
        """True, or the literal "this term names something" for a step that may leave its order."""
        return self.c.or_(list(self.term(node).values())) if _partial(node) else True

    def c_LiesOf(self, n):
        chars = [ch for ch in self.setting.characters.values() if ch.item and ch.id in self.out.lies]
        return self.c.or_([self.c.and_([lit, self.out.lies[ch.id]])
                           for item, lit in self.term(n.term).items() for ch in chars if ch.item == item])

    def c_HoldsOf(self, n):
        return self.c.or_([self.c.and_([lit, self.out.own.get((n.player, card), False)])
                           for card, lit in self.term(n.term).items()])

    def c_Contains(self, n):
        owners, values = self.items_of(n.term.term), self.term(n.value)
        return self.c.or_([self.c.and_([lo, lv]) for o, lo in owners.items() for v, lv in values.items()
                           if v in self._set_of(o, n.term)])

    def t_Step(self, n):
        ids = self.setting.categories[self._category_of(n.term)].ids
        out = {}
        for item, lit in self.term(n.term).items():
            at = ids.index(item) + n.by
            if 0 <= at < len(ids):
                out[ids[at]] = lit
        return out

    def _category_of(self, node) -> str:
        if isinstance(node, (ir.AnswerRef, ir.ItemConst, ir.Var)):
            return node.category
        if isinstance(node, ir.At):
            assert self.setting.timeline is not None   # `at` exists on timelines only
            return self.setting.timeline.places
        if isinstance(node, ir.Step):
            return self._category_of(node.term)
        # an item-valued attribute
        owner = self._category_of(node.term)
        return self.setting.categories[owner].attributes[node.attribute].category

    def _order_of(self, left, right) -> dict[str, int]:
        for t in (left, right):
            if isinstance(t, (ir.AnswerRef, ir.ItemConst, ir.Var, ir.Step)) or (isinstance(t, (ir.AttrOf, ir.FactOf)) and t.kind == "item"):
                return {i.id: i.index for i in self.setting.categories[self._category_of(t)].items}
        raise AssertionError("order comparison without an ordered item")

    # ---- terms: value -> literal, exactly one true -------------------------------
    def term(self, node) -> dict:
        key = self.same.key(node)
        if self.env:
            key = self._bound_key(node, key)
        if key not in self.memo:
            self._tick()
            self.memo[key] = getattr(self, "t_" + type(node).__name__)(node)
        return self.memo[key]

    def t_AnswerRef(self, n):
        return self.out.answer[n.category]

    def t_ItemConst(self, n):
        return {n.item: True}

    def t_ValueConst(self, n):
        return {n.value: True}

    def t_AwayConst(self, n):
        return {AWAY: True}

    def items_of(self, node) -> dict:
        """The term's items -> literal, without `away` (an attribute of where someone was
        has no value when they were away)."""
        items = self.term(node)
        return {k: v for k, v in items.items() if k != AWAY} if isinstance(node, ir.At) else items

    def t_AttrOf(self, n):
        items = self.items_of(n.term)
        groups: dict = {}
        for item_id, lit in items.items():
            value = self.setting.find_item(item_id).attrs[n.attribute]
            groups.setdefault(value, []).append(lit)
        return {v: self.c.or_(lits) for v, lits in groups.items()}

    def t_At(self, n):
        people, times = self.term(n.person), self.term(n.time)
        out: dict = {}
        for p, lp in people.items():
            for t, lt in times.items():
                guard = self.c.and_([lp, lt])
                for z, lz in self.out.loc[(p, t)].items():
                    out.setdefault(z, []).append(self.c.and_([guard, lz]))
        return {z: self.c.or_(lits) for z, lits in out.items()}

    def _set_of(self, item_id: str, attr: ir.AttrOf) -> list:
        item = self.setting.find_item(item_id)
        assert item is not None   # resolved names only reach the compiler
        value = item.attrs[attr.attribute]
        if attr.kind == "code":
            return list(value["colours"]) + list(value["numbers"])
        return list(value)


_CHILD = object()  # marks a child's key, so it never equals a field that is a plain tuple


class Canon:
    """One small key per distinct expression, so that equal sub-expressions share a gate.

    The IR is a tree of frozen dataclasses whose hash walks the whole subtree on every
    call (nothing caches it): memoising on the nodes themselves cost 75% of compiling an
    unrolled board quantifier (1.3 million hash calls for 43,000 nodes). Here each node
    is looked at once: its key is its type and its fields, with every child replaced by
    the child's key, so equal trees get equal keys exactly as node equality would say."""

    def __init__(self):
        self._by_id: dict[int, int] = {}
        self._by_shape: dict[tuple, int] = {}
        self._alive: list = []  # the nodes keyed by id() stay alive while their ids are used

    def key(self, node) -> int:
        found = self._by_id.get(id(node))
        if found is None:
            shape = (type(node),) + tuple(self._field(v) for v in vars(node).values())
            found = self._by_shape.setdefault(shape, len(self._by_shape))
            self._by_id[id(node)] = found
            self._alive.append(node)
        return found

    def _field(self, value):
        if isinstance(value, tuple):
            return tuple(self._field(v) for v in value)
        if hasattr(value, "__dataclass_fields__"):
            return (_CHILD, self.key(value))
        return value


def _numeric(node) -> bool:
    return isinstance(node, (ir.Liars, ir.Number, ir.Arith)) or (isinstance(node, ir.AttrOf) and node.kind == "number")


def _free_vars(node) -> set:
    """The quantified variables a node reads that it does not bind itself."""
    if isinstance(node, ir.Var):
        return {node.name}
    out = set()
    for value in vars(node).values():
        for child in value if isinstance(value, tuple) else (value,):
            if hasattr(child, "__dataclass_fields__"):
                out |= _free_vars(child)
    if isinstance(node, ir.Quant):
        out.discard(node.var)
    return out


_WORLDLY = (ir.At, ir.AnswerRef, ir.FactOf, ir.Lies, ir.LiesOf, ir.Holds, ir.HoldsOf, ir.Liars, ir.Together)


def _partial(node) -> bool:
    """Can this term name nothing (a step past the end of its order, an attribute of
    where someone was when they were away)?"""
    return any(isinstance(x, ir.Step) or (isinstance(x, (ir.AttrOf, ir.FactOf)) and isinstance(x.term, ir.At))
               for x in ir.walk(node))



def compile_case(case: Case, budget: Budget | None = None) -> Compiled:
    """The case's model; raises budget.OutOfTime when `budget` runs out while compiling."""
    return Compiler(case, budget).compile()


# ---- solving ----------------------------------------------------------------
FEASIBLE, INFEASIBLE, UNKNOWN = "feasible", "infeasible", "unknown"


class Engine:
    """One CP-SAT solver over one compiled model, questions asked by assumption literals.

    The model is never copied: each question replaces the assumptions. Everything above
    this class (casetool.solver.session) talks to CP-SAT only through it."""

    def __init__(self, compiled: Compiled):
        self.model = compiled.model
        self.solver = new_solver()

    def solve(self, lits: list, seconds: float, pinned: Sequence = ()) -> str:
        """Solve with `lits` assumed (a core can be asked for after) and `pinned` literals
        fixed in their variables' domains for this one solve (as if added as constraints:
        CP-SAT then finds the same world a copy of the model with them added would)."""
        self.model.clear_assumptions()
        self.model.add_assumptions(lits)
        self.solver.parameters.max_time_in_seconds = max(seconds, 0.001)
        saved = self._pin(pinned)
        try:
            status = self.solver.solve(self.model)
        finally:
            for domain, low, high in reversed(saved):
                domain[0], domain[1] = low, high
            self.model.clear_assumptions()
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return FEASIBLE
        return INFEASIBLE if status == cp_model.INFEASIBLE else UNKNOWN

    def _pin(self, lits: Sequence) -> list:
        saved = []
        for lit in lits:
            index, value = (lit.index, 1) if lit.index >= 0 else (-lit.index - 1, 0)  # ~x has index -x-1
            domain = self.model.proto.variables[index].domain
            saved.append((domain, domain[0], domain[1]))
            domain[0] = domain[1] = value
        return saved

    def value(self, lit) -> bool:
        """A literal's value in the last feasible solve (constants are their own value)."""
        return lit if isinstance(lit, bool) else bool(self.solver.boolean_value(lit))

    def core_indices(self) -> list[int]:
        """After an infeasible solve: indices of assumptions that suffice for infeasibility."""
        return list(self.solver.sufficient_assumptions_for_infeasibility())

    def snapshot(self):
        """The model as a protobuf message, parsed from its serialized form: reading a big
        model's constraints from it is about 10x faster than through cp_model's own proto
        (0.02 s against 0.23 s for the 30,000 constraints of a 30 x 30 x 30 timeline).
        Imported here: protobuf is needed only when the warnings ask for it."""
        from ortools.sat import cp_model_pb2
        return cp_model_pb2.CpModelProto.FromString(self._serialized())

    def _serialized(self) -> bytes:
        """CP-SAT writes its model only to a file. On Linux that is a file in memory (a
        temporary folder cost 4 ms of wall time to create and remove here, more than the
        rest of a small case's warnings); elsewhere a temporary folder."""
        if hasattr(os, "memfd_create") and Path("/proc/self/fd").is_dir():
            fd = os.memfd_create("casetool-model.pb")
            try:
                self._export(f"/proc/self/fd/{fd}")
                with open(f"/proc/self/fd/{fd}", "rb") as f:
                    return f.read()
            finally:
                os.close(fd)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "model.pb"
            self._export(str(path))
            return path.read_bytes()

    def _export(self, path: str) -> None:
        # not named .txt: export_to_file writes the binary form then
        if not self.model.export_to_file(path):
            raise OSError(f"CP-SAT could not write its model to {path}")

    def guarded_clause(self, lits: list):
        """A fresh literal g and the clause (not g) or lits[0] or ...: assuming g enforces
        the clause, not assuming it leaves the model as it was."""
        guard = self.model.new_bool_var("")
        self.model.add_bool_or([~guard] + list(lits))
        return guard


def new_solver() -> cp_model.CpSolver:
    """One worker and a fixed seed, for the same answer every run. These models are many
    small boolean ones: presolve, linearization, probing and symmetry detection cost more
    than they save (measured: 40 ms -> 3 ms per call on the tudor cases, see bench/).
    Presolve also has open bugs with assumptions (or-tools #2649, #5141)."""
    solver = cp_model.CpSolver()
    p = solver.parameters
    p.num_workers = 1
    p.random_seed = 0
    p.cp_model_presolve = False
    p.linearization_level = 0
    p.symmetry_level = 0
    p.cp_model_probing_level = 0
    # By default CP-SAT takes over SIGINT during a solve and then resets it, so Python
    # never sees Ctrl-C; leave it to Python (each solve is bounded by its time limit).
    p.catch_sigint_signal = False
    return solver


def __getattr__(name: str):
    """`from casetool.solver.compile import Oracle` (generate's import) still works: the
    session lives in session.py, which imports this module, so it is looked up lazily."""
    if name == "Oracle":
        from .session import Oracle
        return Oracle
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
