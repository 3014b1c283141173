"""Parse clue text into a syntax tree whose nodes carry their offset in the text."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeAlias

from . import parser_cache

if TYPE_CHECKING:  # the generated parser's classes are Lark's own, copied
    from lark import (
        Lark,
        Token,
        Transformer,
        UnexpectedCharacters,
        UnexpectedEOF,
        UnexpectedInput,
        UnexpectedToken,
    )
else:  # from the generated parser (parser_cache.py): importing Lark costs a small check 27 ms
    _lark = parser_cache.runtime()
    Token, Transformer = _lark.Token, _lark.Transformer
    UnexpectedCharacters, UnexpectedEOF = _lark.UnexpectedCharacters, _lark.UnexpectedEOF
    UnexpectedInput, UnexpectedToken = _lark.UnexpectedInput, _lark.UnexpectedToken


@dataclass
class Node:
    kind: str  # e.g. "and", "compare", "name", "attr", "at", "quantifier"
    start: int
    # the children: a Node each, a list of Nodes for a `[...]` list, None for an absent `where`
    args: list[Any] = field(default_factory=list)
    op: str = ""  # operator, name or number text

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"{self.kind}({self.op!r}, {self.args})" if self.op else f"{self.kind}{self.args}"


Children: TypeAlias = list[Any]   # a rule's children as the transformer hands them over


class ClueSyntaxError(Exception):
    def __init__(self, offset: int, message: str):
        super().__init__(message)
        self.offset = offset
        self.message = message


@lru_cache(maxsize=1)
def _parser() -> Lark:
    parser: Lark = parser_cache.load()
    return parser


_TERMINAL_NAMES = {
    "NAME": "a name", "NUMBER": "a number", "CMP": "a comparison (== != < > <= >=)",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "COLON": "':'",
    "DOT": "'.'", "PLUS": "'+'", "MINUS": "'-'", "$END": "the end of the clue",
}


def _describe(terminals: Collection[str]) -> str:
    if "NAME" in terminals and len(terminals) > 5:
        return "a condition or a value (a name, a number, `(`, `not`, `all`, ...)"
    names = sorted({_TERMINAL_NAMES.get(t, t.lower().replace("_", " ")) for t in terminals})
    if len(names) > 6:
        names = names[:6] + ["..."]
    return ", ".join(names)


def parse(text: str) -> Node:
    """Parse `text`; raise ClueSyntaxError with the offset of the problem."""
    if len(text) > 10_000:
        raise ClueSyntaxError(0, "clue is too long (over 10,000 characters); split it into several clues")
    if not text.strip():
        raise ClueSyntaxError(0, "empty clue meaning; write a condition such as `suspect == plum`")
    try:
        tree = _parser().parse(text)
    except UnexpectedCharacters as exc:
        at = exc.pos_in_stream or 0  # lark types it Optional; a character error always has one
        raise ClueSyntaxError(at, f"unexpected character {text[at]!r}") from None
    except UnexpectedToken as exc:
        if exc.token.type == "$END":
            raise ClueSyntaxError(len(text.rstrip()), f"clue ends too early; expected {_describe(exc.expected)}") from None
        return_offset = exc.token.start_pos or 0
        raise ClueSyntaxError(return_offset, f"unexpected {exc.token.value!r}; expected {_describe(exc.expected)}") from None
    except UnexpectedEOF as exc:
        raise ClueSyntaxError(len(text.rstrip()), f"clue ends too early; expected {_describe(exc.expected)}") from None
    except UnexpectedInput as exc:  # pragma: no cover - other lark errors
        raise ClueSyntaxError(getattr(exc, "pos_in_stream", 0) or 0, "cannot parse this clue") from None
    except RecursionError:
        raise ClueSyntaxError(0, "clue is nested too deeply") from None
    try:
        node: Node = _ToNodes().transform(tree)
        return node
    except RecursionError:
        raise ClueSyntaxError(0, "clue is nested too deeply") from None


def _chain(kind: str) -> Callable[[_ToNodes, list[Any]], Node]:
    """The transformer method for a chain of one binary operator (`a and b and c`): one node, flat."""
    def build(self: _ToNodes, children: list[Any]) -> Node:
        operands = [c for c in children if not isinstance(c, Token)]
        if len(operands) == 1:
            first: Node = operands[0]
            return first
        return Node(kind, operands[0].start, operands)
    return build


class _ToNodes(Transformer[Token, Node]):
    """Lark tree -> Node. Keyword tokens are dropped; names keep their offsets."""

    def __default__(self, data: str, children: list[Any], meta: Any) -> Node:
        raise AssertionError(f"unhandled grammar rule {data}")

    iff_chain = _chain("iff")
    xor_chain = _chain("xor")
    or_chain = _chain("or")
    and_chain = _chain("and")

    def implies(self, c: Children) -> Node:
        return Node("implies", c[0].start, [c[0], c[2]])

    def not_(self, c: Children) -> Node:
        return Node("not", c[0].start_pos, [c[1]])

    def compare(self, c: Children) -> Node:
        return Node("compare", c[0].start, [c[0], c[2]], op=str(c[1]))

    def member(self, c: Children) -> Node:
        return Node("member", c[0].start, [c[0], c[2]])

    def not_member(self, c: Children) -> Node:
        # not `not (x in [...])`: like `!=`, it is false when x names nothing (resolve.c_not_member)
        return Node("not_member", c[0].start, [c[0], c[3]])

    def has(self, c: Children) -> Node:
        return Node("has", c[0].start, [c[0], c[2]])

    def between(self, c: Children) -> Node:
        return Node("between", c[0].start, [c[0], c[2], c[4]])

    def list(self, c: Children) -> Children:
        return c

    def lies(self, c: Children) -> Node:
        return Node("lies", c[0].start_pos, [c[1]])

    def holds(self, c: Children) -> Node:
        return Node("holds", c[0].start_pos, [Node("name", c[1].start_pos, op=str(c[1])), c[2]])

    def arith(self, c: Children) -> Node:
        return Node("arith", c[0].start, [c[0], c[2]], op=str(c[1]))

    def together(self, c: Children) -> Node:
        return Node("together", c[0].start_pos, [c[1]])

    def true(self, c: Children) -> Node:
        return Node("const", c[0].start_pos, op="true")

    def false(self, c: Children) -> Node:
        return Node("const", c[0].start_pos, op="false")

    def bool_term(self, c: Children) -> Node:
        return Node("bool_term", c[0].start, [c[0]])

    def count(self, c: Children) -> tuple[str, int, int]:
        words = " ".join(str(c[0]).split())
        return (words, int(c[1]), c[0].start_pos)

    def quant(self, c: Children) -> tuple[str, int | None, int]:
        if isinstance(c[0], tuple):
            counted: tuple[str, int, int] = c[0]
            return counted
        return (str(c[0]), None, c[0].start_pos)

    def quantifier(self, c: Children) -> Node:
        (word, n, start), var, _in, cat, *rest = c
        where = rest[1] if len(rest) == 3 else None
        body = rest[-1]
        args = [Node("name", var.start_pos, op=str(var)), Node("name", cat.start_pos, op=str(cat)), where, body]
        return Node("quantifier", start, args, op=f"{word} {n}" if n is not None else word)

    def counting(self, c: Children) -> Node:
        (word, n, start), _of, *exprs = c
        return Node("counting", start, list(exprs), op=f"{word} {n}")

    def name(self, c: Children) -> Node:
        return Node("name", c[0].start_pos, op=str(c[0]))

    def attr(self, c: Children) -> Node:
        return Node("attr", c[0].start, [c[0]], op=str(c[1]))

    def at(self, c: Children) -> Node:
        return Node("at", c[0].start_pos, [c[1], c[2]])

    def number(self, c: Children) -> Node:
        return Node("number", c[0].start_pos, op=str(c[0]))

    def away(self, c: Children) -> Node:
        return Node("away", c[0].start_pos)

    def liars(self, c: Children) -> Node:
        return Node("liars", c[0].start_pos)


KEYWORDS = frozenset("""implies iff xor or and not in has between lies holds together true false
where of all any no exactly at most least away liars""".split())
