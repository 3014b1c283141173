"""Play every mystery of a built casebook from its PDFs and say what a player would meet.

For each mystery: read the wheel settings off its page; turn each wheel to its number
and read the window without and with the decoder; compare what the decoder shows with
the case's statement; open the solution page the mystery names and read it upside
down; and look for the answer on every page a player sees before that.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from ..decoders import grille
from ..decoders.allocation import Allocation, WheelPlan
from ..decoders.drawing import decoder_of
from ..decoders.geometry import DPI, Wheel
from ..load.model import Casebook
from ..printing.book import wheel_characters
from ..render.context import paragraphs, solution
from . import book as pages
from . import cards, decode, eye, flaps, ocr, separable
from .raster import Pdf

HIDDEN_AT_MOST = 0.10   # share of a statement's words OCR may read without the decoder
READ_AT_LEAST = 0.95    # share it must read through the decoder
# Without the decoder only words of three letters or more count: OCR of rows of random
# letters reads "a", "i" and "id" by chance (hampshire: every naked-eye word read in the
# four statements over 10% was one of these), and a lone letter among letters tells a
# player nothing.
NAKED_SHORTEST = 3
SHINGLE = 6             # words in a row of a solution that count as giving it away


@dataclass
class Check:
    mystery: int | None
    component: str        # "Professor Plum's wheel", "solution page", "spoilers", ...
    ok: bool
    detail: str
    measures: dict = field(default_factory=dict)


def play(casebook_pdf: Path, decoders_pdf: Path, book: Casebook, alloc: Allocation,
         only: frozenset[int] | set[int] = frozenset(),
         progress: Callable[[int, int, str], None] | None = None) -> list[Check]:
    """Every check of every mystery (or of the mysteries numbered in `only`).
    `progress(done, total, what)` is called as each part of the play starts."""
    casebook, decoders = Pdf(casebook_pdf), Pdf(decoders_pdf)
    whole = book  # note numbers are dealt over every mystery of the book
    if only:
        book = replace(book, cases=[c for c in book.cases if c.number in only])
    parts = 2 * len(book.cases) + len(alloc.wheels) + 3
    done = iter(range(parts))
    step = (lambda what: progress(next(done), parts, what)) if progress else (lambda what: None)
    shorts = {w["id"]: w["short"] for w in wheel_characters(book.setting)}
    checks: list[Check] = []
    read = {}
    for case in book.cases:
        step(f"reading the page of mystery {case.number}")
        read[case.number] = pages.read_mystery(casebook, case.number, list(shorts.values()))
    for number, page in read.items():
        if page is None:
            checks.append(Check(number, "mystery page", False, f"no page of casebook.pdf is headed 'Mystery {number}'"))
    checks += _wheels(decoders, book, alloc, read, shorts, step)
    folios = pages.printed_page_numbers(casebook)
    for case in book.cases:
        step(f"opening the solution to mystery {case.number}")
        page = read[case.number]
        if page is not None:
            checks += _solution(casebook, folios, case, page)
    step("looking for spoilers")
    checks += _spoilers(casebook, decoders, book, read)
    step("reading the event cards")
    checks += _event_cards(decoders, whole, alloc, {c.number for c in book.cases})
    step("lifting the flaps")
    checks += _holders(decoders, book)
    return sorted(checks, key=lambda c: (c.mystery is None, c.mystery or 0, c.component))


def _wheels(decoders: Pdf, book: Casebook, alloc: Allocation, read: dict, shorts: dict,
            step: Callable[[str], None]) -> list[Check]:
    checks = []
    for plan in alloc.wheels:
        step(f"turning {plan.character.name}'s wheel")
        kind, decoder_name = decoder_of(book.setting, plan.character)
        component = f"{plan.character.name}'s wheel"
        page = _page_titled(decoders, f"{plan.character.name}: wheel")
        key = _key(decoders, decoder_name) if kind == "grille" else None
        if page is None or (kind == "grille" and key is None):
            missing = "wheel page" if page is None else f"{decoder_name} page"
            checks.append(Check(None, component, False, f"decoders.pdf has no {missing} for {plan.character.name}"))
            continue
        sheet = decode.Sheet(decoders.picture(page, DPI), decoders.trims[page - 1])
        for case in book.cases:
            statement = _statement(plan, case.number)
            if statement is not None and read[case.number] is not None:
                printed = read[case.number].settings.get(shorts[plan.character.id], "")
                checks.append(_play_wheel(sheet, plan, kind, key, case.number, statement, printed, component))
    return checks


def _page_titled(pdf: Pdf, title: str) -> int | None:
    """The page whose text layer names it `title` (the sheet labels are ordinary text)."""
    return next((p for p in range(1, pdf.pages + 1) if title in pdf.text(p)), None)


def _key(decoders: Pdf, decoder_name: str) -> tuple[decode.Sheet, decode.Key] | None:
    page = _page_titled(decoders, f"{decoder_name.upper()} · this side up")
    if page is None:
        return None
    sheet = decode.Sheet(decoders.picture(page, DPI), decoders.trims[page - 1])
    return sheet, decode.find_key(sheet, decode.paper_of(sheet.trim))


def _statement(plan: WheelPlan, case: int):
    return next((s for s in plan.real() if s.case == case), None)


def _play_wheel(sheet, plan: WheelPlan, kind: str, key, case: int, statement, printed: str, component: str) -> Check:
    assert plan.character.wheel is not None  # wheel_characters keeps only characters with a wheel
    wheel = Wheel(plan.character.wheel)
    if not printed.isdigit() or not 1 <= int(printed) <= wheel.positions:
        return Check(case, component, False, f"the mystery page shows no wheel number for it (read '{printed}')",
                     {"printed": printed, "expected_number": statement.number})
    number = int(printed)
    band = decode.window(sheet, wheel, number, decode.paper_of(sheet.trim))
    naked, naked_view = _naked(band, kind, statement.text)
    seen, score = _decoded(band, kind, key, wheel, statement.text)
    measures = {"printed": number, "expected_number": statement.number, "read": " ".join(seen.split()),
                "decoded": round(score, 3), "naked_eye": None if naked is None else round(naked, 3), "naked_view": naked_view}
    problems = []
    if number != statement.number:
        problems.append(f"the page prints {number} but the statement is at {statement.number}")
    if score < READ_AT_LEAST:
        problems.append(f"through the {kind.replace('_', ' ')} OCR reads {score:.0%} of '{statement.text}' "
                        f"(needs {READ_AT_LEAST:.0%}): read '{measures['read']}'")
    if naked is not None and naked >= HIDDEN_AT_MOST:
        problems.append(f"without the decoder OCR already reads {naked:.0%} of the words in the {naked_view} "
                        f"view (at most {HIDDEN_AT_MOST:.0%} allowed)")
    detail = "; ".join(problems) or f"set to {number}: reads '{statement.text}'"
    if kind == "red_filter":  # reported, not yet a failure: see docs/playtest.md, "Separable"
        found = separable.worst(band)
        measures["separable"] = found and {"accuracy": found.accuracy, "zoom": found.zoom, "cue": found.cue}
        detail += f"; {separable.describe(found)}"
    return Check(case, component, not problems, detail, measures)


def _naked(band, kind: str, text: str) -> tuple[float | None, str]:
    """(share of the statement's words OCR reads in the window with no decoder, the view
    it reads best in); None for plain print. Red-filter text is read in colour (`eye`):
    the worst of the views that show most of it, each cut where the film view's lines
    are (the reading the film gets); black print is read in grey."""
    if kind not in decode.DECODED_KINDS:
        return None, ""
    if kind != "red_filter":
        return ocr.exact_recall(text, ocr.read(decode.naked_eye(band)), NAKED_SHORTEST), "grey"
    film = decode.through_red_film(band)
    boxes = decode.pieces(film)
    score, view, _ = eye.worst(band, film, lambda picture: ocr.exact_recall(
        text, ocr.read(decode.stacked(picture, boxes)), NAKED_SHORTEST))
    return score, view


def _decoded(band, kind: str, key, wheel: Wheel, text: str) -> tuple[str, float]:
    if kind == "grille":  # the letters under the holes, one at a time, in the key's order
        word = decode.key_word(decode.through_key(band, key[1], wheel))
        seen = ocr.read(word, psm=7, upscale=1, letters=grille.string.ascii_uppercase, dictionary=False)
        letters = grille.letters(seen)
        return letters, 1.0 if letters == grille.letters(text) else 0.0
    view = {"red_filter": decode.through_red_film, "mirror": decode.in_mirror}.get(kind, decode.naked_eye)(band)
    seen = "\n".join(ocr.read(p) for p in decode.lines_of(view))
    return seen, max(ocr.recall(text, seen), ocr.letters_match(text, seen))


def _solution(casebook: Pdf, folios: dict, case, page: pages.MysteryPage) -> list[Check]:
    if page.solution_page is None:
        return [Check(case.number, "solution page", False, "the mystery page names no solution page")]
    pdf_page = folios.get(page.solution_page)
    text = ocr.normal(pages.solution_text(casebook, pdf_page)) if pdf_page else ""
    view = solution(case)
    heading = ocr.normal(f"Solution to Mystery {case.number}")
    culprit = ocr.normal(view["culprit"]["name"])
    problems = []
    if heading not in text:
        problems.append(f"page {page.solution_page}, read upside down, has no '{heading}'")
    elif culprit not in text.split(heading, 1)[1]:
        problems.append(f"page {page.solution_page} does not name the culprit {view['culprit']['name']} after the heading")
    detail = "; ".join(problems) or f"page {page.solution_page} holds the solution ({view['culprit']['name']})"
    return [Check(case.number, "solution page", not problems, detail, {"page": page.solution_page})]


def _event_cards(decoders: Pdf, book: Casebook, alloc: Allocation, played: set[int]) -> list[Check]:
    """Each mystery's event cards (timeline books): through the red film their boxes show
    exactly the numbers of the mystery's notes; without it, none of them."""
    expected = cards.expected_numbers(book, {p.character.id for p in alloc.wheels})
    if not expected:
        return []
    boxes = cards.read_boxes(decoders)
    checks = []
    for case in [c for c in book.cases if c.number in played]:
        want = expected.get(case.number, [])
        mine = [b for b in boxes if b.mystery == case.number]
        seen = sorted(int(b.film) if b.film.isdigit() else -1 for b in mine)
        shown = [b.naked for b in mine if b.shown]
        problems = []
        if seen != want:
            problems.append(f"through the red film the cards show notes {seen}; the mystery's notes are {want}")
        if shown:
            problems.append(f"without the film {len(shown)} of {len(mine)} note numbers read ({', '.join(shown)})")
        detail = "; ".join(problems) or f"{len(mine)} note numbers read through the red film, none without it"
        checks.append(Check(case.number, "event cards", not problems, detail,
                            {"read": seen, "expected": want, "naked_eye": len(shown)}))
    return checks


