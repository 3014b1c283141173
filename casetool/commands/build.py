"""`casetool build CASEBOOK_DIR`: validate, check, then print the casebook to HTML and PDF."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..decoders.allocation import apply
from ..diagnostics import CasetoolError, Diagnostic, sort_diagnostics
from ..files import OutputError, check_output_folder, write_outputs
from ..printing.paper import PAPERS, PrintOptions, parse_length
from ..report import details, headline
from ..solver.options import Options
from ..solver.runner import check_all
from ._cases import load_book

EXIT_OK, EXIT_FAILING, EXIT_INPUT = 0, 1, 2
OUTPUTS = ("casebook.html", "casebook.pdf", "decoders.pdf")
DECODER_CACHE = ".casetool-cache"  # drawn wheels and the last decoders.pdf, re-used when unchanged (decoders.cache)


@click.command("build")
@click.argument("casebook_dir", type=click.Path(path_type=Path, file_okay=False))
@click.option("-o", "--output", type=click.Path(path_type=Path, file_okay=False), default=Path("build"),
              show_default=True, help="Folder for casebook.html, casebook.pdf and decoders.pdf.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True, help="Paper size.")
@click.option("--bleed", default="0mm", show_default=True, help="Bleed for a print shop, a CSS length such as 3mm.")
@click.option("--marks", type=click.Choice(["none", "crop", "cross", "both"]), default="none", show_default=True,
              help="Printer's marks outside the page (use with --bleed).")
@click.option("--templates", type=click.Path(path_type=Path, file_okay=False, exists=True), default=None,
              help="Folder of templates that replace the package's ones of the same name.")
@click.option("--allow-failing", is_flag=True,
              help="Print even when a case is not ok (its page says so); for proof copies.")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=10.0, show_default=True,
              help="Seconds per case for checking.")
@click.option("--with-deductions", is_flag=True, help="Print 'How to deduce it' (casetool explain) under each solution.")
@click.option("--with-difficulty", is_flag=True, help="Print each mystery's difficulty grade in the index.")
@click.option("--no-decoders", is_flag=True, help="Write only the casebook; leave decoders.pdf as it is (faster while writing).")
def command(casebook_dir, output, paper, bleed, marks, templates, allow_failing, time_limit,
            with_deductions, with_difficulty, no_decoders) -> None:
    """Validate and check a casebook folder, then write casebook.html, casebook.pdf and decoders.pdf."""
    if parse_length(bleed) is None:
        raise click.BadParameter(f"'{bleed}' is not a length such as 3mm", param_hint="--bleed")
    options = PrintOptions(PAPERS[paper], parse_length(bleed), marks, with_deductions, with_difficulty)
    progress = Progress()
    _guard(check_output_folder, output)  # a file in the way fails now, not after the render
    book, alloc = _load(casebook_dir, progress)
    statuses = _check(book, allow_failing, time_limit, progress)
    insights = _insights(book, statuses, options, progress)
    rendered = _render(book, statuses, options, templates, progress, insights)
    decoders = None if no_decoders else _render_decoders(book, alloc, options, templates, progress,
                                                         output / DECODER_CACHE)
    outputs = {OUTPUTS[0]: rendered.html.encode("utf-8"), OUTPUTS[1]: rendered.pdf}
    if decoders is not None:
        outputs[OUTPUTS[2]] = decoders.pdf
    # Written only now, as one set: a failed build leaves the previous outputs as they were.
    _guard(write_outputs, output, outputs)
    progress.done()
    if decoders is not None:
        for d in sort_diagnostics(decoders.warnings):
            click.echo(d.text(), err=True)
        click.echo(f"{output / OUTPUTS[2]}: {len(alloc.wheels)} wheels, {decoders.pages} pages")
    click.echo(f"{output / OUTPUTS[1]}: {len(book.cases)} mysteries, {rendered.pages} pages")
    sys.exit(EXIT_OK)


def _load(folder: Path, progress: "Progress"):
    progress.step("loading")
    if not folder.is_dir():
        _fail([], f"casetool build: no such folder: {folder}")
    book, alloc, diags = load_book(folder)
    for d in diags:
        click.echo(d.text(), err=True)
    if book is None or any(d.is_error for d in diags):
        _fail([], "casetool build: the casebook has input errors; nothing was written")
    apply(alloc)  # unpinned statements get their numbers, so the casebook prints them too
    return book, alloc


def _check(book, allow_failing: bool, time_limit: float, progress: "Progress") -> dict[str, str]:
    progress.step(f"checking {len(book.cases)} cases")
    results = check_all(book.cases, Options(time_limit=time_limit, warnings=False))
    failing = [r for r in results if r.status != "ok"]
    for r in failing:
        click.echo(headline(r), err=True)
        for line in details(r):
            click.echo("    " + line, err=True)
    if failing and not allow_failing:
        click.echo(f"casetool build: {len(failing)} of {len(results)} cases are not ok; nothing was written "
                   "(--allow-failing prints a proof copy anyway)", err=True)
        sys.exit(EXIT_FAILING)
    return {r.file: r.status for r in results}


def _insights(book, statuses, options, progress: "Progress") -> dict:
    """Explanations and grades of the ok cases, when the book is to print them."""
    if not (options.deductions or options.difficulty):
        return {}
    from ..decoders.timed import notepad
    from ..printing.book import wheel_characters
    from ..render.deductions import insights
    progress.step("explaining")
    notes = {(n.case, n.clue.id): n.number  # the numbers the notepad in decoders.pdf prints
             for n in notepad(book, {w["id"] for w in wheel_characters(book.setting)}) if n.clue is not None}
    return insights(book, statuses, notes)


def _render(book, statuses, options, templates, progress: "Progress", insights: dict):
    from ..render.pipeline import (
        render_casebook,  # imports WeasyPrint: slow, so only when building
    )
    try:
        return render_casebook(book, statuses, options, templates, progress.step, insights)
    except CasetoolError as exc:
        _fail(exc.diagnostics, "casetool build: cannot print the casebook; nothing was written")


def _render_decoders(book, alloc, options, templates, progress: "Progress", cache: Path):
    from ..decoders.document import (
        render_decoders,  # imports WeasyPrint: only when building
    )
    try:
        rendered = render_decoders(book, alloc, options, templates, progress.step, cache)
    except CasetoolError as exc:
        _fail(exc.diagnostics, "casetool build: cannot print the decoder sheets; nothing was written")
    return rendered


def _guard(write, *args) -> None:
    try:
        write(*args)
    except OutputError as exc:
        _fail(exc.diagnostics, "casetool build: cannot write the outputs; the previous ones are left as they were")


def _fail(diags: list[Diagnostic], message: str) -> None:
    for d in sort_diagnostics(diags):
        click.echo(d.text(), err=True)
    click.echo(message, err=True)
    sys.exit(EXIT_INPUT)


class Progress:
    """Build steps on standard error, only when it is a terminal (never in logs or CI)."""

    def __init__(self):
        self.on = sys.stderr.isatty()
        self.steps = 0

    def step(self, label: str) -> None:
        if self.on:
            self.steps += 1
            click.echo(f"\r\x1b[2K[{self.steps}] {label}...", err=True, nl=False)

    def done(self) -> None:
        if self.on and self.steps:
            click.echo("\r\x1b[2K", err=True, nl=False)
