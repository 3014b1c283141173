"""The one function that builds the template context, and the small views it is made of.

Templates get plain dicts and lists of strings: every decision (book order, the seeded
shuffle of the solutions, which clues go on wheels and which are printed) is made here,
so an author's template override cannot get them wrong.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..load.model import Case, Casebook, Category, Setting
from ..printing.book import (
    card_chunks,
    card_heading,
    notepad_speaker,
    on_notepad,
    value_text,
    wheel_characters,
)
from ..printing.paper import PrintOptions
from ..solver.status import Status
from . import front
from .board import board, door_attribute, fixed_rules
from .extras import SettingExtras
from .facts import UNKNOWN_CELL, fact_sentences
from .pieces import pieces
from .turned import OFF, Turned

KIND_LABELS = {"note": "note", "testimony": "testimony"}  # statements and facts need no label
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


@dataclass(frozen=True)
class LayoutHints:
    """What an earlier layout of the same book taught the pipeline (see pipeline.py)."""
    padding_pages: int = 0  # blank pages before the solutions
    spread_starts: frozenset[int] = field(default_factory=frozenset)  # mysteries to start on a left page
    turned: Turned | None = None  # the solutions' pages in turned order (turned.py)
    fills: tuple[tuple[str, int], ...] = ()  # (fill mark, ruled lines for notes) (fill.py)
    front_mode: int = 0  # how the rules set their tables (front.MODES)
    front_tried: tuple[tuple[int, float], ...] = ()  # (mode, its emptiest page's fill), for front.next_mode
    front_settled: bool = False
    turns: tuple[tuple[int, int], ...] = ()  # (mystery, clue): a two-page mystery turns the page there (balance.py)


def casebook_context(book: Casebook, statuses: dict[str, str], extras: SettingExtras,
                  options: PrintOptions, hints: LayoutHints = LayoutHints(), insights: dict | None = None,
                  solution_pages: dict[int, int] | None = None, part_pages: dict[str, int] | None = None) -> dict:
    """Everything the templates print. `statuses` maps case file to check status;
    `insights` maps case number to {"level": ..., "steps": [...]} from `casetool explain`;
    `solution_pages` (the screen edition only) the page each solution is on, and
    `part_pages` the page of each other part the rules name (the board, the pieces)."""
    setting = book.setting
    wheels = wheel_characters(setting)
    insights = insights or {}
    return {
        "book": {"title": book.title, "intro": paragraphs(book.intro), "setting_title": setting.title,
                 "rules": paragraphs(setting.rules), "count": len(book.cases),
                 "source": book.folder.as_posix()},  # casetool playtest finds the cases from the book
        "page": options.css(),
        "board": board(setting), "fixed_rules": fixed_rules(setting),
        "pieces": pieces(setting),
        "categories": (tables := [category_table(setting.categories[cid], extras, book.folder, setting)
                                  for cid in setting.answer]),
        "category_rows": front.rows(tables, front.MODES[hints.front_mode]),
        "tables_apart": front.MODES[hints.front_mode].endswith("-apart"),
        "other_facts": [fact for cid, cat in setting.categories.items() if cid not in setting.answer
                        for fact in fact_sentences(cat, setting)],
        "wheels": wheels,
        "mysteries": [dict(mystery(case, wheels, statuses.get(case.display, Status.OK), case.number in hints.spread_starts),
                           turn=dict(hints.turns).get(case.number), level=insights.get(case.number, {}).get("level") if options.difficulty else None)
                      for case in book.cases],
        "show_difficulty": options.difficulty,
        "solutions": shuffled([dict(solution(case), deductions=insights.get(case.number, {}).get("steps", [])
                                    if options.deductions else []) for case in book.cases], book.seed),
        "padding_pages": hints.padding_pages,
        "turned": hints.turned.context() if hints.turned else OFF,
        "fills": dict(hints.fills),
        "solution_pages": solution_pages or {},  # empty for the PDF: target-counter() prints them
        "screen": False,  # the pipeline sets it for casebook.html: solutions closed until asked for
        "part_pages": part_pages or {},  # the same, for the board and the pieces
    }


def paragraphs(text: str) -> list[str]:
    """Blank lines separate paragraphs; single line breaks are just YAML wrapping."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text or "") if p.strip()]


def shuffled(items: list, seed: int) -> list:
    """A stable shuffle: the same seed gives the same order on every machine and run."""
    items = list(items)
    random.Random(seed).shuffle(items)
    return items


