"""Playtest's parts run side by side (casetool.workers): a wheel page, a mystery page, a page's
text layer are independent, each seconds of poppler and tesseract.

The parts are closures over the open book and PDFs: forked workers inherit them, so they
play in workers where fork is safe and here elsewhere (workers.py says when)."""

from __future__ import annotations

from typing import Any, Callable

from .. import workers


def jobs_available() -> int:
    """The cores this process may run on (the default number of workers)."""
    return workers.cores()


def run(parts: list[tuple[str, Callable[[], Any]]], jobs: int, finished: Callable[[str], None]) -> list:
    """Each part's result, in the order of `parts` ((what it does, the part)); at most `jobs`
    at a time; `finished(what)` is called here as each part finishes."""
    return workers.run([part for _, part in parts], jobs, lambda index, _: finished(parts[index][0]))
