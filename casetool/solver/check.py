"""Check one case: unique answer, alternatives, minimal conflict sets, warnings.

Uniqueness is projected on the answer: find an answer, block it (answer literals
only), solve again. Worlds (liars, whereabouts, cards) are never enumerated.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, warning
from ..language import ir
from ..load.model import Case, World
from .budget import Budget, CompileOutOfTime, OutOfTime
from .circuit import Compiled
from .options import Options
from .session import ANSWER_CAP, Session
from .status import Status
from .whole_world import clue_cells, differences, flips, other_world

OK, AMBIGUOUS, CONTRADICTION, WRONG, STATUS_UNKNOWN = Status.OK, Status.AMBIGUOUS, Status.CONTRADICTION, Status.WRONG, Status.UNKNOWN


@dataclass
class ShownWorld:
    """What check shows of a world (model.World): the answer, the liars, and the
    whereabouts and card holders the clues speak of; under --world, once the whole world
    is proven unique, every cell and every card's holder."""
    answer: dict[str, str]
    liars: list[str]
    whereabouts: list[tuple[str, str, str]]   # (person, time, place|away) that matter
    cards: list[tuple[str, str]]              # (card, player) that matter
    facts: list[tuple[str, str, object]] = field(default_factory=list)  # (item, attribute, value): decided facts


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
    status: Status
    declared: dict[str, str]
    answers: list[ShownWorld] = field(default_factory=list)
    count: int | None = None
    complete: bool = True           # False when answers were cut at --max-alternatives
    conflict: list[ConflictClue] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    differs: list[tuple[str, str, str]] = field(default_factory=list)  # --world: (cell, first, second)
    message: str = ""
    solver_calls: int = 0           # CP-SAT solves
    sat_calls: int = 0              # questions the SAT mirror answered (the warnings')
    seconds: float = 0.0


TIME_OUT = "the solver's time limit ({:g} s) was reached before the case was decided"
COMPILE_OUT = ("compiling the clues took longer than {:g} s (the compile limit), so the case was not "
               "checked; quantify over fewer variables or split the largest clues")


class Checker:
    def __init__(self, case: Case, options: Options, budget: Budget):
        self.case = case
        self.options = options
        self.session = Session.open(case, budget, options.compile_limit, options.incremental)
        self.compiled: Compiled = self.session.compiled
        self.all_clues = [c.id for c in case.clues]
        self.world: World | None = None   # --world: the world found, whose uniqueness W001 asks about

    @property
    def budget(self) -> Budget:
        return self.session.budget

    def answers(self, limit: float, found: list[World] | None = None, pin: bool = True) -> tuple[list[World], bool]:
        """Worlds with distinct answers under every clue, up to `limit`; and whether that is all.
        Pinned (see Session.answers): these are the worlds the report shows."""
        return self.session.answers(self.session.clue_lits(self.all_clues), limit, found, pin=pin)

    def conflict(self) -> list[str]:
        """A minimal set of clues that cannot all hold (the case has no answer)."""
        by_index = {self.compiled.enables[c].index: c for c in self.all_clues}
        core = self.session.minimal(self.session.clue_lits(self.all_clues)) or []
        return [by_index[lit.index] for lit in core]


def prove_case(case: Case, options: Options | None = None, budget: Budget | None = None,
               later: Callable[[Case, Budget], list[Diagnostic]] | None = None) -> CaseResult:
    """The verdict on one case, then its warnings, within `budget` (default: a new one of
    options.time_limit seconds of solving; compiling is bounded by options.compile_limit
    instead). `later`: the warnings of a layer above the solver (explain's W004), asked of
    an ok case with what is left of the budget, after the solver's own and unless they ran
    out of time (W009); the result is built with all of them."""
    options = options or Options()
    budget = budget or Budget(options.time_limit)
    start = time.monotonic()
    result = CaseResult(case.display, case.pos.line, case.pos.col, case.number, case.title, STATUS_UNKNOWN, dict(case.solution))
    checker = None
    warnings: list[Diagnostic] = []
    try:
        checker = Checker(case, options, budget)
        checker = _classify(checker, result)
        if options.warnings and result.status == OK:
            warnings = _warnings_in_time(checker)
    except CompileOutOfTime:
        result.status = STATUS_UNKNOWN
        result.message = COMPILE_OUT.format(options.compile_limit)
    except OutOfTime:
        result.status = STATUS_UNKNOWN
        result.message = TIME_OUT.format(budget.seconds)
    if checker is not None:
        result.solver_calls, result.sat_calls = checker.session.calls, checker.session.sat_calls
        checker.session.close()   # the SAT mirror's memory, now rather than at collection
    result.seconds = time.monotonic() - start
    if later is not None and options.warnings and result.status == OK and not any(w.code == "W009" for w in warnings):
        warnings = warnings + later(case, budget)
    result.warnings = warnings
    return result


