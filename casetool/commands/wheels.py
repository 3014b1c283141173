"""`casetool wheels CASEBOOK_DIR [--write]`: every mystery's wheel numbers, pinned on request."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from .edge import ExitCode, Stop


@click.command("wheels")
@click.argument("casebook_dir", type=click.Path(path_type=Path, file_okay=False))
@click.option("--write", is_flag=True,
              help="Pin the assigned numbers into the case files (`wheel:`), keeping comments and layout.")
def command(casebook_dir: Path, write: bool) -> ExitCode:
    """Show the wheel number of every statement; pinned numbers are kept, the others assigned.

    Numbers not pinned in a case are drawn at random from the free positions, seeded by
    the casebook's seed, so they are the same on every run; `--write` pins them.
    """
    if not casebook_dir.is_dir():
        raise Stop(ExitCode.INPUT, f"casetool wheels: no such folder: {casebook_dir}")
    found = api.wheels(casebook_dir)
    for d in found.diagnostics:
        click.echo(d.text(), err=True)
    if not found.ok:
        raise Stop(ExitCode.INPUT, "casetool wheels: the casebook has input errors")
    for line in found.summary():
        click.echo(line)
    assigned = found.assigned
    if not assigned:
        click.echo("every number is pinned in its case file")
    elif not write:
        click.echo(f"* {len(assigned)} numbers assigned here; `casetool wheels {casebook_dir} --write` pins them")
    else:
        return _write(casebook_dir, found)
    return ExitCode.OK


def _write(folder: Path, found: api.Wheels) -> ExitCode:
    """All or nothing, as `build` writes its outputs: one file that cannot be pinned stops the rest."""
    pinned = api.pin_wheels(found)
    for d in pinned.problems:
        click.echo(d.text(), err=True)
    if pinned.problems:
        click.echo(f"casetool wheels: nothing pinned; fix the above and run `casetool wheels {folder} --write` again",
                   err=True)
    for display, count in pinned.counts.items():
        click.echo(f"{display}: pinned {count} wheel number{'s' if count != 1 else ''}")
    return ExitCode.INPUT if pinned.problems else ExitCode.OK
