"""Playtest's parts run side by side: a wheel page, a mystery page, a page's text layer are
independent, each seconds of poppler and tesseract, so a fixed number of worker processes
play them at once.

The workers are forks of this process, started when `run` is called: they start with
everything it has (the book, the open PDFs' caches, the time limit), so nothing is
pickled on the way in but a part's index; each part's result comes back pickled and in
the order the parts were given, so the report does not depend on which worker finished
first. Where fork is not available (Windows, macOS's default), in a process with other
threads (a fork copies only this one: a lock another holds would never be freed), with
one job, or with CASETOOL_SERIAL=1, the parts run here one after another.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from typing import Any, Callable

_parts: list[Callable[[], Any]] = []   # the parts of the `run` under way, for its forked workers


def jobs_available() -> int:
    """The cores this process may run on (the default number of workers)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def serial(jobs: int) -> bool:
    return (jobs <= 1 or bool(os.environ.get("CASETOOL_SERIAL")) or threading.active_count() > 1
            or "fork" not in multiprocessing.get_all_start_methods())


def run(parts: list[tuple[str, Callable[[], Any]]], jobs: int, finished: Callable[[str], None]) -> list:
    """Each part's result, in the order of `parts` ((what it does, the part)); at most `jobs`
    at a time. `finished(what)` is called here as each part finishes. An exception a part
    raises is raised here (the rest are not waited for)."""
    if serial(jobs) or len(parts) < 2:
        out = []
        for what, part in parts:
            out.append(part())
            finished(what)
        return out
    _parts[:] = [part for _, part in parts]
    results: list = [None] * len(parts)
    try:
        with multiprocessing.get_context("fork").Pool(min(jobs, len(parts))) as workers:
            for index, result in workers.imap_unordered(_one, range(len(parts))):
                results[index] = result
                finished(parts[index][0])
    finally:
        _parts.clear()
    return results


def _one(index: int) -> tuple[int, Any]:
    return index, _parts[index]()