def _quick(checker: Checker, result: CaseResult) -> bool:
    """Options.worlds off: prove an ok case by assumptions only (find an answer, block it,
    find none), without the pinned solve that finds the world the report shows (at
    30 x 30 x 30 that solve is 5x a quick one: without assumptions CP-SAT runs its SAT
    inprocessing). True when the case is ok or contradictory and `result` says so; False
    for the rest (ambiguous, wrong), which _classify then reports from a fresh checker,
    with exactly the worlds it has always shown."""
    session, lits = checker.session, checker.session.clue_lits(checker.all_clues)
    if not session.feasible(lits):
        _contradiction(checker, result)   # the model is untouched: the same conflict as ever
        return True
    answer = session.last_answer()
    if answer != checker.case.solution or session.feasible(lits + [session.block(answer)]):
        return False
    result.status = OK
    result.answers = [ShownWorld(answer, [], [], [])]
    return True


def _classify(checker: Checker, result: CaseResult) -> Checker:
    """The verdict into `result`; returns the checker the warnings are to use."""
    opts = checker.options
    world_mode = opts.world or checker.case.unique == "world"
    if not (opts.worlds or opts.count or world_mode):
        if _quick(checker, result):
            return checker
        first = checker.session.calls
        checker = Checker(checker.case, opts, checker.budget)
        checker.session.calls += first
    _classify_pinned(checker, result)
    return checker


def _classify_pinned(checker: Checker, result: CaseResult) -> None:
    opts = checker.options
    limit = math.inf if opts.count else opts.max_alternatives + 1
    found, complete = checker.answers(limit)
    if len(found) > 1 and not complete:
        found, complete = _count_more(checker, found)
    if not found:
        if opts.count:
            result.count = 0
        _contradiction(checker, result)
        return
    if opts.count or (len(found) > 1 and complete):
        result.count = len(found)
    shown = sorted(found[: opts.max_alternatives], key=lambda v: _answer_key(checker.case, v.answer))
    result.answers = [_world(checker, v) for v in shown]
    result.complete = complete and len(shown) == len(found)
    if len(found) > 1:
        result.status = AMBIGUOUS
        more = "" if complete else "more than "
        result.message = f"{more}{len(found)} answers fit; the answer must be unique"
        return
    if found[0].answer != checker.case.solution:
        result.status = WRONG
        result.message = "the only answer that fits is not the declared solution"
        return
    result.status = OK
    if opts.world or checker.case.unique == "world":
        checker.world = found[0]   # W001 then asks whether the world stays unique
        _whole_world(checker, result, found[0])
        if result.status == OK:   # proven: the report shows all of it, not just what clues name
            result.answers = [_world(checker, found[0], whole=True)]


def _contradiction(checker: Checker, result: CaseResult) -> None:
    result.status = CONTRADICTION
    ids = checker.conflict()
    clues = {c.id: c for c in checker.case.clues}
    result.conflict = [ConflictClue(i, str(clues[i].pos.file), clues[i].pos.line, clues[i].pos.col,
                                    clues[i].text) for i in ids]
    result.message = ("no answer fits: these clues cannot all hold" if ids
                      else "no answer fits even with no clues: the setting's fixed rules cannot hold")


def _whole_world(checker: Checker, result: CaseResult, world: World) -> None:
    """--world: a second world with the same answer makes the case ambiguous."""
    session = checker.session
    second = other_world(session, session.clue_lits(checker.all_clues), checker.case.solution, world)
    if second is None:
        return
    result.status = AMBIGUOUS
    setting = checker.case.setting
    times = {t: i for i, t in enumerate(setting.categories[setting.timeline.times].ids)} if setting.timeline else {}
    result.differs = differences(world, second, times)
    result.answers = [_world(checker, world), _world(checker, second)]
    result.message = (f"the answer is unique, but not the world: two worlds fit, differing in "
                      f"{len(result.differs)} cell(s) (--world)")


def _count_more(checker: Checker, found: list[World]) -> tuple[list[World], bool]:
    """Count an ambiguous case's answers up to ANSWER_CAP, within half of what is left of
    the time budget (the rest stays for the verdict's report)."""
    with checker.session.budget.share(0.5):
        try:
            return checker.answers(ANSWER_CAP, found, pin=False)  # counted, not shown: the faster way
        except OutOfTime:
            return found, False


def _answer_key(case: Case, answer: dict[str, str]) -> tuple[int, ...]:
    cats, key = case.setting.categories, []
    for c, i in answer.items():
        item = cats[c].item(i)
        assert item is not None   # an answer names items of its categories
        key.append(item.index)
    return tuple(key)


def _world(checker: Checker, world: World, whole: bool = False) -> ShownWorld:
    """`whole`: every cell and card of the world, else those that matter to the clues."""
    case = checker.case
    cells = sorted(world.loc) if whole else sorted(_cells_that_matter(case, world.answer))
    whereabouts = [(p, t, world.loc[(p, t)]) for p, t in cells if (p, t) in world.loc]
    deck = {card for _, card in checker.session.compiled.own} | set(world.owner) if whole else _cards_that_matter(case)
    cards = [(card, world.owner.get(card, "envelope")) for card in sorted(deck)]
    facts = [(item, attr, value) for (item, attr), value in world.facts.items()]
    return ShownWorld(world.answer, sorted(world.liars), whereabouts, cards, facts)


