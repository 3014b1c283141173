"""Build a casebook folder: validate, check, then print casebook.html, casebook.pdf and decoders.pdf
(with decoders.layout.json, its wheels as data for playtest).

`build` returns a `Built` whether it printed or stopped: what it found on the way
(in the order found), and why it stopped. Outputs are written only at the end, as one
set: a build that stops leaves the previous outputs as they were."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..diagnostics import CasetoolError, Diagnostic, sort_diagnostics
from ..files import OutputError, check_output_folder, write_outputs
from ..load.project import YAML_SUFFIXES, load_paths
from ..printing.layout import LAYOUT
from ..printing.paper import DEFAULT_BLEED, MARKS, PAPERS, PrintOptions, parse_length
from ..solver.options import Options
from ..solver.status import Status

OUTPUTS = ("casebook.html", "casebook.pdf", "decoders.pdf")
DECODER_CACHE = ".casetool-cache"  # drawn wheels and the last decoders.pdf, re-used when unchanged (decoders.cache)
INPUT, FAILING = "input", "failing"  # why a build stopped: Built.stopped


@dataclass
class Built:
    """A build's outcome. `stopped` is None when the outputs were written."""
    output: Path
    diagnostics: list[Diagnostic] = field(default_factory=list)  # from loading, in the order found
    results: list = field(default_factory=list)                   # every case's CaseResult
    stopped: str | None = None                                    # INPUT or FAILING
    problem: list[Diagnostic] = field(default_factory=list)       # why it stopped (sorted)
    message: str = ""                                              # the one line that says so
    mysteries: int = 0
    pages: int = 0                                                 # casebook.pdf's
    wheels: int | None = None                                      # None: decoders.pdf not written
    decoder_pages: int = 0
    decoder_warnings: list[Diagnostic] = field(default_factory=list)  # sorted

    @property
    def failing(self) -> list:
        return [r for r in self.results if r.status != Status.OK]

    @property
    def ok(self) -> bool:
        return self.stopped is None


class _Stopped(Exception):
    def __init__(self, why: str, diags: list[Diagnostic], message: str):
        super().__init__(message)
        self.why, self.diags, self.message = why, diags, message


def build(folder: Path, output: Path = Path("build"), options: PrintOptions | None = None, *,
          templates: Path | None = None, allow_failing: bool = False, time_limit: float = 10.0,
          decoders: bool = True, progress: Callable[[str], None] = lambda step: None) -> Built:
    """Validate and check the casebook in `folder`, then write its outputs into `output`.

    `allow_failing`: print even when a case is not ok (its page says so). `decoders=False`
    writes only the casebook. `progress(label)` is called as each step starts."""
    folder, output, options = Path(folder), Path(output), options or PrintOptions()
    built = Built(output)
    try:
        _guard(check_output_folder, output)  # a file in the way fails now, not after the render
        book, alloc = _load(folder, built, progress)
        # decoders.pdf (which needs no verdicts) is drawn and laid out in a second process
        # while this one checks the cases and lays out the casebook
        job = _start_decoders(book, alloc, options, templates, output / DECODER_CACHE) if decoders else None
        try:
            statuses = _check(book, built, allow_failing, time_limit, progress)
            insights = _insights(book, statuses, options, progress)
            rendered = _render(book, statuses, options, templates, progress, insights)
        except BaseException:
            if job is not None:
                job.cancel()
            raise
        sheets = _render_decoders(job, progress) if job is not None else None
        outputs = {OUTPUTS[0]: rendered.html.encode("utf-8"), OUTPUTS[1]: rendered.pdf}
        if sheets is not None:
            outputs[OUTPUTS[2]] = sheets.pdf
            outputs[LAYOUT] = _layout(book, alloc, options.paper.name)
        _guard(write_outputs, output, outputs)
    except _Stopped as stop:
        built.stopped, built.problem, built.message = stop.why, sort_diagnostics(stop.diags), stop.message
        return built
    built.mysteries, built.pages = len(book.cases), rendered.pages
    if sheets is not None:
        built.wheels, built.decoder_pages = len(alloc.wheels), sheets.pages
        built.decoder_warnings = sort_diagnostics(sheets.warnings)
    return built


