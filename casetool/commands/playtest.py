"""`casetool playtest BOOK_DIR`: play a built casebook from its PDFs, as a player would."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from .edge import ExitCode, Stop, usage
from .progress import QUIET_HELP, Progress


@click.command("playtest")
@click.argument("book_dir", type=click.Path(path_type=Path, file_okay=False))
@click.option("--source", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="The casebook folder the book was built from (default: the one casebook.html names).")
@click.option("--mystery", "only", type=int, multiple=True,
              help="Play only this mystery (by number); repeat for more. Default: every mystery.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=1800.0, show_default=True,
              help="Seconds the whole playtest may take; past them it stops (P009, exit 1).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes playing parts of the book at once (default: one per core).")
@click.option("-q", "--quiet", is_flag=True, help=QUIET_HELP)
def command(book_dir: Path, source: Path | None, only: tuple[int, ...], fmt: str, time_limit: float,
            jobs: int | None, quiet: bool) -> ExitCode:
    """Read casebook.pdf and decoders.pdf in BOOK_DIR as a player: set the wheels from each
    mystery page, read them with and without their decoders (OCR), and open the solution page.

    Needs poppler (pdftoppm, pdftotext, pdfinfo) and tesseract. Exit 1 when any check fails.
    """
    with Progress("playtest", None, quiet, unit="part") as progress:
        played = api.playtest(book_dir, source, only, time_limit, progress=progress.advance, jobs=jobs)
    for d in played.diagnostics:
        click.echo(d.text(), err=True)
    if played.timed_out:
        raise Stop(ExitCode.FAILING, diagnostics=played.problem)
    if played.problem:
        raise usage(*played.problem)
    if fmt == "json":
        click.echo(played.json())
    else:
        for line in played.text():
            click.echo(line)
    return ExitCode.of(not played.ok)
