"""An incremental SAT mirror of a compiled model, for the questions of the warnings.

W001 asks one question per needed clue (a world that satisfies every other clue with
another answer), and CP-SAT loads the whole model again for every solve: 60-70 ms at
30 x 30 x 30 even when the question is trivially infeasible. A SAT solver keeps its
clauses and what it learnt between questions, so the same questions, asked by
assumptions on a CNF translation of the model, cost milliseconds.

The translation is exact or refused. It reads the model's constraints (bool_or,
bool_and, at_most_one, exactly_one, and linear constraints over booleans, each with its
enforcement literals) and writes clauses, cardinality constraints through pysat.card
(a coefficient c counts its literal c times, which is exact for these encodings and
keeps small weighted sums, the numeric attributes, in reach). Anything else (an integer
variable, a large weighted sum, another kind of constraint) raises `Untranslatable`, and
the session asks CP-SAT instead. The model only grows (guarded clauses for blocked
answers): `sync` translates what was added since the last question.

Only feasibility and cores come from here (the Backend protocol, backend.py); every world
a report shows is CP-SAT's.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

# Gluecard 4 (Glucose 4.1 with native at-most-k constraints): deterministic, incremental
# under assumptions, cores by `get_core`. Measured side by side at 30 x 30 x 30 (40 W001
# questions), CPU: translation 0.14 s and questions 0.03 s, against 0.26 s and 0.07 s
# with CaDiCaL 1.9.5 (whose exactly-ones must be encoded: 81,000 more clauses) and 0.19 s
# and 0.07 s with Glucose 4 (the translation has since become 0.074 s with Gluecard).
SOLVER = "gluecard4"
# A question not decided within this many conflicts goes to CP-SAT; a warning question on
# these models takes a few hundred at most. The solver stops every STEP conflicts for the
# caller to look at its clock (a step is well under a second).
CONFLICTS = 100_000
STEP = 10_000
# The largest sum of |coefficients| a linear constraint may have (each unit is an input
# of its cardinality encoding).
WEIGHT_MAX = 2_000
# An at-most-one that the solver cannot take natively (guarded by enforcement literals,
# or with a solver without cardinality) is pairwise clauses up to this many literals, a
# sequential counter beyond (a 31-place timeline cell: 93 clauses instead of 465).
PAIRWISE_MAX = 6
KINDS = ("bool_or", "bool_and", "at_most_one", "exactly_one", "linear")


class Untranslatable(Exception):
    """The model has a constraint or variable this translation cannot state exactly."""


class Mirror:
    """The model as CNF in one incremental SAT solver.

    A literal of the model has index j (x is its variable's index, ~x is -x-1); here it
    is the SAT literal j+1 or j, so the model's variables keep their numbers (plus one).
    Variables added to the model after the first translation, and the encodings'
    auxiliary variables, get numbers above every number used so far."""

    def __init__(self, snapshot: Any, live: Any, solver: str = SOLVER):
        """`snapshot`: the model as a parsed protobuf message (read quickly); `live`: the
        model's own proto, read for what is added after the snapshot."""
        self.live = live
        self.base = len(snapshot.variables)
        self.top = self.base
        self._late: dict[int, int] = {}
        # pysat is imported by the first mirror: a check without warnings never asks one (6 ms)
        from pysat.solvers import Solver
        self.solver = Solver(name=solver)
        # Clauses go straight to the backend (pysat's Solver wraps it in one more Python
        # call per clause, and append_formula tests each clause's type: a third of adding
        # 57,000 clauses at 30 x 30 x 30).
        self._emit = getattr(self.solver, "solver", self.solver).add_clause
        # a solver with native at-most-k constraints takes the unguarded ones as they are
        self._native = self.solver.supports_atmost()
        self._false = self._new()
        self._emit([-self._false])
        self._variables(snapshot.variables, 0)
        self.done_vars = self.base
        self.done = self._constraints(snapshot.constraints, 0, _kind_parsed)
        self._asked: dict[int, int] = {}

    def close(self) -> None:
        self.solver.delete()

    # ---- asking ------------------------------------------------------------------
    def solve(self, assumptions: Sequence[int], seconds: float = math.inf,
              between: Callable[[], None] = lambda: None) -> bool | None:
        """Can the literals with these indices all hold? None: not decided within
        CONFLICTS or `seconds` (ask CP-SAT). `between` is called every STEP conflicts (the
        session's budget check, which raises when the time is up)."""
        self.sync()
        deadline = time.monotonic() + seconds
        asked = [self.lit(j) for j in assumptions]
        self._asked = {s: j for s, j in zip(asked, assumptions, strict=True)}
        for _ in range(CONFLICTS // STEP):
            self.solver.conf_budget(STEP)
            verdict: bool | None = self.solver.solve_limited(assumptions=asked)
            if verdict is not None:
                return verdict
            between()
            if time.monotonic() >= deadline:
                return None
        return None

    def core(self) -> list[int]:
        """After an infeasible `solve`: indices of asked literals that suffice for it."""
        return sorted({self._asked[s] for s in self.solver.get_core() or [] if s in self._asked})

    def sync(self) -> None:
        """Translate the variables and constraints added to the model since last time."""
        variables, constraints = self.live.variables, self.live.constraints
        if len(variables) == self.done_vars and len(constraints) == self.done:
            return
        self._variables(variables, self.done_vars)
        self.done_vars = len(variables)
        self.done = self._constraints(constraints, self.done, _kind_live)

    # ---- literals ------------------------------------------------------------------
    def lit(self, j: int) -> int:
        var = j if j >= 0 else -j - 1
        if var < self.base:
            s = var + 1
        elif var in self._late:
            s = self._late[var]
        else:
            s = self._late[var] = self._new()
        return s if j >= 0 else -s

    def _new(self) -> int:
        self.top += 1
        return self.top

    # ---- translating -------------------------------------------------------------
    # Each clause goes to the solver as it is made (a list kept for all of them would be
    # 57,000 at 30 x 30 x 30, and the garbage collector's passes over it).
    def _variables(self, variables: Any, start: int) -> None:
        for i in range(start, len(variables)):
            domain = variables[i].domain
            if len(domain) == 2 and domain[0] == 0 and domain[1] == 1:
                continue
            if list(domain) not in ([0, 0], [1, 1]):
                raise Untranslatable(f"variable {i} is not boolean (domain {list(domain)})")
            s = self.lit(i)
            self._emit([s] if domain[0] else [-s])

    def _constraints(self, constraints: Any, start: int, kind_of: Callable[[Any], str | None]) -> int:
        """Translate constraints[start:]; the number translated so far."""
        # The first translation has only variables below base: their mapping is inlined
        # (this loop is most of the translation: 30,000 constraints at 30 x 30 x 30).
        lits_of = _plain if start == 0 and not self._late else self._mapped
        emit, false = self._emit, [self._false]
        for i in range(start, len(constraints)):
            ct = constraints[i]
            kind = kind_of(ct)
            enf = ct.enforcement_literal
            pre = [-s for s in lits_of(enf)] if len(enf) else []
            if kind == "bool_or":
                emit(pre + lits_of(ct.bool_or.literals) or false)
            elif kind == "bool_and":
                for s in lits_of(ct.bool_and.literals):
                    emit([*pre, s])
            elif kind == "exactly_one":
                lits = lits_of(ct.exactly_one.literals)
                emit(pre + lits or false)
                self._at_most(lits, 1, pre)
            elif kind == "at_most_one":
                self._at_most(lits_of(ct.at_most_one.literals), 1, pre)
            elif kind == "linear":
                self._linear(ct.linear, pre)
            else:
                raise Untranslatable(f"constraint {i} is a {kind or 'empty'} constraint")
        return len(constraints)

    def _mapped(self, indices: Iterable[int]) -> list[int]:
        return [self.lit(j) for j in indices]

    def _linear(self, linear: Any, pre: list[int]) -> None:
        """sum(c * x) in domain, as a sum of literals (|c| copies of x, or of ~x when c < 0,
        which moves the domain by c) in one of the domain's intervals."""
        inputs: list[int] = []
        shift = 0
        for var, c in zip(linear.vars, linear.coeffs, strict=True):
            s = self.lit(var)
            inputs += [s if c > 0 else -s] * abs(c)
            shift += min(c, 0)
        if len(inputs) > WEIGHT_MAX:
            raise Untranslatable(f"a linear constraint with total weight {len(inputs)}")
        bounds = list(linear.domain)
        top = len(inputs)
        intervals = [(max(lo - shift, 0), min(hi - shift, top)) for lo, hi in zip(bounds[::2], bounds[1::2], strict=True)]
        intervals = [(lo, hi) for lo, hi in intervals if lo <= hi]
        if any(lo == 0 and hi == top for lo, hi in intervals):
            return
        if len(intervals) == 1:
            self._between(inputs, *intervals[0], pre)
            return
        # several intervals (`!=`), or none (never true): a choice literal per interval,
        # one of them on
        choices = [self._new() for _ in intervals]
        self._emit(pre + (choices or [self._false]))
        for y, (lo, hi) in zip(choices, intervals, strict=True):
            self._between(inputs, lo, hi, [-y])

    def _between(self, inputs: list[int], lo: int, hi: int, pre: list[int]) -> None:
        if lo == hi and 0 < lo < len(inputs) and (pre or not self._native):
            # pysat.card only when an encoding is needed: a small case needs none (5 ms)
            from pysat.card import CardEnc, EncType
            self._encoded(CardEnc.equals(lits=inputs, bound=lo, top_id=self.top, encoding=EncType.totalizer), pre)
            return
        if lo > 0:
            self._at_least(inputs, lo, pre)
        if hi < len(inputs):
            self._at_most(inputs, hi, pre)

    def _at_most(self, lits: list[int], k: int, pre: list[int]) -> None:
        if k >= len(lits):
            return
        if k == 0:
            for s in set(lits):
                self._emit(pre + [-s])
        elif self._native and not pre and len(set(lits)) == len(lits):
            self.solver.add_atmost(lits, k)
        elif k == 1 and len(lits) <= PAIRWISE_MAX:
            for n, a in enumerate(lits):
                for b in lits[n + 1:]:
                    self._emit(pre + [-a, -b])
        else:
            from pysat.card import CardEnc, EncType
            encoding = EncType.seqcounter if k == 1 else EncType.totalizer
            self._encoded(CardEnc.atmost(lits=lits, bound=k, top_id=self.top, encoding=encoding), pre)

    def _at_least(self, lits: list[int], k: int, pre: list[int]) -> None:
        if self._native and not pre and 1 < k < len(lits) and len(set(lits)) == len(lits):
            self.solver.add_atmost([-s for s in lits], len(lits) - k)
        elif k == 1:
            self._emit(pre + sorted(set(lits)))
        elif k > len(lits):
            self._emit(pre + [self._false])
        elif k == len(lits):
            for s in set(lits):
                self._emit(pre + [s])
        else:
            from pysat.card import CardEnc, EncType
            self._encoded(CardEnc.atleast(lits=lits, bound=k, top_id=self.top, encoding=EncType.totalizer), pre)

    def _encoded(self, cnf: Any, pre: list[int]) -> None:
        """An encoding's clauses, each guarded by `pre` (its auxiliary variables are its
        own, so with the guard off they are free and the clauses hold)."""
        self.top = max(self.top, cnf.nv)
        for clause in cnf.clauses:
            self._emit(pre + clause)


def _plain(indices: Iterable[int]) -> list[int]:
    """SAT literals of model literals whose variables are all below base."""
    return [j + 1 if j >= 0 else j for j in indices]


def _kind_parsed(ct: Any) -> str | None:
    kind: str | None = ct.WhichOneof("constraint")
    return kind


def _kind_live(ct: Any) -> str | None:
    return next((k for k in KINDS if getattr(ct, "has_" + k)()), "other")
