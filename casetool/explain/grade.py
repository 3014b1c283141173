"""A difficulty grade from a case's step-wise explanation.

score = steps + 3 x (most clues combined in one step - 1)
        + 3 if a step needs liar case analysis (or a culprit-lies clash)
        + 2 if a step reasons about the timeline + 2 if a step reasons about cards
Levels: easy <= 9 < medium <= 15 < hard <= 24 < fiendish. (docs/explain.md)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Level
from .steps import Explanation

LEVELS = tuple(zip(Level, (9, 15, 24, None), strict=True))  # (level, highest score in it)
LEVEL_NAMES = tuple(name for name, _ in LEVELS)


@dataclass
class Grade:
    level: str
    score: int
    steps: int
    most_clues: int
    liar_analysis: bool
    timeline: bool
    cards: bool


def grade(explanation: Explanation) -> Grade:
    steps = explanation.steps
    most = max((len(s.clues) for s in steps), default=0)
    liar = any("liar" in s.kinds for s in steps) or _culprit_clash(explanation)
    timeline = any("timeline" in s.kinds for s in steps)
    cards = any("cards" in s.kinds for s in steps)
    score = len(steps) + 3 * max(most - 1, 0) + 3 * liar + 2 * timeline + 2 * cards
    return Grade(level_for(score), score, len(steps), most, liar, timeline, cards)


def level_for(score: int) -> str:
    for name, top in LEVELS:
        if top is None or score <= top:
            return name
    raise AssertionError("unreachable")


def _culprit_clash(explanation: Explanation) -> bool:
    case = explanation.case
    if case.effective_liar_rule.kind != "culprit":
        return False
    chars = case.setting.characters
    by_id = {c.id: c for c in case.clues}
    return any(sum(1 for c in s.clues if by_id[c].speaker in chars and chars[by_id[c].speaker].item) >= 2
               for s in explanation.steps)
