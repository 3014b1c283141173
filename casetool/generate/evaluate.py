"""Evaluate a resolved clue (casetool.language.ir) in one complete world, in plain Python.

The generator knows the world it drew (the answer, who lies, where everyone was, who
holds which card), so it can tell at once whether a candidate clue is true in it, or
whether a clue alone rules out another answer. The solver still decides everything that
matters (uniqueness, irredundancy); this only ranks and filters candidates.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..language import ir
from ..model import Setting

AWAY = ir.AWAY


@dataclass
class Facts:
    """A complete world: every unknown has a value."""
    answer: dict[str, str]
    liars: frozenset = frozenset()
    loc: dict = field(default_factory=dict)      # (person, time) -> place | AWAY
    owner: dict = field(default_factory=dict)    # card -> player (envelope cards absent)


class Evaluator:
    def __init__(self, setting: Setting):
        self.setting = setting
        self._items = {i.id: i for i in setting.all_items()}

    def holds(self, node, facts: Facts) -> bool:
        return bool(self.cond(node, facts))

    # ---- conditions ---------------------------------------------------------
    def cond(self, n, f: Facts) -> bool:
        kind = type(n).__name__
        if kind == "Const":
            return n.value
        if kind == "Not":
            return not self.cond(n.arg, f)
        if kind == "And":
            return all(self.cond(a, f) for a in n.args)
        if kind == "Or":
            return any(self.cond(a, f) for a in n.args)
        if kind == "Xor":
            return sum(1 for a in n.args if self.cond(a, f)) % 2 == 1
        if kind == "Implies":
            return (not self.cond(n.left, f)) or self.cond(n.right, f)
        if kind == "Iff":
            values = [self.cond(a, f) for a in n.args]
            return all(v == values[0] for v in values)
        if kind == "Count":
            k = sum(1 for a in n.args if self.cond(a, f))
            return {"==": k == n.n, "<=": k <= n.n, ">=": k >= n.n}[n.op]
        if kind == "Lies":
            return n.character in f.liars
        if kind == "Holds":
            return f.owner.get(n.card) == n.player
        if kind == "Together":
            return self._together(self.term(n.time, f), f)
        if kind == "Truthy":
            return bool(self.term(n.term, f))
        if kind == "Has":
            return self.term(n.value, f) in self.term(n.term, f)
        if kind == "Compare":
            return self._compare(n, f)
        raise AssertionError(f"cannot evaluate {kind}")

    def _together(self, t: str, f: Facts) -> bool:
        tl = self.setting.timeline
        places = {f.loc[(p, t)] for p in self.setting.categories[tl.people].ids}
        return len(places) == 1 and AWAY not in places

    def _compare(self, n, f: Facts) -> bool:
        left, right = self.term(n.left, f), self.term(n.right, f)
        if n.op == "==":
            return left == right
        if n.op == "!=":
            return left != right
        a, b = self._items[left].index, self._items[right].index
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[n.op]

    # ---- terms ----------------------------------------------------------------
    def term(self, n, f: Facts):
        kind = type(n).__name__
        if kind == "AnswerRef":
            return f.answer[n.category]
        if kind == "ItemConst":
            return n.item
        if kind == "ValueConst":
            return n.value
        if kind == "AwayConst":
            return AWAY
        if kind == "Number":
            return n.value
        if kind == "Liars":
            return len(f.liars)
        if kind == "At":
            return f.loc[(self.term(n.person, f), self.term(n.time, f))]
        if kind == "AttrOf":
            value = self._items[self.term(n.term, f)].attrs[n.attribute]
            if n.kind == "code":
                return list(value["colours"]) + list(value["numbers"])
            return value
        raise AssertionError(f"cannot evaluate term {kind}")


def mentions(node, kinds: tuple) -> bool:
    """Does the clue use any of these IR node types (e.g. the timeline, cards, liars)?"""
    return any(isinstance(x, kinds) for x in ir.walk(node))


def is_pure(node) -> bool:
    """True when the clue's truth depends on the answer alone (no world, no liars)."""
    return not mentions(node, (ir.At, ir.Together, ir.Holds, ir.Lies, ir.Liars, ir.FactOf))
