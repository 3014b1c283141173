"""printing.background: a job in a forked process gives what it gives in this one,
errors as diagnostics, a crash is done again here, and a cancelled job stops."""

import os
import time

import pytest
from casetool.diagnostics import CasetoolError, Pos, error
from casetool.printing.background import Background


def pid_and(value):
    return os.getpid(), value


def fails():
    raise CasetoolError(error(Pos("book.yaml", 3, 5), "R030", "cannot lay out"))


def dies_in_the_child(parent: int):
    if os.getpid() != parent:
        os._exit(3)  # as if killed: no result comes back
    return "done here"


def test_the_job_runs_in_another_process_and_its_result_comes_back():
    pid, value = Background(pid_and, {"pdf": b"%PDF" * 1000}).result()
    assert value == {"pdf": b"%PDF" * 1000}
    assert pid != os.getpid()


def test_serial_when_asked(monkeypatch):
    monkeypatch.setenv("CASETOOL_SERIAL", "1")
    pid, _ = Background(pid_and, 1).result()
    assert pid == os.getpid()


def test_a_casetool_error_comes_back_with_its_diagnostics():
    with pytest.raises(CasetoolError) as caught:
        Background(fails).result()
    [d] = caught.value.diagnostics
    assert (d.code, d.pos.file, d.pos.line) == ("R030", "book.yaml", 3)


def test_a_child_that_dies_is_not_trusted_the_job_runs_here():
    assert Background(dies_in_the_child, os.getpid()).result() == "done here"


def test_cancel_stops_the_job():
    job = Background(time.sleep, 30)
    start = time.perf_counter()
    job.cancel()
    assert time.perf_counter() - start < 5


def test_serial_in_a_process_with_other_threads():
    """A fork copies only the calling thread; a lock another thread holds (a server's,
    a solver's) would never be freed in the child, so with other threads it runs here."""
    import threading
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        pid, _ = Background(pid_and, 1).result()
    finally:
        stop.set()
        other.join()
    assert pid == os.getpid()
