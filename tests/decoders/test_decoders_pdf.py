"""decoders.pdf as a whole: sizes for printing at 100%, no secret text, timed clues, note sheets."""

import contextlib
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pypdf
import pytest
from casetool.decoders import document
from casetool.decoders.allocation import allocate, numbered
from casetool.decoders.bands import NUMBER_EM
from casetool.decoders.document import PictureFetcher, _card_views, render_decoders
from casetool.decoders.drawing import draw_wheel
from casetool.decoders.textfit import BOLD_FONT, sized
from casetool.decoders.timed import event_cards, notepad
from casetool.diagnostics import CasetoolError, Pos
from casetool.printing.environment import package_templates
from casetool.printing.fetcher import Refused
from casetool.printing.geometry import (
    DISC_R,
    RES,
    RULER_LENGTH,
    disc_centre,
    ruler_origin,
)
from casetool.printing.paper import PAPERS, PrintOptions
from casetool.printing.verify import anchor_pages, printed_references
from PIL import Image
from pypdf import PdfReader

from decoder_support import ROOT, grey, load_book, page_of, rasterise

pytestmark = pytest.mark.slow  # builds decoder PDFs: the inner loop `-m "not slow"` skips it

VILLAGE = ROOT / "tests" / "fixtures" / "render" / "village"
MM = 72 / 25.4
real_layout = document.layout


def render(folder, paper="a4", out=None):
    book = load_book(folder)
    alloc = allocate(book)
    book = numbered(book, alloc)
    rendered = render_decoders(book, alloc, PrintOptions(PAPERS[paper]))
    if out is not None:
        out.write_bytes(rendered.pdf)
    return book, alloc, rendered


def texts(pdf, pages: int | None = None) -> list[str]:
    """The text of the first `pages` pages (all by default: a wheel page takes pypdf seconds)."""
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    with _wheel_budget():
        return [p.extract_text() or "" for p in reader.pages[:pages]]


def _wheel_budget():
    """Room for a wheel page: each statement is drawn in four clipped passes, about 3 million
    content tokens a page, over pypdf 7's default parsing budget of 2 million (older pypdf has none)."""
    apply = getattr(pypdf, "apply_configuration", None)
    if apply is None:
        return contextlib.nullcontext()
    return apply(stream_parsing_work_maximum_count=20_000_000)


@pytest.mark.parametrize("paper, width, height", [("a4", 210, 297), ("letter", 215.9, 279.4)])
def test_pages_fit_the_paper_and_the_ruler_measures_100_mm(tmp_path, paper, width, height):
    pdf = tmp_path / "decoders.pdf"
    render(VILLAGE, paper, pdf)
    for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages:
        assert float(page.mediabox.width) == pytest.approx(width * MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height * MM, abs=0.01)
    printed = rasterise(pdf, page_of(pdf, "Professor Plum: wheel"))
    x0, y0 = ruler_origin(paper)
    row = grey(printed[int((y0 - 3.2) * RES)]) < 128  # crosses only the 5 mm and 10 mm ticks
    ticks = np.nonzero(row)[0]
    assert (ticks[-1] - ticks[0]) / RES == pytest.approx(RULER_LENGTH, abs=0.3)
    cx, cy = disc_centre(paper)
    across = np.nonzero(grey(printed[int(cy * RES)]) < 128)[0]
    assert (across[-1] - across[0]) / RES == pytest.approx(2 * DISC_R, abs=0.4)  # the cut line
    assert (across[0] + across[-1]) / 2 / RES == pytest.approx(cx, abs=0.3)


