"""Shared by commands that work on cases: which files to read, load, stop on input errors, pick ok cases."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from ..diagnostics import format_text
from .edge import ExitCode, Stop


def scoped(paths: tuple[Path, ...], quiet: bool = False) -> api.Scope:
    """The files `validate` and `check` read for `paths` (`api.scope`), and one line on
    standard error for each file left alone, so that json, junit and -o output stay clean."""
    found = api.scope(list(paths))
    for path in [] if quiet else found.skipped:
        click.echo(f"{api.display_path(path)}: not a casebook file, skipped", err=True)
    return found


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
