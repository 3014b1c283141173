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


def load_book(folder: Path):
    """A casebook folder's book and wheel allocation, and every diagnostic found on the way.

    Only the folder's own files: drafts or other casebooks in sub-folders are not this book."""
    from ..decoders.allocation import allocate, reserved_positions
    from ..diagnostics import sort_diagnostics
    from ..render.casebook import assemble

    loaded = load_paths(sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and not p.is_dir()))
    book, diags = assemble(folder, loaded)
    alloc = allocate(book, reserved_positions(loaded.cases, book)) if book is not None else None
    return book, alloc, sort_diagnostics(loaded.diagnostics + diags + (alloc.diagnostics if alloc else []))
