"""`casetool validate PATH...`: schema, names and types of settings and cases."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..diagnostics import sort_diagnostics
from ..project import load_paths

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for tools.")
@click.option("-q", "--quiet", is_flag=True, help="Print problems only, not the valid files.")
def command(paths: tuple[Path, ...], fmt: str, quiet: bool) -> None:
    """Check settings and cases against the schema, names and types."""
    loaded = load_paths(list(paths))
    if not loaded.files and not loaded.diagnostics:
        click.echo(f"casetool validate: no YAML files found in {', '.join(map(str, paths))}", err=True)
        sys.exit(EXIT_USAGE)
    diags = sort_diagnostics(loaded.diagnostics)
    errors = [d for d in diags if d.is_error]
    # A case's setting.yaml is checked too, even when not named: it counts as a file checked.
    checked = set(loaded.files) | loaded.bad_files
    valid = sorted(checked - loaded.bad_files)
    if fmt == "json":
        click.echo(json.dumps({"files": sorted(checked), "valid": valid,
                               "diagnostics": [d.to_json() for d in diags],
                               "summary": {"files": len(checked), "errors": len(errors),
                                           "warnings": len(diags) - len(errors)}}, indent=2, sort_keys=True))
    else:
        for d in diags:
            click.echo(d.text())
        if not quiet:
            for f in valid:
                click.echo(f"{f}: valid")
        click.echo(summary_line(len(checked), len(loaded.bad_files), len(errors), len(diags) - len(errors)))
    sys.exit(EXIT_PROBLEMS if errors else EXIT_OK)


def summary_line(files: int, bad: int, errors: int, warnings: int) -> str:
    def plural(n, word):
        return f"{n} {word}{'' if n == 1 else 's'}"
    return (f"{plural(files, 'file')} checked: {plural(files - bad, 'valid file')}, "
            f"{plural(errors, 'error')}, {plural(warnings, 'warning')}")
