"""An editor buffer, loaded the way `casetool validate` loads a file, but from the
buffer's unsaved text: the same YAML loader (positions), schema, builders and resolver.

A case is checked against the setting.yaml beside it: the open buffer's text when the
author has it open, else the file on disk. Nothing here touches the solver.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..diagnostics import CasetoolError, Diagnostic, Pos, error
from ..files import display_path
from ..load import project
from ..load.build_setting import build_setting
from ..load.loader import MAX_BYTES, load_yaml_text, read_text, too_large
from ..load.model import Case, Setting
from ..load.project import CASEBOOK_FILE, SETTING_FILE, YAML_SUFFIXES

# The text of a path: the open buffer's if there is one, else None (read the disk).
Buffers = Callable[[Path], "str | None"]


@dataclass
class SettingInfo:
    """A loaded setting and its YAML document (its keys' positions, for go to definition)."""
    path: Path
    text: str
    setting: Setting | None
    doc: Any
    diagnostics: list[Diagnostic]


@dataclass
class Analysis:
    """What one buffer is, as last loaded."""
    path: Path
    display: str
    kind: str                               # case | setting | casebook | other
    text: str
    doc: Any = None                         # the LocDict, when the YAML loads
    setting: SettingInfo | None = None      # the folder's setting (for a case or casebook)
    case: Case | None = None                # when the case loads without errors
    diagnostics: list[Diagnostic] = field(default_factory=list)  # on this file only


def kind_of(path: Path) -> str:
    if path.suffix not in YAML_SUFFIXES:
        return "other"
    return {SETTING_FILE: "setting", CASEBOOK_FILE: "casebook"}.get(path.name, "case")


def text_of(path: Path, buffers: Buffers) -> str:
    text = buffers(path)
    return text if text is not None else read_text(path, display_path(path))


class Settings:
    """setting.yaml files, loaded once per text (every case of a folder shares one)."""

    def __init__(self):
        self._cache: dict[Path, SettingInfo] = {}

    def get(self, path: Path, buffers: Buffers) -> SettingInfo | None:
        if buffers(path) is None and not path.is_file():
            return None
        display = display_path(path)
        try:
            text = text_of(path, buffers)
        except CasetoolError as exc:
            return SettingInfo(path, "", None, None, exc.diagnostics)
        cached = self._cache.get(path)
        if cached is None or cached.text != text:
            cached = self._cache[path] = _load_setting(path, display, text)
        return cached


def oversized(text: str, display: str) -> list[Diagnostic]:
    """E002 for a buffer over the CLI's size limit: the editor may hold any text, and
    loading 20 MB of it would hold up every request behind it."""
    size = len(text) if len(text) > MAX_BYTES else len(text.encode("utf-8", "surrogatepass"))
    return [too_large(display, size)] if size > MAX_BYTES else []


def _load_setting(path: Path, display: str, text: str) -> SettingInfo:
    if big := oversized(text, display):
        return SettingInfo(path, text, None, None, big)
    try:
        doc = load_yaml_text(text, display)
        diags = project._schema_errors(doc, "setting", display)
        setting = None
        if not diags:
            setting, diags = build_setting(doc, path, display)
    except CasetoolError as exc:
        return SettingInfo(path, text, None, None, exc.diagnostics)
    ok = not any(d.is_error for d in diags)
    return SettingInfo(path, text, setting if ok else None, doc, diags)


def analyse(path: Path, text: str, buffers: Buffers, settings: Settings) -> Analysis:
    """Load one buffer; never raises on bad input (it becomes diagnostics)."""
    kind = kind_of(path)
    display = display_path(path)
    out = Analysis(path, display, kind, text)
    if kind == "other":
        return out
    info = settings.get(path.parent / SETTING_FILE, buffers)
    out.setting = info
    if info is None and kind != "setting":
        out.kind = "other"  # no setting.yaml beside it: some other YAML file, not a case
        return out
    if big := oversized(text, display):
        out.diagnostics = big
        return out
    if kind == "setting":
        info = info or _load_setting(path, display, text)
        out.doc, out.diagnostics = info.doc, list(info.diagnostics)
        return out
    try:
        out.doc = load_yaml_text(text, display)
    except CasetoolError as exc:
        out.diagnostics = exc.diagnostics
        return out
    diags = project._schema_errors(out.doc, kind, display)
    if not diags:
        diags = _casebook(out, info) if kind == "casebook" else _case(out, info)
    out.diagnostics = [d for d in diags if d.pos.file == display] + _elsewhere(diags, display)
    return out


def _case(out: Analysis, info: SettingInfo | None) -> list[Diagnostic]:
    # project._load_case is what `casetool validate` runs for a case file: build, resolve, check names.
    loaded = project.Loaded()
    project._load_case(out.doc, out.path, out.display, info.setting if info else None, out.path.parent, loaded)
    out.case = loaded.cases[0] if loaded.cases else None
    return loaded.diagnostics


def _casebook(out: Analysis, info: SettingInfo | None) -> list[Diagnostic]:
    return project._check_casebook_doc(out.doc, info.setting if info else None, out.path.parent, out.display)


def _elsewhere(diags: list[Diagnostic], display: str) -> list[Diagnostic]:
    """A problem reported on another file (rare) is shown at the top of this one."""
    return [error(Pos(display), d.code, f"{d.pos}: {d.message}", d.hint) for d in diags
            if d.pos.file != display and d.is_error]