@pytest.mark.slow  # pypdf walks every glyph form of the wheels: minutes
def test_no_secret_text_can_be_searched_or_copied(hampshire, hampshire_pdf):
    """Neither pypdf nor pdftotext finds any statement printed on a wheel, real or decoy."""
    book, alloc = hampshire
    extracted = " ".join(texts(hampshire_pdf))
    if shutil.which("pdftotext"):
        extracted += " " + subprocess.run(["pdftotext", str(hampshire_pdf), "-"], check=True,
                                          capture_output=True, text=True).stdout
    flat = " ".join(extracted.split())
    for plan in alloc.wheels:
        for statement in plan.statements.values():
            text = " ".join(statement.text.split())
            if plan.character.role == "locator":
                assert not re.search(rf"\b{re.escape(text)}\b", flat), text
            else:
                assert text[:24] not in flat, text
    assert "Professor Plum: wheel" in flat  # the extraction itself works


def test_the_first_page_says_how_to_print_and_assemble(hampshire_pdf):
    first = " ".join(" ".join(texts(hampshire_pdf, 2)).split())
    for needle in ["Print at actual size", "100%", "exactly 100 mm", "paper fastener", "cut away its grey window",
                   "red transparent film", "small flat mirror", "circle shows through the round hole",
                   "Detective sheet"]:
        assert needle.lower() in first.lower(), needle
    assert re.search(r"Professor Plum 100 positions, read with: Red spyglass page \d+", first)


def test_same_casebook_same_bytes(tmp_path):
    render(VILLAGE, out=tmp_path / "a.pdf")
    env = {**os.environ, "PYTHONHASHSEED": "4321"}
    env.pop("SOURCE_DATE_EPOCH", None)
    subprocess.run([sys.executable, "-m", "casetool", "build", str(VILLAGE), "-o", str(tmp_path / "b")],
                   check=True, env=env, capture_output=True)
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b" / "decoders.pdf").read_bytes()


def test_a_statement_too_long_for_its_wheel_is_an_error_at_its_line(tmp_path):
    folder = tmp_path / "village"
    shutil.copytree(VILLAGE, folder)
    case = folder / "001-the-missing-umbrella.yaml"
    case.write_text(case.read_text().replace("text: The culprit's hair was not red.",
                                             "text: " + "The culprit's hair was not red and I am sure of it. " * 12))
    with pytest.raises(CasetoolError) as failure:
        render(folder)
    [problem] = [d for d in failure.value.diagnostics if d.is_error]
    assert problem.code == "R041" and problem.pos.line == 11 and problem.pos.file.endswith("001-the-missing-umbrella.yaml")


def test_pictures_come_from_memory_and_other_urls_are_still_checked(tmp_path):
    fetcher = PictureFetcher([tmp_path], lambda url: Pos("here"), {"casetool-picture:x.png": b"png"})
    assert fetcher.fetch("casetool-picture:x.png").read() == b"png"
    with pytest.raises(Refused, match="outside the casebook folder"):
        fetcher.fetch("file:///etc/passwd")


# ---- timed clues (seed 004) ------------------------------------------------------------


@pytest.fixture(scope="module")
def tudor(tmp_path_factory):
    pdf = tmp_path_factory.mktemp("tudor") / "decoders.pdf"
    book, alloc, rendered = render(ROOT / "cases" / "tudor", out=pdf)
    return book, pdf


def test_the_notepad_holds_every_note_once_among_decoys(tudor):
    book, _ = tudor
    notes = notepad(book, set())
    real = [(c.number, clue.id) for c in book.cases for clue in c.clues if clue.kind in ("note", "testimony")]
    assert sorted((n.case, n.clue.id) for n in notes if n.clue) == sorted(real)
    assert [n.number for n in notes] == list(range(1, len(notes) + 1))
    assert len([n for n in notes if n.clue is None]) >= 4
    first = [n.number for n in notes if n.case == 1]
    assert first != list(range(1, len(first) + 1))  # numbered at random, not by mystery


