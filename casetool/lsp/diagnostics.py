"""casetool diagnostics as LSP diagnostics: the same code, message and hint, at the token
the diagnostic points at."""

from __future__ import annotations

from lsprotocol import types

from ..diagnostics import Diagnostic, sort_diagnostics
from .positions import Lines

SOURCE = "casetool"
SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
            "note": types.DiagnosticSeverity.Information}


def to_lsp(diag: Diagnostic, lines: Lines, range_: types.Range | None = None) -> types.Diagnostic:
    message = f"{diag.message}; {diag.hint}" if diag.hint else diag.message
    return types.Diagnostic(range=range_ or lines.token_range(diag.pos), message=message,
                            severity=SEVERITY.get(diag.severity, types.DiagnosticSeverity.Error),
                            code=diag.code, source=SOURCE)


def all_to_lsp(diags: list[Diagnostic], lines: Lines) -> list[types.Diagnostic]:
    return [to_lsp(d, lines) for d in sort_diagnostics(diags)]
