"""`casetool check PATH...`: prove each case has exactly one answer, or show why not."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..explain.difficulty import (
    check_all,  # the verdict, then W004 (which needs an explanation)
)
from ..project import load_paths
from ..report import FORMATS
from ..solver.options import Options

EXIT_OK, EXIT_FAILING, EXIT_INPUT = 0, 1, 2


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(sorted(FORMATS)), default="text", show_default=True,
              help="text for people, json for tools, junit for CI dashboards, github for annotations.")
@click.option("--count", is_flag=True, help="Count every consistent answer (slower on big cases).")
@click.option("--max-alternatives", type=click.IntRange(1), default=10, show_default=True,
              help="How many alternative answers to show for an ambiguous case.")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=10.0, show_default=True,
              help="Seconds per case; a case not decided in time is 'unknown', never ok.")
@click.option("--no-warnings", is_flag=True, help="Skip the redundancy and liar warnings (faster).")
@click.option("--world", is_flag=True, help="Prove the whole world unique (every whereabouts cell, card holder, "
              "decided fact, liar), not just the answer; list the cells two worlds differ in.")
@click.option("-j", "--jobs", type=click.IntRange(1), default=None, help="Processes to use (default: every core).")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Write the report to this file (atomically) instead of standard output.")
def command(paths, fmt, count, max_alternatives, time_limit, no_warnings, world, jobs, output) -> None:
    """Prove each case has exactly one answer; show alternatives or conflicting clues."""
    loaded = load_paths(list(paths))
    if not loaded.files and not loaded.diagnostics:
        click.echo(f"casetool check: no YAML files found in {', '.join(map(str, paths))}", err=True)
        sys.exit(EXIT_INPUT)
    options = Options(time_limit=time_limit, max_alternatives=max_alternatives, count=count,
                      warnings=not no_warnings, world=world)
    results = check_all(loaded.cases, options, jobs)
    text = FORMATS[fmt](results, loaded.diagnostics)
    if output:
        from ..files import write_atomic
        write_atomic(output, text.encode())
    else:
        click.echo(text, nl=False)
    if any(d.is_error for d in loaded.diagnostics):
        sys.exit(EXIT_INPUT)
    sys.exit(EXIT_FAILING if any(r.status != "ok" for r in results) else EXIT_OK)
