"""`casetool new CASEBOOK_DIR`: a new case (or a new setting) to fill in, valid as written."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from .edge import usage


@click.command("new")
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@click.option("--setting", "setting_id", default=None,
              help="In a folder without setting.yaml: scaffold a new setting with this id.")
@click.option("--title", default=None, help="The new case's title (default 'Untitled').")
def command(folder: Path, setting_id: str | None, title: str | None) -> None:
    """Scaffold a new case with the next free number, or a new setting and casebook."""
    made = api.new(folder, setting_id, title)
    if made.diagnostics:
        raise usage(*made.diagnostics)
    if made.kind == api.SETTING:
        click.echo(f"wrote {made.path} and {made.casebook}; next: casetool new {folder} --title \"...\"")
    else:
        click.echo(f"wrote {made.path}; next: casetool check {made.path}")
