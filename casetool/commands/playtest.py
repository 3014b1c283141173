"""`casetool playtest BOOK_DIR`: play a built casebook from its PDFs, as a player would."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import click

from ..diagnostics import Pos, error
from ._cases import load_book
from .edge import ExitCode, Stop, usage

SOURCE_META = re.compile(rb'<meta name="casetool-source" content="([^"]*)">')
# A built book has a few pages of front matter and rules, then some per mystery and per
# wheel (hampshire: 8 mysteries, 8 wheels, 17 + 19 pages); a PDF far past that is not
# this book, and reading it page by page would take hours.
PAGES_FIXED, PAGES_EACH = 20, 10


@click.command("playtest")
@click.argument("book_dir", type=click.Path(path_type=Path, file_okay=False))
@click.option("--source", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="The casebook folder the book was built from (default: the one casebook.html names).")
@click.option("--mystery", "only", type=int, multiple=True,
              help="Play only this mystery (by number); repeat for more. Default: every mystery.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=1800.0, show_default=True,
              help="Seconds the whole playtest may take; past them it stops (P009, exit 1).")
def command(book_dir: Path, source: Path | None, only: tuple[int, ...], fmt: str, time_limit: float) -> ExitCode:
    """Read casebook.pdf and decoders.pdf in BOOK_DIR as a player: set the wheels from each
    mystery page, read them with and without their decoders (OCR), and open the solution page.

    Needs poppler (pdftoppm, pdftotext, pdfinfo) and tesseract. Exit 1 when any check fails.
    """
    from ..decoders.allocation import numbered
    from ..playtest import clock, ocr, raster, report
    from ..playtest.play import play

    _need_tools(raster.missing_tools(), ocr.available())
    for name in ("casebook.pdf", "decoders.pdf"):
        if not (book_dir / name).is_file():
            raise usage(error(Pos(str(book_dir / name)), "P001", f"no {name} in {book_dir}",
                         f"build the book first: casetool build CASEBOOK_DIR -o {book_dir}"))
    folder = source or _source_of(book_dir)
    book, alloc, diags = load_book(folder)
    if book is None or any(d.is_error for d in diags):
        for d in diags:
            click.echo(d.text(), err=True)
        raise usage(error(Pos(str(folder)), "P003", "the casebook source has input errors", "casetool validate explains them"))
    book = numbered(book, alloc)
    unknown = sorted(set(only) - {c.number for c in book.cases})
    if unknown:
        raise usage(error(Pos(str(folder)), "P005", f"the casebook has no mystery {unknown[0]}",
                     f"its mysteries are {', '.join(str(c.number) for c in book.cases)}"))
    try:
        with clock.limited(time_limit):
            _no_more_pages_than(book_dir, len(book.cases) + len(alloc.wheels), raster.page_count)
            checks = play(book_dir / "casebook.pdf", book_dir / "decoders.pdf", book, alloc, set(only))
    except clock.TimeUp as exc:
        raise Stop(ExitCode.FAILING, diagnostics=[error(Pos(str(book_dir)), "P009", f"playtest stopped: {exc}; "
                   "the book was not played to the end", "raise --time-limit, or play fewer with --mystery N")]) from exc
    except subprocess.CalledProcessError as exc:  # poppler could not read a PDF: damaged or not a PDF
        raise usage(error(Pos(str(exc.cmd[-2] if exc.cmd[-1] == "-" else exc.cmd[-1])), "P006",
                     f"{exc.cmd[0]} cannot read this PDF: {exc.stderr.decode('utf-8', 'replace').strip()[:200]}",
                     "build the book again")) from exc
    except ocr.Crash as exc:
        raise usage(error(Pos(str(book_dir)), "P007", str(exc), "update tesseract-ocr, or report the page")) from exc
    if fmt == "json":
        click.echo(report.as_json(checks, book.title))
    else:
        for line in report.text(checks, book.title):
            click.echo(line)
    return ExitCode.of(not all(c.ok for c in checks))


def _no_more_pages_than(book_dir: Path, parts: int, page_count) -> None:
    """P008 when a PDF has far more pages than a book of `parts` mysteries and wheels has."""
    most = PAGES_FIXED + PAGES_EACH * parts
    for name in ("casebook.pdf", "decoders.pdf"):
        pages = page_count(book_dir / name)
        if pages > most:
            raise usage(error(Pos(str(book_dir / name)), "P008", f"{name} has {pages:,} pages, far more than this "
                              f"book's {parts} mysteries and wheels print on (at most {most})",
                              "build the book again into this folder, or give the right --source"))


def _source_of(book_dir: Path) -> Path:
    """The source folder casebook.html names, relative to the current folder (as built)."""
    html = book_dir / "casebook.html"
    found = SOURCE_META.search(html.read_bytes()) if html.is_file() else None
    folder = Path(found.group(1).decode("utf-8")) if found else None
    if folder is None or not folder.is_dir():
        named = f"it names '{folder}', which is not a folder here" if folder else "casebook.html does not name it"
        raise usage(error(Pos(str(html)), "P002", f"cannot find the casebook the book was built from: {named}",
                     "give it with --source CASEBOOK_DIR"))
    return folder


def _need_tools(missing: list[str], tesseract: str | None) -> None:
    if missing:
        raise usage(error(Pos("casetool"), "P004", f"playtest needs poppler's {', '.join(missing)}",
                     "install poppler-utils (apt-get install poppler-utils)"))
    if tesseract is None:
        raise usage(error(Pos("casetool"), "P004", "playtest needs the tesseract OCR program",
                     "install it (apt-get install tesseract-ocr; brew install tesseract)"))

