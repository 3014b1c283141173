"""`casetool lint PATH...`: prose checks on case texts (docs/lint.md)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .. import api
from .edge import ExitCode, Stop


@click.command("lint")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for tools.")
def command(paths: tuple[Path, ...], fmt: str) -> ExitCode:
    """Check the prose of cases: articles, and/or scope, self-naming, repeats, numbers, phrases, ids."""
    report = api.lint(list(paths))
    if report.errors or not report.files:
        nothing = [] if report.errors else [f"casetool lint: no YAML files found in {', '.join(map(str, paths))}"]
        raise Stop(ExitCode.INPUT, *nothing, diagnostics=report.errors)
    if fmt == "json":
        click.echo(json.dumps({"findings": [d.to_json() for d in report.findings],
                               "summary": {"cases": report.cases, "findings": len(report.findings)}},
                              indent=2, sort_keys=True))
    else:
        for d in report.findings:
            click.echo(d.text())
        click.echo(f"{report.cases} case{'s' if report.cases != 1 else ''} linted: "
                   f"{len(report.findings)} finding{'s' if len(report.findings) != 1 else ''}")
    return ExitCode.of(bool(report.findings))
