"""Variety within a case: no more than SAME clues of one skeleton in one wording. Five
witnesses who each say "If the culprit wears glasses, they are lying low at the Fair" with
other words in the slots read as one sentence said five times (the editor's read of
hampshire traits 61). A conditional said of the culprit has three wordings
(english.forms.rewordings: "If ...", "Should the culprit ...", "... if they ..."), which the
clues of one skeleton take in turn (candidates.builder.worded); a hampshire medium case
chains three or four of them, and capped at two it was graded medium in 1 draft of 40 (5
with the wordings, 7 before the cap).

A skeleton is what is left of a composed clue (an either/or, a conditional) once the words
in its slots are taken out: its form and, for each side, the answer categories it speaks of
and whether it is denied: "If the culprit has red hair, they are lying low in the Cart" and
"If the culprit is elderly, they are not lying low on the Bus" are conditional(suspect;
scene) and conditional(suspect; not scene). One fact, a list, an order or a note on who was
where is a case's plain material and has no skeleton here (a timeline lives on its notes).
"""

from __future__ import annotations

from ..language import ir

SAME = 2            # clues of one skeleton a case may hold
COMPOSED = ("either", "conditional")


def skeleton(form: str, expr: object) -> str:
    """The clue's skeleton, or '' for a form that has none (see the module's doc)."""
    if form not in COMPOSED or expr is None:
        return ""
    if isinstance(expr, ir.Implies):
        sides: tuple[object, ...] = (expr.left, expr.right)
    elif isinstance(expr, ir.Or):
        sides = tuple(expr.args)
    else:
        return ""
    return f"{form}({'; '.join(_side(s) for s in sides)})"


def _side(expr: object) -> str:
    cats = sorted({n.category for n in ir.walk(expr) if isinstance(n, ir.AnswerRef)})
    denied = isinstance(expr, ir.Not) or (isinstance(expr, ir.Compare) and expr.op == ir.CompareOp.NE)
    return ("not " if denied else "") + ",".join(cats)


def repeats(skeletons: list[str]) -> int:
    """How many clues of `skeletons` are past SAME of their skeleton."""
    seen: dict[str, int] = {}
    for s in skeletons:
        if s:
            seen[s] = seen.get(s, 0) + 1
    return sum(max(0, n - SAME) for n in seen.values())
