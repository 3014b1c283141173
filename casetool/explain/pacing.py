"""Pacing: how many answers remain consistent after each reveal of a timed case."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, warning
from ..model import Case
from ..solver.compile import Oracle, compile_case

COUNT_CAP = 100


@dataclass
class Stage:
    event: int            # reveal number; 0 = the start
    clues: list[str]      # clues that become available at this event
    answers: int          # consistent answers with every clue revealed so far
    capped: bool          # more than COUNT_CAP
    candidates: dict[str, int] = field(default_factory=dict)  # per category: items still possible


@dataclass
class Pacing:
    case: Case
    stages: list[Stage]
    warnings: list[Diagnostic] = field(default_factory=list)


def pacing(case: Case, time_limit: float = 30.0) -> Pacing:
    oracle = Oracle(compile_case(case))
    events = sorted({c.reveal or 0 for c in case.clues} | {0})
    stages = []
    for event in events:
        enabled = [c.id for c in case.clues if (c.reveal or 0) <= event]
        lits = [oracle.compiled.enables[c] for c in enabled]
        found, complete = oracle.answers(lits, COUNT_CAP + 1, time_limit)
        new = [c.id for c in case.clues if (c.reveal or 0) == event]
        stages.append(Stage(event, new, min(len(found), COUNT_CAP), not complete, _candidates(oracle, enabled)))
    return Pacing(case, stages, _warnings(case, stages))


def _candidates(oracle: Oracle, enabled: list[str]) -> dict[str, int]:
    """Per answer category, how many of its items some consistent world still allows."""
    lits = [oracle.compiled.enables[c] for c in enabled]
    return {cat: sum(1 for lit in items.values() if oracle.unsat_core(lits + [lit]) is None)
            for cat, items in oracle.compiled.answer.items()}


def _warnings(case: Case, stages: list[Stage]) -> list[Diagnostic]:
    out = []
    by_id = {c.id: c for c in case.clues}
    last = stages[-1].event
    for before, stage in zip(stages, stages[1:]):
        first = by_id[stage.clues[0]].pos if stage.clues else case.pos
        if (stage.answers, stage.candidates) == (before.answers, before.candidates) and not stage.capped:
            out.append(warning(first, "W010", f"event {stage.event} changes nothing: still {stage.answers} "
                               f"answer{'s' if stage.answers != 1 else ''} after its clues"))
    early = next((s for s in stages if s.answers == 1), None)
    if early is not None and early.event < last:
        pos = by_id[early.clues[0]].pos if early.clues else case.pos
        out.append(warning(pos, "W011", f"the answer is already unique after event {early.event}, "
                           f"before the last scheduled reveal (event {last})"))
    return out


def pacing_text(p: Pacing) -> str:
    cats = list(p.case.setting.answer)
    head = "".join(f"  {c[:10]:>10}" for c in cats)
    lines = [f"{p.case.display}: case {p.case.number} '{p.case.title}'", f"  event  answers{head}  clues revealed"]
    for s in p.stages:
        count = f">{COUNT_CAP}" if s.capped else str(s.answers)
        per = "".join(f"  {s.candidates.get(c, 0):>10}" for c in cats)
        lines.append(f"  {s.event:>5}  {count:>7}{per}  {', '.join(s.clues) or '-'}")
    lines += [w.text() for w in p.warnings]
    return "\n".join(lines) + "\n"


def pacing_json(p: Pacing) -> dict:
    return {"file": p.case.display, "case": p.case.number, "title": p.case.title,
            "stages": [{"event": s.event, "answers": s.answers, "capped": s.capped, "candidates": s.candidates,
                        "clues": s.clues} for s in p.stages],
            "warnings": [w.to_json() for w in p.warnings]}
