"""One time budget per command run on a case, and the one exception for running out of it.

The budget counts solving: every solve (the verdict, the warnings, an explanation) counts
against `--time-limit`. Compiling the model does not (at 8 suspects x 8 weapons x 10
rooms x 8 times it once used 9.5 of the 10 s and left the verdict `unknown`); it is
bounded on its own by a compile budget (COMPILE_LIMIT), which ends in `CompileOutOfTime`."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager

# Seconds a case's model may take to compile (Python work on every node of its clues);
# the samples' largest compiles in under 0.1 s, a 30 x 30 x 30 timeline in about 1 s.
COMPILE_LIMIT = 60.0


class OutOfTime(TimeoutError):
    """The budget ran out before a question was decided. A TimeoutError, so callers that
    only know the builtin (generate) catch it too."""


class CompileOutOfTime(OutOfTime):
    """Compiling the case's model took longer than its compile budget."""


class Budget:
    def __init__(self, seconds: float | None = None, error: type[OutOfTime] = OutOfTime):
        self.seconds = math.inf if seconds is None else seconds
        self.deadline = time.monotonic() + self.seconds
        self.error = error

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def check(self) -> None:
        if self.left() <= 0:
            raise self.error(f"the time limit ({self.seconds:g} s) was reached")

    @contextmanager
    def paused(self) -> Iterator[Budget]:
        """Time spent inside the block does not count against this budget."""
        start = time.monotonic()
        try:
            yield self
        finally:
            self.deadline += time.monotonic() - start

    @contextmanager
    def share(self, fraction: float) -> Iterator[Budget]:
        """Spend at most `fraction` of what is left inside the block (the rest stays for
        what comes after it)."""
        saved = self.deadline
        self.deadline = time.monotonic() + self.left() * fraction
        try:
            yield self
        finally:
            self.deadline = saved
