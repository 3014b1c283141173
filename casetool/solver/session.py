"""One solver session over one compiled model: every question that check, explain,
pacing and generate ask, answered by assumption literals on that model.

A question is a list of literals that must hold together (clue switches, answer items,
facts). The model is never copied; an answer is blocked by a clause guarded by a fresh
literal that only the questions which want it assume, so the model stays usable for
every other question. Every solve counts against one `Budget`; a solve the budget does
not decide raises `OutOfTime` (the only time-out exception).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ..load.model import Case, World
from .budget import COMPILE_LIMIT, Budget, CompileOutOfTime, OutOfTime
from .circuit import Compiled, Lit
from .compile import compile_case
from .cpsat import Engine
from .incremental import Mirror, Untranslatable

# The most answers any command enumerates (check's count of an ambiguous case, pacing's
# answers per stage); beyond it a count is reported as "more than".
ANSWER_CAP = 200
# Worlds kept from earlier feasible solves (most recent first), to answer `satisfiable`
# without a solve; and the most literals of a guarded clause whose truth is kept with them.
WORLDS_KEPT = 64
GUARD_KEPT = 64


class Session:
    def __init__(self, compiled: Compiled, budget: Budget | None = None, incremental: bool = True):
        self.compiled = compiled
        self.model = compiled.model
        self.budget = budget if budget is not None else Budget()
        self.engine = Engine(compiled)
        self.calls = 0
        self.reused = 0   # questions answered from an earlier world, without a solve
        self.sat_calls = 0   # questions answered by the SAT mirror (`probe`), not counted in calls
        # The SAT mirror of the model, made on the first `probe` (None: not yet; False:
        # not wanted, or the model does not translate).
        self._mirror: Mirror | bool | None = None if incremental else False
        self._blocks: dict[tuple[tuple[str, str], ...], Lit] = {}
        self._worlds: list[frozenset[int]] = []
        # A world is read on these variables only: answer items, liars, every clue's
        # meaning (its switch can be on where that is true) and short guarded clauses.
        self._switch: dict[int, Lit] = {compiled.enables[c].index: lit for c, lit in compiled.holds.items()}
        self._guard: dict[int, list[Lit]] = {}
        lits = [lit for items in compiled.answer.values() for lit in items.values()] + list(compiled.lies.values())
        lits += list(compiled.holds.values())
        self._read_set = {_var(lit) for lit in lits if not isinstance(lit, bool)}
        self._read = sorted(self._read_set)
        self._constraints = len(self.model.proto.constraints)   # the model the worlds solve

    @classmethod
    def open(cls, case: Case, budget: Budget, compile_limit: float = COMPILE_LIMIT, incremental: bool = True) -> Session:
        """Compile `case` within `compile_limit` seconds (CompileOutOfTime beyond it); the
        compile does not count against `budget`, which is for solving."""
        budget.check()
        with budget.paused():
            compiled = compile_case(case, Budget(compile_limit, CompileOutOfTime))
        return cls(compiled, budget, incremental)

    def clue_lits(self, ids: Iterable[str]) -> list[Lit]:
        return [self.compiled.enables[i] for i in ids]

    def answer_lits(self, answer: dict[str, str]) -> list[Lit]:
        return [self.compiled.answer[c][i] for c, i in answer.items()]

    # ---- questions ----------------------------------------------------------------
    def feasible(self, lits: list[Lit], seconds: float | None = None, pinned: Sequence[Lit] = ()) -> bool:
        """Can all these literals (and the `pinned` ones) hold at once? `seconds` caps this
        one solve further. Pinned literals are fixed for the solve rather than assumed:
        no core can name them, and the world found is the one the model with them added
        as constraints gives (check's reported worlds stay what they were)."""
        self.budget.check()
        limit = self.budget.left() if seconds is None else min(seconds, self.budget.left())
        self.calls += 1
        verdict = self.engine.solve(self._indices(lits), limit, self._indices(pinned))
        if verdict is None:
            raise OutOfTime("the solver's time limit was reached")
        if verdict:
            self._keep_world()
        return verdict

    def _indices(self, lits: Sequence[Lit]) -> list[int]:
        """The literals by index (a constant becomes the model's constant literal)."""
        return [self.model.get_or_make_boolean_index(lit) for lit in lits]

    def satisfiable(self, lits: list[Lit], seconds: float | None = None) -> bool:
        """`feasible`, for a caller that does not read the world after: a question that a
        world of an earlier solve already satisfies is answered without a solve. Exact:
        such a world is a solution of the model in which every literal asked holds (a clue
        switch can be turned on wherever the clue's meaning holds, a guard wherever its
        clause does), so the solve would say feasible too."""
        if self._reuses(lits):
            self.reused += 1
            return True
        return self.feasible(lits, seconds)

    def answered(self, lits: list[Lit]) -> bool:
        """Does a world of an earlier solve satisfy all these literals (no solve)?"""
        return self._reuses(lits)

    # ---- worlds kept from earlier solves ----------------------------------------------
    # A world is kept as the set of its true literals (a literal's index: x is i, ~x is
    # -i-1) over the variables in self._read.
    def _keep_world(self) -> None:
        if len(self.model.proto.constraints) != self._constraints:
            self._worlds = []   # someone else added constraints: earlier worlds may not fit
            self._constraints = len(self.model.proto.constraints)
        solution = self.engine.solver.response_proto.solution
        self._worlds.insert(0, frozenset(i if solution[i] else -i - 1 for i in self._read))
        del self._worlds[WORLDS_KEPT:]

    def _reuses(self, lits: list[Lit]) -> bool:
        if not self._worlds or len(self.model.proto.constraints) != self._constraints:
            return False
        need: set[int] = set()
        any_of: list[set[int]] = []
        for asked in lits:
            lit: Lit = self._switch.get(asked.index, asked) if not isinstance(asked, bool) else asked
            if isinstance(lit, bool):
                if not lit:
                    return False
            elif lit.index in self._guard:
                alts = self._guard[lit.index]
                if any(a is True for a in alts):
                    continue
                any_of.append({a.index for a in alts if not isinstance(a, bool)})
            elif _var(lit) in self._read_set:
                need.add(lit.index)
            else:
                return False   # a literal no kept world records
        return any(need <= world and all(not alts.isdisjoint(world) for alts in any_of) for world in self._worlds)

    @contextmanager
    def preferring(self, lits: list[Lit]) -> Iterator[None]:
        """Solves in this block look first for worlds in which `lits` hold (CP-SAT's
        solution hint). Whether a question can hold never changes; the worlds found do:
        worlds that resemble one preferred world answer more later questions without a
        solve (explain's derived facts: 273 of 316 solves saved on a 20 x 20 x 24 timeline)."""
        hinted: set[int] = set()
        for lit in lits:
            if _var(lit) not in hinted:   # a variable hinted twice makes the model invalid
                hinted.add(_var(lit))
                self.model.add_hint(lit, True)
        try:
            yield
        finally:
            self.model.clear_hints()

    def unsat_core(self, lits: list[Lit], seconds: float | None = None) -> list[Lit] | None:
        """None when the literals can all hold; else a subset of them that cannot."""
        if self.satisfiable(lits, seconds):
            return None
        wanted = {lit.index: lit for lit in lits}
        core = [wanted[i] for i in self.engine.core() if i in wanted]
        return core if core else list(lits)

    def probe(self, lits: list[Lit], seconds: float | None = None) -> list[Lit] | None:
        """`unsat_core` for questions that read no world (the warnings, generate's
        thinning): asked of the incremental SAT mirror when the model translates, else of
        CP-SAT. The same verdict either way (both are exact); the core may be another one.
        `seconds` caps this one question further, as for `unsat_core`."""
        if self._reuses(lits):
            self.reused += 1
            return None
        mirror = self._sat()
        if mirror is None or any(isinstance(lit, bool) for lit in lits):
            return self.unsat_core(lits, seconds)
        self.budget.check()
        limit = self.budget.left() if seconds is None else min(seconds, self.budget.left())
        try:
            verdict = mirror.solve([lit.index for lit in lits], limit, self.budget.check)
        except Untranslatable:   # something added since that the mirror cannot state
            self.close()
            verdict = None
        if verdict is None:
            return self.unsat_core(lits, seconds)   # undecided within its conflict budget
        self.sat_calls += 1
        if verdict:
            return None
        wanted = {lit.index: lit for lit in lits}
        return [wanted[i] for i in mirror.core()] or list(lits)

    def _sat(self) -> Mirror | None:
        if self._mirror is None:
            try:
                self._mirror = Mirror(self.engine.snapshot(), self.model.proto)
            except (Untranslatable, OSError):
                self._mirror = False
        return self._mirror if isinstance(self._mirror, Mirror) else None

    def close(self) -> None:
        """Free the SAT mirror's solver now (it is freed with the session otherwise)."""
        if isinstance(self._mirror, Mirror):
            self._mirror.close()
        self._mirror = False

    def minimal(self, parts: list[Lit], fixed: Sequence[Lit] = (), key: Callable[[Lit], Any] | None = None,
                seconds: float | None = None, sat: bool = False) -> list[Lit] | None:
        """A minimal subset of `parts` that cannot hold together with all of `fixed`, or
        None when everything can hold.

        Start from the solver's core, then try deleting each part (in core order, or by
        `key` when given: the parts tried first are the ones least wanted); after each
        successful deletion keep only the parts of the new core (core refinement), which
        saves most of the remaining deletion solves. `sat`: ask the incremental SAT mirror
        (`probe`) instead of CP-SAT: as exact, milliseconds a question instead of a model
        loaded again each time, but its cores differ, so the subset found may be another
        minimal one (generate's thinning asks so; explanations and checks do not, and
        stay what they were)."""
        fixed_lits = list(fixed)
        by_index = {lit.index: lit for lit in parts}
        unsat_core = self.probe if sat else self.unsat_core
        core = unsat_core(list(by_index.values()) + fixed_lits, seconds)
        if core is None:
            return None
        current = [lit.index for lit in core if lit.index in by_index]
        order = sorted(current, key=lambda i: key(by_index[i])) if key is not None else list(current)
        for index in order:
            if index not in current:
                continue
            trial = [i for i in current if i != index]
            core = unsat_core([by_index[i] for i in trial] + fixed_lits, seconds)
            if core is not None:
                in_core = {lit.index for lit in core}
                current = [i for i in trial if i in in_core] or trial
        return [by_index[i] for i in current]

    def answers(self, lits: list[Lit], cap: float = ANSWER_CAP, found: list[World] | None = None,
                whole: bool = True, pin: bool = False) -> tuple[list[World], bool]:
        """Worlds with distinct answers under `lits`, up to `cap` (continuing after the
        worlds in `found`); and whether that is all of them. whole=False reads only each
        world's answer (reading whereabouts costs more than the solve on a big timeline).
        pin=True fixes `lits` and the blocks instead of assuming them: the worlds found are
        the ones check has always reported, but each solve is about 3x slower (measured on
        tudor: 201 answers in 5.2 s pinned, 1.8 s assumed), so only check's shown worlds use it."""
        found = list(found or [])
        while len(found) < cap:
            question = lits + [self.block(w.answer) for w in found]
            # The proof of uniqueness (the second solve) is nearly always infeasible, and
            # an infeasible question has no world to show: ask it the fast way first,
            # pinned only when there is a second world to report.
            quick = pin and len(found) == 1
            if quick and not self.feasible(question):
                return found, True
            if not (self.feasible([], pinned=question) if pin else self.feasible(question)):
                return found, True
            found.append(self.world() if whole else World(self.last_answer()))
        return found, False

    def block(self, answer: dict[str, str]) -> Lit:
        """A literal that, assumed, rules out `answer` (one per answer, made once)."""
        key = tuple(sorted(answer.items()))
        if key not in self._blocks:
            self._blocks[key] = self._guarded([~lit for lit in self.answer_lits(answer)])
        return self._blocks[key]

    def unless(self, lits: list[Lit]) -> Lit:
        """A literal that, assumed, makes at least one of `lits` hold."""
        return self._guarded(lits)

    def _guarded(self, lits: list[Lit]) -> Lit:
        """A guarded clause (Engine.guarded_clause); a world of an earlier solve still solves
        the model with it (the guard off), and the guard can be on where the clause holds."""
        unchanged = len(self.model.proto.constraints) == self._constraints
        guard = self.engine.guarded_clause(lits)
        if unchanged:
            self._constraints = len(self.model.proto.constraints)
        if len(lits) <= GUARD_KEPT and all(isinstance(lit, bool) or _var(lit) in self._read_set for lit in lits):
            self._guard[guard.index] = list(lits)
        return guard

    # ---- reading the last feasible solve --------------------------------------------
    def last_answer(self) -> dict[str, str]:
        value = self.engine.value
        return {c: next(i for i, lit in items.items() if value(lit)) for c, items in self.compiled.answer.items()}

    def world(self) -> World:
        """The whole world of the last feasible solve: answer, liars, whereabouts, cards, facts."""
        return self._world_of(self.engine.value)

    def sat_world(self, lits: list[Lit], seconds: float | None = None) -> World | None:
        """A whole world in which all of `lits` hold (None: there is none), asked of the
        incremental SAT mirror when the model translates, else of CP-SAT. For a caller
        that only reads the world (generate's counterexamples), never for a world a
        report shows: the mirror's world may be another one than CP-SAT's."""
        mirror = self._sat()
        verdict = None
        if mirror is not None and not any(isinstance(lit, bool) for lit in lits):
            self.budget.check()
            limit = self.budget.left() if seconds is None else min(seconds, self.budget.left())
            try:
                verdict = mirror.solve([lit.index for lit in lits], limit, self.budget.check)
            except Untranslatable:
                self.close()
        if verdict is None:   # no mirror, or undecided within its conflict budget: CP-SAT
            return self.world() if self.feasible(lits, seconds) else None
        self.sat_calls += 1
        if not verdict:
            return None
        assert isinstance(mirror, Mirror)
        true = {s for s in mirror.solver.get_model() or [] if s > 0}

        def value(lit: Lit) -> bool:
            if isinstance(lit, bool):
                return lit
            s = mirror.lit(lit.index)
            return (s in true) if s > 0 else (-s not in true)
        return self._world_of(value)

    def _world_of(self, v: Callable[[Lit], bool]) -> World:
        c = self.compiled
        return World(
            answer={cat: next(i for i, lit in items.items() if v(lit)) for cat, items in c.answer.items()},
            liars=frozenset(w for w, lit in c.lies.items() if v(lit)),
            loc={k: next(z for z, lit in cell.items() if v(lit)) for k, cell in c.loc.items()},
            owner={card: player for (player, card), lit in c.own.items() if v(lit)},
            facts={k: next(x for x, lit in cell.items() if v(lit)) for k, cell in c.facts.items()},
        )


def _var(lit: Lit) -> int:
    index: int = lit.index
    return index if index >= 0 else -index - 1


class Oracle(Session):
    """generate's name for a session: no overall budget, a time limit per question."""

    def feasible(self, lits: list[Lit], seconds: float | None = 10.0, pinned: Sequence[Lit] = ()) -> bool:
        return super().feasible(lits, seconds, pinned)

    def unsat_core(self, lits: list[Lit], seconds: float | None = 10.0) -> list[Lit] | None:
        return super().unsat_core(lits, seconds)
