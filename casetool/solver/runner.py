"""Check many cases, on every core, returning results in a stable order."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from ..model import Case


def verdict(case: Case, options):
    from .check import (
        prove_case,  # imported in the worker: keeps ortools out of the parent
    )
    return prove_case(case, options)


def _run(args):
    check, case, options = args
    return check(case, options)


def check_all(cases: list[Case], options, jobs: int | None = None, check=verdict) -> list:
    """`check(case, options)` on every case. `check` is a module-level function (it is
    sent to the worker processes by name): the verdict, or a layer above that adds steps
    after it (casetool.explain.difficulty)."""
    cases = sorted(cases, key=lambda c: (c.display, c.number))
    jobs = jobs or os.cpu_count() or 1
    jobs = min(jobs, len(cases))
    if jobs <= 1 or len(cases) < 3:
        return [check(c, options) for c in cases]
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(method)) as pool:
        return list(pool.map(_run, [(check, c, options) for c in cases]))
