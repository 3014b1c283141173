"""Shared by commands that work on checked cases: load, report input errors, pick ok cases."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..diagnostics import format_text
from ..project import load_paths

EXIT_INPUT = 2


def load_cases_or_exit(paths: list[Path]):
    """The valid cases under `paths`; input errors are printed and exit 2."""
    loaded = load_paths(paths)
    errors = [d for d in loaded.diagnostics if d.is_error]
    if errors:
        click.echo(format_text(errors), nl=False)
        sys.exit(EXIT_INPUT)
    if not loaded.cases:
        click.echo(f"no case files found in {', '.join(map(str, paths))}", err=True)
        sys.exit(EXIT_INPUT)
    return sorted(loaded.cases, key=lambda c: (c.display, c.number))
