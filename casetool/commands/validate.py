"""`casetool validate PATH...`: schema, names and types of settings and cases."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .. import api
from ._cases import scoped
from .edge import ExitCode, Stop, counted


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for tools.")
@click.option("-q", "--quiet", is_flag=True, help="Print problems only, not the valid files.")
def command(paths: tuple[Path, ...], fmt: str, quiet: bool) -> ExitCode:
    """Check settings and cases against the schema, names and types."""
    # A case's setting.yaml is checked too, even when not named: it counts as a file checked.
    found = scoped(paths, quiet)
    v = api.validate(found.files)
    if not v.files and not v.diagnostics and not found.skipped:
        raise Stop(ExitCode.INPUT, f"casetool validate: no YAML files found in {', '.join(map(str, paths))}")
    if fmt == "json":
        click.echo(json.dumps({"files": v.files, "valid": v.valid, "skipped": [api.display_path(p) for p in found.skipped],
                               "diagnostics": [d.to_json() for d in v.diagnostics],
                               "summary": {"files": len(v.files), "errors": len(v.errors),
                                           "warnings": len(v.warnings)}}, indent=2, sort_keys=True))
    else:
        for d in v.diagnostics:
            click.echo(d.text())
        if not quiet:
            for f in v.valid:
                click.echo(f"{f}: valid")
        click.echo(summary_line(len(v.files), len(v.files) - len(v.valid), len(v.errors), len(v.warnings)))
    return ExitCode.of(not v.ok)


def summary_line(files: int, bad: int, errors: int, warnings: int) -> str:
    return (f"{counted(files, 'file')} checked: {counted(files - bad, 'valid file')}, "
            f"{counted(errors, 'error')}, {counted(warnings, 'warning')}")
