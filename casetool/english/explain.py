"""`casetool explain`'s text and JSON: each step in the solution page's own sentences
(english/solution.py), and for tools the clue ids with their positions. Namer names a clue
by id for the author (the editor's hover)."""

from __future__ import annotations

from ..diagnostics import printable
from ..explain.steps import Explanation, Fact
from .solution import closing, page_sentences


class Namer:
    def __init__(self, case):
        self.case = case
        self.setting = case.setting
        self.clues = {c.id: c for c in case.clues}

    def item(self, item_id: str) -> str:
        return self.setting.item_name(item_id)

    def person(self, who: str) -> str:
        return self.setting.person_name(who)

    def clue(self, clue_id: str) -> str:
        clue = self.clues[clue_id]
        who = f"{self.person(clue.speaker)}: " if clue.speaker else ""
        return f"clue '{clue_id}' ({who}\u201c{' '.join(clue.text.split())}\u201d)"


def origins(explanation: Explanation) -> dict[Fact, int]:
    return {f: s.number for s in explanation.steps for f in s.derived}


def explanation_text(explanation: Explanation) -> str:
    """The steps in the solution page's own sentences (english/solution.py), numbered."""
    case = explanation.case
    lines = [f"{case.display}: case {case.number} '{printable(case.title)}': {len(explanation.steps)} steps"]
    for step, sentence in zip(explanation.steps, page_sentences(explanation), strict=True):
        lines.append(f"  {step.number}. {sentence}")
    lines.append(f"  {closing(explanation)}")
    return "\n".join(lines) + "\n"


def fact_json(fact: Fact) -> dict:
    return {"kind": fact.kind, "subject": fact.subject, "value": fact.value} if fact.value else \
        {"kind": fact.kind, "subject": fact.subject}


def explanation_json(explanation: Explanation) -> dict:
    """The steps for tools: clue ids with positions, facts, and each step's page sentence."""
    origin = origins(explanation)
    sentences = page_sentences(explanation)
    clue_pos = {c.id: c.pos for c in explanation.case.clues}
    return {
        "file": explanation.case.display, "case": explanation.case.number, "title": explanation.case.title,
        "complete": explanation.complete, "answer": explanation.answer, "closing": closing(explanation),
        "steps": [{
            "step": s.number,
            "clues": [{"id": c, "line": clue_pos[c].line, "col": clue_pos[c].col} for c in s.clues],
            "facts": [dict(fact_json(f), step=origin[f]) for f in s.facts],
            "derives": [fact_json(f) for f in s.derived],
            "kinds": s.kinds,
            "text": text,
        } for s, text in zip(explanation.steps, sentences, strict=True)],
    }
