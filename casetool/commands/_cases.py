"""Shared by commands that work on cases: which files to read, load, stop on input errors, pick ok cases."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from ..api.book import load_book  # noqa: F401 - wheels and playtest load a casebook folder
from ..diagnostics import format_text
from ..files import display_path
from ..load.project import Scope, scope
from .edge import ExitCode, Stop


def scoped(paths: tuple[Path, ...], quiet: bool = False) -> Scope:
    """The files `validate` and `check` read for `paths` (`project.scope`), and one line on
    standard error for each file left alone, so that json, junit and -o output stay clean."""
    found = scope(list(paths))
    for path in [] if quiet else found.skipped:
        click.echo(f"{display_path(path)}: not a casebook file, skipped", err=True)
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


def cases_or_stop(paths: list[Path]):
    """The valid cases under `paths`, sorted by file; `Stop` as loaded_or_stop."""
    return sorted(loaded_or_stop(paths).cases, key=lambda c: (c.display, c.number))