def _cells_that_matter(case: Case, answer: dict[str, str]) -> set[tuple[str, str]]:
    tl = case.setting.timeline
    if tl is None:
        return set()
    cells = set()
    if tl.people in answer and tl.times in answer:
        cells.add((answer[tl.people], answer[tl.times]))
    orders = {c.id: c.ids for c in case.setting.categories.values() if c.ordered}
    for clue in case.clues:
        cells |= clue_cells(clue.expr, orders)
    return cells


def _cards_that_matter(case: Case) -> set[str]:
    cards = {c for s in case.suggestions for c in s.cards}
    for clue in case.clues:
        cards |= {n.card for n in ir.walk(clue.expr) if isinstance(n, ir.Holds)}
    return cards


def _warnings_in_time(checker: Checker) -> list[Diagnostic]:
    """Warnings are advice, not the verdict: running out of time here leaves the case ok."""
    try:
        return _warnings(checker)
    except OutOfTime:
        return [warning(checker.case.pos, "W009", "redundancy and liar warnings skipped: the time limit was reached",
                        "raise --time-limit to see them")]


def _redundant(checker: Checker) -> set[str]:
    """The clues without which the answer stays unique (W001), one question per clue at
    most, asked of the session's SAT mirror (Session.probe: CP-SAT would load the whole
    model again for each; the set found is the same whichever answers).

    When the other clues rule out every other answer, the solver's core names a subset K
    of them that already does: then every clue outside K is redundant too (removing it
    leaves K), and needs no solve of its own."""
    session, solution = checker.session, checker.case.solution
    by_index = {checker.compiled.enables[c].index: c for c in checker.all_clues}
    redundant, decided = set(), set()
    for cid in checker.all_clues:
        if cid in decided:
            continue
        decided.add(cid)
        rest = [c for c in checker.all_clues if c != cid]
        core = session.probe(session.clue_lits(rest) + [session.block(solution)])
        if core is None:
            continue  # another answer fits without this clue
        redundant.add(cid)
        needed = {by_index[lit.index] for lit in core if lit.index in by_index}
        free = [c for c in rest if c not in needed and c not in decided]
        redundant.update(free)
        decided.update(free)
    return redundant


def _redundant_for_world(checker: Checker, world: World) -> set[str]:
    """--world: the clues without which the answer and the whole world stay unique. One
    question per clue: is there a world with another answer or another world? When not,
    the core names the clues that suffice, and every clue outside it is redundant too
    (as in _redundant)."""
    session, ids, solution = checker.session, checker.all_clues, checker.case.solution
    other = session.unless(flips(checker.compiled, world) + [~lit for lit in session.answer_lits(solution)])
    by_index = {checker.compiled.enables[c].index: c for c in ids}
    redundant, decided = set(), set()
    for cid in ids:
        if cid in decided:
            continue
        decided.add(cid)
        rest = [c for c in ids if c != cid]
        core = session.probe(session.clue_lits(rest) + [other])
        if core is None:
            continue
        needed = {by_index[lit.index] for lit in core if lit.index in by_index}
        free = [c for c in rest if c not in needed and c not in decided]
        redundant.update([cid, *free])
        decided.update(free)
    return redundant


def _warnings(checker: Checker) -> list[Diagnostic]:
    case = checker.case
    out = []
    world = checker.world
    redundant = _redundant(checker) if world is None else _redundant_for_world(checker, world)
    what = "answer" if world is None else "whole world"
    for clue in case.clues:
        if clue.id in redundant:
            out.append(warning(clue.pos, "W001", f"clue '{clue.id}' is redundant: the {what} stays unique without it"))
    out += _liar_warnings(checker)
    return out


def _liar_warnings(checker: Checker) -> list[Diagnostic]:
    case = checker.case
    declared = case.solution_liars
    if declared is None or case.effective_liar_rule.kind in ("none", "culprit"):
        return []
    lies = checker.compiled.lies
    pos = case.pos_of("solution")
    unknown = [w for w in declared if w not in lies]
    if unknown:
        return [warning(pos, "W002", f"declared liar(s) {', '.join(unknown)} cannot lie in this case "
                        "(only the case's witnesses can)")]

    session = checker.session
    differs = session.unless([~lies[w] if w in declared else lies[w] for w in lies])
    question = session.clue_lits(checker.all_clues) + session.answer_lits(case.solution) + [differs]
    # Usually no other liars fit: the SAT mirror proves that; the world the warning
    # names is CP-SAT's, from the same question.
    if session.probe(question) is None and session.feasible(question):
        other = sorted(session.world().liars) or ["nobody"]
        return [warning(pos, "W003", f"the clues do not force the declared liars "
                        f"({', '.join(declared) or 'nobody'}): a world where {', '.join(other)} lie(s) also fits")]
    return []
