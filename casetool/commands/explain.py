"""`casetool explain CASE...`: the steps from the clues to the answer, and a difficulty grade."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ._cases import load_cases_or_exit


@click.command("explain")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=30.0, show_default=True,
              help="Seconds per case (checking and explaining it); a case not done in time is 'unknown'.")
def command(paths, fmt, time_limit) -> None:
    """Explain step by step how a player deduces each case's answer (ok cases only)."""
    from ..explain.checked import explain_checked, refusal_json, refusal_text
    from ..explain.describe import explanation_json, explanation_text
    from ..explain.grade import grade

    cases = load_cases_or_exit(list(paths))
    texts, data, failed = [], [], False
    for case in cases:
        checked = explain_checked(case, time_limit)
        explanation = checked.explanation
        if explanation is None:  # not ok, or out of time: the check's verdict instead
            failed = True
            data.append(refusal_json(checked.result))
            texts.append(refusal_text(checked.result))
            continue
        g = grade(explanation)
        failed |= not explanation.complete
        if fmt == "json":
            data.append(dict(explanation_json(explanation), grade=vars(g)))
        else:
            texts.append(explanation_text(explanation) + f"  Difficulty: {g.level} (score {g.score}, {g.reasons()}; "
                         f"{g.steps} steps; docs/explain.md).\n")
    click.echo(json.dumps(data, indent=2, sort_keys=True) if fmt == "json" else "\n".join(texts), nl=fmt == "json")
    sys.exit(1 if failed else 0)
