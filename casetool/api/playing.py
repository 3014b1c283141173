"""Play a built casebook from its PDFs as a player would: the library face of `casetool playtest`.

`playtest` returns a `Playtest` whether it played or not: the checks (per mystery and per
component), or the problem (P001-P010) that stopped it. poppler, tesseract and the
playtest package are imported inside the call."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..diagnostics import Diagnostic, Pos, error
from ..printing.layout import LAYOUT
from ..printing.layout import read as read_layout
from .book import load_book

SOURCE_META = re.compile(rb'<meta name="casetool-source" content="([^"]*)">')
# A built book has a few pages of front matter and rules, then some per mystery and per
# wheel (hampshire: 8 mysteries, 8 wheels, 17 + 19 pages); a PDF far past that is not
# this book, and reading it page by page would take hours.
PAGES_FIXED, PAGES_EACH = 20, 10
TIMED_OUT = "P009"


@dataclass
class Playtest:
    """What a player met: `checks` (each with `mystery`, `component`, `ok`, `detail`,
    `measures`), or `problem`, why the book was not played (to the end)."""
    title: str = ""
    checks: list = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)  # the source casebook's, when it has input errors
    problem: list[Diagnostic] = field(default_factory=list)

    @property
    def timed_out(self) -> bool:
        """Stopped by the time limit (P009): a verdict on the book, not an input error."""
        return any(d.code == TIMED_OUT for d in self.problem)

    @property
    def ok(self) -> bool:
        return not self.problem and all(c.ok for c in self.checks)

    def text(self) -> list[str]:
        from ..playtest import report
        return report.text(self.checks, self.title)

    def json(self) -> str:
        from ..playtest import report
        return report.as_json(self.checks, self.title)


def playtest(book_dir: Path, source: Path | None = None, only: tuple[int, ...] | list[int] = (),
             time_limit: float = 1800.0, progress: Callable[[int, int, str], None] | None = None,
             jobs: int | None = None) -> Playtest:
    """Read casebook.pdf and decoders.pdf in `book_dir` as a player: set the wheels from each
    mystery page, read them with and without their decoders (OCR), open the solution page,
    look for spoilers. `source`: the casebook folder it was built from (default: the one
    casebook.html names); `only`: the mystery numbers to play (default: all); past
    `time_limit` seconds it stops (P009). `progress(done, total, what)` as each part finishes;
    `jobs`: worker processes (default: one per core this process may use)."""
    from ..decoders.allocation import numbered
    from ..playtest import clock, ocr, pool, raster
    from ..playtest.play import play

    book_dir = Path(book_dir)
    missing = _missing_tools(raster.missing_tools(), ocr.available())
    if missing:
        return Playtest(problem=[missing])
    for name in ("casebook.pdf", "decoders.pdf"):
        if not (book_dir / name).is_file():
            return Playtest(problem=[error(Pos(str(book_dir / name)), "P001", f"no {name} in {book_dir}",
                                           f"build the book first: casetool build CASEBOOK_DIR -o {book_dir}")])
    folder = Path(source) if source else _source_of(book_dir)
    if isinstance(folder, Diagnostic):
        return Playtest(problem=[folder])
    book, alloc, diags = load_book(folder)
    if book is None or alloc is None or any(d.is_error for d in diags):
        return Playtest(diagnostics=diags, problem=[error(Pos(str(folder)), "P003", "the casebook source has input errors",
                                                          "casetool validate explains them")])
    book = numbered(book, alloc)
    unknown = sorted(set(only) - {c.number for c in book.cases})
    if unknown:
        return Playtest(book.title, problem=[error(Pos(str(folder)), "P005", f"the casebook has no mystery {unknown[0]}",
                                                   f"its mysteries are {', '.join(str(c.number) for c in book.cases)}")])
    try:
        with clock.limited(time_limit):
            too_many = _more_pages_than(book_dir, len(book.cases) + len(alloc.wheels), raster.page_count)
            if too_many:
                return Playtest(book.title, problem=[too_many])
            layout = read_layout(book_dir / LAYOUT)   # after P008: a stray PDF is refused at once
            if isinstance(layout, Diagnostic):
                return Playtest(book.title, problem=[layout])
            checks = play(book_dir / "casebook.pdf", book_dir / "decoders.pdf", book, layout, set(only), progress,
                          jobs or pool.jobs_available())
    except clock.TimeUp as exc:
        return Playtest(book.title, problem=[error(Pos(str(book_dir)), TIMED_OUT, f"playtest stopped: {exc}; the book "
                                                   "was not played to the end",
                                                   "raise --time-limit, or play fewer with --mystery N")])
    except subprocess.CalledProcessError as exc:  # poppler could not read a PDF: damaged or not a PDF
        return Playtest(book.title, problem=[error(Pos(str(exc.cmd[-2] if exc.cmd[-1] == "-" else exc.cmd[-1])), "P006",
                                                   f"{exc.cmd[0]} cannot read this PDF: "
                                                   f"{exc.stderr.decode('utf-8', 'replace').strip()[:200]}",
                                                   "build the book again")])
    except ocr.Crash as exc:
        return Playtest(book.title, problem=[error(Pos(str(book_dir)), "P007", str(exc),
                                                   "update tesseract-ocr, or report the page")])
    return Playtest(book.title, checks)


def _more_pages_than(book_dir: Path, parts: int, page_count) -> Diagnostic | None:
    """P008 when a PDF has far more pages than a book of `parts` mysteries and wheels has."""
    most = PAGES_FIXED + PAGES_EACH * parts
    for name in ("casebook.pdf", "decoders.pdf"):
        pages = page_count(book_dir / name)
        if pages > most:
            return error(Pos(str(book_dir / name)), "P008", f"{name} has {pages:,} pages, far more than this "
                         f"book's {parts} mysteries and wheels print on (at most {most})",
                         "build the book again into this folder, or give the right --source")
    return None


def _source_of(book_dir: Path) -> Path | Diagnostic:
    """The source folder casebook.html names, relative to the current folder (as built); P002 when none."""
    html = book_dir / "casebook.html"
    found = SOURCE_META.search(html.read_bytes()) if html.is_file() else None
    folder = Path(found.group(1).decode("utf-8")) if found else None
    if folder is None or not folder.is_dir():
        named = f"it names '{folder}', which is not a folder here" if folder else "casebook.html does not name it"
        return error(Pos(str(html)), "P002", f"cannot find the casebook the book was built from: {named}",
                     "give it with --source CASEBOOK_DIR")
    return folder


def _missing_tools(missing: list[str], tesseract: str | None) -> Diagnostic | None:
    if missing:
        return error(Pos("casetool"), "P004", f"playtest needs poppler's {', '.join(missing)}",
                     "install poppler-utils (apt-get install poppler-utils)")
    if tesseract is None:
        return error(Pos("casetool"), "P004", "playtest needs the tesseract OCR program",
                     "install it (apt-get install tesseract-ocr; brew install tesseract)")
    return None