def print_options(paper: str = "a4", bleed: str | None = None, marks: str = "none", deductions: bool = False,
                  difficulty: bool = False, pdf_x: bool = False, output_profile: Path | None = None) -> PrintOptions:
    """How to print: `paper` one of PAPERS, `bleed` a CSS length such as 3mm (default: 3mm with
    marks, else none), `marks` one of MARKS; `pdf_x`: PDF/X-4 files whose output intent is
    `output_profile` (a CMYK ICC profile; default: the one installed, printing.cmyk).
    ValueError naming what is wrong."""
    from ..printing import cmyk

    profile = None
    if pdf_x or output_profile:
        try:
            profile = str(cmyk.output_profile(output_profile))
        except cmyk.NoProfile as exc:
            raise ValueError(str(exc)) from None
    if bleed is None:  # a print shop's usual bleed when marks are asked for
        bleed = DEFAULT_BLEED if marks != "none" else "0mm"
    length = parse_length(bleed)
    if length is None:
        raise ValueError(f"'{bleed}' is not a length such as 3mm")
    if paper not in PAPERS or marks not in MARKS:
        raise ValueError(f"paper is one of {', '.join(PAPERS)}; marks one of {', '.join(MARKS)}")
    return PrintOptions(PAPERS[paper], length, marks, deductions, difficulty, profile)


def load_book(folder: Path):
    """A casebook folder's book and wheel allocation, and every diagnostic found on the way.

    Only the folder's own files: drafts or other casebooks in sub-folders are not this book."""
    from ..decoders.allocation import allocate, reserved_positions
    from ..lint.stub import intro_stubs
    from ..render.casebook import assemble

    loaded = load_paths(sorted(p for p in folder.iterdir() if p.suffix in YAML_SUFFIXES and not p.is_dir()))
    book, diags = assemble(folder, loaded)
    diags = diags + intro_stubs(loaded.casebook_docs)   # a generated book's intro stub is not for print
    alloc = allocate(book, reserved_positions(loaded.cases, book)) if book is not None else None
    return book, alloc, sort_diagnostics(loaded.diagnostics + diags + (alloc.diagnostics if alloc else []))


def _load(folder: Path, built: Built, progress):
    from ..decoders.allocation import numbered
    progress("loading")
    if not folder.is_dir():
        raise _Stopped(INPUT, [], f"casetool build: no such folder: {folder}")
    book, alloc, built.diagnostics = load_book(folder)
    if book is None or any(d.is_error for d in built.diagnostics):
        raise _Stopped(INPUT, [], "casetool build: the casebook has input errors; nothing was written")
    return numbered(book, alloc), alloc  # unpinned statements at their numbers: the casebook prints them too


def _check(book, built: Built, allow_failing: bool, time_limit: float, progress) -> dict[str, str]:
    from ..solver.runner import check_all
    total, count = len(book.cases), [0]
    progress(f"checking {total} cases")

    def done(i: int, result) -> None:
        count[0] += 1
        progress(f"checked {count[0]} of {total} cases ({result.status}: {Path(result.file).name})")

    built.results = check_all(book.cases, Options(time_limit=time_limit, warnings=False), done=done)
    if built.failing and not allow_failing:
        raise _Stopped(FAILING, [], f"casetool build: {len(built.failing)} of {len(built.results)} cases are not ok; "
                       "nothing was written (--allow-failing prints a proof copy anyway)")
    return {r.file: r.status for r in built.results}


def _insights(book, statuses, options: PrintOptions, progress) -> dict:
    """Explanations and grades of the ok cases, when the book is to print them."""
    if not (options.deductions or options.difficulty):
        return {}
    from ..decoders.timed import notepad
    from ..printing.book import wheel_characters
    from ..render.deductions import insights
    progress("explaining")
    notes = {(n.case, n.clue.id): n.number  # the numbers the notepad in decoders.pdf prints
             for n in notepad(book, {w["id"] for w in wheel_characters(book.setting)}) if n.clue is not None and n.case is not None}
    return insights(book, statuses, notes)


def _render(book, statuses, options, templates, progress, insights: dict):
    from ..render.pipeline import (
        render_casebook,  # imports WeasyPrint: slow, so only when building
    )
    try:
        return render_casebook(book, statuses, options, templates, progress, insights)
    except CasetoolError as exc:
        raise _Stopped(INPUT, exc.diagnostics, "casetool build: cannot print the casebook; nothing was written") from exc


def _start_decoders(book, alloc, options, templates, cache: Path):
    from ..decoders.document import (
        decoders_in_background,  # imports WeasyPrint: only when building
    )
    return decoders_in_background(book, alloc, options, templates, cache)


def _layout(book, alloc, paper: str) -> bytes:
    """decoders.layout.json: the wheels' layout as data, for playtest (printing.layout)."""
    from ..decoders.manifest import layout
    from ..printing.layout import dumps
    return dumps(layout(book, alloc, paper))


def _render_decoders(job, progress):
    progress("writing decoders.pdf")
    try:
        return job.result()
    except CasetoolError as exc:
        raise _Stopped(INPUT, exc.diagnostics, "casetool build: cannot print the decoder sheets; nothing was written") from exc


def _guard(write, *args) -> None:
    try:
        write(*args)
    except OutputError as exc:
        raise _Stopped(INPUT, exc.diagnostics,
                       "casetool build: cannot write the outputs; the previous ones are left as they were") from exc
