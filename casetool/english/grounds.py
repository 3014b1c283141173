"""The traits a step leans on, said: a note read with what the page has found leans on the found
item's traits that the note speaks of ('since the crime happened in the Kitchen, and so in a room
next to the Cellar, the note “Whoever struck in a room next to the Cellar ...”', grange timeline
medium 106 left the Kitchen's neighbours to look up; 'since the weapon was a leather-bound atlas,
and so made of paper, the fact “Whoever used a weapon made of paper ...”', murdle liars hard 92)."""

from __future__ import annotations

from ..language import ir
from ..load.model import Case
from .claims import common_subject, in_words
from .names import join


def found_with_traits(case: Case, expr, cid: str, item: str) -> str:
    """'the crime happened in the Kitchen, and so in a room next to the Cellar': the found item
    said with each of its traits `expr` speaks of (true or not of it), each in the clues' own
    phrase; the bare 'the crime happened in the Kitchen' when it speaks of none, or a trait has
    no phrase."""
    base = in_words(case, ir.Compare(ir.CompareOp.EQ, ir.AnswerRef(cid), ir.ItemConst(cid, item))) or ""
    facts = _facts(case, expr, cid, item)
    said = [in_words(case, f) or "" for f in facts]
    subject = common_subject(case, [base, *said]) if base and said and all(said) else None
    if not subject:
        return base
    verb = base[len(subject) + 1:].split(" ", 1)[0]
    preds = [s[len(subject) + 1:] for s in said]
    preds = [p.removeprefix(verb + " ") if p.startswith(verb + " ") else p for p in preds]
    return f"{base}, and so {join(preds, 'and')}"


def _facts(case: Case, expr, cid: str, item: str) -> list:
    """What holds of the item for each trait test on category `cid`'s answer in `expr`: the test
    itself when the item passes it, else its negation."""
    found = case.setting.categories[cid].item(item)
    if found is None:
        return []
    out: list = []
    for node in ir.walk(expr):
        term = node.term if isinstance(node, (ir.Contains, ir.Has, ir.Truthy)) else \
            node.left if isinstance(node, ir.Compare) else None
        if not (isinstance(term, ir.AttrOf) and term.term == ir.AnswerRef(cid)) or term.attribute not in found.attrs:
            continue
        held = _holds(node, found.attrs[term.attribute])
        if held is None:
            return []
        fact = node if held else _own(case, term, found.attrs[term.attribute]) if isinstance(node, ir.Compare) \
            else ir.Not(node)   # type: ignore[arg-type]   # a test node: a condition
        if fact not in out:
            out.append(fact)
    return out


def _own(case: Case, term: ir.AttrOf, value):
    """The item's own value of a trait a test fails on, as a test that holds ('in the Kitchen,
    and so in a room six paces across', never a denial the phrases have no words for)."""
    attr = case.setting.categories[term.term.category].attributes.get(term.attribute)   # type: ignore[union-attr]
    kind = attr.kind if attr is not None else ""
    const = ir.ItemConst(attr.category, value) if attr is not None and kind == "item" else \
        ir.Number(value) if kind == "number" else ir.ValueConst(value)
    return ir.Compare(ir.CompareOp.EQ, term, const)


def _holds(node, value) -> bool | None:
    if isinstance(node, (ir.Contains, ir.Has)):
        want = node.value.item if isinstance(node.value, ir.ItemConst) else getattr(node.value, "value", None)
        return want in value if isinstance(value, (list, tuple, set, frozenset)) else None
    if isinstance(node, ir.Truthy):
        return bool(value)
    if isinstance(node, ir.Compare) and node.op in (ir.CompareOp.EQ, ir.CompareOp.NE):
        want = node.right.item if isinstance(node.right, ir.ItemConst) else getattr(node.right, "value", None)
        return (value == want) == (node.op == ir.CompareOp.EQ)
    return None
