"""Check one case: unique answer, alternatives, minimal conflict sets, warnings.

Uniqueness is projected on the answer: find an answer, block it (answer literals
only), solve again. Worlds (liars, whereabouts, cards) are never enumerated.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, warning
from ..language import ir
from ..model import Case
from .options import Options
from .compile import FEASIBLE, INFEASIBLE, UNKNOWN, Compiled, compile_case, solve

OK, AMBIGUOUS, CONTRADICTION, WRONG, STATUS_UNKNOWN = "ok", "ambiguous", "contradiction", "wrong-solution", "unknown"


@dataclass
class World:
    answer: dict[str, str]
    liars: list[str]
    whereabouts: list[tuple[str, str, str]]   # (person, time, place|away) that matter
    cards: list[tuple[str, str]]              # (card, player) that matter


@dataclass
class ConflictClue:
    id: str
    file: str
    line: int
    col: int
    text: str


@dataclass
class CaseResult:
    file: str
    line: int
    col: int
    number: int
    title: str
    status: str
    declared: dict[str, str]
    answers: list[World] = field(default_factory=list)
    count: int | None = None
    complete: bool = True           # False when answers were cut at --max-alternatives
    conflict: list[ConflictClue] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    message: str = ""
    solver_calls: int = 0
    seconds: float = 0.0


class _Budget:
    def __init__(self, seconds: float):
        self.deadline = time.monotonic() + seconds
        self.calls = 0

    def left(self) -> float:
        return self.deadline - time.monotonic()


class _OutOfTime(Exception):
    pass


class Checker:
    def __init__(self, case: Case, options: Options):
        self.case = case
        self.options = options
        self.budget = _Budget(options.time_limit)
        self.compiled: Compiled = compile_case(case)
        self.all_clues = [c.id for c in case.clues]

    def run(self, **kw):
        if self.budget.left() <= 0:
            raise _OutOfTime
        self.budget.calls += 1
        result = solve(self.compiled, time_limit=self.budget.left(), **kw)
        if result.status == UNKNOWN:
            raise _OutOfTime
        return result

    def answers(self, clues: list[str], limit: int | None, found: list[dict] | None = None) -> tuple[list[dict], bool]:
        """Distinct answers (full solve values), up to `limit`; and whether that is all of them."""
        found = list(found or [])
        while limit is None or len(found) < limit:
            r = self.run(enabled=clues, block=[f["answer"] for f in found])
            if r.status == INFEASIBLE:
                return found, True
            found.append(r.values)
        return found, False

    def only_answer(self, clues: list[str], answer: dict) -> bool:
        """With `answer` known to fit `clues`, is it the only one? One solve, not two."""
        return self.run(enabled=clues, block=[answer]).status == INFEASIBLE

    def conflict(self) -> list[str]:
        r = self.run(enabled=self.all_clues, assumptions=True)
        core = [c for c in (r.core or self.all_clues) if c in self.all_clues]
        if self.run(enabled=core, assumptions=True).status != INFEASIBLE:
            core = list(self.all_clues)  # an unusable core: shrink from everything
        for clue in list(core):
            trial = [c for c in core if c != clue]
            if self.run(enabled=trial, assumptions=True).status == INFEASIBLE:
                core = trial
        return core


def check_case(case: Case, options: Options | None = None) -> CaseResult:
    options = options or Options()
    start = time.monotonic()
    result = CaseResult(case.display, case.pos.line, case.pos.col, case.number, case.title, STATUS_UNKNOWN, dict(case.solution))
    checker = None
    try:
        checker = Checker(case, options)
        _classify(checker, result)
        if options.warnings and result.status == OK:
            result.warnings = _warnings_in_time(checker)
    except _OutOfTime:
        result.status = STATUS_UNKNOWN
        result.message = f"the solver's time limit ({options.time_limit:g} s) was reached before the case was decided"
    result.solver_calls = checker.budget.calls if checker else 0
    result.seconds = time.monotonic() - start
    return result


def _classify(checker: Checker, result: CaseResult) -> None:
    opts = checker.options
    limit = None if opts.count else opts.max_alternatives + 1
    found, complete = checker.answers(checker.all_clues, limit)
    if len(found) > 1 and not complete:
        found, complete = _count_more(checker, found)
    if not found:
        result.status = CONTRADICTION
        if opts.count:
            result.count = 0
        ids = checker.conflict()
        clues = {c.id: c for c in checker.case.clues}
        result.conflict = [ConflictClue(i, str(clues[i].pos.file), clues[i].pos.line, clues[i].pos.col,
                                        clues[i].text) for i in ids]
        result.message = ("no answer fits: these clues cannot all hold" if ids
                          else "no answer fits even with no clues: the setting's fixed rules cannot hold")
        return
    if opts.count or (len(found) > 1 and complete):
        result.count = len(found)
    shown = sorted(found[: opts.max_alternatives], key=lambda v: _answer_key(checker.case, v["answer"]))
    result.answers = [_world(checker, v) for v in shown]
    result.complete = complete and len(shown) == len(found)
    if len(found) > 1:
        result.status = AMBIGUOUS
        more = "" if complete else "more than "
        result.message = f"{more}{len(found)} answers fit; the answer must be unique"
        return
    if found[0]["answer"] != checker.case.solution:
        result.status = WRONG
        result.message = "the only answer that fits is not the declared solution"
        return
    result.status = OK


COUNT_CAP = 200


def _count_more(checker: Checker, found: list[dict]) -> tuple[list[dict], bool]:
    """Count an ambiguous case's answers up to COUNT_CAP, within what is left of the time budget."""
    budget = checker.budget
    saved, budget.deadline = budget.deadline, time.monotonic() + budget.left() / 2
    try:
        return checker.answers(checker.all_clues, COUNT_CAP, found)
    except _OutOfTime:
        return found, False
    finally:
        budget.deadline = saved


