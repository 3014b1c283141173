"""`casetool generate --setting PATH --seed N`: a new case (or a casebook) with a unique answer."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from .. import api
from ..model import Level
from .edge import ExitCode, Stop, usage

LEVELS = tuple(level.value for level in Level)
KINDS = ("traits", "liars", "timeline", "cards", "codes")


@click.command("generate")
@click.option("--setting", "setting_path", required=True, type=click.Path(path_type=Path),
              help="The setting: a setting.yaml, or the folder that holds one.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="The same seed gives the same case, byte for byte.")
@click.option("--difficulty", type=click.Choice(LEVELS), default=None,
              help="Keep only a case graded at this level (see docs/explain.md).")
@click.option("--kind", type=click.Choice(KINDS), default=None,
              help="What the clues are made of (default: what the setting is for).")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
              help="The case file to write (default: standard output); with --count, the casebook folder.")
@click.option("--count", type=click.IntRange(1, 500), default=None,
              help="Write a whole casebook of this many cases into the folder given by -o.")
@click.option("--number", type=click.IntRange(1), default=None,
              help="The case's number (a single case; default: after the cases already in the -o file's folder).")
@click.option("--attempts", type=click.IntRange(1), default=60, show_default=True,
              help="Drafts to try per case before giving up (each draws a new world).")
def command(setting_path, seed, difficulty, kind, output, count, number, attempts) -> ExitCode:
    """Draft a new case whose answer is unique and whose every clue is needed."""
    if count is not None and output is None:
        raise click.UsageError("--count writes a casebook folder: give it with -o DIR")
    if count:
        return _book(setting_path, seed, kind, difficulty, output, count, attempts)
    return _one(setting_path, seed, kind, difficulty, output, number, attempts)


def _book(setting_path, seed, kind, difficulty, output, count, attempts) -> ExitCode:
    """--count: a whole casebook in the folder -o names (new or empty)."""
    start = time.monotonic()
    report = api.generate_book(setting_path, output, count, seed, kind, difficulty, attempts, progress=_progress(count))
    _stop_unless(report)
    click.echo(f"{output}: {count} cases ({_levels(report.book)}) in {time.monotonic() - start:.1f} s", err=True)
    return ExitCode.OK


def _one(setting_path, seed, kind, difficulty, output, number, attempts) -> ExitCode:
    """One case, to -o (numbered after the cases beside it) or to standard output."""
    from ..files import write_atomic

    report = api.generate(setting_path, seed, kind, difficulty, number, attempts, beside=output, modeline=True,
                          progress=_attempts())
    _clear_line()
    _stop_unless(report)
    got = report.generated
    assert got is not None  # (_stop_unless stopped otherwise)
    if output:
        write_atomic(output, got.text.encode("utf-8"))
    else:
        click.echo(got.text, nl=False)
    g = got.grade
    where = output if output else "<stdout>"
    click.echo(f"{where}: case {got.doc.number} '{got.title}': {g.level} (score {g.score}), {len(got.keys)} clues, "
               f"{got.attempts} attempt{'s' if got.attempts != 1 else ''}, {got.seconds:.1f} s", err=True)
    if output and not (output.parent / "setting.yaml").exists():
        click.echo(f"note: put {output.name} beside the setting's setting.yaml to check or print it", err=True)
    return ExitCode.OK


def _stop_unless(report) -> None:
    """Exit 2 on the setting's, kind's, level's or folder's errors; 1 when no draft was good enough."""
    if report.diagnostics:
        raise usage(*(d for d in report.diagnostics if d.is_error))
    if report.failure:
        raise Stop(ExitCode.FAILING, f"casetool generate: {report.failure}")


def _progress(count: int):
    if not sys.stderr.isatty():
        return None

    def step(done: int, got) -> None:
        click.echo(f"\r\x1b[2K[{done}/{count}] {got.title}: {got.grade.level}", err=True, nl=done == count)
    return step


def _clear_line() -> None:
    if sys.stderr.isatty():
        click.echo("\r\x1b[2K", err=True, nl=False)


def _attempts():
    """On a terminal: which draft is being tried, and what the drafts so far were."""
    if not sys.stderr.isatty():
        return None

    def show(attempt: int, most: int, tally) -> None:
        seen = ", ".join(f"{n} {why}" for why, n in sorted(tally.items()))
        click.echo(f"\r\x1b[2Kdraft {attempt}/{most}{': ' + seen if seen else ''}", err=True, nl=False)
    return show


def _levels(book) -> str:
    levels = [g.grade.level for g in book.cases]
    return ", ".join(f"{levels.count(name)} {name}" for name in LEVELS if levels.count(name))
