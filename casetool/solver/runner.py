"""Check many cases, on every core, returning results in a stable order."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from ..model import Case


def _check_one(args):
    from .check import check_case  # imported in the worker: keeps ortools out of the parent
    case, options = args
    return check_case(case, options)


def check_all(cases: list[Case], options, jobs: int | None = None) -> list:
    cases = sorted(cases, key=lambda c: (c.display, c.number))
    jobs = jobs or os.cpu_count() or 1
    jobs = min(jobs, len(cases))
    if jobs <= 1 or len(cases) < 3:
        return [_check_one((c, options)) for c in cases]
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(method)) as pool:
        return list(pool.map(_check_one, [(c, options) for c in cases]))
