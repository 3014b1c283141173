"""`casetool hint CASE [--known "not plum, scene fair"] [--level N]`: the next step for a
player who is stuck, from what they already know, without giving its result away."""

from __future__ import annotations

from pathlib import Path

import click

from ..diagnostics import Pos, error
from ._cases import cases_or_stop
from .edge import ExitCode, usage


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
def command(path, known, level, step, time_limit) -> ExitCode:
    """Print a hint for one case (ok cases only)."""
    from ..english.hints import hint, parse_known
    from ..explain.checked import explain_checked, refusal_text

    failed = False
    for case in cases_or_stop([path]):
        facts, unknown = parse_known(case, known)
        if unknown:
            raise usage(*[error(Pos("--known", 1, u.col), "U004", u.why, _known_words(case))
                          for u in unknown])
        checked = explain_checked(case, time_limit)
        if checked.explanation is None:  # not ok, or out of time: the check's verdict instead
            failed = True
            click.echo(refusal_text(checked.result), nl=False)
            continue
        steps = checked.explanation.steps
        if step is not None:  # everything the steps before it found counts as known
            facts += [f for s in steps[:step - 1] for f in s.derived]
        click.echo(hint(checked.explanation, facts, level))
    return ExitCode.of(failed)


def _known_words(case) -> str:
    setting = case.setting
    cats = ", ".join(f"{c} ({', '.join(setting.categories[c].ids)})" for c in setting.answer)
    return f"write 'not ITEM', 'CATEGORY ITEM', 'NAME lies' or 'NAME truthful'; the answer's items: {cats}"
