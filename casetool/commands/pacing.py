"""`casetool pacing CASE...`: consistent answers after each reveal of a timed case."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from ._cases import loaded_or_stop
from .edge import ExitCode
from .progress import QUIET_HELP, Progress


@click.command("pacing")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--html", "html_out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Also write a small HTML chart of the pacing to this file.")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=60.0, show_default=True,
              help="Seconds per case; a case not worked out in time is 'unknown'.")
@click.option("-q", "--quiet", is_flag=True, help=QUIET_HELP)
def command(paths, fmt, html_out, time_limit, quiet) -> ExitCode:
    """Show how the answer narrows as timed clues are revealed; warn about bad pacing."""
    loaded = loaded_or_stop(list(paths))
    with Progress("pacing", len(loaded.cases), quiet) as progress:
        report = api.pacing(loaded, time_limit, progress=progress.advance)
    if fmt == "json":
        click.echo(report.json())
    else:
        click.echo(report.text(), nl=False)
    if html_out:
        api.write_atomic(html_out, report.html().encode())
    return ExitCode.of(not report.ok)
