"""The check verdict of a saved case as diagnostics, computed off the editor's thread.

One worker thread runs the solver (casetool.solver.check, with the time limit), so
typing is never held up; a check whose document changed before it started is skipped,
and the server drops a result for a version that is no longer the buffer's.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable

from lsprotocol import types

from .. import api
from ..diagnostics import Diagnostic, Pos
from ..load.model import Case
from ..solver.options import Options
from ..solver.status import Status
from .diagnostics import to_lsp
from .positions import Lines

TIME_LIMIT = 10.0  # seconds per check, as `casetool check`


class Verdicts:
    """One background worker; `submit` returns a future of the CaseResult (or None if skipped)."""

    def __init__(self, time_limit: float = TIME_LIMIT):
        self.options = Options(time_limit=time_limit)
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="casetool-check")

    def submit(self, case: Case, still_current: Callable[[], bool]) -> concurrent.futures.Future:
        return self.pool.submit(self._run, case, still_current)

    def _run(self, case: Case, still_current: Callable[[], bool]):
        if not still_current():
            return None  # saved or edited again while waiting: the newer check will run
        return api.verdict(case, self.options)  # imports ortools on the first check only


def verdict_diagnostics(result, lines: Lines, uri: str = "") -> list[types.Diagnostic]:
    """What the check says about the case, where it says it (api.verdict_diagnostics);
    each clue of a conflict set links to the others."""
    out = [to_lsp(d, lines) for d in api.verdict_diagnostics(result)]
    if result.status == Status.CONTRADICTION and result.conflict and uri:
        for diag, c in zip(out[len(result.warnings):], result.conflict, strict=True):
            diag.related_information = [  # the editor links to the rest of the conflict set
                types.DiagnosticRelatedInformation(
                    types.Location(uri, lines.token_range(Pos(o.file, o.line, o.col))), f"clue '{o.id}': {o.text.strip()}")
                for o in result.conflict if o is not c]
    return out


def failure(pos: Pos, lines: Lines, exc: BaseException) -> types.Diagnostic:
    """A bug in the checker is shown, not swallowed: the server keeps running."""
    return to_lsp(Diagnostic(pos, "error", "E999", f"casetool could not check this case: {exc!r}"), lines)
