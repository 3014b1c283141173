"""The command line's edge: the exit codes (defined once) and the one way a command stops early.

Commands return an `ExitCode`, or raise `Stop`; `casetool.cli._Group` turns either into
the process's exit status. Nothing below the commands calls `sys.exit`."""

from __future__ import annotations

from enum import IntEnum
from typing import Iterable

from ..diagnostics import Diagnostic, sort_diagnostics


class ExitCode(IntEnum):
    OK = 0            # every case (file, check) is ok
    FAILING = 1       # some case fails, or some check found a problem
    INPUT = 2         # a usage or input error: nothing was checked, or nothing written
    INTERNAL = 3      # a bug in casetool (an internal error): never a verdict on the cases
    INTERRUPTED = 130  # Ctrl-C (128 + SIGINT, as shells report it)
    CLOSED_PIPE = 141  # the reader of standard output went away (`| head`): 128 + SIGPIPE

    @classmethod
    def of(cls, failing: bool) -> "ExitCode":
        return cls.FAILING if failing else cls.OK


class Stop(Exception):
    """End the command now: `diagnostics` then `lines` are printed (standard error unless
    `to_stdout`), and the process exits with `code`. Caught by casetool.cli._Group."""

    def __init__(self, code: ExitCode, *lines: str, diagnostics: Iterable[Diagnostic] = (),
                 to_stdout: bool = False):
        self.code = code
        self.lines = list(lines)
        self.diagnostics = sort_diagnostics(diagnostics)
        self.to_stdout = to_stdout
        super().__init__("; ".join([d.text() for d in self.diagnostics] + self.lines))

    def text(self) -> str:
        return "".join(line + "\n" for line in [d.text() for d in self.diagnostics] + self.lines)


def counted(n: int, one: str, many: str = "") -> str:
    """'1 mystery', '3 mysteries': a command's summary lines count in English."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def usage(*diagnostics: Diagnostic) -> Stop:
    """Stop with exit 2 after these diagnostics (on standard error)."""
    return Stop(ExitCode.INPUT, diagnostics=diagnostics)


def internal_error(exc: BaseException) -> str:
    """The one line an internal error prints: what failed, that it is casetool's bug, where to say so."""
    what = f"{type(exc).__name__}: {exc}".strip().rstrip(":")
    return (f"casetool: internal error ({' '.join(what.split())[:200]}): this is a bug in casetool, not in "
            f"your files; please report it at {_issues()} with the command you ran and its files "
            "(`casetool --debug ...` or CASETOOL_DEBUG=1 prints the traceback)")


def _issues() -> str:
    """The tracker named in the installed package's metadata (Project-URL: Issues)."""
    from importlib import metadata
    try:
        urls = metadata.metadata("casetool").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        urls = []
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() in ("issues", "bug tracker", "bugs"):
            return url.strip()
    return "the casetool issue tracker"
