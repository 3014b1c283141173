"""casetool.workers, the one process pool (check's cases, playtest's parts): results in the
tasks' order whichever finishes first, one job run here, a dead worker's tasks run here,
a task's exception raised here, spawned workers where fork is not safe."""

from __future__ import annotations

import dataclasses
import functools
import os
import threading
import time
from pathlib import Path

import pytest
from casetool import workers
from casetool.load.project import load_paths
from casetool.solver.options import Options
from casetool.solver.runner import check_all

ROOT = Path(__file__).resolve().parents[1]


def _tagged(tag: int) -> tuple[int, int]:
    time.sleep(0.05 * (4 - tag))   # the first task finishes last
    return tag, os.getpid()


def test_results_come_in_the_tasks_order_from_forked_workers():
    finished: list[tuple[int, object]] = []
    tasks = [lambda i=i: _tagged(i) for i in range(5)]   # closures: inherited by the forks
    results = workers.run(tasks, 2, lambda i, result: finished.append((i, result)))
    assert [tag for tag, _ in results] == list(range(5))
    assert os.getpid() not in {pid for _, pid in results}
    assert len({pid for _, pid in results}) == 2
    assert sorted(finished) == list(enumerate(results))
    assert [i for i, _ in finished] != list(range(5))   # done() as they finish, not in order


def test_one_job_runs_every_task_here_in_order(monkeypatch):
    finished: list[int] = []
    results = workers.run([lambda i=i: (i, os.getpid()) for i in range(3)], 1, lambda i, _: finished.append(i))
    assert results == [(i, os.getpid()) for i in range(3)] and finished == [0, 1, 2]
    monkeypatch.setenv("CASETOOL_SERIAL", "1")
    assert workers.run([os.getpid, os.getpid], 2) == [os.getpid()] * 2


def _dies_in_a_worker(parent: int) -> str:
    if os.getpid() != parent:
        os._exit(3)   # as a worker killed by the system would
    return "here"


def test_the_tasks_a_dead_worker_left_run_here():
    parent = os.getpid()
    tasks = [lambda: 1, lambda: _dies_in_a_worker(parent), lambda: 2, lambda: 3]
    finished: list[int] = []
    assert workers.run(tasks, 2, lambda i, _: finished.append(i)) == [1, "here", 2, 3]
    assert sorted(finished) == [0, 1, 2, 3]   # each task reported once


class Refused(Exception):
    pass


def _refuse() -> None:
    raise Refused("no")


def test_a_task_s_exception_is_raised_here():
    with pytest.raises(Refused):
        workers.run([lambda: 1, _refuse, lambda: 2], 2)


def test_a_worker_runs_its_own_tasks_itself():
    def nested() -> tuple[int, list[int]]:
        return os.getpid(), workers.run([os.getpid, os.getpid], 2)
    for pid, inner in workers.run([nested, nested], 2):
        assert inner == [pid, pid] and pid != os.getpid()


def test_with_another_thread_picklable_tasks_go_to_spawned_workers_and_closures_run_here():
    """A fork copies only the calling thread: a lock another holds would never be freed."""
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        spawned = workers.run([functools.partial(_tagged, 3), functools.partial(_tagged, 4)], 2)
        closures = workers.run([lambda: os.getpid(), lambda: os.getpid()], 2)
    finally:
        stop.set()
        other.join()
    assert [tag for tag, _ in spawned] == [3, 4] and os.getpid() not in {pid for _, pid in spawned}
    assert closures == [os.getpid()] * 2


def test_cores_are_those_this_process_may_use(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {1, 3}, raising=False)  # as under `taskset -c 1,3`
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert workers.cores() == 2


def test_check_gives_the_same_results_in_one_process_and_in_two():
    cases = load_paths([ROOT / "cases" / "hampshire"]).cases
    one = check_all(list(reversed(cases)), Options(), jobs=1)
    two = check_all(cases, Options(), jobs=2)
    assert [dataclasses.replace(r, seconds=0.0) for r in one] == [dataclasses.replace(r, seconds=0.0) for r in two]
    assert [r.number for r in one] == sorted(r.number for r in one)
