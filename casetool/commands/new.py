"""`casetool new CASEBOOK_DIR`: a new case (or a new setting) to fill in, valid as written."""

from __future__ import annotations

from pathlib import Path

import click

from ..diagnostics import Pos, error
from ..files import write_atomic
from ..load.project import CASEBOOK_FILE, SETTING_FILE, load_paths
from ..scaffold import case_text, casebook_text, setting_text, slug, write_schemas
from .edge import usage


@click.command("new")
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@click.option("--setting", "setting_id", default=None,
              help="In a folder without setting.yaml: scaffold a new setting with this id.")
@click.option("--title", default=None, help="The new case's title (default 'Untitled').")
def command(folder: Path, setting_id: str | None, title: str | None) -> None:
    """Scaffold a new case with the next free number, or a new setting and casebook."""
    if not (folder / SETTING_FILE).exists():
        if not setting_id:
            raise usage(error(Pos(str(folder / SETTING_FILE)), "U001", "no setting.yaml in this folder",
                        f"scaffold one with `casetool new {folder} --setting <id>`"))
        _new_setting(folder, setting_id, title)
        return
    loaded = load_paths([folder])
    setting = loaded.settings.get(folder / SETTING_FILE)
    errors = [d for d in loaded.diagnostics if d.is_error and d.pos.file.endswith(SETTING_FILE)]
    if setting is None or errors:
        raise usage(*errors or [error(Pos(str(folder / SETTING_FILE)), "V052", "setting.yaml has errors")])
    if setting_id and setting_id != setting.id:
        raise usage(error(setting.pos, "U003", f"this folder's setting is '{setting.id}', not '{setting_id}'"))
    _new_case(folder, setting, loaded, title or "Untitled")


def _new_setting(folder: Path, setting_id: str, title: str | None) -> None:
    import re
    if not re.fullmatch(r"[a-z][a-z0-9_]*", setting_id):
        raise usage(error(Pos(str(folder)), "S005", f"'{setting_id}' is not a valid setting id",
                    "use lower-case letters, digits and _ , starting with a letter"))
    title = title or setting_id.replace("_", " ").title()
    write_atomic(folder / SETTING_FILE, setting_text(folder, setting_id, title).encode())
    write_schemas(folder)
    if not (folder / CASEBOOK_FILE).exists():
        write_atomic(folder / CASEBOOK_FILE, casebook_text(folder, setting_id, title).encode())
    click.echo(f"wrote {folder / SETTING_FILE} and {folder / CASEBOOK_FILE}; next: casetool new {folder} --title \"...\"")


def _new_case(folder: Path, setting, loaded, title: str) -> None:
    numbers = [c.number for c in loaded.cases]
    numbers += [_number_in(p) for p in folder.glob("*.yaml")]
    number = max([n for n in numbers if n] + [0]) + 1
    path = folder / f"{number:03d}-{slug(title)}.yaml"
    if path.exists():
        raise usage(error(Pos(str(path)), "U002", "file already exists", "pick another --title"))
    write_atomic(path, case_text(setting, folder, number, title, str(path)).encode())
    write_schemas(folder)
    click.echo(f"wrote {path}; next: casetool check {path}")


def _number_in(path: Path) -> int | None:
    head = path.name.split("-", 1)[0]
    return int(head) if head.isdigit() else None

