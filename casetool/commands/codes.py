"""`casetool codes [CODE...]`: what a diagnostic code means and what to do about it."""

from __future__ import annotations

import click

from .. import api


@click.command("codes")
@click.argument("codes", nargs=-1)
@click.option("--markdown", "as_markdown", is_flag=True, help="Print the whole table as Markdown.")
def command(codes, as_markdown) -> None:
    """Explain diagnostic codes (all of them when none is named)."""
    if as_markdown:
        click.echo(api.codes_markdown(), nl=False)
        return
    entries, unknown = api.codes(codes)
    if unknown:
        raise click.UsageError(f"unknown code {', '.join(unknown)}; `casetool codes` lists them all")
    for entry in entries:
        click.echo(f"{entry.code}  {entry.meaning}" + (f"; {entry.hint}" if entry.hint else ""))
