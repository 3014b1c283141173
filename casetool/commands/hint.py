"""`casetool hint CASE --level N`: a ladder of hints for a player who is stuck."""

from __future__ import annotations

from pathlib import Path

import click

from ._cases import cases_or_stop
from .edge import ExitCode


@click.command("hint")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--level", type=click.IntRange(1, 3), default=1, show_default=True,
              help="1: which clue to look at; 2: what it rules out; 3: the whole step.")
@click.option("--step", type=click.IntRange(1), default=1, show_default=True,
              help="Hint for this step of the explanation (for a player already that far).")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=30.0, show_default=True,
              help="Seconds per case (checking and explaining it); a case not done in time is 'unknown'.")
def command(path, level, step, time_limit) -> ExitCode:
    """Print a hint for one case (ok cases only)."""
    from ..explain.checked import explain_checked, refusal_text
    from ..explain.describe import hint_text

    failed = False
    for case in cases_or_stop([path]):
        checked = explain_checked(case, time_limit)
        if checked.explanation is None:  # not ok, or out of time: the check's verdict instead
            failed = True
            click.echo(refusal_text(checked.result), nl=False)
            continue
        click.echo(hint_text(checked.explanation, level, step), nl=False)
    return ExitCode.of(failed)
