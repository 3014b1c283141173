"""`casetool explain CASE...`: the steps from the clues to the answer, and a difficulty grade."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .. import api
from ._cases import loaded_or_stop
from .edge import ExitCode


@click.command("explain")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=30.0, show_default=True,
              help="Seconds per case (checking and explaining it); a case not done in time is 'unknown'.")
def command(paths, fmt, time_limit) -> ExitCode:
    """Explain step by step how a player deduces each case's answer (ok cases only)."""
    from ..english.explain import explanation_json, explanation_text
    from ..explain.checked import refusal_json, refusal_text

    report = api.explain(loaded_or_stop(list(paths)), time_limit)
    texts, data = [], []
    for item in report.explained:
        explanation, g = item.explanation, item.grade
        if explanation is None or g is None:  # not ok, or out of time: the check's verdict instead
            data.append(refusal_json(item.result))
            texts.append(refusal_text(item.result))
        elif fmt == "json":
            data.append(dict(explanation_json(explanation), grade=vars(g)))
        else:
            texts.append(explanation_text(explanation) + f"  Difficulty: {g.level} (score {g.score}, {g.reasons()}; "
                         f"{g.steps} steps; docs/explain.md).\n")
    click.echo(json.dumps(data, indent=2, sort_keys=True) if fmt == "json" else "\n".join(texts), nl=fmt == "json")
    return ExitCode.of(not report.ok)
