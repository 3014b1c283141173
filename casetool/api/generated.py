"""Generate one case for a setting: the library face of `casetool generate` (one case, no casebook)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic, error

if TYPE_CHECKING:  # importing the generator imports OR-Tools
    from ..generate.engine import Generated


@dataclass
class GenerateReport:
    """`generated` is the case (its YAML in `generated.text`), or None: then `diagnostics`
    (the setting does not load, or cannot make this kind) or `failure` (no draft was good
    enough within the attempts) say why."""
    generated: Generated | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failure: str = ""

    @property
    def ok(self) -> bool:
        return self.generated is not None


def generate(setting: str | Path, seed: int = 1, kind: str | None = None, difficulty: str | None = None,
             number: int = 1, attempts: int = 60) -> GenerateReport:
    """A new case for the setting at `setting` (a setting.yaml, or its folder) whose answer is
    unique and whose every clue is needed. The same arguments give the same case, byte for byte."""
    from ..generate.engine import GenerateFailed, Request
    from ..generate.engine import generate as draft
    from ..generate.source import default_kind, load_source, supported_kinds

    source, diags = load_source(Path(setting))
    if source is None:
        return GenerateReport(diagnostics=[d for d in diags if d.is_error])
    kinds = supported_kinds(source.setting)
    kind = kind or default_kind(source.setting)
    if kind is None or kinds.get(kind):
        why = kinds.get(kind) if kind else "it supports no kind of generated case"
        return GenerateReport(diagnostics=[error(source.setting.pos, "G002", f"cannot generate {kind or 'any'} cases "
                                                 f"for setting '{source.setting.id}': {why}")])
    words = [f"casetool generate --setting {source.setting.id} --seed {seed} --kind {kind}"]
    words += [f"--difficulty {difficulty}"] if difficulty else []
    try:
        return GenerateReport(draft(Request(source, seed, kind, difficulty, number, max_attempts=attempts,
                                            command=" ".join(words))))
    except GenerateFailed as exc:
        return GenerateReport(failure=str(exc))
