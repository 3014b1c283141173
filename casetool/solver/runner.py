"""Check many cases, on every core when that pays, returning results in a stable order."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from .. import workers
from ..load.model import Case
from .options import Options

# A process pool costs about a second or more to start (fork, ortools in each worker,
# the cases sent over): 14 small cases took 5-10 s with a pool and 3 s without. So the
# default is to use one only when the cases' estimated work is well above that.
POOL_PAYS_AFTER = 3.0   # estimated seconds of checking, all cases together
# Seconds of checking per model variable (bench/check.py, with warnings, wall clock under
# a load average of 6 on 2 CPUs: 20 x 20 x 24, 10,144 variables, 0.35 s; 30 x 30 x 30,
# 28,000 variables, 1.3 s), and per case whatever its size. The number of clues hardly
# matters since the warnings' questions go to the SAT mirror (one solve per clue on
# CP-SAT made it the largest factor before).
PER_VARIABLE = 3e-5
PER_CASE = 0.03


def verdict(case: Case, options: Options) -> Any:   # a check.CaseResult
    from .check import (
        prove_case,  # imported in the worker: keeps ortools out of the parent
    )
    return prove_case(case, options)


def estimated_seconds(case: Case) -> float:
    """A rough guess of the check's time from the model's size, without compiling: the
    answer's items, the whereabouts cells and the card holdings."""
    setting = case.setting
    size = sum(len(setting.categories[c].items) for c in setting.answer)
    tl = setting.timeline
    if tl is not None:
        cats = setting.categories
        size += len(cats[tl.people].items) * len(cats[tl.times].items) * (len(cats[tl.places].items) + 1)
    if setting.cards and case.players:
        size += len(case.players) * size
    return PER_CASE + PER_VARIABLE * size


def pool_size(cases: list[Case], jobs: int | None) -> int:
    """How many processes: `jobs` when given; else every core, but only when the
    estimated work pays for starting them (one process for small casebooks)."""
    if jobs is None:
        cores = workers.cores()
        jobs = cores if sum(estimated_seconds(c) for c in cases) > POOL_PAYS_AFTER else 1
    return 1 if len(cases) < 2 else min(jobs, len(cases))


def check_all(cases: list[Case], options: Options, jobs: int | None = None, check: Callable[[Case, Options], Any] = verdict,
              done: Callable[[int, object], None] | None = None) -> list[Any]:
    """`check(case, options)` on every case, in the order of their files whichever worker
    finishes first (casetool.workers). `check` is a module-level function (where workers
    are spawned, not forked, it is sent to them by name): the verdict, or a layer above that
    adds steps after it (casetool.explain.verdict). `done(i, result)` is called in this process as
    each case's result comes in (in the order they finish), `i` its place in the result."""
    cases = sorted(cases, key=lambda c: (c.display, c.number))
    return workers.run([partial(check, c, options) for c in cases], pool_size(cases, jobs), done)
