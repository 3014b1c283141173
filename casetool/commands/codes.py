"""`casetool codes [CODE...]`: what a diagnostic code means and what to do about it."""

from __future__ import annotations

import click

from ..codes import REGISTRY, markdown


@click.command("codes")
@click.argument("codes", nargs=-1)
@click.option("--markdown", "as_markdown", is_flag=True, help="Print the whole table as Markdown.")
def command(codes, as_markdown) -> None:
    """Explain diagnostic codes (all of them when none is named)."""
    if as_markdown:
        click.echo(markdown(), nl=False)
        return
    wanted = [c.upper() for c in codes] or sorted(REGISTRY)
    unknown = [c for c in wanted if c not in REGISTRY]
    if unknown:
        raise click.UsageError(f"unknown code {', '.join(unknown)}; `casetool codes` lists them all")
    for code in wanted:
        entry = REGISTRY[code]
        click.echo(f"{entry.code}  {entry.meaning}" + (f"; {entry.hint}" if entry.hint else ""))
