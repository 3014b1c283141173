"""Play every mystery of a built casebook from its PDFs and say what a player would meet.

For each mystery: read the wheel settings off its page; turn each wheel to its number
and read the window without and with the decoder; compare what the decoder shows with
the case's statement; open the solution page the mystery names and read it upside
down, and compare it with the answer the solver derives from the case's clues; and look
for the answer on every page a player sees before that. What decoders.pdf prints comes
from decoders.layout.json (printing.layout), never from the code that drew it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Callable

from ..load.model import Case, Casebook
from ..printing.book import wheel_characters
from ..printing.layout import Layout, Statement, WheelLayout
from ..solver.check import prove_case
from ..solver.options import Options
from ..solver.status import Status
from . import book as pages
from . import cards, flaps, ocr, pool, wheels
from .raster import Pdf
from .wheels import HIDDEN_AT_MOST, NAKED_SHORTEST, READ_AT_LEAST

__all__ = ["HIDDEN_AT_MOST", "NAKED_SHORTEST", "READ_AT_LEAST", "Check", "play"]  # the thresholds live in wheels.py

SHINGLE = 6             # words in a row of a solution that count as giving it away


@dataclass
class Check:
    mystery: int | None
    component: str        # "Professor Plum's wheel", "solution page", "spoilers", ...
    ok: bool
    detail: str
    measures: dict = field(default_factory=dict)


def play(casebook_pdf: Path, decoders_pdf: Path, book: Casebook, layout: Layout,
         only: frozenset[int] | set[int] = frozenset(),
         progress: Callable[[int, int, str], None] | None = None, jobs: int = 1) -> list[Check]:
    """Every check of every mystery (or of the mysteries numbered in `only`), played by
    `jobs` workers at once (pool.py). `layout`: decoders.layout.json, what decoders.pdf
    prints for each wheel. `progress(done, total, what)` is called as each part of the
    play finishes."""
    casebook, decoders = Pdf(casebook_pdf), Pdf(decoders_pdf)
    if only:
        book = replace(book, cases=[c for c in book.cases if c.number in only])
    shorts = {w["id"]: w["short"] for w in wheel_characters(book.setting)}
    step = _Steps(progress, decoders.pages + len(book.cases) + 1)
    casebook.read_text()   # before the workers fork: each finds its mystery's page by the text
    answers = {c.number: derived_answer(c) for c in book.cases}   # CP-SAT's threads, too, before any fork
    with ocr.single_threaded():
        read = _first(casebook, decoders, book, list(shorts.values()), jobs, step)
        checks = _second(casebook, decoders, book, layout, read, answers, shorts, jobs, step)
    step("looking for spoilers")
    checks += _spoilers(casebook, decoders, book, read)
    return sorted(checks, key=lambda c: (c.mystery is None, c.mystery or 0, c.component))


class _Steps:
    """`progress(done, total, what)` as each part finishes; `total` grows as parts are known."""

    def __init__(self, progress: Callable[[int, int, str], None] | None, total: int):
        self.progress, self.done, self.total = progress, 0, total

    def __call__(self, what: str) -> None:
        self.done += 1
        if self.progress:
            self.progress(self.done, self.total, what)


def _first(casebook: Pdf, decoders: Pdf, book: Casebook, shorts: list[str], jobs: int,
           step: _Steps) -> dict[int, pages.MysteryPage | None]:
    """What the rest of the play needs first, read side by side: each mystery's page (its
    wheel numbers, its solution's page) and the text layer of every decoder page (where
    each wheel and key is; the spoiler check reads them all)."""
    texts: list[tuple[str, Callable[[], object]]] = [
        (f"reading decoders.pdf page {p}", partial(decoders.text, p)) for p in range(1, decoders.pages + 1)]
    mysteries: list[tuple[str, Callable[[], object]]] = [
        (f"reading the page of mystery {c.number}", partial(pages.read_mystery, casebook, c.number, shorts))
        for c in book.cases]
    done = pool.run(texts + mysteries, jobs, step)
    decoders.texts.update(enumerate(done[:len(texts)], start=1))
    return {c.number: page for c, page in zip(book.cases, done[len(texts):], strict=True)}


def _second(casebook: Pdf, decoders: Pdf, book: Casebook, layout: Layout, read: dict, answers: dict,
            shorts: dict, jobs: int, step: _Steps) -> list[Check]:
    """The checks of the wheels, solution pages, holders and event cards, played side by side."""
    plans = [w for w in layout.wheels if w.character in shorts]
    wheels_, checks = _wheel_parts(decoders, book, layout, plans, read, shorts)
    found = wheels_ + _solution_parts(casebook, book, read, answers) + [
        ("lifting the flaps", partial(_holders, decoders, book, layout.flap_mm))]
    expected = {c.mystery: list(c.notes) for c in layout.cards}
    boxes = _card_parts(decoders, layout)
    step.total += len(found) + len(boxes)
    done = pool.run(found + boxes, jobs, step)
    checks += [c for checked in done[:len(found)] for c in checked]
    return checks + _event_cards(book, expected, [b for read_ in done[len(found):] for b in read_])


def _card_parts(decoders: Pdf, layout: Layout) -> list:
    """One part per page of event cards: a timeline book's cards are most of its play."""
    film, box = layout.film, layout.card_box_mm
    if not layout.cards or film is None or box is None:   # (a layout with cards has both: printing.layout)
        return []
    return [(f"reading the event cards on page {p}", partial(cards.read_boxes, decoders, film, box, [p]))
            for p in cards.card_pages(decoders)]