def image_url(src: str, folder: Path) -> str:
    """URLs stay as written (the fetcher refuses them); paths are relative to the casebook folder."""
    if SCHEME.match(src):
        return src
    return (folder.resolve() / src).as_uri() if not src.startswith("/") else Path(src).as_uri()


def category_table(cat: Category, extras: SettingExtras, folder: Path, setting: Setting | None = None) -> dict:
    """A category's items and their attributes. A decided fact (`unknown`) is the mystery's
    to find: its column holds a mark to fill in, and `facts` says in words which values it
    takes and how often (facts.py); a board's doors (`timeline: moves`) print as the board."""
    on_board = setting is not None and setting.timeline is not None and cat.id == setting.timeline.places
    doors = door_attribute(setting) if on_board and setting is not None else None
    attrs = [a for a in cat.attributes if a != doors]
    items = [{"name": item.name, "values": [cell(item.attrs.get(a), setting, cat.attributes[a]) for a in attrs],
              "image": image_url(extras.images[item.id].src, folder) if item.id in extras.images else None}
             for item in cat.items]
    return {"id": cat.id, "label": cat.label, "items": items,
            "attributes": [extras.labels.get((cat.id, a), a.replace("_", " ").capitalize()) for a in attrs],
            "has_images": any(i["image"] for i in items),
            "facts": fact_sentences(cat, setting) if setting is not None else []}


def cell(value, setting: Setting | None, attr) -> str:
    return UNKNOWN_CELL if attr.unknown else value_text(value, setting, attr)


def mystery(case: Case, wheels: list[dict], status: str, spread: bool = False) -> dict:
    """One mystery's page; `spread`: it needs two pages, so it starts on a left-hand page."""
    wheel_ids = {w["id"] for w in wheels}
    by_speaker = {c.speaker: c.wheel for c in case.clues if c.speaker in wheel_ids}
    return {
        "number": case.number, "title": case.title, "date": case.date, "story": paragraphs(case.story),
        "wheel_numbers": [by_speaker.get(w["id"]) for w in wheels],
        "uses_wheels": bool(by_speaker),
        "clue_groups": clue_groups(case, wheel_ids),
        "clues_by": clues_from(case, wheel_ids),
        "one_voice": one_speaker(case, wheel_ids) is not None,   # the clues say no speaker each
        "cards": cards(case), "status": status, "spread": spread,
    }


def clue_groups(case: Case, wheel_ids: set[str]) -> list[dict]:
    """Clues printed in the book (not on a wheel), grouped by the event that reveals them.

    Notes and testimony are not printed here: they are read from the inspector's notepad
    when an event card says so (decoders.pdf), so the page only counts them."""
    setting = case.setting
    timed = [c for c in case.clues if on_notepad(c, wheel_ids)]
    clues = printed_clues(case, wheel_ids)
    events = {e.at: e.text for e in case.events}
    stages = sorted({c.reveal or 0 for c in clues + timed} | set(events))
    deck = _deck(case, timed, events)
    groups, start = [], 1
    for at in stages:
        views = [{"speaker": setting.characters[c.speaker].name if c.speaker in setting.characters else None,
                  "kind": KIND_LABELS.get(c.kind), "text": c.text.strip(),
                  "room": place(setting.item_name(c.room)) if c.room else None}
                 for c in clues if (c.reveal or 0) == at]
        waiting = sum(1 for c in timed if (c.reveal or 0) == at)
        groups.append({"at": at, "event": events.get(at), "clues": views, "start": start, "timed": waiting,
                       "timed_text": _card_line(deck, at, waiting, bool(clues))})
        start += len(views)  # numbered through the whole mystery, so "clue 5" is unambiguous
    return groups


def one_speaker(case: Case, wheel_ids: set[str]) -> str | None:
    """The name of the one speaker of all the page's clues, when there are several clues
    and no other speaker: the page names them once above the list, not before each clue."""
    clues = printed_clues(case, wheel_ids)
    speakers = {c.speaker for c in clues}
    if len(clues) < 2 or len(speakers) != 1 or None in speakers:
        return None
    speaker = speakers.pop()
    kinds = {KIND_LABELS.get(c.kind) for c in clues}
    if speaker not in case.setting.characters or kinds != {None}:
        return None  # a labelled kind (note, testimony) is said clue by clue
    name = case.setting.characters[speaker].name
    return "the" + name[3:] if name.startswith("The ") else name  # mid-sentence: "come from the narrator"


