"""`casetool lint PATH...`: prose checks on case texts (docs/lint.md)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..diagnostics import sort_diagnostics
from ..load.project import load_paths
from .edge import ExitCode, Stop


@click.command("lint")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for tools.")
def command(paths: tuple[Path, ...], fmt: str) -> ExitCode:
    """Check the prose of cases: articles, and/or scope, self-naming, repeats, numbers, phrases, ids."""
    from ..lint.run import lint_cases
    loaded = load_paths(list(paths))
    errors = [d for d in sort_diagnostics(loaded.diagnostics) if d.is_error]
    if errors or not loaded.files:
        nothing = [] if errors else [f"casetool lint: no YAML files found in {', '.join(map(str, paths))}"]
        raise Stop(ExitCode.INPUT, *nothing, diagnostics=errors)
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
    return ExitCode.of(bool(findings))
