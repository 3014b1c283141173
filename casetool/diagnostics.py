"""The one diagnostic type, and the one place it is formatted."""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import asdict, dataclass, field
from typing import Iterable


@dataclass(frozen=True, order=True)
class Pos:
    file: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True, order=True)
class Diagnostic:
    pos: Pos
    severity: str  # "error" | "warning" | "note"
    code: str
    message: str
    hint: str = field(default="", compare=False)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def text(self) -> str:
        line = f"{self.pos}: {self.severity}[{self.code}]: {self.message}"
        return f"{line}; {self.hint}" if self.hint else line

    def to_json(self) -> dict:
        data = asdict(self)
        data.update(file=self.pos.file, line=self.pos.line, col=self.pos.col)
        del data["pos"]
        return data


class CasetoolError(Exception):
    """Raised to stop work on one file; carries the diagnostics that explain why."""

    def __init__(self, diagnostics: Diagnostic | Iterable[Diagnostic]):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = list(diagnostics)
        super().__init__("; ".join(d.text() for d in self.diagnostics))


def error(pos: Pos, code: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(pos, "error", code, message, hint)


def warning(pos: Pos, code: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(pos, "warning", code, message, hint)


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' when a close choice exists, else ''."""
    close = difflib.get_close_matches(str(name), sorted(map(str, choices)), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def sort_diagnostics(diags: Iterable[Diagnostic]) -> list[Diagnostic]:
    return sorted(set(diags), key=lambda d: (d.pos.file, d.pos.line, d.pos.col, d.code, d.message))


def format_text(diags: Iterable[Diagnostic]) -> str:
    return "".join(d.text() + "\n" for d in sort_diagnostics(diags))


def format_json(diags: Iterable[Diagnostic]) -> str:
    return json.dumps([d.to_json() for d in sort_diagnostics(diags)], indent=2, sort_keys=True)


# A title written in YAML may hold terminal controls ("\a", "\0", "\e[31m"): printed as
# they are they ring the bell, cut the line or recolour the terminal. Escape sequences
# (CSI, OSC, two-byte) go whole, then every other C0/C1 control and DEL; a line break or tab
# becomes a space, so that one result stays one line.
ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)?|\x1b[@-_]?|\x9b[0-?]*[ -/]*[@-~]")
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """`text` as one line a terminal shows as it is: no control characters."""
    text = ESCAPE_SEQUENCE.sub("", str(text))
    return CONTROL.sub("", re.sub("[\t\n\r]", " ", text))