def clues_from(case: Case, wheel_ids: set[str]) -> str | None:
    """Whom the heading names as the source of all the page's clues ('Clues from Inspector
    Brown'): the one speaker, but never the book's narrator, whose voice is the book's own
    ('Clues all from the narrator' is not what a book prints)."""
    name = one_speaker(case, wheel_ids)
    speakers = {c.speaker for c in printed_clues(case, wheel_ids)}
    if name is None or any(case.setting.characters[s].role == "narrator" for s in speakers):
        return None
    return name


def printed_clues(case: Case, wheel_ids: set[str]) -> list:
    """The clues the mystery page prints itself, in case order (not on a wheel, a card or the notepad)."""
    return [c for c in case.clues if not c.synthetic and c.speaker not in wheel_ids and not on_notepad(c, wheel_ids)]


def clue_numbers(case: Case, wheel_ids: set[str]) -> dict[str, int]:
    """The number the page prints before each of its clues: numbered through the stages."""
    clues = printed_clues(case, wheel_ids)
    ordered = [c for at in sorted({c.reveal or 0 for c in clues}) for c in clues if (c.reveal or 0) == at]
    return {c.id: n for n, c in enumerate(ordered, 1)}


def _deck(case: Case, timed: list, events: dict) -> dict[int, list[int]]:
    """Stage -> the numbers of its event cards, dealt as decoders.timed deals them: a stage
    whose notes do not fit one card has several (printing.book.card_chunks)."""
    if not timed:
        return {}
    setting, number, title = case.setting, case.number, case.title
    deck, first = {}, 1
    for at in sorted({c.reveal or 0 for c in timed} | set(events)):
        here = sorted((c for c in timed if (c.reveal or 0) == at), key=lambda c: c.pos)
        count = len(card_chunks([(notepad_speaker(setting, c.speaker), c.kind) for c in here], events.get(at),
                                card_heading(number, title)))
        deck[at] = list(range(first, first + count))
        first += count
    return deck


def _card_line(deck: dict[int, list[int]], at: int, waiting: int, printed: bool = False) -> str | None:
    """What the page says at a stage with an event card: once, in full, on the first card;
    after that only which card to turn (the issue-12 wording, one line per stage).
    `printed`: the page prints clues of its own too, so the notepad holds only some of them."""
    if at not in deck:
        return None
    numbers, n = deck[at], sum(len(v) for v in deck.values())
    which = ("the event card" if n == 1 else f"event card {numbers[0]} of {n}" if len(numbers) == 1
             else f"event cards {', '.join(map(str, numbers[:-1]))} and {numbers[-1]} of {n}")   # not 'card 1 of 1'
    it = "it" if len(numbers) == 1 else "them"
    if numbers[0] == 1:
        holds = ("Besides the clues printed here, the inspector's notepad (with the decoder sheets) holds notes "
                 "for this mystery" if printed else "The inspector's notepad (with the decoder sheets) holds this "
                 "mystery's notes")
        return (f"{holds}: turn {which} and "
                f"hold the red film over {it} to see which to read{'.' if waiting else ', if any.'}")
    return f"Turn {which}."


def cards(case: Case) -> dict | None:
    if not case.players:
        return None
    setting, names = case.setting, {p.id: p.name for p in case.players}
    items = lambda ids: [setting.item_name(i) for i in ids]  # noqa: E731
    return {
        "players": [{"name": p.name, "hand": p.hand, "holds": items(p.holds)} for p in case.players],
        "suggestions": [{"number": s.number, "by": names.get(s.by, s.by), "cards": items(s.cards),
                         "passed": [names.get(p, p) for p in s.passed],
                         "passed_words": join_and([names.get(p, p) for p in s.passed]),   # 'Ann, Bob and Cleo'
                         "cards_words": join_and(items(s.cards)),
                         "shown_by": names.get(s.shown_by, s.shown_by) if s.shown_by else None,
                         "shown": setting.item_name(s.shown) if s.shown else None}
                        for s in case.suggestions],
    }


def solution(case: Case) -> dict:
    setting = case.setting

    def answer(cid: str) -> dict:
        return {"label": setting.categories[cid].label, "name": setting.item_name(case.solution[cid])}
    return {
        "number": case.number, "title": case.title,
        "culprit": answer(setting.culprit),
        "scene": [answer(cid) for cid in setting.answer if cid != setting.culprit],
        "text": paragraphs(case.solution_text),
    }


def place(name: str) -> str:
    """A place as the sentence needs it: "Found in the Kitchen", "Found in The Parade"."""
    return name if re.match(r"(?i)(the|a|an)\s", name) else f"the {name}"


def join_and(words: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cleo' ('' for none)."""
    return " and ".join(words) if len(words) <= 2 else ", ".join(words[:-1]) + " and " + words[-1]
