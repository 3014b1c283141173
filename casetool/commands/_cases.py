"""Shared by commands that work on checked cases: load, stop on input errors, pick ok cases."""

from __future__ import annotations

from pathlib import Path

from .. import api
from ..api.book import load_book  # noqa: F401 - wheels and playtest load a casebook folder
from ..diagnostics import format_text
from .edge import ExitCode, Stop


def loaded_or_stop(paths: list[Path]) -> api.Loaded:
    """What loads under `paths`; `Stop` (exit 2) on an input error or when there is no case.

    The input errors go to standard output, as `casetool check` prints them."""
    loaded = api.load(paths)
    errors = [d for d in loaded.diagnostics if d.is_error]
    if errors:
        raise Stop(ExitCode.INPUT, format_text(errors).rstrip("\n"), to_stdout=True)
    if not loaded.cases:
        raise Stop(ExitCode.INPUT, f"no case files found in {', '.join(map(str, paths))}")
    return loaded


def cases_or_stop(paths: list[Path]):
    """The valid cases under `paths`, sorted by file; `Stop` as loaded_or_stop."""
    return sorted(loaded_or_stop(paths).cases, key=lambda c: (c.display, c.number))
