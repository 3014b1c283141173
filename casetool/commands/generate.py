"""`casetool generate --setting PATH --seed N`: a new case (or a casebook) with a unique answer."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from ..diagnostics import Pos, error
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
    source, kind = _source_and_kind(setting_path, kind, difficulty)
    words = [f"casetool generate --setting {source.setting.id} --seed {seed} --kind {kind}"]
    if difficulty:
        words.append(f"--difficulty {difficulty}")
    if count:
        return _book(source, seed, kind, difficulty, output, count, attempts, " ".join(words + [f"--count {count}"]))
    return _one(source, seed, kind, difficulty, output, number, attempts, " ".join(words))


def _source_and_kind(setting_path, kind, difficulty):
    """The setting to generate for and the kind of case, or exit 2 saying why not."""
    from ..generate.source import (
        default_kind,
        load_source,
        offered_levels,
        supported_kinds,
    )

    source, diags = load_source(setting_path)
    if source is None:
        _input_errors(diags)
    kinds = supported_kinds(source.setting)
    kind = kind or default_kind(source.setting)
    if kind is None or kinds.get(kind):
        why = kinds.get(kind) if kind else "it supports no kind of generated case"
        _input_errors([error(source.setting.pos, "G002", f"cannot generate {kind or 'any'} cases for setting "
                             f"'{source.setting.id}': {why}",
                             f"kinds this setting supports: {', '.join(k for k, v in kinds.items() if not v) or 'none'}")])
    levels = offered_levels(source.setting, kind)
    if difficulty and difficulty not in levels:
        _input_errors([error(source.setting.pos, "G006", f"{kind} cases for setting '{source.setting.id}' do not "
                             f"reach '{difficulty}' (docs/generate.md, 'Which levels a setting reaches')",
                             f"levels offered: {', '.join(levels)}")])
    return source, kind


def _book(source, seed, kind, difficulty, output, count, attempts, command) -> ExitCode:
    """--count: a whole casebook in the folder -o names (new or empty)."""
    from ..generate.casebook import write_casebook
    from ..generate.engine import GenerateFailed, Request

    if output.exists() and not output.is_dir():
        _input_errors([error(Pos(str(output)), "G003", "not a folder; --count writes a casebook folder")])
    if output.is_dir() and any(p.suffix in (".yaml", ".yml") for p in output.iterdir()):
        _input_errors([error(Pos(str(output)), "G004", "the folder already holds YAML files",
                             "write the casebook into a new or empty folder")])
    req = Request(source, seed, kind, difficulty, 1, max_attempts=attempts, command=command)
    start = time.monotonic()
    try:
        book = write_casebook(req, count, output, _progress(count))
    except GenerateFailed as exc:
        raise Stop(ExitCode.FAILING, f"casetool generate: {exc}") from exc
    click.echo(f"{output}: {count} cases ({_levels(book)}) in {time.monotonic() - start:.1f} s", err=True)
    return ExitCode.OK


def _one(source, seed, kind, difficulty, output, number, attempts, command) -> ExitCode:
    """One case, to -o (numbered after the cases beside it) or to standard output."""
    from ..files import write_atomic
    from ..generate.engine import GenerateFailed, Request, Taken, generate, taken_in
    from ..generate.writer import schema_line

    folder = output.parent if output else Path.cwd()
    taken, next_number = taken_in(output.parent, source, output) if output else (Taken(), 1)
    req = Request(source, seed, kind, difficulty, number or next_number, taken=taken, max_attempts=attempts,
                  schema=schema_line("case", folder), command=command, progress=_attempts())
    try:
        got = generate(req)
    except GenerateFailed as exc:
        _clear_line()
        raise Stop(ExitCode.FAILING, f"casetool generate: {exc}") from exc
    _clear_line()
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


def _input_errors(diags) -> None:
    raise usage(*(d for d in diags if d.is_error))


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
