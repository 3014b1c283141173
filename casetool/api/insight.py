"""Hints and pacing: what a stuck player is told next, and how a timed case's answer narrows.

Like the rest of casetool.api, each call returns its result and never prints; the texts a
command prints are methods of the results. The explanation layer (and OR-Tools with it)
is imported inside the calls."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..diagnostics import Diagnostic, Pos, error
from ..load.model import Case
from .cases import _loaded, ok_cases

if TYPE_CHECKING:
    from ..explain.pacing import Pacing
    from ..solver.check import CaseResult

# progress(done, total, what): `done` of `total` finished, `what` is under way (docs/api.md)
Progress = Callable[[int, int, str], None]


@dataclass
class Hint:
    """One case's hint, or (`text` None) the check's verdict that says why there is none."""
    case: Case
    result: CaseResult
    text: str | None

    def refusal(self) -> str:
        """The verdict as `casetool check` prints it, and why there is no hint."""
        from ..explain.checked import refusal_text
        return refusal_text(self.result)


@dataclass
class HintReport:
    hints: list[Hint] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)  # U004: words in `known` that name nothing

    @property
    def ok(self) -> bool:
        return not self.diagnostics and all(h.text is not None for h in self.hints)


def hint(paths, known: str = "", level: int = 1, step: int | None = None, time_limit: float = 30.0,
         progress: Progress | None = None) -> HintReport:
    """The next step for a player of each case under `paths` (a path, paths, a `load` result
    or cases) who knows `known` ("not plum, scene fair, white lies"), without giving its
    result away. `level` 1: which clues to read together; 2: how to reason with them; 3: the
    whole step. `step`: hint for this step of the explanation, as if the player knew what the
    steps before it find. `known` is read against every case first: words that name nothing
    give U004 diagnostics and no hints."""
    from ..english.hints import hint as next_hint
    from ..english.hints import parse_known
    from ..explain.checked import explain_checked

    cases = ok_cases(_loaded(paths))
    parsed = []
    for case in cases:
        facts, unknown = parse_known(case, known)
        if unknown:
            return HintReport(diagnostics=[error(Pos("--known", 1, u.col), "U004", u.why, _known_words(case))
                                           for u in unknown])
        parsed.append(facts)
    out = []
    for i, (case, facts) in enumerate(zip(cases, parsed, strict=True)):
        if progress:
            progress(i, len(cases), f"checking and explaining {Path(case.display).name}")
        checked = explain_checked(case, time_limit)
        if checked.explanation is None:  # not ok, or out of time: the check's verdict instead
            out.append(Hint(case, checked.result, None))
            continue
        if step is not None:  # everything the steps before it found counts as known
            facts = facts + [f for s in checked.explanation.steps[:step - 1] for f in s.derived]
        out.append(Hint(case, checked.result, next_hint(checked.explanation, facts, level)))
    return HintReport(out)


def _known_words(case: Case) -> str:
    setting = case.setting
    cats = ", ".join(f"{c} ({', '.join(setting.categories[c].ids)})" for c in setting.answer)
    return f"write 'not ITEM', 'CATEGORY ITEM', 'NAME lies' or 'NAME truthful'; the answer's items: {cats}"


@dataclass
class PacingReport:
    """Per case, its stages (consistent answers after each reveal) and pacing warnings."""
    results: list[Pacing] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No pacing warning, and every case worked out in time."""
        return not any(p.warnings or p.unknown for p in self.results)

    def text(self) -> str:
        from ..explain.pacing import pacing_text
        return "\n".join(pacing_text(p) for p in self.results)

    def json(self) -> str:
        from ..explain.pacing import pacing_json
        return json.dumps([pacing_json(p) for p in self.results], indent=2, sort_keys=True)

    def html(self) -> str:
        """A small HTML chart of the pacing (`casetool pacing --html`)."""
        from ..explain.pacing_chart import pacing_html
        return pacing_html(self.results)


def pacing(paths, time_limit: float = 60.0, progress: Progress | None = None) -> PacingReport:
    """How many answers stay consistent after each reveal of each case under `paths`, within
    `time_limit` seconds per case (a case not worked out in time has `unknown` set).
    `progress` is called as each case, and each reveal in it, starts."""
    from ..explain.pacing import pacing as paced

    cases = ok_cases(_loaded(paths))
    out = []
    for i, case in enumerate(cases):
        def stage(k: int, stages: int, i=i, case=case) -> None:
            if progress:
                progress(i, len(cases), f"reveal {k} of {stages}: {Path(case.display).name}")
        out.append(paced(case, time_limit, stage))
    return PacingReport(out)
