"""Reified boolean gates over a CP-SAT model, with constant folding and sharing (Canon gives
equal sub-expressions one key, so they share a gate). A literal is either a Python bool
(a constant, folded away) or a CP-SAT boolean literal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias, cast

from ortools.sat.python import cp_model
from ortools.util.python.sorted_interval_list import Domain

from ..language.ir import CountOp, Node

BOOL = Domain(0, 1)
# A literal: a CP-SAT boolean (or its negation), or a Python bool for a constant; Any
# because ortools ships no type information.
Lit: TypeAlias = Any
# A term's possible values (an item id, AWAY, an attribute's value) -> the literal "it is this one"
Values: TypeAlias = dict[Any, Lit]


@dataclass
class Compiled:
    """A compiled case (casetool.solver.compile): the model and the literals that name its world."""
    model: cp_model.CpModel
    answer: dict[str, dict[str, Lit]]            # category -> item -> literal
    enables: dict[str, Lit]                       # clue id -> assumption literal
    lies: dict[str, Lit] = field(default_factory=dict)
    loc: dict[tuple[str, str], dict[str, Lit]] = field(default_factory=dict)   # (person, time) -> place|away -> lit
    own: dict[tuple[str, str], Lit] = field(default_factory=dict)              # (player, card) -> lit
    facts: dict[tuple[str, str], Values] = field(default_factory=dict)  # (item, attribute) -> value -> lit
    # clue id -> the literal its switch implies (the clue holds, or its speaker lies): a
    # world in which it is true can have the switch on (casetool.solver.session's worlds)
    holds: dict[str, Lit] = field(default_factory=dict)


def new_bools(model: cp_model.CpModel, n: int) -> list[Lit]:
    """n unnamed 0-1 variables: half the Python time of new_bool_var (no name, one shared
    domain); a 30 x 30 x 30 timeline makes 28,000 of them."""
    proto = model.proto
    return [cp_model.IntVar(proto).with_domain(BOOL) for _ in range(n)]


class Circuit:
    """Reified boolean gates with constant folding and sharing."""

    def __init__(self, model: cp_model.CpModel):
        self.m = model
        self.cache: dict[tuple[str, tuple[int, ...]], Lit] = {}

    def new(self) -> Lit:
        return new_bools(self.m, 1)[0]

    def not_(self, a: Lit) -> Lit:
        return (not a) if isinstance(a, bool) else ~a

    def and_(self, lits: list[Lit]) -> Lit:
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

    def or_(self, lits: list[Lit]) -> Lit:
        return self.not_(self.and_([self.not_(lit) for lit in lits]))

    def iff(self, a: Lit, b: Lit) -> Lit:
        if isinstance(a, bool):
            return b if a else self.not_(b)
        if isinstance(b, bool):
            return a if b else self.not_(a)
        return self.or_([self.and_([a, b]), self.and_([~a, ~b])])

    def xor(self, lits: list[Lit]) -> Lit:
        out: Lit = False
        for lit in lits:
            out = self.not_(self.iff(out, lit))
        return out

    def count(self, op: CountOp, n: int, lits: list[Lit]) -> Lit:
        fixed = sum(1 for lit in lits if lit is True)
        free = [lit for lit in lits if not isinstance(lit, bool)]
        n -= fixed
        if op == CountOp.EXACTLY and (n < 0 or n > len(free)):
            return False
        if op == CountOp.AT_MOST and (n < 0 or n >= len(free)):
            return n >= 0
        if op == CountOp.AT_LEAST and (n <= 0 or n > len(free)):
            return n <= 0
        return self.linear(sum(free), op, n)

    def linear(self, expr: Any, op: str, n: int) -> Lit:
        b = self.new()
        negated = {"==": "!=", "!=": "==", "<=": ">", ">": "<=", ">=": "<", "<": ">="}[op]
        for lit, o in ((b, op), (~b, negated)):
            self.m.add(relation(expr, o, n)).only_enforce_if(lit)
        return b


def relation(expr: Any, op: str, n: int) -> Any:
    """`expr op n`, op a CompareOp's or CountOp's text: a bool for numbers, a constraint for an expression."""
    return {"==": expr == n, "!=": expr != n, "<=": expr <= n, ">=": expr >= n, "<": expr < n, ">": expr > n}[op]


_CHILD = object()  # marks a child's key, so it never equals a field that is a plain tuple


class Canon:
    """One small key per distinct expression, so that equal sub-expressions share a gate.

    The IR is a tree of frozen dataclasses whose hash walks the whole subtree on every
    call (nothing caches it): memoising on the nodes themselves cost 75% of compiling an
    unrolled board quantifier (1.3 million hash calls for 43,000 nodes). Here each node
    is looked at once: its key is its type and its fields, with every child replaced by
    the child's key, so equal trees get equal keys exactly as node equality would say."""

    def __init__(self) -> None:
        self._by_id: dict[int, int] = {}
        self._by_shape: dict[tuple[Any, ...], int] = {}
        self._alive: list[Node] = []  # the nodes keyed by id() stay alive while their ids are used

    def key(self, node: Node) -> int:
        found = self._by_id.get(id(node))
        if found is None:
            shape = (type(node),) + tuple(self._field(v) for v in vars(node).values())
            found = self._by_shape.setdefault(shape, len(self._by_shape))
            self._by_id[id(node)] = found
            self._alive.append(node)
        return found

    def _field(self, value: object) -> object:
        if isinstance(value, tuple):
            return tuple(self._field(v) for v in value)
        if hasattr(value, "__dataclass_fields__"):
            return (_CHILD, self.key(cast(Node, value)))
        return value
