"""casetool as a library: load, validate, check, explain, build and generate, returning results.

Nothing here prints or exits: each call returns a result object that carries its
diagnostics (`casetool.diagnostics.Diagnostic`) and verdicts (`casetool.solver.check.CaseResult`),
and the commands in casetool.commands turn those into output and one exit code.
docs/api.md shows them in use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ..files import display_path, write_atomic
from ..load.model import Level
from ..load.project import Loaded, Scope, scope
from ..report import FORMATS, text_head, text_of, text_tail
from ..solver.budget import COMPILE_LIMIT
from ..solver.options import Options
from ..solver.status import Status
from ..solver.verdicts import verdict_diagnostics, verdict_lines

# Imported as it is, not lazily: the function `wheels` has its module's name, and a module
# imported by name is set on the package over a lazily found function.
from .wheels import Pinned, Wheels, pin_wheels, wheels

if TYPE_CHECKING:  # what the lazy names below are, for mypy and editors
    from .authoring import (
        CASE,
        SETTING,
        LintReport,
        Scaffolded,
        codes,
        codes_markdown,
        lint,
        new,
    )
    from .book import (
        DECODER_CACHE,
        FAILING,
        MARKS,
        OUTPUTS,
        PAPERS,
        Built,
        build,
        load_book,
        print_options,
    )
    from .cases import (
        CheckReport,
        Explained,
        ExplainReport,
        Validation,
        check,
        explain,
        load,
        ok_cases,
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
    from .insight import Hint, HintReport, PacingReport, hint, pacing
    from .playing import Playtest, playtest

# The commands' work, by module: imported when a name is first asked for, so that `casetool
# check` does not import the book, the generator, the wheels or playtest (issue 27 item 17).
_LAZY = {
    "authoring": ("CASE", "SETTING", "LintReport", "Scaffolded", "codes", "codes_markdown", "lint", "new"),
    "book": ("DECODER_CACHE", "FAILING", "MARKS", "OUTPUTS", "PAPERS", "Built", "build", "load_book", "print_options"),
    "cases": ("CheckReport", "Explained", "ExplainReport", "Validation", "check", "explain", "load", "ok_cases", "validate", "verdict"),
    "generated": ("LISTED", "NOT_LISTED", "BookReport", "GenerateReport", "Written", "generate", "generate_book", "write_generated"),
    "insight": ("Hint", "HintReport", "PacingReport", "hint", "pacing"),
    "playing": ("Playtest", "playtest"),
}
_MODULE_OF = {name: module for module, names in _LAZY.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # asked once: later look-ups find it without this function
    return value


LEVELS = tuple(level.value for level in Level)  # the difficulty grades, easiest first (docs/explain.md)

__all__ = [
    "CASE", "COMPILE_LIMIT", "DECODER_CACHE", "FAILING", "FORMATS", "LEVELS", "LISTED", "MARKS", "NOT_LISTED",
    "OUTPUTS", "PAPERS", "SETTING", "BookReport", "Built", "CheckReport", "ExplainReport", "Explained",
    "GenerateReport", "Hint", "HintReport", "LintReport", "Loaded", "Options", "PacingReport", "Pinned", "Playtest",
    "Scaffolded", "Scope", "Status", "Validation", "Wheels", "Written", "build", "check", "codes", "codes_markdown",
    "display_path", "explain", "generate", "generate_book", "hint", "lint", "load", "load_book", "new", "ok_cases",
    "pacing", "pin_wheels", "playtest", "print_options", "scope", "text_head", "text_of", "text_tail", "validate",
    "verdict", "verdict_diagnostics", "verdict_lines", "wheels", "write_atomic", "write_generated",
]