def _answer_key(case: Case, answer: dict) -> tuple:
    cats = case.setting.categories
    return tuple(cats[c].item(i).index for c, i in answer.items())


def _world(checker: Checker, values: dict) -> World:
    case = checker.case
    liars = sorted(w for w, lying in values["lies"].items() if lying)
    cells = sorted(_cells_that_matter(case, values["answer"]))
    whereabouts = [(p, t, values["loc"][(p, t)]) for p, t in cells if (p, t) in values["loc"]]
    cards = []
    for card in sorted(_cards_that_matter(case)):
        owner = next((pl for (pl, c), held in values["own"].items() if c == card and held), "envelope")
        cards.append((card, owner))
    return World(values["answer"], liars, whereabouts, cards)


def _cells_that_matter(case: Case, answer: dict) -> set:
    tl = case.setting.timeline
    if tl is None:
        return set()
    cells = set()
    if tl.people in answer and tl.times in answer:
        cells.add((answer[tl.people], answer[tl.times]))
    for clue in case.clues:
        for node in ir.walk(clue.expr):
            if isinstance(node, ir.At) and isinstance(node.person, ir.ItemConst) and isinstance(node.time, ir.ItemConst):
                cells.add((node.person.item, node.time.item))
    return cells


def _cards_that_matter(case: Case) -> set:
    cards = {c for s in case.suggestions for c in s.cards}
    for clue in case.clues:
        cards |= {n.card for n in ir.walk(clue.expr) if isinstance(n, ir.Holds)}
    return cards


def _warnings_in_time(checker: Checker) -> list[Diagnostic]:
    """Warnings are advice, not the verdict: running out of time here leaves the case ok."""
    try:
        return _warnings(checker)
    except _OutOfTime:
        return [warning(checker.case.pos, "W009", "redundancy and liar warnings skipped: the time limit was reached",
                        "raise --time-limit to see them")]


def _warnings(checker: Checker) -> list[Diagnostic]:
    case = checker.case
    out = []
    for clue in case.clues:
        rest = [c for c in checker.all_clues if c != clue.id]
        if checker.only_answer(rest, case.solution):
            out.append(warning(clue.pos, "W001", f"clue '{clue.id}' is redundant: the answer stays unique without it"))
    out += _liar_warnings(checker)
    out += _difficulty_warnings(checker)
    return out


def _difficulty_warnings(checker: Checker) -> list[Diagnostic]:
    case = checker.case
    if not case.difficulty:
        return []
    from ..explain.grade import grade
    from ..explain.steps import explain_case
    g = grade(explain_case(case, max(checker.budget.left(), 1.0)))
    if g.level == case.difficulty:
        return []
    pos = case.positions["doc"].pos_of("difficulty")
    return [warning(pos, "W004", f"declared difficulty '{case.difficulty}' but the step-wise explanation grades "
                    f"it '{g.level}' (score {g.score}: {g.steps} steps, at most {g.most_clues} clue{'s' if g.most_clues != 1 else ''} in one step)",
                    "see `casetool explain` and docs/explain.md")]


def _liar_warnings(checker: Checker) -> list[Diagnostic]:
    case = checker.case
    declared = case.solution_liars
    if declared is None or case.effective_liar_rule.kind in ("none", "culprit"):
        return []
    lies = checker.compiled.lies
    pos = case.positions["doc"]["solution"].pos
    unknown = [w for w in declared if w not in lies]
    if unknown:
        return [warning(pos, "W002", f"declared liar(s) {', '.join(unknown)} cannot lie in this case "
                        "(only the case's witnesses can)")]

    def differs(model, lit):
        wrong = [~lit(lies[w]) if w in declared else lit(lies[w]) for w in lies]
        model.add_bool_or(wrong)
    r = checker.run(enabled=checker.all_clues, fix=case.solution, extra=differs)
    if r.status == FEASIBLE:
        other = sorted(w for w, l in r.values["lies"].items() if l) or ["nobody"]
        return [warning(pos, "W003", f"the clues do not force the declared liars "
                        f"({', '.join(declared) or 'nobody'}): a world where {', '.join(other)} lie(s) also fits")]
    return []
