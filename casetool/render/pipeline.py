"""Render one casebook: context, HTML, layout, verification, PDF, in that order."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import unquote

import jinja2

import casetool

from ..diagnostics import CasetoolError, Pos
from ..load.model import Casebook
from ..printing.environment import (
    locate_in_templates,
    make_environment,
    package_templates,
    render_template,
)
from ..printing.fetcher import RestrictedFetcher
from ..printing.paper import PrintOptions
from ..printing.pdf import layout, pdf_bytes
from . import front
from .balance import balanced_breaks
from .context import LayoutHints, casebook_context, image_url
from .extras import read_extras
from .fill import free_lines
from .screen import embed_fonts
from .sufficiency import sufficiency
from .turned import Turned, in_turned_order, measure
from .verify import Verification, long_mysteries, part_pages, solution_pages, verify

MAX_PADDING = 2  # blank pages the build may add before the solutions to keep spreads apart
MAX_LAYOUTS = 7  # each layout may teach the next one something (see _next_hints)
FONTS = Path(casetool.__file__).parent / "fonts"


@dataclass
class Rendered:
    html: str
    pdf: bytes
    pages: int


def render_casebook(book: Casebook, statuses: dict[str, str], options: PrintOptions,
                    templates: Path | None = None, progress: Callable[[str], None] = lambda step: None,
                    insights: dict | None = None) -> Rendered:
    """The casebook's HTML and PDF; CasetoolError when it cannot be printed as asked."""
    env = make_environment(templates)
    extras = read_extras(book.setting)
    sources = {image_url(img.src, book.folder): img.pos for img in extras.images.values()}
    fetcher = RestrictedFetcher([book.folder, Path(casetool.__file__).parent, package_templates()],
                                lambda url: _locate(url, sources, env))
    positions = {case.number: case.pos for case in book.cases}
    fonts_css = render_template(env, "fonts.css", {})
    hints = LayoutHints()
    for _ in range(MAX_LAYOUTS):
        progress("writing HTML")
        html = render_template(env, "casebook.html", casebook_context(book, statuses, extras, options, hints, insights))
        progress("laying out pages")
        laid_out = layout(html, book.folder, [(fonts_css, FONTS)], fetcher, options.output_profile)
        document = in_turned_order(laid_out, hints.turned)
        progress("checking page references")
        checked = verify(document, positions)
        better = _next_hints(hints, checked, long_mysteries(document, positions), measure(laid_out, positions),
                             free_lines(laid_out), front.page_fills(laid_out),
                             balanced_breaks(laid_out, positions, hints.turns))
        if better == hints:
            break
        hints = better
    if checked.problems:
        raise CasetoolError(checked.problems)
    progress("proving the mysteries from what the book prints")
    unplayable = sufficiency(book, statuses, html)
    if unplayable:
        raise CasetoolError(unplayable)
    progress("writing PDF")
    bleed = options.bleed_mm if options.marks != "none" else None  # the CSS bleed also holds the marks
    pdf = pdf_bytes(document, bleed, pdf_x=bool(options.output_profile))
    # casebook.html is the screen edition: a browser cannot print target-counter(), so
    # its page references are written in as text, from the book just laid out.
    # It hides each solution behind a reveal control, and carries its fonts (screen.py).
    context = casebook_context(book, statuses, extras, options, hints, insights,
                               solution_pages(document, positions), part_pages(document))
    screen = embed_fonts(render_template(env, "casebook.html", {**context, "screen": True}), fonts_css, FONTS)
    return Rendered(screen, pdf, len(document.pages))


def _next_hints(hints: LayoutHints, checked: Verification, long: set[int], turned: Turned | None = None,
                fills: tuple[tuple[str, int], ...] = (), front_fills: list[float] | None = None,
                turns: tuple[tuple[int, int], ...] | None = None) -> LayoutHints:
    """What to change for a better layout: the same hints when there is nothing to fix.

    A mystery that runs onto a second page should start on a left-hand page so the
    player sees it whole; a solution facing its mystery moves one page further on; a
    solution that runs onto a second page needs the section in turned order (turned.py);
    free space under a fill mark gets ruled lines for notes (fill.py); a page of the rules
    left nearly empty tries the next way of setting their tables (front.py); a two-page
    mystery whose second page is nearly empty turns the page at a clue that balances them
    (balance.py).
    """
    padding = hints.padding_pages + (1 if checked.clashes and hints.padding_pages < MAX_PADDING else 0)
    mode, tried, settled = hints.front_mode, hints.front_tried, hints.front_settled
    if front_fills is not None and not settled:
        mode, tried, settled = front.next_mode(mode, tried, front_fills)
    return LayoutHints(padding, hints.spread_starts | frozenset(long), turned, fills, mode, tried, settled,
                       hints.turns if turns is None else turns)


def _locate(url: str, sources: dict[str, Pos], env: jinja2.Environment) -> Pos:
    """Where a fetched URL came from: a setting's `image:`, else the template that names it."""
    for src, pos in sources.items():  # unquoted: WeasyPrint may have percent-encoded the URL
        if unquote(src) == unquote(url):
            return pos
    tail = unquote(url).rsplit("/", 1)[-1]
    return locate_in_templates(env, [url, unquote(url), tail]) or Pos("<template>")
