"""`casetool check PATH...`: prove each case has exactly one answer, or show why not."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from ._cases import scoped
from .edge import ExitCode, Stop
from .progress import Progress

FORMATS, COMPILE_LIMIT = api.FORMATS, api.COMPILE_LIMIT


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(sorted(FORMATS)), default="text", show_default=True,
              help="text for people, json for tools, junit for CI dashboards, github for annotations.")
@click.option("--count", is_flag=True, help="Count every consistent answer (slower on big cases).")
@click.option("--max-alternatives", type=click.IntRange(1), default=10, show_default=True,
              help="How many alternative answers to show for an ambiguous case.")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=10.0, show_default=True,
              help=f"Seconds of solving per case (compiling is bounded on its own, {COMPILE_LIMIT:g} s); "
                   "a case not decided in time is 'unknown', never ok.")
@click.option("--compile-limit", type=click.FloatRange(min=0.0), default=COMPILE_LIMIT, show_default=True,
              help="Seconds to compile each case's clues; a case that takes longer is 'unknown'.")
@click.option("--no-warnings", is_flag=True, help="Skip the redundancy and liar warnings (faster).")
@click.option("--world", is_flag=True, help="Prove the whole world unique (every whereabouts cell, card holder, "
              "decided fact, liar), not just the answer; list the cells two worlds differ in.")
@click.option("-j", "--jobs", type=click.IntRange(1), default=None, help="Processes to use (default: every core when the cases' estimated work pays for a pool, else one).")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Write the report to this file (atomically) instead of standard output.")
@click.option("-q", "--quiet", is_flag=True, help="No progress and no 'skipped' notes on standard error.")
def command(paths, fmt, count, max_alternatives, time_limit, compile_limit, no_warnings, world, jobs, output,
            quiet) -> ExitCode:
    """Prove each case has exactly one answer; show alternatives or conflicting clues."""
    found = scoped(paths, quiet)  # a setting.yaml or casebook.yaml named: every case beside it
    loaded = api.load(found.files)
    if not loaded.files and not loaded.diagnostics and not found.skipped:
        raise Stop(ExitCode.INPUT, f"casetool check: no YAML files found in {', '.join(map(str, paths))}")
    options = api.Options(time_limit=time_limit, max_alternatives=max_alternatives, count=count,
                          warnings=not no_warnings, compile_limit=compile_limit, world=world,
                          worlds=fmt == "json")   # only json shows an ok case's world
    # Text on standard output is printed as it comes: the input diagnostics, each case's
    # verdict as soon as it and those before it are in, then the summary; the same bytes
    # as the whole report printed at the end. Other formats and -o are written at the end.
    streamed = fmt == "text" and not output
    with Progress("check", len(loaded.cases), quiet) as progress:
        if streamed:
            progress.echo(api.text_head(loaded.diagnostics), nl=False)
        report = api.check(loaded, options, jobs, progress=progress.advance,
                           each=(lambda r: progress.echo(api.text_of(r), nl=False)) if streamed else None)
    if streamed:
        click.echo(api.text_tail(report.results, report.diagnostics), nl=False)
    elif output:
        api.write_atomic(output, FORMATS[fmt](report.results, report.diagnostics).encode())
    else:
        click.echo(FORMATS[fmt](report.results, report.diagnostics), nl=False)
    return ExitCode.INPUT if report.input_errors else ExitCode.of(bool(report.failing))
