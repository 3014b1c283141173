"""`casetool hint CASE --level N`: a ladder of hints for a player who is stuck."""

from __future__ import annotations

from pathlib import Path

import click

from ._cases import load_cases_or_exit


@click.command("hint")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--level", type=click.IntRange(1, 3), default=1, show_default=True,
              help="1: which clue to look at; 2: what it rules out; 3: the whole step.")
@click.option("--step", type=click.IntRange(1), default=1, show_default=True,
              help="Hint for this step of the explanation (for a player already that far).")
def command(path, level, step) -> None:
    """Print a hint for one case."""
    from ..explain.describe import hint_text
    from ..explain.steps import explain_case

    for case in load_cases_or_exit([path]):
        click.echo(hint_text(explain_case(case), level, step), nl=False)
