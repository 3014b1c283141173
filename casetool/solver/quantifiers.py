"""What the compiler does with quantifiers, decided facts and the board's pieces: mixins of
the Compiler (compile.py), which give them its circuit, its terms and its conditions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Literal, overload

from ..language import ir
from ..language.board import Board, board
from ..language.facts import decided_facts
from ..load.model import Setting
from .circuit import Canon, Circuit, Compiled, Lit, Values, new_bools

AWAY = ir.AWAY


class Parts:
    """What the mixins below use of the Compiler (compile.py), for the type checker: they
    are only ever mixed into it."""
    setting: Setting
    model: Any                  # cp_model.CpModel (ortools ships no types)
    out: Compiled
    c: Circuit
    same: Canon
    env: dict[str, str]
    _free: dict[int, tuple[str, ...]]
    _static: dict[int, bool]
    cond: Callable[[ir.Formula], Lit]
    term: Callable[[ir.Term], Values]
    items_of: Callable[[ir.Term], Values]


class DecidedFacts(Parts):
    """Decided facts (`unknown: true` attributes, casetool.language.facts): one value per
    item, exact counts. Mixed into Compiler; kept apart from the clue-language methods."""

    def _facts(self) -> None:
        for fact in decided_facts(self.setting):
            for item in fact.items:
                cell = {v: self.model.new_bool_var(f"{item}.{fact.attribute}={v}") for v in fact.values}
                self.model.add_exactly_one(list(cell.values()))
                self.out.facts[(item, fact.attribute)] = cell
            for value, n in fact.counts:
                self.model.add(sum(self.out.facts[(i, fact.attribute)][value] for i in fact.items) == n)

    def t_FactOf(self, n: ir.FactOf) -> Values:
        out: dict[Any, list[Lit]] = {}
        for item, lit in self.items_of(n.term).items():
            for value, lv in self.out.facts[(item, n.attribute)].items():
                out.setdefault(value, []).append(self.c.and_([lit, lv]))
        return {v: self.c.or_(lits) for v, lits in out.items()}


class BoardPieces(Parts):
    """Whereabouts of a board's other pieces (timeline objects and victim): cells like the
    people's; and the board's rules (casetool.language.board) as clauses over the cells,
    built here directly, as a plain CP-SAT model would state them."""

    def _pieces(self) -> None:
        tl, cats = self.setting.timeline, self.setting.categories
        assert tl is not None
        places = cats[tl.places].ids + [AWAY]
        for cid in tl.pieces[1:]:
            for x in cats[cid].ids:
                for t in cats[tl.times].ids:
                    cell = {z: self.model.new_bool_var(f"at({x},{t})={z}") for z in places}
                    self.model.add_exactly_one(list(cell.values()))
                    self.out.loc[(x, t)] = cell

    def _board(self) -> None:
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

    def _board_crime(self, b: Board) -> None:
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


class Quantifiers(Parts):
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

    def _bound_key(self, node: ir.Node, key: int) -> object:
        """The memo key of `node` in the current environment."""
        free = self._free.get(key)
        if free is None:
            free = self._free[key] = tuple(sorted(free_vars(node)))
        return (key, tuple(self.env[v] for v in free)) if free else key

    def t_Var(self, n: ir.Var) -> Values:
        return {self.env[n.name]: True}

    def _each(self, n: ir.Quant) -> Iterator[str]:
        """Bind the Quant's variable to each item of its range in turn."""
        try:
            for item in n.items:
                self.env[n.var] = item
                yield item
        finally:
            self.env.pop(n.var, None)

    def _bindings(self, n: ir.Quant) -> list[tuple[Lit, Lit]]:
        """(where, body) literals per binding."""
        return [(self.cond(n.where), self.cond(n.body)) for _ in self._each(n)]

    def c_Quant(self, n: ir.Quant) -> Lit:
        parts = self._bindings(n)
        if n.word == ir.QuantWord.ALL:
            return self.c.and_([self.c.or_([self.c.not_(w), b]) for w, b in parts])
        both = [self.c.and_([w, b]) for w, b in parts]
        if n.word == ir.QuantWord.ANY:
            return self.c.or_(both)
        if n.word == ir.QuantWord.NO:
            return self.c.not_(self.c.or_(both))
        assert n.op is not None   # a count has its op
        return self.c.count(n.op, n.n, both)

    def _holds_quant(self, node: ir.Formula) -> bool:
        return any(isinstance(x, ir.Quant) for x in ir.walk(node))

    def _is_static(self, node: ir.Formula) -> bool:
        """Does the condition read nothing of the world (items, attributes, variables only)?"""
        key = self.same.key(node)
        if key not in self._static:
            self._static[key] = not any(isinstance(x, WORLDLY) for x in ir.walk(node))
        return self._static[key]

    def _assert(self, node: ir.Formula, guards: list[Lit], positive: bool = True) -> None:
        """Make `node` (its negation when not `positive`) hold whenever every literal of
        `guards` is true, by its structure: clauses where it is a conjunction of them."""
        if any(g is False for g in guards):
            return
        guards = [g for g in guards if g is not True]
        if isinstance(node, ir.Not):
            self._assert(node.arg, guards, not positive)
        elif isinstance(node, ir.And if positive else ir.Or):
            for a in node.args:
                self._assert(a, guards, positive)
        elif isinstance(node, ir.Implies) and positive:
            if self._is_static(node.right) and self.cond(node.right) is True:
                return
            left = self._conjuncts(node.left)
            if left is not False:
                self._assert(node.right, guards + left)
        elif isinstance(node, ir.Implies):           # not (a implies b): a, and not b
            self._assert(node.left, guards)
            self._assert(node.right, guards, False)
        elif isinstance(node, ir.Quant) and (node.word, positive) in ASSERTED:
            keep = node.word == ir.QuantWord.ALL     # every binding: where implies body (or its negation)
            for _ in self._each(node):
                where = self.cond(node.where)
                if where is not False:
                    self._assert(node.body, guards + [where], keep)
        elif positive:
            self._clause(self._disjuncts(node), guards)
        else:
            self._clause(negated(self._conjuncts(node)), guards)

    def _clause(self, lits: list[Lit] | Literal[True], guards: list[Lit]) -> None:
        if lits is not True:
            self.model.add_bool_or([~g for g in guards] + lits)

    def _conjuncts(self, node: ir.Formula) -> list[Lit] | Literal[False]:
        """Literals whose conjunction is the condition, or False."""
        if isinstance(node, ir.And):
            out: list[Lit] = []
            for a in node.args:
                part = self._conjuncts(a)
                if part is False:
                    return False
                out += part
            return out
        if isinstance(node, ir.Not):
            return negated(self._disjuncts(node.arg))
        lit = self.cond(node)
        return False if lit is False else ([] if lit is True else [lit])

    def _disjuncts(self, node: ir.Formula) -> list[Lit] | Literal[True]:
        """Literals whose disjunction is the condition, or True."""
        if isinstance(node, (ir.Or, ir.Implies)):
            out: list[Lit] = []
            if isinstance(node, ir.Or):
                parts = node.args
            else:
                left = negated(self._conjuncts(node.left))
                if left is True:
                    return True
                out, parts = left, (node.right,)
            for a in parts:
                part = self._disjuncts(a)
                if part is True:
                    return True
                out += part
            return out
        if isinstance(node, ir.Not):
            return negated(self._conjuncts(node.arg))
        if isinstance(node, ir.Quant) and node.word == ir.QuantWord.ANY:   # some binding: where and body
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


@overload
def negated(lits: Literal[False]) -> Literal[True]: ...
@overload
def negated(lits: Literal[True]) -> Literal[False]: ...
@overload
def negated(lits: list[Lit]) -> list[Lit]: ...
def negated(lits: list[Lit] | bool) -> list[Lit] | bool:
    """The negation of a conjunction as a disjunction (and back): True/False swap, each
    literal negated."""
    if lits is True or lits is False:
        return not lits
    return [~lit for lit in lits]


def free_vars(node: ir.Node) -> set[str]:
    """The quantified variables a node reads that it does not bind itself."""
    if isinstance(node, ir.Var):
        return {node.name}
    out: set[str] = set()
    for child in ir.children(node):
        out |= free_vars(child)
    if isinstance(node, ir.Quant):
        out.discard(node.var)
    return out


ASSERTED = ((ir.QuantWord.ALL, True), (ir.QuantWord.NO, True), (ir.QuantWord.ANY, False))
WORLDLY = (ir.At, ir.AnswerRef, ir.FactOf, ir.Lies, ir.LiesOf, ir.Holds, ir.HoldsOf, ir.Liars, ir.Together)
