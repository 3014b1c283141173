"""`casetool generate --setting PATH --seed N`: a new case (or a casebook) with a unique answer."""

from __future__ import annotations

import time
from pathlib import Path

import click

from .. import api
from ..diagnostics import printable
from .edge import ExitCode, Stop, usage
from .progress import QUIET_HELP, Progress

LEVELS = api.LEVELS
KINDS = ("traits", "liars", "timeline", "cards", "codes", "board")


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
              help="The case file to write, or a casebook folder to write it into as NNN-title.yaml (added to "
                   "casebook.yaml's `cases:` when it lists them); default: standard output. With --count, the "
                   "new casebook folder.")
@click.option("--count", type=click.IntRange(1, 500), default=None,
              help="Write a whole casebook of this many cases into the folder given by -o.")
@click.option("--number", type=click.IntRange(1), default=None,
              help="The case's number (a single case; default: after the cases already in the -o file's folder).")
@click.option("--attempts", type=click.IntRange(1), default=60, show_default=True,
              help="Drafts to try per case before giving up (each draws a new world).")
@click.option("--unique", type=click.Choice(("answer", "world")), default=None,
              help="What a board case proves unique: the answer, or the whole night (every cell, object and "
                   "decided fact); default: the setting's `world: unique:`, else the answer.")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds for the whole generation (a book: for each case); past it, it stops and says so.")
@click.option("-q", "--quiet", is_flag=True, help=QUIET_HELP)
def command(setting_path, seed, difficulty, kind, output, count, number, attempts, unique, time_limit,
            quiet) -> ExitCode:
    """Draft a new case whose answer is unique and whose every clue is needed."""
    if count is not None and output is None:
        raise click.UsageError("--count writes a casebook folder: give it with -o DIR")
    if count:
        return _book(setting_path, seed, kind, difficulty, output, count, attempts, quiet, unique, time_limit)
    return _one(setting_path, seed, kind, difficulty, output, number, attempts, quiet, unique, time_limit)


def _book(setting_path, seed, kind, difficulty, output, count, attempts, quiet, unique=None,
          time_limit=None) -> ExitCode:
    """--count: a whole casebook in the folder -o names (new or empty)."""
    start = time.monotonic()
    with Progress("generate", count, quiet) as progress:
        def made(done: int, got) -> None:
            progress.advance(done, count, f"{printable(got.title)}: {got.grade.level}")
        report = api.generate_book(setting_path, output, count, seed, kind, difficulty, attempts, progress=made,
                                   unique=unique, time_limit=time_limit)
    _stop_unless(report)
    click.echo(f"{output}: {count} cases ({_levels(report.book)}) in {time.monotonic() - start:.1f} s", err=True)
    return ExitCode.OK


def _one(setting_path, seed, kind, difficulty, output, number, attempts, quiet, unique=None,
         time_limit=None) -> ExitCode:
    """One case: to -o FILE, into the casebook folder -o DIR (as NNN-title.yaml), numbered
    after the cases there, or to standard output (numbered after the setting folder's)."""
    with Progress("generate", attempts, quiet, unit="draft") as progress:
        def drafting(attempt: int, most: int, tally) -> None:
            """Which draft is being tried, and what the drafts so far were."""
            seen = ", ".join(f"{n} {why}" for why, n in sorted(tally.items()))
            progress.advance(attempt - 1, most, f"draft {attempt}{': ' + seen if seen else ''}")
        report = api.generate(setting_path, seed, kind, difficulty, number, attempts, beside=output, modeline=True,
                              progress=drafting, unique=unique, time_limit=time_limit)
    _stop_unless(report)
    got = report.generated
    assert got is not None  # (_stop_unless stopped otherwise)
    written = api.write_generated(got, output) if output else None
    if written is None:
        click.echo(got.text, nl=False)
    elif written.diagnostics:
        raise usage(*written.diagnostics)
    g = got.grade
    click.echo(f"{written.path if written else '<stdout>'}: case {got.doc.number} '{printable(got.title)}': {g.level} "
               f"({g.reasons()}; score {g.score}), {len(got.keys)} clues, {got.attempts} attempt{'s' if got.attempts != 1 else ''}, "
               f"{got.seconds:.1f} s", err=True)
    if written:
        _say_where(written, setting_path, got.doc.setting)
    return ExitCode.OK


def _say_where(written, setting_path: Path, setting_id: str) -> None:
    book, name = written.path.parent / "casebook.yaml", written.path.name
    if written.listed == api.LISTED:
        click.echo(f"{book}: added {name} to `cases:`", err=True)
    elif written.listed == api.NOT_LISTED:
        click.echo(f"{book}: warning: could not add {name} to `cases:` without changing the rest of the file; "
                   "add it by hand (a case the list leaves out is not printed, R004)", err=True)
    _say_setting(written.path, setting_path, setting_id)


def _say_setting(path: Path, setting_path: Path, setting_id: str) -> None:
    """A case is read with the setting.yaml beside it (V050 otherwise): when the folder it was
    written to has none, or another setting's, say so in one line, and what to do."""
    source = setting_path / "setting.yaml" if setting_path.is_dir() else setting_path
    beside = path.parent / "setting.yaml"
    other = _setting_of(beside)
    if other == setting_id:
        return
    if other is None:
        do = f"copy {source} into {path.parent}" if not beside.exists() else f"mend {beside}"
        why = f"no setting.yaml for '{setting_id}' is beside it" if not beside.exists() else f"{beside} cannot be read"
    else:
        why, do = f"the setting.yaml beside it is '{other}', not '{setting_id}'", f"move it into a folder with a copy of {source}"
    click.echo(f"{path}: warning: {why}, so check, explain and build cannot read it (V050); {do}", err=True)


def _setting_of(path: Path) -> str | None:
    """The `setting:` id a setting.yaml names (None when there is none, or it cannot be read)."""
    import yaml
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return None
    return str(doc["setting"]) if isinstance(doc, dict) and "setting" in doc else None


def _stop_unless(report) -> None:
    """Exit 2 on the setting's, kind's, level's or folder's errors; 1 when no draft was good enough."""
    if report.diagnostics:
        raise usage(*(d for d in report.diagnostics if d.is_error))
    if report.failure:
        raise Stop(ExitCode.FAILING, f"casetool generate: {report.failure}")


def _levels(book) -> str:
    levels = [g.grade.level for g in book.cases]
    return ", ".join(f"{levels.count(name)} {name}" for name in LEVELS if levels.count(name))
