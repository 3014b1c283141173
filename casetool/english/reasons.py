"""What a one-clue step says on its way to the conclusion: the clue in its own words ('the
culprit does not wear glasses, so ...'), and what the page already knows that settles an 'if'
('if the culprit has brown hair, the hiding place is the Cart; it is the Parade, so ...')."""

from __future__ import annotations

from ..explain.steps import Fact, Step
from ..language import ir
from ..load.model import Case, Clue
from .claims import Claim, common_subject, in_words, left_of, step_claims
from .names import clue_ref, join


def said_on_the_way(case: Case, step: Step, known: set[Fact], clues: list[Clue], so: str) -> tuple[str, str]:
    """One plain statement that rules out what it does not name is said on the way: 'the
    culprit does not wear glasses, so Professor Plum is not the culprit', never 'tells us that
    Professor Plum is not the culprit', which the reader cannot find on the wheel. An 'if' is
    read with what the page knows that settles it: 'if the culprit has brown hair, the hiding
    place is the Cart; it is the Parade, so ...'; a quoted note's 'if' is not said again, only
    the reason, first: 'since the crime happened in the Cellar, the note “If ...” tells us
    ...'. (the reason said before the step, or ''; what it concludes)"""
    if len(clues) != 1:
        return "", so
    expr, quoted = clues[0].expr, "\u201c" in clue_ref(case, clues[0].id)
    words = _if_words(case, expr) if isinstance(expr, ir.Implies) else in_words(case, expr)
    reason = _settled_by(case, expr, step.facts) if isinstance(expr, ir.Implies) else ""
    if reason:
        if quoted or not words:   # the 'if' is on the page already: only why it reads as it does
            return f"since {reason}, ", so
        return "", f"{words}; {_it(case, words, reason)}, so {so}"
    if quoted or not words or words in so or _names_all(clues[0], step_claims(case, step, known)):
        return "", so   # a quoted note is there to read already
    return "", f"{words}, so {so}"


def _it(case: Case, words: str, reason: str) -> str:
    """The reason with its subject said as 'it' when the 'if' has just ended on that subject:
    'the hiding place is the Cart; it is the Parade' (never the hiding place twice running)."""
    subject = common_subject(case, [words.rsplit(", ", 1)[-1], reason])
    return "it " + reason[len(subject) + 1:] if subject and " and " not in reason else reason


def _settled_by(case: Case, rule: ir.Implies, facts: list[Fact]) -> str:
    """What the page knows of the categories the 'if' speaks of: each one the facts decide
    ('the crime happened in the Cellar'), else the result's item the facts rule out ('the
    hiding place is not the Cart'); '' when they settle none."""
    decided = []
    for cid in dict.fromkeys(n.category for n in ir.walk(rule) if isinstance(n, ir.AnswerRef)):
        left = left_of(case, cid, facts)
        if len(left) == 1 and len(case.setting.categories[cid].ids) > 1:
            decided.append(in_words(case, ir.Compare(ir.CompareOp.EQ, ir.AnswerRef(cid), ir.ItemConst(cid, left[0]))))
    if decided and None not in decided:
        return join(decided, "and")   # type: ignore[arg-type]
    result = rule.right
    if isinstance(result, ir.Compare) and result.op == ir.CompareOp.EQ and isinstance(result.left, ir.AnswerRef) \
            and isinstance(result.right, ir.ItemConst) and Fact("not", result.left.category, result.right.item) in facts:
        return in_words(case, ir.Not(result)) or ""
    return ""


def _if_words(case: Case, rule: ir.Implies) -> str | None:
    """'if the culprit is middle-aged, the culprit does not paint', or None."""
    premise, result = in_words(case, rule.left), in_words(case, rule.right)
    return f"if {premise}, {result}" if premise and result else None


def _names_all(clue: Clue, claims: list[Claim]) -> bool:
    """Whether the clue itself names every item the step's claims name, or gives their order
    ('The crime did not happen in the Hall': the Hall; 'after dusk': the hours up to dusk)."""
    named = {(n.left.category, n.right.item) for n in ir.walk(clue.expr)
             if isinstance(n, ir.Compare) and isinstance(n.left, ir.AnswerRef) and isinstance(n.right, ir.ItemConst)}
    ordered = {cat for cat, _ in named}
    return all(c.how in ("before", "after") and c.category in ordered
               or all((c.category, i) in named for i in c.items) for c in claims)
