"""Progress on a terminal's standard error, for every command that can run for seconds.

One bar per command (tqdm): per case, per mystery or per phase, with what is under way.
It is shown only when standard error is a terminal and `--quiet` is not given, so logs,
CI and pipes never see it; it never touches standard output, so json, junit, github and
`-o` reports stay as they are. tqdm is imported only when the bar is shown: `casetool
check` in a script pays nothing for it (issue 27 item 17)."""

from __future__ import annotations

import os
import sys

import click

from ..diagnostics import printable

QUIET_HELP = "No progress on standard error (it is shown only on a terminal anyway)."


def isatty() -> bool:
    """Whether standard error is a terminal (the tests force it to see the bar)."""
    return sys.stderr.isatty()


class Progress:
    """A bar on standard error, or nothing at all (off a terminal, or `quiet`).

    Its methods are the api's progress callbacks: `advance(done, total, what)` (check,
    explain, hint, pacing, playtest, generate), `step(what)` (build's phases). Use it as a
    context manager: the bar is cleared when the work is done, or stops."""

    def __init__(self, what: str, total: int | None = None, quiet: bool = False, unit: str = "case"):
        self.bar = None
        if not quiet and isatty():
            from tqdm import tqdm
            # tqdm's monitor is a thread, and build forks its decoders job only from a process
            # with one thread (printing/background.py): a bar must not make the build serial.
            tqdm.monitor_interval = 0
            columns, lines = _size()
            self.bar = tqdm(total=total, desc=what, unit=unit, file=sys.stderr, leave=False, ncols=columns, nrows=lines,
                            mininterval=0, miniters=1, bar_format=_FORMAT if total else _COUNTING)

    @property
    def on(self) -> bool:
        return self.bar is not None

    def advance(self, done: int, total: int, what: str = "") -> None:
        """`done` of `total` finished; `what` is under way (or was just finished)."""
        if self.bar is not None:
            self.bar.total, self.bar.n, self.bar.bar_format = total, done, _FORMAT if total else _COUNTING
            self.bar.set_postfix_str(_shown(what), refresh=False)
            self.bar.refresh()

    def step(self, what: str) -> None:
        """The next phase, `what`, starts."""
        if self.bar is not None:
            self.bar.set_postfix_str(_shown(what), refresh=False)
            self.bar.update(1)

    def echo(self, text: str, nl: bool = True, err: bool = False) -> None:
        """Print `text` (standard output unless `err`) without tearing the bar: it is
        cleared first and drawn again below."""
        if self.bar is None:
            click.echo(text, nl=nl, err=err)
            return
        self.bar.clear()
        click.echo(text, nl=nl, err=err)
        self.bar.refresh()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _shown(what: str) -> str:
    """A label as the bar shows it: on one line, without control characters (a title's)."""
    return printable(" ".join(what.split()))[:120]


def _size() -> tuple[int, int]:
    """The terminal's columns and lines; 80 x 24 where it says 0 (a new pseudo-terminal),
    where tqdm would draw nothing."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except (OSError, ValueError, AttributeError):
        return 80, 24
    return size.columns or 80, size.lines or 24


_FORMAT = "{desc}: {n}/{total} |{bar:10}| {elapsed}<{remaining}{postfix}"
_COUNTING = "{desc}: {elapsed}{postfix}"