def _wheel_parts(decoders: Pdf, book: Casebook, layout: Layout, plans: list[WheelLayout], read: dict,
                 shorts: dict) -> tuple[list, list[Check]]:
    """(one part per wheel found in decoders.pdf, the checks of the mysteries with no page
    and of the wheels with no page)."""
    checks = [Check(n, "mystery page", False, f"no page of casebook.pdf is headed 'Mystery {n}'")
              for n, page in read.items() if page is None]
    parts = []
    for plan in plans:
        component = f"{plan.name}'s wheel"
        page = _page_titled(decoders, plan.page_title)
        key_page = _page_titled(decoders, plan.key_title) if plan.key_title is not None else None
        if page is None or (plan.key_title is not None and key_page is None):
            missing = "wheel page" if page is None else f"{plan.decoder} page"
            checks.append(Check(None, component, False, f"decoders.pdf has no {missing} for {plan.name}"))
            continue
        printed = [(c.number, s, read[c.number].settings.get(shorts[plan.character], "")) for c in book.cases
                   if (s := _statement(plan, c.number)) is not None and read[c.number] is not None]
        make = partial(_check, component)
        parts.append((f"turning {plan.name}'s wheel",
                      partial(wheels.play, decoders, page, key_page, plan, layout, printed, make)))
    return parts, checks


def _check(component: str, mystery: int, ok: bool, detail: str, measures: dict) -> Check:
    return Check(mystery, component, ok, detail, measures)


def _solution_parts(casebook: Pdf, book: Casebook, read: dict, answers: dict) -> list:
    folios = pages.printed_page_numbers(casebook)
    return [(f"opening the solution to mystery {c.number}",
             partial(_solution, casebook, folios, c, read[c.number], answers[c.number]))
            for c in book.cases if read[c.number] is not None]


def derived_answer(case: Case) -> dict[str, str] | None:
    """The answer the case's clues leave, as the solver proves it; None when they leave
    none or more than one (then no solution page can be right)."""
    result = prove_case(case, Options(warnings=False, worlds=False))
    return result.answers[0].answer if result.status in (Status.OK, Status.WRONG) else None


