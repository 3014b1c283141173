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
from ..diagnostics import Diagnostic, Pos, error
from ..model import Case
from ..report import details
from ..solver.options import Options
from ..solver.status import Status
from .diagnostics import SOURCE, to_lsp
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
    """What the check says about the case, where it says it."""
    where = Pos(result.file, result.line, result.col)
    out = [to_lsp(w, lines) for w in result.warnings]
    if result.status == Status.OK:
        answer = ", ".join(f"{k} {v}" for k, v in result.answers[0].answer.items())
        out.append(_at(where, lines, Status.OK, f"check: ok, exactly one answer fits: {answer}",
                       types.DiagnosticSeverity.Information))
    elif result.status == Status.CONTRADICTION:
        ids = ", ".join(f"'{c.id}'" for c in result.conflict)
        for c in result.conflict:
            diag = _at(Pos(c.file, c.line, c.col), lines, Status.CONTRADICTION,
                       f"contradiction: clue '{c.id}' is one of the clues that cannot all hold ({ids})")
            diag.related_information = [  # the editor links to the rest of the conflict set
                types.DiagnosticRelatedInformation(
                    types.Location(uri, lines.token_range(Pos(o.file, o.line, o.col))), f"clue '{o.id}': {o.text.strip()}")
                for o in result.conflict if o is not c] if uri else None
            out.append(diag)
        if not result.conflict:
            out.append(_at(where, lines, Status.CONTRADICTION, result.message))
    else:
        text = "\n".join([f"{result.status}: {result.message}"] + details(result))
        severity = types.DiagnosticSeverity.Warning if result.status == Status.UNKNOWN else types.DiagnosticSeverity.Error
        out.append(_at(where, lines, result.status, text, severity))
    return out


def _at(pos: Pos, lines: Lines, code: str, message: str,
        severity: types.DiagnosticSeverity = types.DiagnosticSeverity.Error) -> types.Diagnostic:
    d = to_lsp(error(pos, code, message), lines)
    d.severity = severity
    d.source = SOURCE
    return d


def failure(pos: Pos, lines: Lines, exc: BaseException) -> types.Diagnostic:
    """A bug in the checker is shown, not swallowed: the server keeps running."""
    return to_lsp(Diagnostic(pos, "error", "E999", f"casetool could not check this case: {exc!r}"), lines)
