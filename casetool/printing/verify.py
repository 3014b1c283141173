"""Read a laid-out document back: which page each anchor is on, and the page numbers
WeasyPrint actually printed in each reference (CSS target-counter()).

The casebook (casetool.render.verify) and the decoders both prove their page
references with these.
"""

from __future__ import annotations

from weasyprint.document import Document

PAGE_REF_CLASS = "page-ref"  # <a class="page-ref" href="#solution-N"> in the templates


def anchor_pages(document: Document) -> dict[str, list[int]]:
    """Each anchor's pages, numbered from 1 (an anchor split over pages is on several)."""
    pages: dict[str, list[int]] = {}
    for number, page in enumerate(document.pages, 1):
        for anchor in page.anchors:
            pages.setdefault(anchor, []).append(number)
    return pages


def printed_references(document: Document) -> list[tuple[int, str, str]]:
    """(page number, target anchor, the text printed) for every page reference.

    The printed text is read from the reference's laid-out box, which `Page.links`
    hands out with each link: it is what target-counter() produced, digits and all.
    """
    refs = []
    for number, page in enumerate(document.pages, 1):
        for kind, target, _rect, box in page.links:
            element = getattr(box, "element", None)
            if kind == "internal" and element is not None and PAGE_REF_CLASS in (element.get("class") or "").split():
                text = "".join(getattr(b, "text", "") for b in box.descendants())
                refs.append((number, target, text.strip()))
    return refs
