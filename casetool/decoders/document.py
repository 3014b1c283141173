"""Render decoders.pdf: instructions, wheels, keys, notepad, event cards and note sheets.

The same machinery as the casebook (casetool.render): the one Jinja environment (so
`--templates` can replace any of templates/decoders/), the restricted fetcher, the
shipped fonts and the reproducible PDF writer.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import jinja2
from markupsafe import Markup
from weasyprint.document import Document
from weasyprint.urls import URLFetcherResponse

import casetool

from ..diagnostics import CasetoolError, Diagnostic, Pos, error
from ..load.model import Casebook
from ..printing.background import Background
from ..printing.book import release_sentence
from ..printing.environment import (
    locate_in_templates,
    make_environment,
    package_templates,
    render_template,
)
from ..printing.fetcher import RestrictedFetcher
from ..printing.geometry import PAGE_MARGIN, RULER_LENGTH, disc_centre, page_size
from ..printing.paper import SLUG_GAP_MM, PrintOptions
from ..printing.pdf import layout, pdf_bytes
from ..printing.verify import anchor_pages, printed_references
from . import drawing, holders, pages, svg
from .allocation import Allocation, WheelPlan
from .bands import hidden_number, number_noise, png_bytes
from .cache import Cache
from .cache import key as cache_key
from .drawing import draw_wheel, key_grid
from .pages import WheelDrawing, picture_url
from .sheets import detective_sheet, murder_holders
from .stamp import stamp
from .timed import event_cards, notepad

FONTS = Path(casetool.__file__).parent / "fonts"
CARD = (63.0, 86.0)          # millimetres: an event card; nine to a page on A4 and on Letter
CARDS_PER_PAGE = 9
STRIP_MAX = 6                # a short run of cards, two rows at most, fits under text on any paper
# Where a short run of event cards may go, in order of preference, as (place, whether the
# notepad may run on from the page before to make room): under the notepad (as the run's
# first cards); under the last note sheet (only when there are no full sheets of cards, so
# the cards stay one run); else on a sheet of its own, as full sheets go.
STRIP_PLACES = (("notepad", False), ("notepad", True), ("sheets", False), (None, False))
TEXT_MARGINS = (18.0, 16.0)  # bottom, left: the text pages' margins, as decoders.css sets them
SLUG_LEFT = 16.0             # the slug line starts this far in from the trim's left edge, clear of the crop marks
MAX_LAYOUTS = 4  # a page reference can change the layout it refers to: lay out until they agree


@dataclass
class RenderedDecoders:
    pdf: bytes
    pages: int
    warnings: list[Diagnostic]


def render_decoders(book: Casebook, alloc: Allocation, options: PrintOptions, templates: Path | None = None,
                    progress: Callable[[str], None] = lambda step: None,
                    cache_folder: Path | Cache | None = None) -> RenderedDecoders:
    """decoders.pdf for `book`, whose wheels are allocated by `alloc`; CasetoolError when it cannot be printed.

    `cache_folder`: where to keep drawn wheels and the last decoders.pdf for the next
    build (see `cache`); an unchanged book is then not drawn or laid out again."""
    env = make_environment(templates)
    cache = cache_folder if isinstance(cache_folder, Cache) else Cache(cache_folder)
    progress("drawing the wheels")
    wheels, keys, diags = draw_wheels(book, alloc.wheels, cache)
    if any(d.is_error for d in diags):
        raise CasetoolError(diags)
    progress("writing the decoder sheets")
    pictures: dict[str, bytes] = {}
    context = decoders_context(book, alloc, wheels, keys, options, pictures)
    fetcher = PictureFetcher([book.folder, FONTS.parent, package_templates()],
                             lambda url: locate_in_templates(env, [url]) or Pos("decoders.html"), pictures)
    first = render_template(env, "decoders/decoders.html", {**context, "page_numbers": {}})
    name = cache_key(first, [(d.character.id, d.ring.content) for d in wheels], sorted(pictures.items()),
                     render_template(env, "fonts.css", {}), os.environ.get("SOURCE_DATE_EPOCH"),
                     Path(options.output_profile).read_bytes() if options.output_profile else None)
    found = cache.get("pdf", name)
    if found is not None:
        pdf, pages = found
        return RenderedDecoders(pdf, pages, diags)
    document = _placed(env, context, book.folder, fetcher, options.output_profile)
    progress("writing decoders.pdf")
    bleed = options.bleed_mm if options.marks != "none" else None  # the CSS bleed also holds the marks
    pdf = stamp(pdf_bytes(document, bleed, pdf_x=bool(options.output_profile)), _rings(document, wheels, options.paper.name))
    cache.put("pdf", name, (pdf, len(document.pages)))
    return RenderedDecoders(pdf, len(document.pages), diags)


def decoders_in_background(book: Casebook, alloc: Allocation, options: PrintOptions, templates: Path | None = None,
                           cache_folder: Path | None = None) -> Background:
    """render_decoders in a forked process (printing.background), while the caller lays out
    the casebook; `.result()` is the RenderedDecoders. The wheels the child draws are
    remembered here too, as if drawn in this process (drawing._DRAWN), and what it would
    put in the cache is written only when `.result()` is asked for: a build that stops
    (a failing case, a casebook that cannot be printed) cancels the job and leaves the
    output folder as it was."""
    job = _Remembering(_drawn_too, book, alloc, options, templates, cache_folder)
    job.cache_folder = cache_folder
    return job


class _Remembering(Background):
    cache_folder: Path | None = None

    def result(self):
        rendered, drawn, puts = super().result()
        cache = Cache(self.cache_folder)
        for kind, name, value in puts:
            cache.put(kind, name, value)
        for key, value in drawn.items():
            if key not in drawing._DRAWN:
                drawing._DRAWN[key] = value
        while len(drawing._DRAWN) > drawing.CACHE_SIZE:
            drawing._DRAWN.popitem(last=False)
        return rendered


def _drawn_too(book, alloc, options, templates, cache_folder):
    before = set(drawing._DRAWN)
    cache = _Deferred(cache_folder)
    rendered = render_decoders(book, alloc, options, templates, cache_folder=cache)
    return rendered, {key: value for key, value in drawing._DRAWN.items() if key not in before}, cache.puts


class _Deferred(Cache):
    """A cache that reads as usual but keeps what it is given, for the parent to write."""

    def __init__(self, folder: Path | None):
        super().__init__(folder)
        self.puts: list[tuple[str, str, object]] = []

    def put(self, kind: str, name: str, value) -> None:
        if self.folder is not None:
            self.puts.append((kind, name, value))


def _rings(document: Document, wheels, paper: str) -> dict:
    """{page index: (ring, disc centre)} for the wheel pages of the laid-out sheets."""
    pages = anchor_pages(document)
    return {pages[f"wheel-{d.character.id}"][0] - 1: (d.ring, disc_centre(paper)) for d in wheels}


def draw_wheels(book: Casebook, plans: list[WheelPlan], cache: Cache | None = None):
    """The drawing of every wheel; one drawing per location key (it carries the key's grid); diagnostics."""
    grids, diags = {}, []
    for group in _key_groups(book, plans).values():
        grid, problems = key_grid(group, book.setting)
        diags += problems
        for plan in group:
            grids[plan.character.id] = grid
    drawings: list[WheelDrawing] = []
    keys: dict[tuple, WheelDrawing] = {}
    for plan in plans:
        drawing, problems = draw_wheel(plan, book.setting, book.seed, grids.get(plan.character.id), cache)
        diags += problems
        if drawing is not None:
            drawings.append(drawing)
            if drawing.grid is not None:
                keys.setdefault((plan.character.decoder, drawing.wheel.positions), drawing)
    return drawings, list(keys.values()), diags


def _key_groups(book: Casebook, plans: list[WheelPlan]) -> dict:
    groups: dict = {}
    for plan in plans:
        decoder = book.setting.decoders.get(plan.character.decoder or "")
        if decoder and decoder.kind == "grille":
            groups.setdefault((decoder.id, plan.character.wheel), []).append(plan)
    return groups


def _laid_out(env: jinja2.Environment, context: dict, folder: Path, fetcher,
              output_profile: str | None = None) -> Document:
    """The laid-out sheets, with every page reference naming its anchor's real page.

    target-counter() can name a stale page when the page that refers grows (the first
    page runs onto a second one); then the pages read off this layout are written in
    and the sheets laid out again.
    """
    fonts = [(render_template(env, "fonts.css", {}), FONTS)]
    for _ in range(MAX_LAYOUTS):
        document = layout(render_template(env, "decoders/decoders.html", context), folder, fonts, fetcher, output_profile)
        pages = {anchor: found[0] for anchor, found in anchor_pages(document).items()}
        wrong = [ref for ref in printed_references(document) if ref[2] != str(pages.get(ref[1], ref[2]))]
        if not wrong:
            return document
        context = {**context, "page_numbers": pages}
    page, target, text = wrong[0]
    raise CasetoolError(error(Pos("decoders.html"), "R021", f"page {page} names page '{text}' for '{target}', "
                              f"but it is on page {pages.get(target)}", "a template changed the page counter or the layout"))


def _placed(env: jinja2.Environment, context: dict, folder: Path, fetcher, output_profile: str | None) -> Document:
    """The sheets laid out with a short run of event cards where it shares a page.

    A run of fewer cards than a sheet holds, on a sheet of its own, left most of that page
    white (grange: three cards on the top third). Whether it fits under the notepad or the
    note sheets is known only from a layout, so each place is tried in turn."""
    views = context["card_views"]
    places = [p for p in STRIP_PLACES if p[0] != "sheets" or len(views) <= STRIP_MAX] if _short_run(views) \
        else [STRIP_PLACES[-1]]
    for at, runs_on in places:
        placed = {**context, **_cards_at(views, at), "notepad_runs_on": runs_on, "page_numbers": {}}
        document = _laid_out(env, placed, folder, fetcher, output_profile)
        pages = anchor_pages(document)
        if pages.get("strip-after") == pages.get("card-strip"):  # also when there is no strip (at None)
            break
    return document


def _short_run(views: list[dict]) -> int:
    """How many cards are left over from full sheets, when they are few enough for a strip."""
    left = len(views) % CARDS_PER_PAGE
    return left if left <= STRIP_MAX else 0


def _cards_at(views: list[dict], at: str | None) -> dict:
    """The template's cards: full sheets of nine, and the strip of a short run placed `at`
    (under the notepad it holds the first cards, so the cards stay in play order)."""
    strip = views[:_short_run(views)] if at else []
    rest = views[len(strip):]
    return {"cards": [rest[i:i + CARDS_PER_PAGE] for i in range(0, len(rest), CARDS_PER_PAGE)],
            "strip": strip, "strip_at": at}


class PictureFetcher(RestrictedFetcher):
    """The restricted fetcher, which also hands out the pictures this build drew.

    Pictures (wheel rings, hidden numbers) are served from memory under short
    casetool-picture: URLs rather than inlined as data: URLs, which the HTML parser
    would have to read through character by character. Any other URL gets the
    restricted fetcher's checks.
    """

    def __init__(self, roots: list[Path], locate, pictures: dict[str, bytes]):
        super().__init__(roots, locate)
        self.pictures = pictures

    def fetch(self, url, headers=None):
        if url in self.pictures:
            return URLFetcherResponse(url, body=self.pictures[url], headers={"Content-Type": "image/png"})
        return super().fetch(url, headers)


def decoders_context(book: Casebook, alloc: Allocation, wheels, keys, options: PrintOptions,
                     pictures: dict[str, bytes]) -> dict:
    paper = options.paper.name
    width, height = page_size(paper)
    wheel_ids = {p.character.id for p in alloc.wheels}
    notes = notepad(book, wheel_ids)
    cards = event_cards(book, notes)
    return {
        "title": book.title, "setting_title": book.setting.title,
        "page": {"size": "A4" if paper == "a4" else "letter", "width": f"{width:g}mm", "height": f"{height:g}mm",
                 "card_margin": f"{(height - 3 * CARD[1]) / 2:.2f}mm {(width - 3 * CARD[0]) / 2:.2f}mm",
                 "card_left": f"{(width - 3 * CARD[0]) / 2:.2f}mm", "card_width": f"{CARD[0]:g}mm", "card_height": f"{CARD[1]:g}mm", **_sheet_rows(height),
                 **_print_marks(options, width, height)},
        "ruler": Markup(svg.document(RULER_LENGTH + 12, 16, [svg.outlined_ruler(2, 7)])),
        "line_key": {"cut": Markup(svg.document(14, 2, [svg.line(0, 1, 14, 1, 0.3)])),
                     "fold": Markup(svg.document(14, 2, [svg.line(0, 1, 14, 1, 0.3, fold=True)]))},
        "wheels": [{"id": d.character.id, "name": d.character.name, "decoder": d.decoder_name, "kind": d.kind,
                    "positions": d.wheel.positions, "disc": _page(pages.disc_page(d, paper)),
                    "folder": _page(pages.folder_page(d, paper, with_key=_keeps_key(d, keys)))} for d in wheels],
        "keys": [{"name": d.decoder_name, "page": _page(pages.key_page(d.grid, d.wheel, d.decoder_name, paper))}
                 for d in keys if not pages.key_fits(d.wheel)],
        "decoders": list(dict.fromkeys((d.kind, d.decoder_name) for d in wheels)),  # in the order of the wheels
        "notepad": [{"number": n.number, "speaker": n.speaker, "text": n.text} for n in notes],
        "card_views": (views := _card_views(book, cards, pictures)), **_cards_at(views, STRIP_PLACES[0][0]),
        "notepad_runs_on": STRIP_PLACES[0][1],
        "detective": detective_sheet(book.setting, [p.character for p in alloc.wheels]),
        "holders": [{"case": m["case"], "title": m["title"], "front": _page(holders.front_page(m, paper)),
                     "back": _page(holders.back_page(m, paper))} for m in murder_holders(book) or []],
        "margin": f"{PAGE_MARGIN:g}mm",
    }


def _keeps_key(d: WheelDrawing, keys: list[WheelDrawing]) -> bool:
    """Whether this wheel's folder page carries its location key (the first wheel read with
    that key, when the card fits under the folder)."""
    return d.grid is not None and any(k is d for k in keys) and pages.key_fits(d.wheel)


def _sheet_rows(height: float) -> dict:
    """The note sheets' row: on A4 classic's 21-row detective sheet fits under the decoders'
    cover; on Letter, 17.6 mm shorter, A4's rows sent it to a page of its own and left the
    cover a fifth full, so there they are 1.2 mm tighter (still a box to tick)."""
    if height < page_size("a4")[1]:
        return {"sheet_cell": "4.4mm", "sheet_pad": "0.7mm"}
    return {"sheet_cell": "5mm", "sheet_pad": "1mm"}


def _print_marks(options: PrintOptions, width: float, height: float) -> dict:
    """The print profile's bleed and marks for decoders.css, as the casebook has them.

    With marks, the CSS bleed is the bleed plus the marks' zone (paper.MARK_ZONE_MM) and
    every page gets a slug line in the zone below its bleed: a margin box of the page's
    own margins, moved down to the same place (SLUG_TOP below the trim) on every page.
    Without marks the CSS is unchanged, so a plain build keeps its bytes.
    """
    css = options.css()
    if options.marks == "none":
        return {"bleed": None}
    top = options.bleed_mm + SLUG_GAP_MM
    # (page name, its bottom and left margins): the margin box starts at the page area
    margins = {"text": TEXT_MARGINS, "sheet": (0.0, 0.0),
               "cards": ((height - 3 * CARD[1]) / 2, (width - 3 * CARD[0]) / 2)}
    return {"bleed": css["bleed"], "marks": css["marks"], "bleed_text": css["bleed_text"],
            "slug": {name: {"top": f"{bottom + top:g}mm", "left": f"{SLUG_LEFT - left:g}mm"}
                     for name, (bottom, left) in margins.items()}}


def _page(page: pages.Page) -> dict:
    """A drawing for the template: the SVG (made here, nothing from the author unescaped) and its labels."""
    return {"svg": Markup(page.svg), "labels": page.labels}


def _card_views(book: Casebook, cards, pictures: dict[str, bytes]) -> list[dict]:
    """The event cards in play order, each release's note number hidden for the red filter."""
    if not cards:
        return []
    noise = number_noise(f"{book.seed}/event-cards")
    top = max(r.number for card in cards for r in card.releases)   # no decoy past the last note
    views = []
    for card in cards:
        # a further card of a stage gets its own noise; the first keeps the one it always had
        stage = f"{card.case}/{card.at}" + (f"/{card.part}" if card.part else "")
        rng = random.Random(f"{book.seed}/card/{stage}")
        releases = []
        for i, r in enumerate(card.releases):
            url = picture_url(f"note-{stage.replace('/', '-')}-{i}.png")
            pictures[url] = png_bytes(hidden_number(r.number, noise, rng, top))
            releases.append({"speaker": r.speaker, "kind": r.kind, "number": url})
        views.append({"case": card.case, "title": card.title, "at": card.at, "text": card.text,
                      "index": card.index, "count": card.count, "continued": card.part > 0,
                      "groups": _release_groups(releases), "releases": releases})
    return views


def _release_groups(releases: list[dict]) -> list[dict]:
    """Consecutive releases of one speaker and kind under one sentence ("has written 3 notes")."""
    groups: list[dict] = []
    for r in releases:
        if not groups or (groups[-1]["speaker"], groups[-1]["kind"]) != (r["speaker"], r["kind"]):
            groups.append({"speaker": r["speaker"], "kind": r["kind"], "numbers": []})
        groups[-1]["numbers"].append(r["number"])
    for g in groups:
        g["sentence"] = release_sentence(g["speaker"], g["kind"], len(g["numbers"]))
    return groups
