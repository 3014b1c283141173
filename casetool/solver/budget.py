"""One time budget per command run on a case, and the one exception for running out of it.

The budget starts before the model is compiled and covers every solve after it (the
verdict, the warnings, an explanation), so `--time-limit` bounds the whole command."""

from __future__ import annotations

import math
import time
from contextlib import contextmanager


class OutOfTime(TimeoutError):
    """The budget ran out before a question was decided. A TimeoutError, so callers that
    only know the builtin (generate) catch it too."""


class Budget:
    def __init__(self, seconds: float | None = None):
        self.seconds = math.inf if seconds is None else seconds
        self.deadline = time.monotonic() + self.seconds

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def check(self) -> None:
        if self.left() <= 0:
            raise OutOfTime(f"the time limit ({self.seconds:g} s) was reached")

    @contextmanager
    def share(self, fraction: float):
        """Spend at most `fraction` of what is left inside the block (the rest stays for
        what comes after it)."""
        saved = self.deadline
        self.deadline = time.monotonic() + self.left() * fraction
        try:
            yield self
        finally:
            self.deadline = saved
