"""Assemble the Casebook of one folder: its setting, casebook.yaml and cases, in book order."""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostic, Pos, error, warning
from ..files import display_path
from ..load.model import Case, Casebook
from ..load.project import SETTING_FILE, Loaded


def assemble(folder: Path, loaded: Loaded) -> tuple[Casebook | None, list[Diagnostic]]:
    """The folder's casebook, or None with the diagnostics that say why not.

    Called after load_paths, so every file here has been validated: what is left to
    check is what only matters for printing (a setting exists, numbers are unique).
    """
    setting = loaded.settings.get(folder / SETTING_FILE)
    if setting is None:
        if (folder / SETTING_FILE).exists():
            return None, []  # its errors are already among loaded.diagnostics
        return None, [error(Pos(display_path(folder)), "R002", f"no {SETTING_FILE} in this folder",
                            "a casebook folder holds setting.yaml, an optional casebook.yaml and the cases")]
    cases = [c for c in loaded.cases if c.path.parent.resolve() == folder.resolve()]
    doc = loaded.casebook_docs.get(folder)
    cases, diags = _in_book_order(cases, doc, folder)
    if not cases:
        diags.append(error(Pos(display_path(folder)), "R003", "no cases to print in this folder"))
    book = Casebook(
        id=str(doc["casebook"]) if doc else setting.id,
        title=str(doc["title"]) if doc else setting.title,
        intro=str(doc.get("intro", "") or "") if doc else "",
        seed=int(doc.get("seed", 0)) if doc else 0,
        setting=setting, cases=cases, folder=folder, pos=getattr(doc, "pos", None),  # the loader's LocDict
    )
    return book, diags


def _in_book_order(cases: list[Case], doc, folder: Path) -> tuple[list[Case], list[Diagnostic]]:
    if not doc or "cases" not in doc:
        return sorted(cases, key=lambda c: (c.number, c.display)), []
    by_file = {c.path.resolve(): c for c in cases}
    ordered = [by_file[(folder / name).resolve()] for name in doc["cases"] if (folder / name).resolve() in by_file]
    listed = {c.path.resolve() for c in ordered}
    diags = [warning(c.pos, "R004", f"case {c.number} '{c.title}' is not in casebook.yaml's `cases`, so it is not printed",
                     "add its file name to `cases` in casebook.yaml")
             for c in cases if c.path.resolve() not in listed]
    return ordered, diags
