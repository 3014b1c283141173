"""One printing job in a forked process while this process does another.

`casetool build` lays out the casebook and draws and lays out decoders.pdf: two jobs
that share nothing but their input, each several seconds of pure Python. Run one in a
child process and the two take the time of the longer on a machine with two cores.

The child is a fork, so it starts with everything this process has (the loaded book,
imported modules, a test's monkeypatches) and nothing has to be pickled on the way in;
only the result comes back, pickled through a pipe. The bytes are the same as in one
process: the jobs are deterministic and read no shared state. Where fork is not
available (Windows, macOS's default), in a process with other threads (serve, the
editor's server), or with CASETOOL_SERIAL=1, the job runs here
when its result is asked for. A child that dies or fails in an unexpected way is not
trusted: the job runs again here, so any error is raised in this process as usual.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import traceback
from typing import Callable

from ..diagnostics import CasetoolError


class Background:
    def __init__(self, job: Callable, *args):
        self.job, self.args, self.process = job, args, None
        if (os.environ.get("CASETOOL_SERIAL") or "fork" not in multiprocessing.get_all_start_methods()
                or threading.active_count() > 1):
            return   # a fork copies only this thread: a lock another thread holds would never be freed
        context = multiprocessing.get_context("fork")
        self.pipe, send = context.Pipe(duplex=False)
        self.process = context.Process(target=_run, args=(send, job, args), daemon=True)
        self.process.start()
        send.close()

    def result(self):
        """The job's result (CasetoolError as the job raised it)."""
        if self.process is None:
            return self.job(*self.args)
        try:
            kind, value = self.pipe.recv()
        except (EOFError, OSError):
            kind, value = "crash", "the worker exited"
        finally:
            self.process.join()
            self.pipe.close()
        if kind == "ok":
            return value
        if kind == "error":
            raise CasetoolError(value)
        return self.job(*self.args)  # a crash: do it here, where a traceback reaches the user

    def cancel(self) -> None:
        """Stop the job: its result is not wanted."""
        if self.process is not None:
            self.process.terminate()
            self.process.join()
            self.pipe.close()
            self.process = None


def _run(send, job: Callable, args: tuple) -> None:
    try:
        try:
            outcome = ("ok", job(*args))
        except CasetoolError as exc:
            outcome = ("error", exc.diagnostics)
        except BaseException:  # noqa: BLE001 - reported, then the parent runs the job itself
            outcome = ("crash", traceback.format_exc())
        try:
            send.send(outcome)
        except Exception:  # noqa: BLE001 - e.g. a result that will not pickle
            send.send(("crash", traceback.format_exc()))
    finally:
        send.close()
