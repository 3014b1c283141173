"""casetool as a library: load, validate, check, explain, build and generate, returning results.

Nothing here prints or exits: each call returns a result object that carries its
diagnostics (`casetool.diagnostics.Diagnostic`) and verdicts (`casetool.solver.check.CaseResult`),
and the commands in casetool.commands turn those into output and one exit code.
docs/api.md shows them in use.
"""

from __future__ import annotations

from ..load.project import Loaded
from ..solver.options import Options
from ..solver.status import Status
from ..solver.verdicts import verdict_diagnostics, verdict_lines
from .book import Built, build
from .cases import (
    CheckReport,
    Explained,
    ExplainReport,
    Validation,
    check,
    explain,
    load,
    validate,
    verdict,
)
from .generated import (
    LISTED,
    NOT_LISTED,
    BookReport,
    GenerateReport,
    Written,
    generate,
    generate_book,
    write_generated,
)

__all__ = [
    "BookReport", "Built", "CheckReport", "ExplainReport", "Explained", "GenerateReport", "Loaded", "Options", "Status",
    "LISTED", "NOT_LISTED", "Validation", "Written", "build", "check", "explain", "generate", "generate_book", "load",
    "validate", "verdict", "verdict_diagnostics", "verdict_lines", "write_generated",
]
