"""The typed expression tree that clues resolve to.

Solver backends (casetool.solver.compile, and the brute-force evaluator in the tests)
read this tree; nothing here knows about any solver. A small quantifier is unrolled over
the items of its category when the clue is resolved (one copy of its body per item); a
large one is kept whole as a Quant whose body names its variable (Var), and a backend
binds the variable to each of the Quant's items in turn (casetool.language.resolve,
UNROLL_MAX).

A node is a Term (evaluates to one value) or a Formula (a condition). Operators are
enums whose values are the operators' text in the clue language (StrEnum: a value
prints, formats and compares as that text).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, TypeAlias, cast


class ArithOp(StrEnum):
    """`+` and `-` between numbers."""
    PLUS = "+"
    MINUS = "-"


class CompareOp(StrEnum):
    """A comparison between two terms of one type."""
    EQ = "=="
    NE = "!="
    LT = "<"
    LE = "<="
    GT = ">"
    GE = ">="


class CountOp(StrEnum):
    """How many of some conditions hold: exactly, at most, at least n."""
    EXACTLY = "=="
    AT_MOST = "<="
    AT_LEAST = ">="


class QuantWord(StrEnum):
    """A quantifier kept whole: all, any, no, or a count (its CountOp and n)."""
    ALL = "all"
    ANY = "any"
    NO = "no"
    COUNT = "count"


# An attribute's kind, as the setting declares it (casetool.load.model.Attribute.kind);
# `code` is the codes setting's own set of colours and numbers.
AttrKind: TypeAlias = Literal["enum", "set", "bool", "code", "number", "item"]


# ---- terms: each evaluates to one value --------------------------------------
@dataclass(frozen=True)
class AnswerRef:          # the answer's item of a category
    category: str


@dataclass(frozen=True)
class ItemConst:
    category: str
    item: str


@dataclass(frozen=True)
class AttrOf:             # attribute of an item term
    term: Term
    attribute: str
    kind: AttrKind


@dataclass(frozen=True)
class FactOf:             # an attribute the case does not give (`unknown: true`): the solver
    term: Term            # decides each item's value; kind is enum | item
    attribute: str
    kind: AttrKind


@dataclass(frozen=True)
class Var:                # a quantified variable, in the body of a Quant that binds it
    name: str
    category: str


@dataclass(frozen=True)
class ValueConst:         # a value of an attribute (name or number)
    value: str | int


@dataclass(frozen=True)
class At:                 # where a person was at a time: a place item id, or AWAY
    person: Term
    time: Term


AWAY = "away"


@dataclass(frozen=True)
class AwayConst:
    pass


@dataclass(frozen=True)
class Liars:              # the number of liars
    pass


@dataclass(frozen=True)
class Number:
    value: int


@dataclass(frozen=True)
class Arith:              # both sides are numbers (numeric attributes, liars, numbers)
    op: ArithOp
    left: Term
    right: Term


@dataclass(frozen=True)
class Step:               # the item `by` places later (earlier when negative) in an ordered
    term: Term            # category; no item when that leaves the order
    by: int


# ---- conditions ---------------------------------------------------------------
@dataclass(frozen=True)
class Const:
    value: bool


@dataclass(frozen=True)
class Not:
    arg: Formula


@dataclass(frozen=True)
class And:
    args: tuple[Formula, ...]


@dataclass(frozen=True)
class Or:
    args: tuple[Formula, ...]


@dataclass(frozen=True)
class Xor:                # odd number of args true
    args: tuple[Formula, ...]


@dataclass(frozen=True)
class Implies:
    left: Formula
    right: Formula


@dataclass(frozen=True)
class Iff:
    args: tuple[Formula, ...]


@dataclass(frozen=True)
class Compare:            # operands are terms of one type
    op: CompareOp
    left: Term
    right: Term


@dataclass(frozen=True)
class Has:                # set-valued attribute contains a value
    term: AttrOf
    value: ValueConst


@dataclass(frozen=True)
class Truthy:             # a bool attribute used as a condition
    term: AttrOf


@dataclass(frozen=True)
class Count:              # how many of args hold
    op: CountOp
    n: int
    args: tuple[Formula, ...]


@dataclass(frozen=True)
class Quant:              # a quantifier kept whole (count: op and n; else op None, n 0); the
    word: QuantWord       # variable ranges over `items`, the category's items in order less
    op: CountOp | None    # those for which a step on the variable leaves the order; `where`
    n: int                # is Const(True) when absent
    var: str
    category: str
    items: tuple[str, ...]
    where: Formula
    body: Formula


@dataclass(frozen=True)
class Lies:
    character: str


@dataclass(frozen=True)
class Holds:
    player: str
    card: str


@dataclass(frozen=True)
class LiesOf:             # the characters whose `item:` is the term's item lie
    term: Term


@dataclass(frozen=True)
class HoldsOf:            # the player holds the card that is the term's item
    player: str
    term: Term


@dataclass(frozen=True)
class Contains:           # a set-valued attribute (a set term) contains the value of a term
    term: AttrOf
    value: Term


@dataclass(frozen=True)
class Together:
    time: Term


Term: TypeAlias = (AnswerRef | ItemConst | AttrOf | FactOf | Var | ValueConst | At | AwayConst | Liars
                   | Number | Arith | Step)
Formula: TypeAlias = (Const | Not | And | Or | Xor | Implies | Iff | Compare | Has | Truthy | Count | Quant
                      | Lies | Holds | LiesOf | HoldsOf | Contains | Together)
Node: TypeAlias = Term | Formula


def children(node: object) -> Iterator[Node]:
    """The node's direct sub-nodes, in field order."""
    for value in vars(node).values():
        for child in value if isinstance(value, tuple) else (value,):
            if hasattr(child, "__dataclass_fields__"):
                yield child


def walk(node: object) -> Iterator[Node]:
    """Every node of the tree, depth first. `node` is a Node: typed `object` because the
    generator still holds its expressions as `object` (casetool.generate.candidates)."""
    yield cast(Node, node)
    for child in children(node):
        yield from walk(child)
