"""Load, validate, check and explain cases: each returns its result, never prints or exits.

The solver and the explanation layer are imported inside the calls: they import
OR-Tools, which a caller that only validates should not pay for."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from ..diagnostics import Diagnostic, sort_diagnostics
from ..load.model import Case
from ..load.project import Loaded, load_paths
from ..solver.options import Options
from ..solver.status import Status

if TYPE_CHECKING:  # only for the annotations: importing them imports OR-Tools
    from ..explain.grade import Grade
    from ..explain.steps import Explanation
    from ..solver.check import CaseResult

PathLike = str | Path


def _paths(paths: PathLike | Iterable[PathLike]) -> list[Path]:
    if isinstance(paths, (str, Path)):
        return [Path(paths)]
    return [Path(p) for p in paths]


def _loaded(what) -> Loaded:
    """`what` as loaded: a Loaded as it is, a list of Case objects as they are, else paths to load."""
    if isinstance(what, Loaded):
        return what
    if not isinstance(what, (str, Path)):
        what = list(what)
        if what and all(isinstance(c, Case) for c in what):
            return Loaded(cases=what)
    return load(what)


def ok_cases(loaded: Loaded) -> list[Case]:
    """The valid cases of a `load` result, in the order every report lists them (file, number)."""
    return sorted(loaded.cases, key=lambda c: (c.display, c.number))


def load(paths: PathLike | Iterable[PathLike]) -> Loaded:
    """Settings, casebooks and the valid cases under `paths` (files or folders), and every
    diagnostic found on the way. A case with an input error is left out of `cases`."""
    return load_paths(_paths(paths))


@dataclass
class Validation:
    """What `casetool validate` reports: files checked, the valid ones, and every diagnostic."""
    files: list[str]                 # every file checked (a case's setting.yaml too), sorted
    valid: list[str]                 # those without an error
    diagnostics: list[Diagnostic]    # sorted

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if not d.is_error]

    @property
    def ok(self) -> bool:
        return not self.errors


def validate(paths: PathLike | Iterable[PathLike]) -> Validation:
    """Schema, names and types of every setting, casebook and case file under `paths`, and
    the setting's printed rules (`every_case:`, L020) on each valid case: a rule the player
    reads in the book is part of the case's shape, so the author hears of it without lint."""
    from ..lint.printed import every_case
    loaded = load(paths)
    checked = set(loaded.files) | loaded.bad_files
    printed = [d for case in loaded.cases for d in every_case(case)]
    return Validation(sorted(checked), sorted(checked - loaded.bad_files),
                      sort_diagnostics(loaded.diagnostics + printed))


@dataclass
class CheckReport:
    """The verdict on every valid case, and the input diagnostics of the files around them."""
    results: list[CaseResult]        # sorted by file, then number
    diagnostics: list[Diagnostic]    # from loading (input errors and warnings), unsorted
    files: list[str] = field(default_factory=list)  # the YAML files found

    @property
    def input_errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def failing(self) -> list[CaseResult]:
        return [r for r in self.results if r.status != Status.OK]

    @property
    def ok(self) -> bool:
        """Every file loads and every case has exactly its declared answer."""
        return not self.input_errors and not self.failing


def verdict(case: Case, options: Options | None = None) -> CaseResult:
    """One case's verdict, with its warnings when `options.warnings` (the difficulty
    warning W004 included: it needs an explanation, so it is a step after the verdict)."""
    from ..explain.verdict import judge
    return judge(case, options or Options())


def check(paths: PathLike | Iterable[PathLike] | Loaded | Iterable[Case], options: Options | None = None,
          jobs: int | None = None, *, progress: Callable[[int, int, str], None] | None = None,
          each: Callable[[CaseResult], None] | None = None) -> CheckReport:
    """Prove that each case under `paths` (or each case given, or each valid case of a
    `load` result) has exactly one answer, the declared one.

    `jobs`: processes to use (default: every core); the results do not depend on it.
    `progress(done, total, what)` is called as each case is decided, in the order they
    finish (`what`: its file and verdict); `each(result)` with each result in the report's
    order, as soon as it and every one before it are in: a report can be printed as it grows."""
    from ..explain.verdict import judge_all
    loaded = _loaded(paths)
    total, waiting, count = len(loaded.cases), {}, {"done": 0, "given": 0}

    def done(i: int, result: CaseResult) -> None:
        count["done"] += 1
        if progress:
            progress(count["done"], total, f"{result.status}: {Path(result.file).name}")
        if each:
            waiting[i] = result
            while count["given"] in waiting:  # the next in the report's order is in
                each(waiting.pop(count["given"]))
                count["given"] += 1

    results = judge_all(loaded.cases, options or Options(), jobs, done)
    return CheckReport(results, loaded.diagnostics, loaded.files)


@dataclass
class Explained:
    """One case's verdict and, when it is ok and was explained in time, the steps and grade."""
    case: Case
    result: CaseResult
    explanation: Explanation | None = None
    grade: Grade | None = None

    @property
    def ok(self) -> bool:
        """Explained all the way to the answer."""
        return self.explanation is not None and self.explanation.complete

    def text(self) -> str:
        """As `casetool explain` prints it: the steps and the grade, or the check's verdict
        and why there is no explanation."""
        from ..english.explain import explanation_text
        from ..explain.checked import refusal_text
        if self.explanation is None or self.grade is None:
            return refusal_text(self.result)
        g = self.grade
        return explanation_text(self.explanation) + (f"  Difficulty: {g.level} (score {g.score}, {g.reasons()}; "
                                                     f"{g.steps} steps; docs/explain.md).\n")

    def as_json(self) -> dict:
        """As `casetool explain --format json` lists it."""
        from ..english.explain import explanation_json
        from ..explain.checked import refusal_json
        if self.explanation is None or self.grade is None:
            return refusal_json(self.result)
        return dict(explanation_json(self.explanation), grade=vars(self.grade))


@dataclass
class ExplainReport:
    explained: list[Explained]       # the valid cases, sorted by file, then number
    diagnostics: list[Diagnostic]    # from loading

    @property
    def input_errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def ok(self) -> bool:
        return not self.input_errors and all(e.ok for e in self.explained)


def explain(paths: PathLike | Iterable[PathLike] | Loaded | Iterable[Case], time_limit: float = 30.0, *,
            progress: Callable[[int, int, str], None] | None = None) -> ExplainReport:
    """The steps from the clues to the answer for each ok case under `paths`.

    A case that is not ok (or not decided in `time_limit` seconds, its check and explanation
    together) gets no explanation: its `result` says why. Cases with input errors are left out.
    `progress(done, total, what)` is called as each case starts."""
    from ..explain.checked import explain_checked
    from ..explain.grade import grade
    loaded = _loaded(paths)
    out = []
    cases = ok_cases(loaded)
    for i, case in enumerate(cases):
        if progress:
            progress(i, len(cases), f"explaining {Path(case.display).name}")
        checked = explain_checked(case, time_limit)
        explanation = checked.explanation
        out.append(Explained(case, checked.result, explanation, grade(explanation) if explanation else None))
    return ExplainReport(out, loaded.diagnostics)
