"""`casetool hint CASE [--known "not plum, scene fair"] [--level N]`: the next step for a
player who is stuck, from what they already know, without giving its result away."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from ._cases import loaded_or_stop
from .edge import ExitCode, usage
from .progress import QUIET_HELP, Progress


@click.command("hint")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--known", default="", metavar="FACTS",
              help="What you already know, comma-separated: 'not plum, scene fair, white lies'.")
@click.option("--level", type=click.IntRange(1, 3), default=1, show_default=True,
              help="1: which clues to read together; 2: how to reason with them; 3: the whole step.")
@click.option("--step", type=click.IntRange(1), default=None,
              help="Hint for this step of the explanation (as if you knew what the steps before it find).")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=30.0, show_default=True,
              help="Seconds per case (checking and explaining it); a case not done in time is 'unknown'.")
@click.option("-q", "--quiet", is_flag=True, help=QUIET_HELP)
def command(path, known, level, step, time_limit, quiet) -> ExitCode:
    """Print a hint for one case (ok cases only)."""
    loaded = loaded_or_stop([path])
    with Progress("hint", len(loaded.cases), quiet) as progress:
        report = api.hint(loaded, known, level, step, time_limit, progress=progress.advance)
    if report.diagnostics:
        raise usage(*report.diagnostics)
    for h in report.hints:
        if h.text is None:  # not ok, or out of time: the check's verdict instead
            click.echo(h.refusal(), nl=False)
        else:
            click.echo(h.text)
    return ExitCode.of(not report.ok)
