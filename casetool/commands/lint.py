"""`casetool lint PATH...`: prose checks on case texts (docs/lint.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..diagnostics import sort_diagnostics
from ..project import load_paths

EXIT_OK, EXIT_FINDINGS, EXIT_INPUT = 0, 1, 2


@click.command("lint")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for tools.")
def command(paths: tuple[Path, ...], fmt: str) -> None:
    """Check the prose of cases: articles, and/or scope, self-naming, repeats, numbers, phrases, ids."""
    from ..lint.run import lint_cases
    loaded = load_paths(list(paths))
    errors = [d for d in sort_diagnostics(loaded.diagnostics) if d.is_error]
    if errors or not loaded.files:
        for d in errors:
            click.echo(d.text(), err=True)
        if not loaded.files and not errors:
            click.echo(f"casetool lint: no YAML files found in {', '.join(map(str, paths))}", err=True)
        sys.exit(EXIT_INPUT)
    findings = lint_cases(loaded.cases)
    if fmt == "json":
        click.echo(json.dumps({"findings": [d.to_json() for d in findings],
                               "summary": {"cases": len(loaded.cases), "findings": len(findings)}},
                              indent=2, sort_keys=True))
    else:
        for d in findings:
            click.echo(d.text())
        click.echo(f"{len(loaded.cases)} case{'s' if len(loaded.cases) != 1 else ''} linted: "
                   f"{len(findings)} finding{'s' if len(findings) != 1 else ''}")
    sys.exit(EXIT_FINDINGS if findings else EXIT_OK)
