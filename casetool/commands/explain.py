"""`casetool explain CASE...`: the steps from the clues to the answer, and a difficulty grade."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .. import api
from ._cases import loaded_or_stop
from .edge import ExitCode
from .progress import QUIET_HELP, Progress


@click.command("explain")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=30.0, show_default=True,
              help="Seconds per case (checking and explaining it); a case not done in time is 'unknown'.")
@click.option("-q", "--quiet", is_flag=True, help=QUIET_HELP)
def command(paths, fmt, time_limit, quiet) -> ExitCode:
    """Explain step by step how a player deduces each case's answer (ok cases only)."""
    loaded = loaded_or_stop(list(paths))
    with Progress("explain", len(loaded.cases), quiet) as progress:
        report = api.explain(loaded, time_limit, progress=progress.advance)
    if fmt == "json":
        click.echo(json.dumps([item.as_json() for item in report.explained], indent=2, sort_keys=True))
    else:
        click.echo("\n".join(item.text() for item in report.explained), nl=False)
    return ExitCode.of(not report.ok)