def test_event_cards_release_each_note_at_its_event(tudor):
    book, _ = tudor
    notes = notepad(book, set())
    by_number = {n.number: n for n in notes}
    cards = event_cards(book, notes)
    for case in book.cases:
        deck = [c for c in cards if c.case == case.number]
        assert [c.at for c in deck] == sorted(c.at for c in deck) and [c.index for c in deck] == list(range(1, len(deck) + 1))
        released = {(card.at, by_number[r.number].clue.id) for card in deck for r in card.releases}
        assert released == {(clue.reveal or 0, clue.id) for clue in case.clues if clue.kind in ("note", "testimony")}
        events = {e.at: e.text for e in case.events}
        assert all(card.text == events.get(card.at) for card in deck)


def test_note_numbers_on_the_cards_read_only_through_red_film(tudor):
    book, _ = tudor
    notes = notepad(book, set())
    pictures = {}
    cards = _card_views(book, event_cards(book, notes), pictures)
    candidates = {n: _digits(str(n)) for n in range(1, len(notes) + 1)}
    read = 0
    for card in cards:
        for release, original in zip(card["releases"], next(c for c in event_cards(book, notes)
                                                               if (c.case, c.at) == (card["case"], card["at"])).releases, strict=False):
            picture = np.asarray(Image.open(io.BytesIO(pictures[release["number"]])).convert("RGB")).astype(int)
            seen = _crop(picture[..., 0] < 150)
            assert _best(seen, candidates) == original.number
            assert _best(_crop(grey(picture) < 110), candidates) != original.number or _crop(grey(picture) < 110).size > 4 * seen.size
            read += 1
    assert read == len([n for n in notes if n.clue])


def test_card_pages_show_no_note_number_as_text(tudor):
    _, pdf = tudor
    cards = [t for t in texts(pdf) if "At the start" in t]
    assert cards and all(not re.search(r"Read note\s*\d", t) for t in cards)
    assert all(len(p.images) >= 1 for p in PdfReader(io.BytesIO(pdf.read_bytes())).pages
               if "At the start" in (p.extract_text() or ""))


def _digits(text: str) -> np.ndarray:
    face = sized(BOLD_FONT, NUMBER_EM * RES)
    image = Image.new("L", (int(face.getlength(text)) + 20, int(NUMBER_EM * RES * 1.4)), 0)
    from PIL import ImageDraw
    ImageDraw.Draw(image).text((10, NUMBER_EM * RES), text, fill=255, font=face, anchor="ls")
    return _crop(np.asarray(image) >= 128)


def _crop(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask)
    return mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1] if len(ys) else mask


def _best(seen: np.ndarray, candidates: dict) -> int:
    def score(ref):
        resized = np.asarray(Image.fromarray(ref.astype(np.uint8) * 255).resize(seen.shape[::-1])) >= 128
        return (resized & seen).sum() / max(1, (resized | seen).sum())
    return max(candidates, key=lambda n: score(candidates[n]))


# ---- note sheets (seed 002) --------------------------------------------------------------


def test_detective_sheet_lists_every_code_on_one_page(tmp_path):
    """Seed 002: the note sheet lists every card's code, all 27 on one page (the room table
    alone on a second page left it nearly empty). The holders: tests/decoders/test_holders.py."""
    pdf = tmp_path / "decoders.pdf"
    book, _, _ = render(ROOT / "cases" / "supercluedo", out=pdf)
    pages = texts(pdf)
    first = next(i for i, t in enumerate(pages) if t.startswith("Detective sheet"))
    sheet = " ".join(pages[first].split())
    for cid in book.setting.answer:
        for item in book.setting.categories[cid].items:
            code = item.attrs["code"]
            parts = " ".join([*map(str, code["colours"]), *map(str, code["numbers"])])
            assert f"{item.name} {parts}" in sheet, item.name


