"""Which candidates would make one another padding, asked in plain Python while clues are
chosen (lint/padding.py's question, L014): a side of an either/or or a conditional that
one other candidate, which cannot be a lie, settles outright.

Only clues on the answer alone are judged here, by running through every answer of the
categories the two clues name: cheap (a few hundred evaluations a pair, each pair once a
draft), and sound, since the setting's rules can only remove answers. What it misses (a
note on whereabouts settling one) the engine's last check on the written case catches.
"""

from __future__ import annotations

import itertools

from ..language import ir
from ..language.evaluate import Evaluator, is_pure
from ..lint.padding import chain, sides
from ..load.model import Setting, World
from .candidates.builder import Candidate


def can_lie(setting: Setting, liar_rule: str, speaker: str | None) -> bool:
    """May this speaker's statement be a lie under the rule? (case.who_can_lie, before the
    case exists: under "the culprit lies" every suspect who may lie, else every speaker who
    may)."""
    ch = setting.characters.get(speaker) if speaker else None
    if ch is None or not ch.may_lie or liar_rule == "none":
        return False
    if liar_rule == "culprit":
        return bool(ch.item) and ch.item in setting.categories[setting.culprit].ids
    return True


class Pads:
    def __init__(self, setting: Setting, liar_rule: str, answer: dict[str, str]):
        self.setting, self.liar_rule = setting, liar_rule
        self.evaluator = Evaluator(setting)
        self.answer = dict(answer)
        self.memo: dict[tuple[str, str], bool] = {}

    def clashes(self, cand: Candidate, others: list[Candidate]) -> bool:
        """Would `cand` beside any of `others` make one of the two padding?"""
        return any(self.pair(cand, o) for o in others if o.key != cand.key)

    def pair(self, a: Candidate, b: Candidate) -> bool:
        key = (a.key, b.key) if a.key < b.key else (b.key, a.key)
        if key not in self.memo:
            self.memo[key] = self.pads(a, b) or self.pads(b, a)
        return self.memo[key]

    def pads(self, by: Candidate, cand: Candidate) -> bool:
        """Does `by`, which cannot be a lie, settle a side of `cand`?"""
        if by.expr is None or cand.expr is None or can_lie(self.setting, self.liar_rule, by.speaker):
            return False
        if isinstance(cand.expr, ir.Implies) and \
                chain(self.setting, by.speaker, cand.expr, self.evaluator.holds(cand.expr.left, World(dict(self.answer)))):
            return False   # a premise the oracle names true is read forward from its word (lint L014)
        return is_pure(by.expr) and any(self.settles(by.expr, side) for side in sides(cand.expr) if is_pure(side))

    def settles(self, by: object, side: object) -> bool:
        """Over every answer of the categories both name: where `by` holds, `side` is one
        way only, though alone it goes both ways (else the setting settles it: L012)."""
        mine, theirs = _categories(side), _categories(by)
        if not set(mine) & set(theirs):
            return False
        cats = mine + [c for c in theirs if c not in mine]
        facts = World(dict(self.answer))
        alone: set[bool] = set()
        given: set[bool] = set()
        for combo in itertools.product(*(self.setting.categories[c].ids for c in cats)):
            facts.answer.update(zip(cats, combo, strict=True))
            value = self.evaluator.holds(side, facts)
            alone.add(value)
            if self.evaluator.holds(by, facts):
                given.add(value)
        return len(alone) == 2 and len(given) == 1


def _categories(expr: object) -> list[str]:
    out: list[str] = []
    for node in ir.walk(expr):
        if isinstance(node, ir.AnswerRef) and node.category not in out:
            out.append(node.category)
    return out
