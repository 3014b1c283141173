"""Event cards that hold every note box they release (casetool/decoders/timed.py).

The mansion board samples release all their notes at the start: five on one stage in the
large one, more than a card holds. Each box must lie inside its card, where the player's
scissors leave it, not be cut off by the card's edge (the card clips what overflows).
"""

from __future__ import annotations

import html
import re
import subprocess

import pytest
from casetool.decoders.document import CARD
from casetool.decoders.timed import event_cards, notepad
from casetool.printing.book import card_chunks
from casetool.render.context import clue_groups

from decoder_support import ROOT, load_book, need_pdftoppm
from test_decoders_pdf import render, texts

LARGE = ROOT / "cases" / "mansion" / "large"
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
MM = 25.4 / 72
BOX_MM = 1.0 + 12.0      # templates/decoders/decoders.css: the box under "Read note"


def _words(pdf, page: int) -> list[tuple[float, float, str]]:
    out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                         check=True, capture_output=True, text=True).stdout
    return [(float(x0) * MM, float(y1) * MM, html.unescape(t)) for x0, _, _, y1, t in WORD.findall(out)]


def test_a_stage_with_more_notes_than_a_card_holds_goes_on_several_cards():
    many = [("Inspector Hale", "note")] * 7
    chunks = card_chunks(many, "The lights go out in the whole house at once, and someone screams.")
    assert sum(chunks) == 7 and len(chunks) >= 3 and all(1 <= n <= 3 for n in chunks)
    assert chunks[0] < chunks[1]  # the event's text takes room on the first card
    assert card_chunks([], "Nothing is released.") == [0]


def test_the_mystery_page_names_the_cards_the_deck_deals():
    book = load_book(LARGE)
    deck = event_cards(book, notepad(book, set()))
    line = next(g["timed_text"] for g in clue_groups(book.cases[0], set()) if g["timed_text"])
    assert [c.index for c in deck] == [1, 2]
    assert "turn event cards 1 and 2 of 2 and hold the red film over them" in line, line


@pytest.fixture(scope="module")
def large(tmp_path_factory):
    need_pdftoppm()
    pdf = tmp_path_factory.mktemp("large") / "decoders.pdf"
    book, _, _ = render(LARGE, out=pdf)
    return book, pdf


def test_every_note_box_of_the_large_mansion_lies_inside_its_card(large):
    book, pdf = large
    deck = event_cards(book, notepad(book, set()))
    assert [c.index for c in deck] == list(range(1, len(deck) + 1)) and len(deck) > 1
    assert all(c.count == len(deck) for c in deck)
    top = (297 - 3 * CARD[1]) / 2
    boxes = 0
    for page in range(1, len(texts(pdf)) + 1):  # every page: the cards start where the layout puts them
        words = _words(pdf, page)
        for (_, y, text), (_, _, after) in zip(words, words[1:], strict=False):
            if (text, after) != ("Read", "note"):
                continue
            row = int((y - top) // CARD[1])
            assert y + BOX_MM <= top + (row + 1) * CARD[1] - 0.3, f"page {page}: a box at {y:.1f} mm overflows its card"
            boxes += 1
    assert boxes == sum(len(c.releases) for c in deck) == 5


def test_the_whereabouts_sheet_has_a_page_of_its_own_for_every_piece(large):
    """Every guest, weapon and the victim get a row; the grid is its own sheet (it spilled
    half a page onto its own before), and the instructions name its page."""
    book, pdf = large
    pages = [" ".join(p.split()) for p in texts(pdf)]
    sheet = [i for i, t in enumerate(pages) if t.startswith("Whereabouts")]
    assert len(sheet) == 1 and "Detective sheet" in pages[sheet[0] - 1]
    for cid in ("suspect", "weapon", "victim"):
        assert all(item.name in pages[sheet[0]] for item in book.setting.categories[cid].items), cid
    assert f"the whereabouts sheet (page {sheet[0] + 1})" in pages[0]
