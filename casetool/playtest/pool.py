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
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
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
    raises is raised here, once the parts under way have ended; a worker that dies (a
    signal) is not trusted with the rest, they are played here, one after another."""
    if serial(jobs) or len(parts) < 2:
        out = []
        for what, part in parts:
            out.append(part())
            finished(what)
        return out
    _parts[:] = [part for _, part in parts]
    results: dict[int, Any] = {}
    try:
        _in_workers(parts, jobs, results, finished)
    except BrokenProcessPool:  # a worker died (killed, out of memory): the rest are played here
        for index, (what, part) in enumerate(parts):
            if index not in results:
                results[index] = part()
                finished(what)
    finally:
        _parts.clear()
    return [results[index] for index in range(len(parts))]


def _in_workers(parts: list, jobs: int, results: dict[int, Any], finished: Callable[[str], None]) -> None:
    """Play `parts` in forked workers, filling `results`; the first exception a part raises
    stops the others (a time limit reached in one is reached in all)."""
    workers = ProcessPoolExecutor(min(jobs, len(parts)), mp_context=multiprocessing.get_context("fork"))
    try:
        futures = {workers.submit(_one, index): index for index in range(len(parts))}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            finished(parts[futures[future]][0])
    finally:
        workers.shutdown(wait=True, cancel_futures=True)


def _one(index: int) -> Any:
    return _parts[index]()
