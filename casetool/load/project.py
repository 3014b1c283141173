"""Find and load casebook folders: setting.yaml, casebook.yaml and the case files."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import CasetoolError, Diagnostic, Pos, did_you_mean, error
from ..files import display_path
from ..fileset import recover
from .build_case import build_case
from .build_setting import build_setting
from .loader import load_yaml
from .model import Case, Setting
from .schema import validate

SETTING_FILE = "setting.yaml"
CASEBOOK_FILE = "casebook.yaml"
YAML_SUFFIXES = (".yaml", ".yml")
BOOK_FILES = (SETTING_FILE, CASEBOOK_FILE)  # a change to either can change every case beside it


@dataclass
class Loaded:
    """Everything loaded from some paths, and what was wrong with it."""
    settings: dict[Path, Setting | None] = field(default_factory=dict)  # None: it does not load
    cases: list[Case] = field(default_factory=list)
    casebook_docs: dict[Path, dict] = field(default_factory=dict)  # folder -> validated casebook.yaml
    files: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    bad_files: set[str] = field(default_factory=set)

    def add(self, diags, display: str) -> None:
        diags = list(diags)
        self.diagnostics += diags
        if any(d.is_error for d in diags):
            self.bad_files.add(display)


def expand(paths: list[Path]) -> list[Path]:
    """Files named, plus every YAML file below folders named; sorted, no duplicates.

    Not only regular files: a pipe or device named *.yaml is listed too, so that loading
    refuses it with a diagnostic (E005) instead of skipping it without a word."""
    out: set[Path] = set()
    for path in paths:
        if path.is_dir():
            out.update(p for p in path.rglob("*") if p.suffix in YAML_SUFFIXES and not p.is_dir()
                       and not any(part.startswith(".") for part in p.relative_to(path).parts))
        else:
            out.add(path)
    return sorted(out)


def is_casebook_file(path: Path) -> bool:
    """The one rule for which files are casetool's: a setting.yaml, a casebook.yaml, or a
    case file, which is any other YAML file (.yaml, .yml) that sits beside a setting.yaml.
    A hidden file never is (`.pre-commit-config.yaml`, an editor's backup). Any other file,
    a CI workflow or mkdocs.yml, belongs to some other tool: `validate` and `check` skip it
    and say so, the pytest plugin does not collect it."""
    if path.suffix not in YAML_SUFFIXES or path.name.startswith("."):
        return False
    return path.name in BOOK_FILES or (path.parent / SETTING_FILE).exists()


def is_case_file(path: Path) -> bool:
    return path.name not in BOOK_FILES and is_casebook_file(path)


@dataclass
class Scope:
    """The files a command reads for the paths it was given, and those it leaves alone."""
    files: list[Path]    # sorted
    skipped: list[Path]  # files named or found that are not casebook files, sorted


def scope(paths: list[Path]) -> Scope:
    """What `validate` and `check` read for `paths`: every file named and every YAML file
    below a folder named, less those that are not casebook files, and for a setting.yaml
    or casebook.yaml every case beside it, since a change to either can change any of them
    (so a hook handed only the changed files re-checks the whole book, as serve does).

    A path that does not exist is kept, so that loading reports it (E007)."""
    files: set[Path] = set()
    skipped: set[Path] = set()
    for path in expand(paths):
        if path.exists() and not is_casebook_file(path):
            skipped.add(path)
            continue
        files.add(path)
        if path.name in BOOK_FILES and path.parent.is_dir():
            files.update(p for p in path.parent.iterdir() if is_case_file(p) and not p.is_dir())
    return Scope(sorted(files), sorted(skipped))


def load_paths(paths: list[Path]) -> Loaded:
    loaded = Loaded()
    files = expand(paths)
    for path in files:
        if not path.exists():
            loaded.add([error(Pos(display_path(path)), "E007", "no such file or folder")], display_path(path))
    folders = sorted({p.parent for p in files if p.exists()})
    for folder in folders:
        _load_folder(folder, [p for p in files if p.parent == folder and p.exists()], loaded)
    return loaded


def _load_folder(folder: Path, files: list[Path], loaded: Loaded) -> None:
    try:
        recover(folder)  # a `wheels --write` killed half way: finished before anything is read
    except CasetoolError as exc:
        loaded.add(exc.diagnostics, display_path(folder))
    setting = _folder_setting(folder, loaded)
    first_case = len(loaded.cases)
    _load_files(folder, files, setting, loaded)
    for diag in wheel_collisions(loaded.cases[first_case:]) + number_collisions(loaded.cases[first_case:]):
        loaded.add([diag], diag.pos.file)


def number_collisions(cases: list[Case]) -> list[Diagnostic]:
    by_number: dict[int, Case] = {}
    diags = []
    for case in sorted(cases, key=lambda c: c.display):
        if case.number in by_number:
            diags.append(error(case.pos_of("case"), "V061", f"case number {case.number} is also "
                               f"used by {by_number[case.number].display}", "number the cases of a casebook 1, 2, 3, ..."))
        by_number.setdefault(case.number, case)
    return diags


def wheel_collisions(cases: list[Case]) -> list[Diagnostic]:
    """A wheel position holds one statement: two cases may not pin the same one."""
    seen: dict[tuple, tuple] = {}
    diags = []
    for case in sorted(cases, key=lambda c: (c.number, c.display)):
        for clue in case.clues:
            if clue.speaker is None or clue.wheel is None:
                continue
            key = (clue.speaker, clue.wheel)
            if key in seen:
                other_case, other_pos = seen[key]
                diags.append(error(clue.pos, "V060", f"{clue.speaker}'s wheel position {clue.wheel} is already "
                                   f"used by case {other_case} at {other_pos}", "pick a free wheel number"))
            else:
                seen[key] = (case.number, clue.pos)
    return diags


def _load_files(folder: Path, files: list[Path], setting, loaded: Loaded) -> None:
    for path in files:
        display = display_path(path)
        loaded.files.append(display)
        if path.name == SETTING_FILE:
            continue  # loaded by _folder_setting
        try:
            doc = load_yaml(confined(path, folder, display), display)
        except CasetoolError as exc:
            loaded.add(exc.diagnostics, display)
            continue
        kind = "casebook" if path.name == CASEBOOK_FILE else "case"
        diags = _schema_errors(doc, kind, display)
        if diags:
            loaded.add(diags, display)
            continue
        if kind == "casebook":
            loaded.add(_check_casebook_doc(doc, setting, folder, display), display)
            loaded.casebook_docs[folder] = doc
            continue
        _load_case(doc, path, display, setting, folder, loaded)


def confined(path: Path, folder: Path, display: str) -> Path:
    """`path`, when it is a file of `folder`; a link out of the folder is refused.

    A case file that links to `/etc/...` or another casebook would otherwise be read
    and printed; images and casebook.yaml entries refuse the same (R011, V051).
    """
    target = path.resolve()
    if folder.resolve() not in target.parents:
        raise CasetoolError(error(Pos(display), "E006", f"'{display}' is a link to '{target}', outside the "
                                  "casebook folder; a casebook reads no file outside it",
                                  "copy the file into the casebook folder"))
    return path


def _schema_errors(doc, kind: str, display: str) -> list[Diagnostic]:
    if not isinstance(doc, dict):
        pos = getattr(doc, "pos", Pos(display))
        return [error(pos, "S010", f"a {kind} file must be a mapping of keys (`{kind}: ...`), not {type(doc).__name__}")]
    if kind == "case" and "setting" in doc and "categories" in doc:
        kind = "setting"
    return validate(doc, kind, display)


def _folder_setting(folder: Path, loaded: Loaded) -> Setting | None:
    path = folder / SETTING_FILE
    if path in loaded.settings:
        return loaded.settings[path]
    if not path.exists():
        loaded.settings[path] = None
        return None
    display = display_path(path)
    try:
        doc = load_yaml(confined(path, folder, display), display)
        diags = _schema_errors(doc, "setting", display)
        setting = None
        if not diags:
            setting, diags = build_setting(doc, path, display)
    except CasetoolError as exc:
        setting, diags = None, exc.diagnostics
    loaded.add(diags, display)
    loaded.settings[path] = setting if not any(d.is_error for d in diags) else None
    return loaded.settings[path]


def _load_case(doc, path: Path, display: str, setting: Setting | None, folder: Path, loaded: Loaded) -> None:
    if setting is None:
        if (folder / SETTING_FILE).exists():
            loaded.add([error(doc.pos_of("setting"), "V052", f"cannot check this case: {SETTING_FILE} in this folder has errors")], display)
        else:
            loaded.add([error(doc.pos_of("setting"), "V050", f"unknown setting '{doc['setting']}': there is no {SETTING_FILE} beside this case",
                              "put the case in the folder of its setting")], display)
        return
    if str(doc["setting"]) != setting.id:
        loaded.add([error(doc.pos_of("setting"), "V050", f"unknown setting '{doc['setting']}'"
                          f"{did_you_mean(str(doc['setting']), [setting.id])}",
                          f"the setting in this folder is '{setting.id}'")], display)
        return
    case, diags = build_case(doc, path, display, setting)
    loaded.add(diags, display)
    if not any(d.is_error for d in diags):
        loaded.cases.append(case)


def _check_casebook_doc(doc, setting: Setting | None, folder: Path, display: str) -> list[Diagnostic]:
    diags = []
    if setting is not None and str(doc["setting"]) != setting.id:
        diags.append(error(doc.pos_of("setting"), "V050", f"unknown setting '{doc['setting']}'"
                           f"{did_you_mean(str(doc['setting']), [setting.id])}"))
    listed: dict[Path, int] = {}
    for i, name in enumerate(doc.get("cases", [])):
        target = (folder / name).resolve()
        if folder.resolve() not in target.parents or not target.is_file():
            diags.append(error(doc["cases"].item_pos[i], "V051", f"no case file '{name}' in this folder"))
        elif target in listed:  # the same file by another spelling (./x.yaml, a link) is the same case
            first = doc["cases"][listed[target]]
            diags.append(error(doc["cases"].item_pos[i], "V053", f"'{name}' is listed twice in `cases:` "
                               f"(first as '{first}', line {doc['cases'].item_pos[listed[target]].line})",
                               "list each case once; a book prints each mystery once"))
        listed.setdefault(target, i)
    return diags
