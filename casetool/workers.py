"""Independent tasks run side by side in worker processes, their results in the tasks' order.

The one process pool of casetool: `check` runs its cases here, `playtest` the parts of a
book. A task is a callable taking no arguments. Where fork is safe (a fork copies only the
calling thread, so only a process with no other thread forks), the workers are forks
started by `run`: they inherit the tasks, so nothing is pickled on the way in but a task's
index, and a closure over a loaded book is a task as good as any. Where fork is not
available or not safe, the workers are spawned and each task is pickled (a partial of a
module-level function travels; a closure does not, and such tasks run here). With one job,
one task, CASETOOL_SERIAL=1 or inside a worker (its own workers would multiply the jobs), everything
runs here, one task after another.

Results come back pickled and are returned in the order of the tasks, whichever worker
finished first. The first exception a task raises cancels the tasks not yet started and is
raised here once those under way have ended. A worker that dies (a signal, out of memory)
is not trusted with the rest: every task without a result runs here, one after another.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_tasks: list[Callable[[], Any]] = []   # the tasks of the `run` under way, for its forked workers


def cores() -> int:
    """The cores this process may run on (a container or `taskset` may allow fewer than the machine has)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run(tasks: Sequence[Callable[[], T]], jobs: int, done: Callable[[int, T], None] | None = None) -> list[T]:
    """Each task's result, in the order of `tasks`; at most `jobs` at a time. `done(i, result)`
    is called in this process as each task finishes (in the order they finish)."""
    results: dict[int, Any] = {}
    if jobs > 1 and len(tasks) > 1 and not os.environ.get("CASETOOL_SERIAL"):
        # Imported here: multiprocessing costs a one-case check about 10 ms it never uses.
        from concurrent.futures.process import BrokenProcessPool
        try:
            _in_workers(tasks, min(jobs, len(tasks)), results, done)
        except BrokenProcessPool:
            pass  # a worker died: the tasks it left are run below
    for index, task in enumerate(tasks):
        if index not in results:
            _record(results, index, task(), done)
    return [results[index] for index in range(len(tasks))]


def _record(results: dict[int, Any], index: int, result: Any, done: Callable[[int, Any], None] | None) -> None:
    results[index] = result
    if done is not None:
        done(index, result)


def _in_workers(tasks: Sequence[Callable[[], Any]], jobs: int, results: dict[int, Any],
                done: Callable[[int, Any], None] | None) -> None:
    """Run `tasks` in `jobs` workers, filling `results`; returns having run none when no
    worker can be started here or the tasks cannot be sent to one."""
    import multiprocessing
    import threading
    from concurrent.futures import ProcessPoolExecutor, as_completed

    if multiprocessing.parent_process() is not None:
        return  # a worker itself: workers of its own would multiply the jobs and replace its tasks
    sent: Sequence[int | bytes] | None = range(len(tasks))
    method = "fork"
    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() > 1:
        method, sent = "spawn", _pickled(tasks)
    if sent is None:
        return
    _tasks[:] = tasks
    workers = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(method))
    try:
        futures = {workers.submit(_one, what): index for index, what in enumerate(sent)}
        for future in as_completed(futures):
            _record(results, futures[future], future.result(), done)
    finally:
        workers.shutdown(wait=True, cancel_futures=True)
        _tasks.clear()


def _pickled(tasks: Sequence[Callable[[], Any]]) -> Sequence[bytes] | None:
    """Each task pickled for a spawned worker, or None when one cannot be (a closure, a lambda)."""
    try:
        return [pickle.dumps(task) for task in tasks]
    except (pickle.PicklingError, AttributeError, TypeError):
        return None


def _one(what: int | bytes) -> Any:
    """In a worker: the task at index `what` (inherited by fork) or pickled in `what` (spawned)."""
    task = pickle.loads(what) if isinstance(what, bytes) else _tasks[what]
    return task()
