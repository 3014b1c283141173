"""Pacing: how many answers remain consistent after each reveal of a timed case."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import Callable

from ..diagnostics import Diagnostic, printable, warning
from ..load.model import Case
from ..solver.budget import Budget, OutOfTime
from ..solver.session import ANSWER_CAP as COUNT_CAP
from ..solver.session import Session
from ..solver.status import Status


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
    unknown: str = ""     # why there are no stages: the time limit ran out


def pacing(case: Case, time_limit: float = 60.0, stage: Callable[[int, int], None] | None = None) -> Pacing:
    """The stages of a timed case within `time_limit` seconds of solving (compiling is bounded on its own); a
    Pacing with no stages and `unknown` set when that is not enough. `stage(k, stages)` is
    called as the k-th stage (from 1) starts."""
    try:
        return _pacing(case, Budget(time_limit), stage)
    except OutOfTime:
        return Pacing(case, [], unknown=f"the solver's time limit ({time_limit:g} s) was reached "
                                         "before the pacing was worked out")


def _pacing(case: Case, budget: Budget, stage: Callable[[int, int], None] | None) -> Pacing:
    session = Session.open(case, budget)
    events = sorted({c.reveal or 0 for c in case.clues} | {0})
    stages = []
    for k, event in enumerate(events, 1):
        if stage:
            stage(k, len(events))
        enabled = [c.id for c in case.clues if (c.reveal or 0) <= event]
        found, complete = session.answers(session.clue_lits(enabled), COUNT_CAP + 1, whole=False)
        new = [c.id for c in case.clues if (c.reveal or 0) == event]
        stages.append(Stage(event, new, min(len(found), COUNT_CAP), not complete, _candidates(session, enabled)))
    return Pacing(case, stages, _warnings(case, stages))


def _candidates(session: Session, enabled: list[str]) -> dict[str, int]:
    """Per answer category, how many of its items some consistent world still allows."""
    lits = session.clue_lits(enabled)
    return {cat: sum(1 for lit in items.values() if session.satisfiable(lits + [lit]))
            for cat, items in session.compiled.answer.items()}


def _warnings(case: Case, stages: list[Stage]) -> list[Diagnostic]:
    out = []
    by_id = {c.id: c for c in case.clues}
    last = stages[-1].event
    for before, stage in pairwise(stages):
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
    if p.unknown:
        return f"{p.case.display}: case {p.case.number} '{printable(p.case.title)}': unknown: {p.unknown}\n"
    lines = [f"{p.case.display}: case {p.case.number} '{printable(p.case.title)}'", f"  event  answers{head}  clues revealed"]
    for s in p.stages:
        count = f">{COUNT_CAP}" if s.capped else str(s.answers)
        per = "".join(f"  {s.candidates.get(c, 0):>10}" for c in cats)
        lines.append(f"  {s.event:>5}  {count:>7}{per}  {', '.join(s.clues) or '-'}")
    lines += [w.text() for w in p.warnings]
    return "\n".join(lines) + "\n"


def pacing_json(p: Pacing) -> dict:
    if p.unknown:
        return {"file": p.case.display, "case": p.case.number, "title": p.case.title, "status": Status.UNKNOWN,
                "message": p.unknown, "stages": [], "warnings": []}
    return {"file": p.case.display, "case": p.case.number, "title": p.case.title,
            "stages": [{"event": s.event, "answers": s.answers, "capped": s.capped, "candidates": s.candidates,
                        "clues": s.clues} for s in p.stages],
            "warnings": [w.to_json() for w in p.warnings]}