def _holders(decoders: Pdf, book: Casebook) -> list[Check]:
    """Code books: each mystery's holder sheet, uncut as printed, shows no code; lifting its
    flaps shows its answer's codes, card by card (flaps.py)."""
    if not book.setting.codes:
        return []
    found = flaps.holders(decoders, flaps.code_words(book))
    checks = []
    for case in book.cases:
        want, sheet = flaps.expected(book, case), found.get(case.number)
        got = sheet.lifted if sheet else None
        problems = ([] if sheet else ["no holder sheet"]) + (
            [f"as printed, before any flap is cut, the front shows: {', '.join(sheet.front_shows)}"]
            if sheet and sheet.front_shows else []) + (
            [f"the back prints outside its flaps: {' '.join(sheet.back_outside)}"] if sheet and sheet.back_outside else []) + (
            [f"under the flaps: {got}; the answer's codes are {want}"] if sheet and got != want else [])
        detail = "; ".join(problems) or (f"as printed the front shows no code; lifting its flaps shows "
                                         f"{len(want)} murder cards with the answer's codes")
        checks.append(Check(case.number, "murder card holders", not problems, detail,
                            {"read": got, "expected": want, "front_shows": sheet.front_shows if sheet else None}))
    return checks


def _spoilers(casebook: Pdf, decoders: Pdf, book: Casebook, read: dict) -> list[Check]:
    """No page a player sees before the solution gives it away: the mystery's own page,
    the index and every decoder sheet's text."""
    index = [p for p in range(1, casebook.pages + 1) if "Mystery Index" in casebook.text(p)]
    shared = ocr.normal(" ".join([casebook.text(p) for p in index] + [decoders.text(p) for p in range(1, decoders.pages + 1)]))
    checks = []
    for case in book.cases:
        page = read[case.number]
        own = ocr.normal(" ".join([page.text] + [casebook.text(p) for p in page.pages])) if page else ""
        heading_and_text, answers = _giveaways(case)
        # an answer line ("Scene The Parade") is only a giveaway next to its mystery: the index
        # and the sheets list every scene under its label
        # whole words only: 'one oclock so' is not in 'one oclock solution appears on page 9'
        leaks = [("mystery page", p) for p in heading_and_text + answers if f" {p} " in f" {own} "]
        leaks += [("index or decoder sheets", p) for p in heading_and_text if f" {p} " in f" {shared} "]
        detail = (f"the {leaks[0][0]} shows '{leaks[0][1]}' from the solution" if leaks
                  else "the mystery page, index and decoder sheets do not give the answer away")
        checks.append(Check(case.number, "spoilers", not leaks, detail, {"leaks": len(leaks)}))
    return checks


def _giveaways(case) -> tuple[list[str], list[str]]:
    """Phrases that only the solution prints: (its heading and every run of SHINGLE words of
    its text, its answer lines)."""
    view = solution(case)
    answers = [ocr.normal(f"{a['label']} {a['name']}") for a in [view["culprit"]] + view["scene"]]
    phrases = [ocr.normal(f"Solution to Mystery {case.number}")]
    # a solution may quote the clues: words the player is meant to read are no giveaway
    public = ocr.normal(" ".join([case.story or ""] + [c.text for c in case.clues if c.text]))
    for paragraph in paragraphs(case.solution_text):
        words = ocr.normal_words(paragraph)
        phrases += [" ".join(words[i:i + SHINGLE]) for i in range(0, max(0, len(words) - SHINGLE + 1))]
    return list(dict.fromkeys(p for p in phrases if p and p not in public)), answers
