"""Playtest's time limit: every program it runs (poppler, tesseract) gets only the time
that is left, so a book that would take hours (a PDF of 20,000 pages that passed the page
bound, a page too big to read) stops at `--time-limit` with TimeUp."""

from __future__ import annotations

import contextlib
import math
import time
from typing import Iterator

_deadline = [math.inf]  # one playtest runs at a time in a process (the command line)


class TimeUp(Exception):
    """The time limit was reached; `seconds` is the limit."""

    def __init__(self, seconds: float):
        super().__init__(f"the time limit ({seconds:g} s) was reached")
        self.seconds = seconds

    def __reduce__(self):  # raised in a worker (pool.py), it comes back pickled as itself
        return TimeUp, (self.seconds,)


_limit = [math.inf]


@contextlib.contextmanager
def limited(seconds: float) -> Iterator[None]:
    """Within the block, `left()` counts down from `seconds`."""
    old = _deadline[0], _limit[0]
    _deadline[0], _limit[0] = time.monotonic() + seconds, seconds
    try:
        yield
    finally:
        _deadline[0], _limit[0] = old


def left() -> float | None:
    """Seconds left for the next program (None: no limit); TimeUp when there are none."""
    if _deadline[0] == math.inf:
        return None
    remaining = _deadline[0] - time.monotonic()
    if remaining <= 0:
        raise TimeUp(_limit[0])
    return remaining


def out_of_time() -> TimeUp:
    return TimeUp(_limit[0])
