"""Evaluate a resolved clue (casetool.language.ir) in one world, in plain Python.

The generator knows the world it drew (the answer, who lies, where everyone was, who
holds which card), so it can tell at once whether a candidate clue is true in it, or
whether a clue alone rules out another answer. The solver still decides everything that
matters (uniqueness, irredundancy); this only ranks and filters candidates.

A solution page reads clues over an answer alone (english/chain.py): `answer_only` is such
a world, and a clue that needs more of it (who was where, who lies, a card's holder)
raises Unknown rather than guess.
"""

from __future__ import annotations

from typing import Any

from ..language import ir
from ..language.ir import (
    And,
    AnswerRef,
    At,
    AttrOf,
    AwayConst,
    Compare,
    Const,
    Contains,
    Count,
    FactOf,
    Has,
    Holds,
    Iff,
    Implies,
    ItemConst,
    Liars,
    Lies,
    Not,
    Number,
    Or,
    Together,
    Truthy,
    ValueConst,
    Xor,
)
from ..load.model import Setting, World

AWAY = ir.AWAY


class Unknown(Exception):
    """A part of a clue the world cannot settle: it knows the answer only."""


class _Unread:
    """The parts of a world an answer-only reading does not know: any look raises Unknown."""

    def _unknown(self, *_args: object) -> Any:
        raise Unknown("an answer says nothing of this")

    __getitem__ = get = __contains__ = __len__ = __iter__ = _unknown


def answer_only(answer: dict[str, str]) -> World:
    """A world that knows the answer alone (a solution page's supposition)."""
    unread: Any = _Unread()
    return World(answer=answer, liars=unread, loc=unread, owner=unread, facts=unread)


class Evaluator:
    """The checks run most frequent node first (as counted in the tudor, hampshire and
    supercluedo drafts): the timeline drafts evaluate some 40 000 nodes a case."""

    def __init__(self, setting: Setting):
        self.setting = setting
        self._items = {i.id: i for i in setting.all_items()}

    def holds(self, node: object, facts: World) -> bool:
        return bool(self.cond(node, facts))

    # ---- conditions ---------------------------------------------------------
    def cond(self, n: object, f: World) -> bool:
        if isinstance(n, Compare):
            return self._compare(n, f)
        if isinstance(n, And):
            return all(self.cond(a, f) for a in n.args)
        if isinstance(n, (Has, Contains)):   # a set holds a value, or a term's item ("q.adjacent has at(p, t + 1)")
            value, among = self.term(n.value, f), self.term(n.term, f)
            assert isinstance(among, list), f"a set term is a list of values, not {among!r}"
            return value in among
        if isinstance(n, Not):
            return not self.cond(n.arg, f)
        if isinstance(n, Truthy):
            return bool(self.term(n.term, f))
        if isinstance(n, Or):
            return any(self.cond(a, f) for a in n.args)
        if isinstance(n, Const):
            return n.value
        if isinstance(n, Implies):
            return (not self.cond(n.left, f)) or self.cond(n.right, f)
        if isinstance(n, Iff):
            values = [self.cond(a, f) for a in n.args]
            return all(v == values[0] for v in values)
        if isinstance(n, Xor):
            return sum(1 for a in n.args if self.cond(a, f)) % 2 == 1
        if isinstance(n, Count):
            k = sum(1 for a in n.args if self.cond(a, f))
            return {"==": k == n.n, "<=": k <= n.n, ">=": k >= n.n}[n.op]
        if isinstance(n, Lies):
            return n.character in f.liars
        if isinstance(n, Holds):
            return f.owner.get(n.card) == n.player
        if isinstance(n, Together):
            return self._together(self._item(n.time, f), f)
        raise Unknown(f"cannot evaluate {type(n).__name__}")

    def _together(self, t: str, f: World) -> bool:
        tl = self.setting.timeline
        assert tl is not None  # `together` exists on timelines only (validation)
        places = {f.loc[(p, t)] for p in self.setting.categories[tl.people].ids}
        return len(places) == 1 and AWAY not in places

    def _compare(self, n: Compare, f: World) -> bool:
        left, right = self.term(n.left, f), self.term(n.right, f)
        if n.op == ir.CompareOp.EQ:
            return left == right
        if n.op == ir.CompareOp.NE:
            return left != right
        if isinstance(left, (int, float)) and isinstance(right, (int, float)):   # measures
            a, b = left, right
        else:
            assert isinstance(left, str) and isinstance(right, str), "only items and numbers are ordered"
            a, b = self._items[left].index, self._items[right].index
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[n.op]

    # ---- terms ----------------------------------------------------------------
    def term(self, n: object, f: World) -> object:
        """The term's value: an item id, AWAY, a number, an attribute's value (a list for a set)."""
        if isinstance(n, ItemConst):
            return n.item
        if isinstance(n, AnswerRef):
            return f.answer[n.category]
        if isinstance(n, At):
            return f.loc[(self._item(n.person, f), self._item(n.time, f))]
        if isinstance(n, AttrOf):
            value = self._items[self._item(n.term, f)].attrs[n.attribute]
            if n.kind == "code":
                return list(value["colours"]) + list(value["numbers"])
            return value
        if isinstance(n, ValueConst):
            return n.value
        if isinstance(n, AwayConst):
            return AWAY
        if isinstance(n, Number):
            return n.value
        if isinstance(n, Liars):
            return len(f.liars)
        if isinstance(n, FactOf):   # a decided fact: the value the world decided for the item
            return f.facts[(self._item(n.term, f), n.attribute)]
        if isinstance(n, ir.Arith):
            return self._arith(n, f)
        if isinstance(n, ir.Step):
            return self._step(self._item(n.term, f), n.by)
        raise Unknown(f"cannot evaluate term {type(n).__name__}")

    def _arith(self, n: ir.Arith, f: World) -> int:
        left, right = self.term(n.left, f), self.term(n.right, f)
        if not (isinstance(left, int) and isinstance(right, int)):   # a place's size when away: no number
            raise Unknown("arithmetic on something not a number")
        return left + right if n.op == ir.ArithOp.PLUS else left - right

    def _step(self, item: str, by: int) -> str:
        """The item `by` places on in its ordered category; off the end there is none, which
        this reading does not guess at."""
        ids = self.setting.categories[self._items[item].category].ids
        at = ids.index(item) + by
        if not 0 <= at < len(ids):
            raise Unknown("a step off the end of the order")
        return ids[at]

    def _item(self, n: object, f: World) -> str:
        """The value of a term that names an item (a person, a time, a place)."""
        if isinstance(n, ItemConst):
            return n.item
        if isinstance(n, AnswerRef):
            return f.answer[n.category]
        value = self.term(n, f)
        assert isinstance(value, str), f"not an item: {value!r}"
        return value


def mentions(node: object, kinds: tuple[type, ...]) -> bool:
    """Does the clue use any of these IR node types (e.g. the timeline, cards, liars)?"""
    return any(isinstance(x, kinds) for x in ir.walk(node))


def is_pure(node: object) -> bool:
    """True when the clue's truth depends on the answer alone (no world, no liars)."""
    return not mentions(node, (ir.At, ir.Together, ir.Holds, ir.Lies, ir.Liars, ir.FactOf))
