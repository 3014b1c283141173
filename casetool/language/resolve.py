"""Resolve names and check types: syntax tree -> typed IR (see ir.py).

Errors are raised as ResolveError with the offset in the clue text, so the caller
can point at the clue's own line and column in the YAML file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn, cast

from ..diagnostics import did_you_mean
from ..load.model import Attribute, Case, Category, Setting, Timeline
from . import ir
from .syntax import Node

# A quantifier's body is resolved once, with its variable as an ir.Var. When its copies
# (one per item, nested quantifiers multiply) come to at most UNROLL_MAX conditions it is
# then unrolled, one copy per item (the samples' largest clue needs about 1,000: their
# meanings and reports stay as they were); beyond that it is kept whole, an ir.Quant that
# the compiler binds item by item, sharing what each binding has in common (a board's
# movement rule over suspects x times x rooms x rooms at 8 x 8 x 10 x 8 is 115,000
# conditions: 0.15 s to compile, bench/board.py). MAX_EXPANDED bounds what a clue may
# range over at all (T010, at the outermost quantifier): compiling takes about 15-25
# microseconds a binding, so a clue at the limit compiles in 1-3 s; depth 6 over 12
# suspects (3 million bindings) is refused at once.
UNROLL_MAX = 4_000
MAX_EXPANDED = 1_000_000
# The largest number a clue may hold: counts are of witnesses and items, and the solver
# works on 64-bit integers (sums of them must not overflow).
MAX_NUMBER = 2**31 - 1

COUNT_OPS = {"exactly": ir.CountOp.EXACTLY, "at most": ir.CountOp.AT_MOST, "at least": ir.CountOp.AT_LEAST}
EQUALITY = (ir.CompareOp.EQ, ir.CompareOp.NE)


class OffEnd(Exception):
    """A step (`t + 1`) on a quantified variable leaves its order; the quantifier skips the item."""
    def __init__(self, var: str):
        super().__init__(var)
        self.var = var


class ResolveError(Exception):
    def __init__(self, offset: int, code: str, message: str):
        super().__init__(message)
        self.offset, self.code, self.message = offset, code, message


@dataclass(frozen=True)
class T:
    """The type of a term: kind is item | value | set | bool | place | away | int."""
    kind: str
    category: str = ""
    attribute: str = ""

    def describe(self) -> str:
        return {
            "item": f"a {self.category}",
            "value": f"a value of {self.attribute}",
            "set": f"the set-valued attribute {self.attribute}",
            "bool": f"the true/false attribute {self.attribute}",
            "place": "a whereabouts (a place or away)",
            "away": "away",
            "int": "a number",
        }[self.kind]


class Resolver:
    def __init__(self, setting: Setting, case: Case | None = None):
        self.setting = setting
        self.case = case
        self.scope: dict[str, ir.ItemConst | ir.Var] = {}
        self.size = 0                   # conditions so far, as if every quantifier were unrolled
        self.steps: dict[str, set[int]] = {}  # quantified variable -> the steps taken on it (`t + 1`: 1)
        self.outer: Node | None = None  # the outermost quantifier, where a size error points
        self.lies_named: list[tuple[int, str]] = []  # (offset, character) of each `lies(name)`

    def fail(self, node: Node, code: str, message: str) -> NoReturn:
        raise ResolveError(node.start, code, message)

    # ---- conditions --------------------------------------------------------
    def grow(self, node: Node) -> None:
        self.size += 1
        self.check_size(node)

    def check_size(self, node: Node) -> None:
        if self.size > MAX_EXPANDED:
            self.fail(self.outer or node, "T010",
                      f"this clue unrolls to more than {MAX_EXPANDED:,} conditions (each quantifier repeats "
                      "what it contains once per item, and nested ones multiply); nest fewer quantifiers, "
                      "use a `where` to narrow them, or split the clue into several clues")

    def condition(self, node: Node) -> ir.Formula:
        self.grow(node)
        method: Callable[[Node], ir.Formula] | None = getattr(self, "c_" + node.kind, None)
        if method is None:
            term, typ = self.term(node)
            self.fail(node, "T001", f"{typ.describe()} is not a condition; compare it, e.g. `... == ...`")
        return method(node)

    def c_const(self, node: Node) -> ir.Formula:
        return ir.Const(node.op == "true")

    def c_not(self, node: Node) -> ir.Formula:
        return ir.Not(self.condition(node.args[0]))

    def c_and(self, node: Node) -> ir.Formula:
        return ir.And(tuple(self.condition(a) for a in node.args))

    def c_or(self, node: Node) -> ir.Formula:
        return ir.Or(tuple(self.condition(a) for a in node.args))

    def c_xor(self, node: Node) -> ir.Formula:
        # `a xor b xor c` is true for one or three of them, not "exactly one", as many read it
        if len(node.args) > 2:
            self.fail(node.args[2], "T009", "a chain of `xor` is ambiguous: it means an odd number of them, "
                      "not exactly one; write `exactly 1 of [a, b, c]`, or `(a xor b) xor c` for an odd number")
        return ir.Xor(tuple(self.condition(a) for a in node.args))

    def c_iff(self, node: Node) -> ir.Formula:
        if len(node.args) > 2:
            self.fail(node.args[2], "T009", "a chain of `iff` is ambiguous; add parentheses, e.g. `(a iff b) iff c`")
        return ir.Iff(tuple(self.condition(a) for a in node.args))

    def c_implies(self, node: Node) -> ir.Formula:
        return ir.Implies(self.condition(node.args[0]), self.condition(node.args[1]))

    def c_bool_term(self, node: Node) -> ir.Formula:
        term, typ = self.term(node.args[0])
        if typ.kind != "bool":
            hint = " (use `has` to test a set-valued attribute)" if typ.kind == "set" else ", e.g. `... == ...`"
            self.fail(node, "T001", f"{typ.describe()} is not a condition; compare it{hint}")
        assert isinstance(term, ir.AttrOf)   # a bool is an attribute's (t_attr)
        return ir.Truthy(term)

    def c_compare(self, node: Node) -> ir.Formula:
        left, right = node.args
        op = ir.CompareOp(node.op)
        lt, ltype = self.term(left, allow_value=True)
        if ltype.kind == "set":
            self.check_comparable(node, op, ltype, ltype)
        rt, rtype = self.term_like(right, ltype)
        if ltype.kind == "value" and isinstance(lt, ir.ValueConst):  # `male == suspect.gender`
            rt, rtype = self.term(right)
            lt, ltype = self.term_like(left, rtype)
        self.check_comparable(node, op, ltype, rtype)
        return ir.Compare(op, lt, rt)

    def check_comparable(self, node: Node, op: ir.CompareOp, ltype: T, rtype: T) -> None:
        if ltype.kind == "set" or rtype.kind == "set":
            self.fail(node, "T003", "a set-valued attribute cannot be compared with `==`; "
                      "use `has`, e.g. `place.wings has north`")
        pair = {ltype.kind, rtype.kind}
        if ltype.kind == "int" and rtype.kind == "int":
            return
        if pair <= {"place", "away"} or (pair == {"place", "item"} and self._places_category() in (ltype.category, rtype.category)):
            if op not in EQUALITY:
                self.fail(node, "T004", "whereabouts can only be compared with == or !=")
            return
        same = ltype == rtype or (ltype.kind == rtype.kind == "value" and self.same_values(ltype.attribute, rtype.attribute))
        if not same:
            self.fail(node, "T002", f"cannot compare {ltype.describe()} with {rtype.describe()}")
        if op in EQUALITY:
            return
        if ltype.kind != "item" or not self.setting.categories[ltype.category].ordered:
            what = ltype.category if ltype.kind == "item" else ltype.attribute
            self.fail(node, "T004", f"`{op}` needs an ordered category, and {what} is not ordered "
                      "(set `ordered: true` on the category in the setting)")

    def c_member(self, node: Node) -> ir.Formula:
        return ir.Or(self._each_item(node, ir.CompareOp.EQ))

    def c_not_member(self, node: Node) -> ir.Formula:
        """`x not in [a, b]` is `x != a and x != b`: false, as each `!=` is, when x names nothing
        (a step past the end of an order, the place of someone away)."""
        return ir.And(self._each_item(node, ir.CompareOp.NE))

    def _each_item(self, node: Node, op: ir.CompareOp) -> tuple[ir.Formula, ...]:
        """`x op item` for each item of `x [not] in [...]`, each type-checked where it stands."""
        left, items = node.args
        lt, ltype = self.term(left)
        options: list[ir.Formula] = []
        for item in items:
            rt, rtype = self.term_like(item, ltype)
            self.check_comparable(item, op, ltype, rtype)
            options.append(ir.Compare(op, lt, rt))
        return tuple(options)

    def c_has(self, node: Node) -> ir.Formula:
        lt, ltype = self.term(node.args[0])
        if ltype.kind != "set":
            self.fail(node, "T005", f"`has` needs a set-valued attribute, not {ltype.describe()}")
        assert isinstance(lt, ir.AttrOf)   # a set is an attribute's (t_attr)
        right = node.args[1]
        if ltype.category:
            return self.has_item(lt, ltype, right)
        if right.kind == "number" or (right.kind == "name" and not self._is_term_name(right.op)):
            return ir.Has(lt, self.value_of(right, ltype.attribute))
        return self.has_term(lt, ltype, right)

    def c_between(self, node: Node) -> ir.Formula:
        subject, low, high = node.args
        st, stype = self.term(subject)
        lo, lotype = self.term_like(low, stype)
        hi, hitype = self.term_like(high, stype)
        self.check_comparable(node, ir.CompareOp.LE, stype, lotype)
        self.check_comparable(node, ir.CompareOp.LE, stype, hitype)
        return ir.And((ir.Compare(ir.CompareOp.GE, st, lo), ir.Compare(ir.CompareOp.LE, st, hi)))

    def c_lies(self, node: Node) -> ir.Formula:
        arg = node.args[0]
        chars = self.setting.characters
        if arg.kind == "name" and arg.op not in self.scope:
            if arg.op in chars:
                self.lies_named.append((arg.start, arg.op))
                return ir.Lies(arg.op)
            if arg.op not in self.setting.categories and self.setting.find_item(arg.op) is None:
                self.fail(arg, "N003", f"unknown character '{arg.op}'{did_you_mean(arg.op, list(chars) + list(self.scope))}")
        return self.lies_of(arg)

    def lies_of(self, arg: Node) -> ir.Formula:
        """`lies(p)`, `lies(suspect)`: the character whose `item:` is that item lies."""
        term, typ = self.term(arg)
        owners = {ch.item for ch in self.setting.characters.values() if ch.item}
        if typ.kind != "item" or not owners & set(self.setting.categories[typ.category].ids):
            self.fail(arg, "T010", f"`lies(...)` needs a character, or an item that is a character's `item:`, "
                      f"not {typ.describe()}")
        return ir.LiesOf(term)

    def c_holds(self, node: Node) -> ir.Formula:
        player, card = node.args
        if not self.setting.cards:
            self.fail(node, "T006", "`holds` needs a card setting (set `cards: true` in the setting)")
        players = [p.id for p in self.case.players] if self.case else []
        if player.op not in players:
            self.fail(player, "N004", f"unknown player '{player.op}'{did_you_mean(player.op, players)}")
        if card.kind != "name" or card.op in self.scope or card.op in self.setting.categories:
            return self.holds_of(player.op, card)
        item = self.setting.find_item(card.op)
        if item is None or item.category not in self.setting.answer:
            names = [i.id for c in self.setting.answer for i in self.setting.categories[c].items]
            self.fail(card, "N002", f"unknown card '{card.op}'{did_you_mean(card.op, names + list(self.scope))}")
        return ir.Holds(player.op, card.op)

    def holds_of(self, player: str, card: Node) -> ir.Formula:
        """`holds(ann, c)` with a variable, an answer reference or an attribute as the card."""
        term, typ = self.term(card)
        if typ.kind != "item" or typ.category not in self.setting.answer:
            self.fail(card, "T002", f"expected a card (an item of {', '.join(self.setting.answer)}) here, "
                      f"not {typ.describe()}")
        return ir.HoldsOf(player, term)

    def c_together(self, node: Node) -> ir.Formula:
        timeline = self.need_timeline(node)
        t, ttype = self.term(node.args[0])
        self.expect(node.args[0], ttype, T("item", timeline.times))
        return ir.Together(t)

    def c_quantifier(self, node: Node) -> ir.Formula:
        var, cat, where, body = node.args
        category = self.category_named(cat)
        if var.op in self.scope or var.op in self.setting.categories or self.setting.find_item(var.op):
            self.fail(var, "N005", f"'{var.op}' is already a name here; pick another variable name")
        self.outer = self.outer or node
        start, named = self.size, len(self.lies_named)
        # the body once, with the variable as itself: its types, its size and its steps
        self.scope[var.op] = ir.Var(var.op, category.id)
        self.steps[var.op] = set()
        try:
            cond = self.condition(where) if where is not None else ir.Const(True)
            inner = self.condition(body)
        finally:
            del self.scope[var.op]
            steps = self.steps.pop(var.op)
        self.size = start + len(category.items) * (self.size - start)
        self.check_size(node)
        word, _, n = node.op.partition(" ")
        if self.size - start > UNROLL_MAX:
            ids = category.ids
            items = tuple(i for k, i in enumerate(ids) if all(0 <= k + by < len(ids) for by in steps))
            if word in ("all", "any", "no"):
                return ir.Quant(ir.QuantWord(word), None, 0, var.op, category.id, items, cond, inner)
            count = self.count(node, ())
            return ir.Quant(ir.QuantWord.COUNT, count.op, count.n, var.op, category.id, items, cond, inner)
        size = self.size
        del self.lies_named[named:]
        parts = self.unroll(var, category, where, body)
        self.size = size
        if word == "all":
            return ir.And(tuple(ir.Implies(c, b) for c, b in parts))
        both = tuple(ir.And((c, b)) for c, b in parts)
        if word == "any":
            return ir.Or(both)
        if word == "no":
            return ir.Not(ir.Or(both))
        return self.count(node, both)

    def unroll(self, var: Node, category: Category, where: Node | None,
               body: Node) -> list[tuple[ir.Formula, ir.Formula]]:
        """(where, body) resolved once per item, the variable that item."""
        parts: list[tuple[ir.Formula, ir.Formula]] = []
        for item in category.items:
            self.scope[var.op] = ir.ItemConst(category.id, item.id)
            try:
                cond = self.condition(where) if where is not None else ir.Const(True)
                parts.append((cond, self.condition(body)))
            except OffEnd as exc:  # `t + 1` at the last t: this item is left out of the range
                if exc.var != var.op:
                    raise
            finally:
                del self.scope[var.op]
        return parts

    def c_counting(self, node: Node) -> ir.Formula:
        return self.count(node, tuple(self.condition(a) for a in node.args))

    def count(self, node: Node, args: tuple[ir.Formula, ...]) -> ir.Count:
        words, n = node.op.rsplit(" ", 1)
        return ir.Count(COUNT_OPS[words], self.number(node, n), args)

    # ---- terms ---------------------------------------------------------------
    def term(self, node: Node, allow_value: bool = False) -> tuple[ir.Term, T]:
        self.grow(node)
        method: Callable[[Node], tuple[ir.Term, T]] | None = getattr(self, "t_" + node.kind, None)
        if method is None:
            self.fail(node, "T007", "a condition is not a value here; did you mean to compare something?")
        if node.kind == "name":
            return self.t_name(node, allow_value)
        return method(node)

    def term_like(self, node: Node, other: T) -> tuple[ir.Term, T]:
        """Resolve `node` where `other` tells what it should be (attribute values, away)."""
        if node.kind in ("name", "number") and other.kind == "value":
            if node.op not in self.scope and node.op not in self.setting.categories:
                return self.value_of(node, other.attribute), other
        if node.kind == "number" and other.kind == "int":
            return ir.Number(self.number(node, node.op)), T("int")
        if node.kind == "name" and other.kind == "place" and node.op not in self.scope:
            return self.item_in(node, self._places_category())
        return self.term(node)

    def t_name(self, node: Node, allow_value: bool = False) -> tuple[ir.Term, T]:
        name = node.op
        if name in self.scope:
            const = self.scope[name]
            return const, T("item", const.category)
        if name in self.setting.categories:
            if name not in self.setting.answer:
                self.fail(node, "N006", f"category '{name}' is not part of the answer")
            return ir.AnswerRef(name), T("item", name)
        item = self.setting.find_item(name)
        if item is not None:
            return ir.ItemConst(item.category, item.id), T("item", item.category)
        if allow_value and self._attribute_with_value(name):
            return ir.ValueConst(name), T("value", attribute=self._attribute_with_value(name))
        self.fail(node, "N001", f"unknown name '{name}'{did_you_mean(name, self.known_names())}")

    def t_attr(self, node: Node) -> tuple[ir.Term, T]:
        base, btype = self.term(node.args[0])
        if btype.kind == "place":   # `at(p, t).wing`: of where p was (no value when away)
            btype = T("item", self._places_category())
        if btype.kind != "item":
            self.fail(node, "T008", f"{btype.describe()} has no attributes")
        cat = self.setting.categories[btype.category]
        attrs: dict[str, Attribute | None] = dict(cat.attributes)
        if self.setting.codes:
            attrs.setdefault("code", None)
        if node.op not in attrs:
            self.fail(node, "N007", f"{btype.category} has no attribute '{node.op}'{did_you_mean(node.op, attrs)}")
        attr = attrs[node.op]
        if attr is not None and attr.unknown:   # decided by the solver: `suspect.motive`
            typ = T("item", attr.category) if attr.kind == "item" else T("value", attribute=node.op)
            return ir.FactOf(base, node.op, _kind(attr.kind)), typ
        kind = _kind("code" if attr is None else attr.kind)
        if kind == "number":
            return ir.AttrOf(base, node.op, kind), T("int")
        if kind == "item":   # an item-valued attribute: `place.wing`
            assert attr is not None
            return ir.AttrOf(base, node.op, kind), T("item", attr.category)
        shape = {"enum": "value", "set": "set", "code": "set", "bool": "bool"}[kind]
        items_of = attr.category if attr is not None else ""   # a set of items: `room.adjacent`
        return ir.AttrOf(base, node.op, kind), T(shape, category=items_of, attribute=node.op)

    def t_at(self, node: Node) -> tuple[ir.Term, T]:
        timeline = self.need_timeline(node)
        person, ptype = self.term(node.args[0])
        if not (ptype.kind == "item" and ptype.category in timeline.pieces):   # a person, an object, the victim
            self.expect(node.args[0], ptype, T("item", timeline.people))
        time, ttype = self.term(node.args[1])
        self.expect(node.args[1], ttype, T("item", timeline.times))
        return ir.At(person, time), T("place")

    def t_number(self, node: Node) -> tuple[ir.Term, T]:
        return ir.Number(self.number(node, node.op)), T("int")

    def number(self, node: Node, digits: str) -> int:
        n = int(digits)
        if n > MAX_NUMBER:
            self.fail(node, "T011", f"the number {digits} is too large: numbers in clues count witnesses or "
                      f"items, at most {MAX_NUMBER}")
        return n

    def t_away(self, node: Node) -> tuple[ir.Term, T]:
        self.need_timeline(node)
        return ir.AwayConst(), T("away")

    def t_liars(self, node: Node) -> tuple[ir.Term, T]:
        return ir.Liars(), T("int")

    def t_arith(self, node: Node) -> tuple[ir.Term, T]:
        left, right = node.args
        lt, ltype = self.term(left)
        if ltype.kind == "int":
            rt, rtype = self.term(right)
            if rtype.kind != "int":
                self.fail(right, "T002", f"`{node.op}` needs a number here, not {rtype.describe()}")
            return ir.Arith(ir.ArithOp(node.op), lt, rt), T("int")
        if ltype.kind == "item" and self.setting.categories[ltype.category].ordered:
            if right.kind != "number":
                self.fail(right, "T011", f"a step along {ltype.category} takes a whole number, e.g. `{ltype.category} + 1`")
            by = int(right.op) * (1 if node.op == "+" else -1)
            return self.step(left, lt, by, ltype), ltype
        self.fail(node, "T011", f"`{node.op}` works on numbers (numeric attributes, liars) and on items of an "
                  f"ordered category (`time + 1`), not on {ltype.describe()}")

    def step(self, base_node: Node, term: ir.Term, by: int, typ: T) -> ir.Term:
        """`t + 1`: a fixed item folds to the next item; the end of the order is an error
        for a named item and skips the item for a quantified variable (kept whole: the
        quantifier leaves out the items for which its steps leave the order)."""
        if isinstance(term, ir.Step) and isinstance(term.term, ir.Var):   # `t + 1 + 1`
            by += term.by
            term = term.term
        if isinstance(term, ir.Var):
            self.steps[term.name].add(by)
            return ir.Step(term, by)
        if not isinstance(term, ir.ItemConst):
            return ir.Step(term, by)
        ids = self.setting.categories[typ.category].ids
        index = ids.index(term.item) + by
        if 0 <= index < len(ids):
            return ir.ItemConst(typ.category, ids[index])
        if base_node.kind == "name" and base_node.op in self.scope:
            raise OffEnd(base_node.op)
        end = "last" if by > 0 else "first"
        self.fail(base_node, "T012", f"{term.item} is the {end} {typ.category}: `{term.item} {'+' if by > 0 else '-'} "
                  f"{abs(by)}` names no {typ.category}")

    def has_item(self, lt: ir.AttrOf, ltype: T, right: Node) -> ir.Formula:
        """`room.adjacent has kitchen`, `q.adjacent has at(p, t)`: a set of items."""
        rt, rtype = self.term(right)
        places = self._places_category()
        if rtype.kind in ("place", "away") and ltype.category == places:
            return ir.Contains(lt, rt)
        if rtype != T("item", ltype.category):
            self.fail(right, "T002", f"{ltype.attribute} is a set of {ltype.category} items; "
                      f"expected a {ltype.category} here, not {rtype.describe()}")
        return ir.Contains(lt, rt)

    def has_term(self, lt: ir.AttrOf, ltype: T, right: Node) -> ir.Formula:
        """`place.wings has suspect.wing`: a set of values and an attribute of one type."""
        rt, rtype = self.term(right)
        if rtype.kind != "value" or not self.same_values(ltype.attribute, rtype.attribute):
            self.fail(right, "T002", f"cannot test whether {ltype.describe()} has {rtype.describe()}: "
                      "they are not of one type")
        return ir.Contains(lt, rt)

    def same_values(self, a: str, b: str) -> bool:
        """Two attributes are of one type when one's values are all among the other's."""
        va, vb = set(map(str, self._values_of(a))), set(map(str, self._values_of(b)))
        return a == b or va <= vb or vb <= va

    def _is_term_name(self, name: str) -> bool:
        return name in self.scope or name in self.setting.categories or self.setting.find_item(name) is not None

    # ---- helpers ---------------------------------------------------------------
    def expect(self, node: Node, got: T, want: T) -> None:
        if got != want:
            self.fail(node, "T002", f"expected {want.describe()} here, not {got.describe()}")

    def need_timeline(self, node: Node) -> Timeline:
        if self.setting.timeline is None:
            self.fail(node, "T006", "the timeline (`at`, `together`, `away`) needs a `timeline:` in the setting")
        return self.setting.timeline

    def _places_category(self) -> str:
        return self.setting.timeline.places if self.setting.timeline else ""

    def item_in(self, node: Node, category: str) -> tuple[ir.Term, T]:
        if node.kind == "away":
            return ir.AwayConst(), T("away")
        item = self.setting.categories[category].item(node.op)
        if item is None:
            if node.op in self.setting.categories:
                return self.term(node)
            names = self.setting.categories[category].ids + ["away"]
            self.fail(node, "N002", f"unknown {category} '{node.op}'{did_you_mean(node.op, names)}")
        return ir.ItemConst(category, item.id), T("item", category)

    def category_named(self, node: Node) -> Category:
        cat = self.setting.categories.get(node.op)
        if cat is None:
            self.fail(node, "N009", f"unknown category '{node.op}'{did_you_mean(node.op, self.setting.categories)}")
        return cat

    def value_of(self, node: Node, attribute: str) -> ir.ValueConst:
        values = self._values_of(attribute)
        raw = int(node.op) if node.kind == "number" else node.op
        if node.kind not in ("name", "number") or raw not in values:
            shown = node.op if node.kind in ("name", "number") else node.kind
            self.fail(node, "N008", f"unknown value '{shown}' for attribute {attribute}"
                      f"{did_you_mean(str(shown), [str(v) for v in values])}")
        return ir.ValueConst(raw)

    def _values_of(self, attribute: str) -> list[str | int]:
        if attribute == "code" and self.setting.codes:
            return list(self.setting.codes.get("colours", [])) + list(self.setting.codes.get("numbers", []))
        out: list[str | int] = []
        for cat in self.setting.categories.values():
            attr = cat.attributes.get(attribute)
            if attr:
                out.extend(v for v in attr.values if v not in out)
        return out

    def _attribute_with_value(self, name: str) -> str:
        for cat in self.setting.categories.values():
            for attr in cat.attributes.values():
                if name in attr.values:
                    return attr.id
        return ""

    def known_names(self) -> list[str]:
        names = list(self.scope) + list(self.setting.categories)
        names += [i.id for i in self.setting.all_items()]
        return names


def resolve(node: Node, setting: Setting, case: Case | None = None) -> ir.Formula:
    return Resolver(setting, case).condition(node)


def _kind(kind: str) -> ir.AttrKind:
    """An attribute's kind as the IR types it (the setting's schema allows these only)."""
    assert kind in ("enum", "set", "bool", "code", "number", "item"), kind
    return cast(ir.AttrKind, kind)
