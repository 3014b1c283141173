"""An author's tools: a new case or setting to fill in, prose checks, and what a diagnostic
code means. The library face of `casetool new`, `casetool lint` and `casetool codes`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..codes import REGISTRY, Code
from ..codes import markdown as codes_markdown
from ..diagnostics import Diagnostic, Pos, error, sort_diagnostics
from ..files import write_atomic
from ..load.project import CASEBOOK_FILE, SETTING_FILE, load_paths
from .cases import PathLike, _paths

SETTING_ID = re.compile(r"[a-z][a-z0-9_]*")
SETTING, CASE = "setting", "case"  # Scaffolded.kind


@dataclass
class Scaffolded:
    """What `new` wrote: a setting (`path` the setting.yaml, `casebook` the casebook.yaml
    beside it) or a case (`path` its file); or `diagnostics`, and nothing written."""
    kind: str = ""
    path: Path | None = None
    casebook: Path | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.diagnostics


def new(folder: Path, setting_id: str | None = None, title: str | None = None) -> Scaffolded:
    """A new case with the next free number in `folder`, valid as written; or, in a folder
    without setting.yaml, a new setting `setting_id` and its casebook.yaml. The schema copies
    the files' `$schema` lines point at are written beside them outside casetool's repository."""
    from ..scaffold import write_schemas

    folder = Path(folder)
    if not (folder / SETTING_FILE).exists():
        if not setting_id:
            return Scaffolded(diagnostics=[error(Pos(str(folder / SETTING_FILE)), "U001", "no setting.yaml in this folder",
                                                 f"scaffold one with `casetool new {folder} --setting <id>`")])
        return _new_setting(folder, setting_id, title)
    loaded = load_paths([folder])
    setting = loaded.settings.get(folder / SETTING_FILE)
    errors = [d for d in loaded.diagnostics if d.is_error and d.pos.file.endswith(SETTING_FILE)]
    if setting is None or errors:
        return Scaffolded(diagnostics=errors or [error(Pos(str(folder / SETTING_FILE)), "V052", "setting.yaml has errors")])
    if setting_id and setting_id != setting.id:
        return Scaffolded(diagnostics=[error(setting.pos, "U003", f"this folder's setting is '{setting.id}', "
                                                                   f"not '{setting_id}'")])
    from ..scaffold import case_text, slug
    title = title or "Untitled"
    numbers = [c.number for c in loaded.cases] + [_number_in(p) for p in folder.glob("*.yaml")]
    number = max([n for n in numbers if n] + [0]) + 1
    path = folder / f"{number:03d}-{slug(title)}.yaml"
    if path.exists():
        return Scaffolded(diagnostics=[error(Pos(str(path)), "U002", "file already exists", "pick another --title")])
    write_atomic(path, case_text(setting, folder, number, title, str(path)).encode())
    write_schemas(folder)
    return Scaffolded(CASE, path)


def _new_setting(folder: Path, setting_id: str, title: str | None) -> Scaffolded:
    from ..scaffold import casebook_text, setting_text, write_schemas
    if not SETTING_ID.fullmatch(setting_id):
        return Scaffolded(diagnostics=[error(Pos(str(folder)), "S005", f"'{setting_id}' is not a valid setting id",
                                             "use lower-case letters, digits and _ , starting with a letter")])
    title = title or setting_id.replace("_", " ").title()
    write_atomic(folder / SETTING_FILE, setting_text(folder, setting_id, title).encode())
    write_schemas(folder)
    if not (folder / CASEBOOK_FILE).exists():
        write_atomic(folder / CASEBOOK_FILE, casebook_text(folder, setting_id, title).encode())
    return Scaffolded(SETTING, folder / SETTING_FILE, folder / CASEBOOK_FILE)


def _number_in(path: Path) -> int | None:
    head = path.name.split("-", 1)[0]
    return int(head) if head.isdigit() else None


@dataclass
class LintReport:
    """Prose findings (warnings) on the valid cases under the paths; `errors`: the input
    errors that stopped it (then there are no findings)."""
    files: list[str] = field(default_factory=list)
    cases: int = 0
    findings: list[Diagnostic] = field(default_factory=list)
    errors: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and not self.findings


def lint(paths: PathLike | list[PathLike]) -> LintReport:
    """Check the prose of the cases under `paths`: articles, and/or scope, self-naming,
    repeats, numbers, phrases, ids (docs/lint.md). Not run when a file has an input error."""
    from ..lint.run import lint_cases
    loaded = load_paths(_paths(paths))
    errors = [d for d in sort_diagnostics(loaded.diagnostics) if d.is_error]
    if errors:
        return LintReport(loaded.files, len(loaded.cases), errors=errors)
    return LintReport(loaded.files, len(loaded.cases), lint_cases(loaded.cases, loaded.casebook_docs))


def codes(names: list[str] | tuple[str, ...] = ()) -> tuple[list[Code], list[str]]:
    """The registry's entries for the diagnostic codes `names` (any case; all of them, sorted,
    when none), and the names that are no code."""
    wanted = [n.upper() for n in names] or sorted(REGISTRY)
    return [REGISTRY[c] for c in wanted if c in REGISTRY], [c for c in wanted if c not in REGISTRY]


__all__ = ["CASE", "SETTING", "LintReport", "Scaffolded", "codes", "codes_markdown", "lint", "new"]
