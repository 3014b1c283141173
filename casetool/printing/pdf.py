"""Lay out HTML with WeasyPrint through the restricted fetcher, and write the PDF bytes."""

from __future__ import annotations

import contextlib
import datetime
import logging
import os
from pathlib import Path

import pydyf
from weasyprint import CSS, HTML
from weasyprint.document import Document
from weasyprint.logger import LOGGER
from weasyprint.text.fonts import FontConfiguration

from ..diagnostics import CasetoolError, Pos, error
from . import cmyk
from .fetcher import Refused, RestrictedFetcher

EPOCH = "1970-01-01T00:00:00Z"   # a PDF/X's dates when SOURCE_DATE_EPOCH names none


def folder_url(folder: Path) -> str:
    """A base URL for a folder: the trailing slash makes relative URLs resolve inside it."""
    return folder.resolve().as_uri() + "/"


def layout(html: str, base: Path, stylesheets: list[tuple[str, Path]], fetcher: RestrictedFetcher,
           output_profile: str | None = None) -> Document:
    """Paginate `html` (relative URLs resolve in `base`); stylesheets are (css, its folder).
    `output_profile`: a CMYK profile, for a PDF/X document with it as the output intent.

    Raises CasetoolError for a refused fetch, or for an image WeasyPrint could not read
    (it would otherwise log the failure and print the page without the image).
    """
    fonts = FontConfiguration()
    try:
        with _failed_images() as failures:
            if output_profile:
                stylesheets = [*stylesheets, (cmyk.intent_css(Path(output_profile)), base)]
            profiles: dict = {}   # @color-profile rules land here; the output intent is one of them
            sheets = [CSS(string=css, base_url=folder_url(folder), url_fetcher=fetcher, font_config=fonts,
                          color_profiles=profiles) for css, folder in stylesheets]
            document = HTML(string=html, base_url=folder_url(base), url_fetcher=fetcher).render(
                stylesheets=sheets, font_config=fonts, color_profiles=profiles,
                pdf_variant=cmyk.PDF_X if output_profile else None)
    except Refused as exc:
        raise CasetoolError(exc.diagnostic) from None
    except Exception as exc:  # WeasyPrint's own failures, e.g. an assertion on an odd style
        raise CasetoolError(error(Pos(base.name or "casebook"), "R030",
                                  f"WeasyPrint could not lay out the casebook: {type(exc).__name__}: {exc}",
                                  "a template or style of the casebook triggers it; try without --templates")) from exc
    if failures:
        raise CasetoolError([error(fetcher.locate(url), "R013", f"cannot read image '{url}': {why}",
                                   "use a PNG, JPEG, GIF, WebP or SVG file") for url, why in failures])
    return document


@contextlib.contextmanager
def _failed_images():
    """Collect WeasyPrint's 'Failed to load image' log records as (url, reason) pairs."""
    failures: list[tuple[str, str]] = []

    class Collect(logging.Handler):
        def emit(self, record):
            if record.msg.startswith("Failed to load image") and len(record.args) == 2:
                failures.append((str(record.args[0]), str(record.args[1])))

    handler = Collect(logging.ERROR)
    LOGGER.addHandler(handler)
    try:
        yield failures
    finally:
        LOGGER.removeHandler(handler)


def pdf_bytes(document: Document, bleed_mm: float | None = None, pdf_x: bool = False) -> bytes:
    """The PDF, the same bytes for the same input: no clock time goes into it.

    Dates come only from SOURCE_DATE_EPOCH (the reproducible-builds convention), so a
    print shop can stamp one; otherwise the PDF carries no date at all, except a PDF/X
    (`pdf_x`: the document was laid out with an output profile), which must carry both
    dates: the epoch's, rather than the clock's.
    `bleed_mm`: the real bleed, when the CSS bleed also holds the printer's marks
    (paper.MARK_ZONE_MM); each page's BleedBox is set to it.
    """
    stamp = _source_date() or (EPOCH if pdf_x else None)
    document.metadata.created = document.metadata.modified = stamp
    finisher = None if bleed_mm is None else lambda _doc, pdf: _set_bleed_box(pdf, bleed_mm * 72 / 25.4)
    try:
        with _fixed_font_clock():
            return document.write_pdf(finisher=finisher, pdf_variant=cmyk.PDF_X if pdf_x else None)
    except Refused as exc:  # attachments (`<a rel="attachment">`) are fetched only now
        raise CasetoolError(exc.diagnostic) from None


@contextlib.contextmanager
def _fixed_font_clock():
    """Without HarfBuzz-Subset, WeasyPrint subsets fonts with fontTools, which stamps the
    current time into each embedded font's `head` table, unless SOURCE_DATE_EPOCH is
    set. Set it (to the epoch) for the duration of the write when the user has not."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        yield
        return
    os.environ["SOURCE_DATE_EPOCH"] = "0"
    try:
        yield
    finally:
        os.environ.pop("SOURCE_DATE_EPOCH", None)


def _source_date() -> str | None:
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch.isdigit():
        return None
    when = datetime.datetime.fromtimestamp(int(epoch), tz=datetime.timezone.utc)
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _set_bleed_box(pdf: pydyf.PDF, bleed_pt: float) -> None:
    """WeasyPrint puts the BleedBox at most 10 pt outside the TrimBox; a print shop reads
    the bleed from it, so it must be the bleed asked for (the marks lie beyond it)."""
    for obj in pdf.objects:
        if isinstance(obj, pydyf.Dictionary) and obj.get("Type") == "/Page" and "TrimBox" in obj:
            left, top, right, bottom = obj["TrimBox"]
            obj["BleedBox"] = pydyf.Array([left - bleed_pt, top - bleed_pt, right + bleed_pt, bottom + bleed_pt])
