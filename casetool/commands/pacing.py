"""`casetool pacing CASE...`: consistent answers after each reveal of a timed case."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ._cases import cases_or_stop
from .edge import ExitCode


@click.command("pacing")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--html", "html_out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Also write a small HTML chart of the pacing to this file.")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=60.0, show_default=True,
              help="Seconds per case; a case not worked out in time is 'unknown'.")
def command(paths, fmt, html_out, time_limit) -> ExitCode:
    """Show how the answer narrows as timed clues are revealed; warn about bad pacing."""
    from ..explain.pacing import pacing, pacing_json, pacing_text
    from ..explain.pacing_chart import pacing_html
    from ..files import write_atomic

    results = [pacing(case, time_limit) for case in cases_or_stop(list(paths))]
    if fmt == "json":
        click.echo(json.dumps([pacing_json(p) for p in results], indent=2, sort_keys=True))
    else:
        click.echo("\n".join(pacing_text(p) for p in results), nl=False)
    if html_out:
        write_atomic(html_out, pacing_html(results).encode())
    return ExitCode.of(any(p.warnings or p.unknown for p in results))