def test_page_references_name_the_real_pages(tmp_path, monkeypatch):
    """A first page that runs onto a second one moves every later page; target-counter()
    then names stale pages, and the build lays the sheets out again with the real ones.
    (Without `white-space: nowrap`, the sample's wheel table does just that.)"""
    theme = tmp_path / "theme" / "decoders"
    theme.mkdir(parents=True)
    css = (package_templates() / "decoders" / "decoders.css").read_text()
    (theme / "decoders.css").write_text(css.replace("td.page { white-space: nowrap; }", ""))
    laid_out = []
    monkeypatch.setattr(document, "layout", lambda *a, **k: laid_out.append(real_layout(*a, **k)) or laid_out[-1])
    monkeypatch.setattr(document, "pdf_bytes", lambda doc, *bleed, **options: b"")  # the layout is what is checked
    monkeypatch.setattr(document, "stamp", lambda pdf, rings: pdf)
    book = load_book(ROOT / "cases" / "hampshire")
    render_decoders(book, allocate(book), PrintOptions(PAPERS["a4"]), templates=tmp_path / "theme")
    assert len(laid_out) > 1
    final = laid_out[-1]
    pages = anchor_pages(final)
    refs = [(target, text) for _, target, text in printed_references(final) if target.startswith("wheel-")]
    assert len({target for target, _ in refs}) == 8
    assert all(text == str(pages[target][0]) for target, text in refs), refs


def test_red_noise_is_the_same_in_another_process(hampshire):
    """The red filter's noise is seeded: a wheel drawn in a fresh process (another hash
    seed, nothing cached) is the same picture, byte for byte."""
    book, alloc = hampshire
    script = ("import hashlib, sys; sys.path.insert(0, sys.argv[1]); from decoder_support import HAMPSHIRE, load_book;"
              "from casetool.decoders.allocation import allocate; from casetool.decoders.drawing import draw_wheel;"
              "book = load_book(HAMPSHIRE); d, _ = draw_wheel(allocate(book).plan('plum'), book.setting, book.seed);"
              "print(hashlib.sha256(d.ring.content).hexdigest())")
    env = {**os.environ, "PYTHONHASHSEED": "99"}
    here = str(ROOT / "tests" / "decoders")
    other = subprocess.run([sys.executable, "-c", script, here], check=True, env=env, capture_output=True, text=True)
    drawing, _ = draw_wheel(alloc.plan("plum"), book.setting, book.seed)
    assert other.stdout.strip() == hashlib.sha256(drawing.ring.content).hexdigest()


def test_small_type_is_a_warning_at_the_longest_statement(tmp_path):
    folder = tmp_path / "hampshire"
    shutil.copytree(ROOT / "cases" / "hampshire", folder)
    case = folder / "006-the-silent-trumpet.yaml"
    long = ("It was not a redhead. The petals were packed in far too neatly for a hothead, "
            "and far too slowly for anybody who was in a hurry to be gone.")
    text = case.read_text().replace(
        "It was not a redhead. The petals were packed in far too neatly for a hothead.", long)
    assert long in text
    case.write_text(text)
    book = load_book(folder)
    _, diags = draw_wheel(allocate(book).plan("white"), book.setting, book.seed)
    [warning] = diags
    assert warning.code == "R042" and not warning.is_error
    assert warning.pos.file.endswith("006-the-silent-trumpet.yaml") and "prints at 3.7 pt" in warning.message
    assert "statements of up to about 90 characters print at 4.4 pt" in warning.hint


def test_a_word_too_long_for_the_location_key(tmp_path):
    folder = tmp_path / "hampshire"
    shutil.copytree(ROOT / "cases" / "hampshire", folder)
    case = folder / "002-the-borrowed-banner.yaml"
    case.write_text(case.read_text().replace("text: PARADE", "text: THE PARADE GROUND"))
    book = load_book(folder)
    _, _, diags = document.draw_wheels(book, allocate(book).wheels)
    [problem] = [d for d in diags if d.is_error]
    assert problem.code == "R043" and problem.pos.file.endswith("002-the-borrowed-banner.yaml")
    assert "'THE PARADE GROUND' has too many letters for the location key" in problem.message
