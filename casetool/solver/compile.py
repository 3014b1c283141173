"""Compile a case (its typed clue IR and the setting's fixed rules) to a CP-SAT model.

The gates are circuit.py's, the quantifiers, decided facts and board pieces quantifiers.py's
(mixins of the Compiler); cpsat.py solves the model.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

from ortools.sat.python import cp_model

from ..language import ir
from ..language.world import fixed_conditions
from ..load.model import Case, Clue, Item
from .budget import Budget
from .circuit import Canon, Circuit, Compiled, Lit, Values, new_bools, relation
from .quantifiers import BoardPieces, DecidedFacts, Quantifiers

__all__ = ["Compiled", "Compiler", "compile_case"]   # Compiled is made in circuit.py: compile_case's result

AWAY = ir.AWAY
EQUALITY = (ir.CompareOp.EQ, ir.CompareOp.NE)


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
        self.memo: dict[object, Any] = {}   # node key (with its variables' items) -> literal, or a term's Values
        self.same = Canon()
        self._together: dict[str, Lit] = {}
        self.env: dict[str, str] = {}     # quantified variable -> its item (see Quantifiers)
        self._free: dict[int, tuple[str, ...]] = {}   # node key -> the variables it reads
        self._static: dict[int, bool] = {}            # node key -> reads nothing of the world

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

    def _fixed(self) -> None:
        """The fixed rules and board rules (casetool.language.world): hard constraints, never
        behind a clue switch."""
        for cond in fixed_conditions(self.case):
            if self._holds_quant(cond):
                self._assert(cond, [])
            else:
                self._hold(self.cond(cond))

    def _hold(self, lit: Lit, enable: Lit = None) -> None:
        if lit is True:
            return
        if enable is None:
            self.model.add_bool_or([lit] if lit is not False else [])
        elif lit is False:
            self.model.add_bool_or([~enable])
        else:
            self.model.add_implication(enable, lit)

    def _answer(self) -> None:
        for cid in self.setting.answer:
            lits = {i.id: self.model.new_bool_var(f"{cid}={i.id}") for i in self.setting.categories[cid].items}
            self.model.add_exactly_one(list(lits.values()))
            self.out.answer[cid] = lits

    def _liars(self) -> None:
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

    def _clue(self, clue: Clue) -> None:
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

    def _timeline(self) -> None:
        tl, cats = self.setting.timeline, self.setting.categories
        assert tl is not None
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

    def _culprit_at_crime(self) -> None:
        """The culprit is at the crime place at the crime time: P x T x Z clauses, the
        largest part of a big timeline's compile, so the negations are made once each."""
        tl, ans = self.setting.timeline, self.out.answer
        assert tl is not None
        people = {p: ~lit for p, lit in ans[tl.people].items()}
        times = {t: ~lit for t, lit in ans[tl.times].items()}
        scenes = [(z, ~lit) for z, lit in ans[tl.places].items()]
        add = self.model.add_bool_or
        for (p, t), cell in self.out.loc.items():
            not_p, not_t = people[p], times[t]
            for z, not_z in scenes:
                add([not_p, not_t, not_z, cell[z]])

    def together_at(self, t: str) -> Lit:
        if t not in self._together:
            tl, cats = self.setting.timeline, self.setting.categories
            assert tl is not None   # `together` exists on timelines only (validation)
            people = cats[tl.people].ids
            self._together[t] = self.c.or_([self.c.and_([self.out.loc[(p, t)][z] for p in people])
                                            for z in cats[tl.places].ids])
        return self._together[t]

    def _cards(self) -> None:
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
    def _tick(self) -> None:
        self._nodes += 1
        if self.budget is not None and self._nodes % self.CLOCK_EVERY == 0:
            self.budget.check()

    def cond(self, node: ir.Formula) -> Lit:
        key = self._key(node)
        if key not in self.memo:
            self._tick()
            make: Callable[[ir.Formula], Lit] = getattr(self, "c_" + type(node).__name__)
            self.memo[key] = make(node)
        return self.memo[key]

    def _key(self, node: ir.Node) -> object:
        key = self.same.key(node)
        return self._bound_key(node, key) if self.env else key

    def c_Const(self, n: ir.Const) -> Lit:
        return n.value

    def c_Not(self, n: ir.Not) -> Lit:
        return self.c.not_(self.cond(n.arg))

    def c_And(self, n: ir.And) -> Lit:
        return self.c.and_([self.cond(a) for a in n.args])

    def c_Or(self, n: ir.Or) -> Lit:
        return self.c.or_([self.cond(a) for a in n.args])

    def c_Xor(self, n: ir.Xor) -> Lit:
        return self.c.xor([self.cond(a) for a in n.args])

    def c_Implies(self, n: ir.Implies) -> Lit:
        return self.c.or_([self.c.not_(self.cond(n.left)), self.cond(n.right)])

    def c_Iff(self, n: ir.Iff) -> Lit:
        lits = [self.cond(a) for a in n.args]
        return self.c.and_([self.c.iff(a, b) for a, b in pairwise(lits)])

    def c_Count(self, n: ir.Count) -> Lit:
        return self.c.count(n.op, n.n, [self.cond(a) for a in n.args])

    def c_Lies(self, n: ir.Lies) -> Lit:
        return self.out.lies.get(n.character, False)

    def c_Holds(self, n: ir.Holds) -> Lit:
        return self.out.own.get((n.player, n.card), False)

    def c_Together(self, n: ir.Together) -> Lit:
        times = self.term(n.time)
        return self.c.or_([self.c.and_([lit, self.together_at(t)]) for t, lit in times.items()])

    def c_Truthy(self, n: ir.Truthy) -> Lit:
        return self.term(n.term).get(True, False)

    def c_Has(self, n: ir.Has) -> Lit:
        items = self.items_of(n.term.term)
        return self.c.or_([lit for item, lit in items.items() if n.value.value in self._set_of(item, n.term)])

    def c_Compare(self, n: ir.Compare) -> Lit:
        if _numeric(n.left) or _numeric(n.right):
            return self._compare_numbers(n)
        left, right = self.term(n.left), self.term(n.right)
        if n.op in EQUALITY:
            eq = self.c.or_([self.c.and_([lit, right[k]]) for k, lit in left.items() if k in right])
            if n.op == ir.CompareOp.EQ:
                return eq
            # `!=` on a step past the end is false, like every comparison with it
            return self.c.and_([self.c.not_(eq), self._defined(n.left), self._defined(n.right)])
        order = self._order_of(n.left, n.right)
        test = ORDERS[n.op]
        return self.c.or_([self.c.and_([la, rb]) for a, la in left.items() for b, rb in right.items()
                           if test(order[a], order[b])])

    def _compare_numbers(self, n: ir.Compare) -> Lit:
        left, right = self.num(n.left), self.num(n.right)
        if isinstance(left, int) and isinstance(right, int):
            return bool(relation(left, n.op, right))
        test = self.c.linear(left - right, n.op, 0)
        # `at(p, t).size > 2`: false when p was away (the attribute has no value then)
        defined = [self._defined(x) for x in ir.walk(n) if isinstance(x, (ir.AttrOf, ir.FactOf)) and _partial(x)]
        return self.c.and_([test, *defined]) if defined else test

    def num(self, n: ir.Term) -> Any:
        """A number term as an int or a linear expression over the model's literals."""
        if isinstance(n, ir.Number):
            return n.value
        if isinstance(n, ir.Liars):
            return sum(self.out.lies.values()) if self.out.lies else 0
        if isinstance(n, ir.Arith):
            a, b = self.num(n.left), self.num(n.right)
            return a + b if n.op == ir.ArithOp.PLUS else a - b
        # a numeric attribute: the sum of value x "it is this item" (0 when the term names
        # nothing: `_compare_numbers` makes the comparison false then)
        assert isinstance(n, ir.AttrOf), f"not a number: {n}"
        items = self.items_of(n.term)
        return sum(self._item(i).attrs[n.attribute] * lit for i, lit in items.items())

    def _defined(self, node: ir.Term) -> Lit:
        """True, or the literal "this term names something" for a step that may leave its order."""
        return self.c.or_(list(self.term(node).values())) if _partial(node) else True

    def c_LiesOf(self, n: ir.LiesOf) -> Lit:
        chars = [ch for ch in self.setting.characters.values() if ch.item and ch.id in self.out.lies]
        return self.c.or_([self.c.and_([lit, self.out.lies[ch.id]])
                           for item, lit in self.term(n.term).items() for ch in chars if ch.item == item])

    def c_HoldsOf(self, n: ir.HoldsOf) -> Lit:
        return self.c.or_([self.c.and_([lit, self.out.own.get((n.player, card), False)])
                           for card, lit in self.term(n.term).items()])

    def c_Contains(self, n: ir.Contains) -> Lit:
        owners, values = self.items_of(n.term.term), self.term(n.value)
        return self.c.or_([self.c.and_([lo, lv]) for o, lo in owners.items() for v, lv in values.items()
                           if v in self._set_of(o, n.term)])

    def t_Step(self, n: ir.Step) -> Values:
        ids = self.setting.categories[self._category_of(n.term)].ids
        out: Values = {}
        for item, lit in self.term(n.term).items():
            at = ids.index(item) + n.by
            if 0 <= at < len(ids):
                out[ids[at]] = lit
        return out

    def _category_of(self, node: ir.Term) -> str:
        if isinstance(node, (ir.AnswerRef, ir.ItemConst, ir.Var)):
            return node.category
        if isinstance(node, ir.At):
            assert self.setting.timeline is not None   # `at` exists on timelines only
            return self.setting.timeline.places
        if isinstance(node, ir.Step):
            return self._category_of(node.term)
        assert isinstance(node, (ir.AttrOf, ir.FactOf)), f"not an item: {node}"   # an item-valued attribute
        owner = self._category_of(node.term)
        return self.setting.categories[owner].attributes[node.attribute].category

    def _order_of(self, left: ir.Term, right: ir.Term) -> dict[str, int]:
        for t in (left, right):
            if isinstance(t, (ir.AnswerRef, ir.ItemConst, ir.Var, ir.Step)) or (isinstance(t, (ir.AttrOf, ir.FactOf)) and t.kind == "item"):
                return {i.id: i.index for i in self.setting.categories[self._category_of(t)].items}
        raise AssertionError("order comparison without an ordered item")

    # ---- terms: value -> literal, exactly one true -------------------------------
    def term(self, node: ir.Term) -> Values:
        key = self._key(node)
        if key not in self.memo:
            self._tick()
            make: Callable[[ir.Term], Values] = getattr(self, "t_" + type(node).__name__)
            self.memo[key] = make(node)
        values: Values = self.memo[key]
        return values

    def t_AnswerRef(self, n: ir.AnswerRef) -> Values:
        return self.out.answer[n.category]

    def t_ItemConst(self, n: ir.ItemConst) -> Values:
        return {n.item: True}

    def t_ValueConst(self, n: ir.ValueConst) -> Values:
        return {n.value: True}

    def t_AwayConst(self, n: ir.AwayConst) -> Values:
        return {AWAY: True}

    def items_of(self, node: ir.Term) -> Values:
        """The term's items -> literal, without `away` (an attribute of where someone was
        has no value when they were away)."""
        items = self.term(node)
        return {k: v for k, v in items.items() if k != AWAY} if isinstance(node, ir.At) else items

    def t_AttrOf(self, n: ir.AttrOf) -> Values:
        items = self.items_of(n.term)
        groups: dict[Any, list[Lit]] = {}
        for item_id, lit in items.items():
            value = self._item(item_id).attrs[n.attribute]
            groups.setdefault(value, []).append(lit)
        return {v: self.c.or_(lits) for v, lits in groups.items()}

    def t_At(self, n: ir.At) -> Values:
        people, times = self.term(n.person), self.term(n.time)
        out: dict[str, list[Lit]] = {}
        for p, lp in people.items():
            for t, lt in times.items():
                guard = self.c.and_([lp, lt])
                for z, lz in self.out.loc[(p, t)].items():
                    out.setdefault(z, []).append(self.c.and_([guard, lz]))
        return {z: self.c.or_(lits) for z, lits in out.items()}

    def _set_of(self, item_id: str, attr: ir.AttrOf) -> list[Any]:
        value = self._item(item_id).attrs[attr.attribute]
        if attr.kind == "code":
            return list(value["colours"]) + list(value["numbers"])
        return list(value)


    def _item(self, item_id: str) -> Item:
        item = self.setting.find_item(item_id)
        assert item is not None   # resolved names only reach the compiler
        return item


ORDERS: dict[str, Callable[[int, int], bool]] = {
    ir.CompareOp.LT: lambda a, b: a < b, ir.CompareOp.LE: lambda a, b: a <= b,
    ir.CompareOp.GT: lambda a, b: a > b, ir.CompareOp.GE: lambda a, b: a >= b}


def _numeric(node: ir.Term) -> bool:
    return isinstance(node, (ir.Liars, ir.Number, ir.Arith)) or (isinstance(node, ir.AttrOf) and node.kind == "number")


def _partial(node: ir.Node) -> bool:
    """Can this term name nothing (a step past the end of its order, an attribute of
    where someone was when they were away)?"""
    return any(isinstance(x, ir.Step) or (isinstance(x, (ir.AttrOf, ir.FactOf)) and isinstance(x.term, ir.At))
               for x in ir.walk(node))


def compile_case(case: Case, budget: Budget | None = None) -> Compiled:
    """The case's model; raises budget.OutOfTime when `budget` runs out while compiling."""
    return Compiler(case, budget).compile()