def _answer_lines(case: Case, answer: dict[str, str]) -> list[tuple[str, str]]:
    """(label, name) of each part of `answer`, the culprit first: what a solution states."""
    setting = case.setting
    order = [setting.culprit] + [cid for cid in setting.answer if cid != setting.culprit]
    return [(setting.categories[cid].label, setting.item_name(answer[cid])) for cid in order]


def _page_titled(pdf: Pdf, title: str) -> int | None:
    """The page whose text layer names it `title` (the sheet labels are ordinary text)."""
    return next((p for p in range(1, pdf.pages + 1) if title in pdf.text(p)), None)


def _statement(plan: WheelLayout, case: int) -> Statement | None:
    return next((s for s in plan.statements if s.mystery == case), None)


def _solution(casebook: Pdf, folios: dict, case, page: pages.MysteryPage, answer: dict[str, str] | None) -> list[Check]:
    """The solution page the mystery names, read upside down: its heading, then the
    culprit of `answer` (the one the clues leave)."""
    if page.solution_page is None:
        return [Check(case.number, "solution page", False, "the mystery page names no solution page")]
    if answer is None:
        return [Check(case.number, "solution page", False, "the clues leave no single answer to look for on it")]
    pdf_page = folios.get(page.solution_page)
    text = ocr.normal(pages.solution_text(casebook, pdf_page)) if pdf_page else ""
    name = _answer_lines(case, answer)[0][1]
    heading = ocr.normal(f"Solution to Mystery {case.number}")
    problems = []
    if heading not in text:
        problems.append(f"page {page.solution_page}, read upside down, has no '{heading}'")
    elif ocr.normal(name) not in text.split(heading, 1)[1]:
        problems.append(f"page {page.solution_page} does not name the culprit {name} after the heading")
    detail = "; ".join(problems) or f"page {page.solution_page} holds the solution ({name})"
    return [Check(case.number, "solution page", not problems, detail, {"page": page.solution_page})]


def _event_cards(book: Casebook, expected: dict[int, list[int]], boxes: list[cards.Box]) -> list[Check]:
    """Each mystery's event cards (timeline books): through the red film their `boxes` show
    exactly the numbers of the mystery's notes (`expected`); without it, none of them."""
    if not expected:
        return []
    checks = []
    for case in book.cases:
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


def _holders(decoders: Pdf, book: Casebook, flap_mm: tuple[float, float] | None) -> list[Check]:
    """Code books: each mystery's holder sheet, uncut as printed, shows no code; lifting its
    flaps shows its answer's codes, card by card (flaps.py). `flap_mm`: decoders.layout.json's."""
    if not book.setting.codes:
        return []
    if flap_mm is None:
        return [Check(None, "murder card holders", False, "decoders.layout.json gives no flap size")]
    found = flaps.holders(decoders, flaps.code_words(book), flap_mm)
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
    answers = [ocr.normal(f"{label} {name}") for label, name in _answer_lines(case, case.solution)]
    phrases = [ocr.normal(f"Solution to Mystery {case.number}")]
    # a solution may quote the clues: words the player is meant to read are no giveaway
    public = ocr.normal(" ".join([case.story or ""] + [c.text for c in case.clues if c.text]))
    # a run of names alone ('Mrs Bellamy, Dr Crane, Lady Dunmore and ...' kept out of a room) is
    # the cast list the index prints too, not the answer
    cast = set(ocr.normal_words(" ".join([i.name for i in case.setting.all_items()] +
                                         [c.name for c in case.setting.characters.values()]))) | {"and", "or", "the"}
    for paragraph in _paragraphs(case.solution_text):
        words = ocr.normal_words(paragraph)
        runs = [words[i:i + SHINGLE] for i in range(0, max(0, len(words) - SHINGLE + 1))]
        phrases += [" ".join(run) for run in runs if not set(run) <= cast]
    return list(dict.fromkeys(p for p in phrases if p and p not in public)), answers


def _paragraphs(text: str | None) -> list[str]:
    """The case's solution text as paragraphs: blank lines part them; a single line break
    is only the YAML's wrapping."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text or "") if p.strip()]
