"""The typed expression tree that clues resolve to.

Solver backends (casetool.solver.compile, and the brute-force evaluator in the tests)
read this tree; nothing here knows about any solver. A small quantifier is unrolled over
the items of its category when the clue is resolved (one copy of its body per item); a
large one is kept whole as a Quant whose body names its variable (Var), and a backend
binds the variable to each of the Quant's items in turn (casetool.language.resolve,
UNROLL_MAX).
"""

from __future__ import annotations

from dataclasses import dataclass


# ---- terms: each evaluates to one value --------------------------------------
@dataclass(frozen=True)
class AnswerRef:          # the answer's item of a category
    category: str


@dataclass(frozen=True)
class ItemConst:
    category: str
    item: str


@dataclass(frozen=True)
class AttrOf:             # attribute of an item term; kind is enum | set | bool | code | number | item
    term: object
    attribute: str
    kind: str


@dataclass(frozen=True)
class FactOf:             # an attribute the case does not give (`unknown: true`): the solver
    term: object          # decides each item's value; kind is enum | item
    attribute: str
    kind: str


@dataclass(frozen=True)
class Var:                # a quantified variable, in the body of a Quant that binds it
    name: str
    category: str


@dataclass(frozen=True)
class ValueConst:         # a value of an attribute (name or number)
    value: object


@dataclass(frozen=True)
class At:                 # where a person was at a time: a place item id, or AWAY
    person: object
    time: object


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
class Arith:              # op in + -; both sides are numbers (numeric attributes, liars, numbers)
    op: str
    left: object
    right: object


@dataclass(frozen=True)
class Step:               # the item `by` places later (earlier when negative) in an ordered
    term: object          # category; no item when that leaves the order
    by: int


# ---- conditions ---------------------------------------------------------------
@dataclass(frozen=True)
class Const:
    value: bool


@dataclass(frozen=True)
class Not:
    arg: object


@dataclass(frozen=True)
class And:
    args: tuple


@dataclass(frozen=True)
class Or:
    args: tuple


@dataclass(frozen=True)
class Xor:                # odd number of args true
    args: tuple


@dataclass(frozen=True)
class Implies:
    left: object
    right: object


@dataclass(frozen=True)
class Iff:
    args: tuple


@dataclass(frozen=True)
class Compare:            # op in == != < <= > >=; operands are terms of one type
    op: str
    left: object
    right: object


@dataclass(frozen=True)
class Has:                # set-valued attribute contains a value
    term: object
    value: object


@dataclass(frozen=True)
class Truthy:             # a bool attribute used as a condition
    term: AttrOf


@dataclass(frozen=True)
class Count:              # op in == <= >=: how many of args hold
    op: str
    n: int
    args: tuple


@dataclass(frozen=True)
class Quant:              # a quantifier kept whole: word in all | any | no | count
    word: str             # (count: op in == <= >= and n); the variable ranges over `items`,
    op: str               # the category's items in order less those for which a step on
    n: int                # the variable leaves the order; `where` is Const(True) when absent
    var: str
    category: str
    items: tuple
    where: object
    body: object


@dataclass(frozen=True)
class Lies:
    character: str


@dataclass(frozen=True)
class Holds:
    player: str
    card: str


@dataclass(frozen=True)
class LiesOf:             # the characters whose `item:` is the term's item lie
    term: object


@dataclass(frozen=True)
class HoldsOf:            # the player holds the card that is the term's item
    player: str
    term: object


@dataclass(frozen=True)
class Contains:           # a set-valued attribute (a set term) contains the value of a term
    term: object
    value: object


@dataclass(frozen=True)
class Together:
    time: object


def walk(node):
    """Every node of the tree, depth first."""
    yield node
    for value in vars(node).values():
        children = value if isinstance(value, tuple) else (value,)
        for child in children:
            if hasattr(child, "__dataclass_fields__"):
                yield from walk(child)
