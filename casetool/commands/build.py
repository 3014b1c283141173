"""`casetool build CASEBOOK_DIR`: validate, check, then print the casebook to HTML and PDF."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from ..api import DECODER_CACHE, FAILING, OUTPUTS  # noqa: F401 - DECODER_CACHE: tests name it from here
from .edge import ExitCode, Stop, counted
from .progress import QUIET_HELP, Progress


@click.command("build")
@click.argument("casebook_dir", type=click.Path(path_type=Path, file_okay=False))
@click.option("-o", "--output", type=click.Path(path_type=Path, file_okay=False), default=Path("build"),
              show_default=True, help="Folder for casebook.html, casebook.pdf and decoders.pdf.")
@click.option("--paper", type=click.Choice(list(api.PAPERS)), default="a4", show_default=True, help="Paper size.")
@click.option("--bleed", default=None, help="Bleed for a print shop, a CSS length such as 3mm  [default: 3mm with --marks, else 0mm]")
@click.option("--marks", type=click.Choice(list(api.MARKS)), default="none", show_default=True,
              help="Printer's marks and a slug line outside the bleed, on casebook.pdf and decoders.pdf.")
@click.option("--templates", type=click.Path(path_type=Path, file_okay=False, exists=True), default=None,
              help="Folder of templates that replace the package's ones of the same name.")
@click.option("--allow-failing", is_flag=True,
              help="Print even when a case is not ok (its page says so); for proof copies.")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=10.0, show_default=True,
              help="Seconds per case for checking.")
@click.option("--with-deductions", is_flag=True, help="Print 'How to deduce it' (casetool explain) under each solution.")
@click.option("--with-difficulty", is_flag=True, help="Print each mystery's difficulty grade in the index.")
@click.option("--no-decoders", is_flag=True, help="Write only the casebook; leave decoders.pdf as it is (faster while writing).")
@click.option("--pdf-x", is_flag=True,
              help="Write PDF/X-4 for a print shop, with a CMYK output intent (docs/build.md).")
@click.option("--output-profile", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="The print condition's CMYK ICC profile for --pdf-x  [default: Ghostscript's default_cmyk.icc]")
@click.option("-q", "--quiet", is_flag=True, help=QUIET_HELP)
def command(casebook_dir, output, paper, bleed, marks, templates, allow_failing, time_limit,
            with_deductions, with_difficulty, no_decoders, pdf_x, output_profile, quiet) -> ExitCode:
    """Validate and check a casebook folder, then write casebook.html, casebook.pdf and decoders.pdf."""
    try:
        options = api.print_options(paper, bleed, marks, with_deductions, with_difficulty, pdf_x, output_profile)
    except ValueError as exc:
        hint = "--output-profile" if pdf_x or output_profile else "--bleed"
        raise click.BadParameter(str(exc), param_hint=hint) from exc
    with Progress("build", quiet=quiet, unit="step") as progress:
        built = api.build(casebook_dir, output, options, templates=templates, allow_failing=allow_failing,
                          time_limit=time_limit, decoders=not no_decoders, progress=progress.step)
    for d in built.diagnostics:
        click.echo(d.text(), err=True)
    for r in built.failing:
        for line in api.verdict_lines(r):
            click.echo(line, err=True)
    if built.stopped:
        raise Stop(ExitCode.FAILING if built.stopped == FAILING else ExitCode.INPUT, built.message,
                   diagnostics=built.problem)
    if built.wheels is not None:
        for d in built.decoder_warnings:
            click.echo(d.text(), err=True)
        click.echo(f"{output / OUTPUTS[2]}: {counted(built.wheels, 'wheel')}, {counted(built.decoder_pages, 'page')}")
    click.echo(f"{output / OUTPUTS[1]}: {counted(built.mysteries, 'mystery', 'mysteries')}, {counted(built.pages, 'page')}")
    return ExitCode.OK
