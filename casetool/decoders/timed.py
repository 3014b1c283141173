"""Timed clues (seed 004): the inspector's notepad and the deck of event cards.

The notepad holds every note and testimony of the casebook's mysteries plus decoys,
numbered in a seeded random order: a note's number says nothing about its mystery or
its moment. Each mystery has a card per reveal stage, in reveal order; a card says what
happens and which note numbers become readable. The numbers on the cards are hidden
for the red filter among decoy numbers (see `bands.hidden_number`), so a player sees only the note the
card releases, and only through the film.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..load.model import Case, Casebook, Clue
from ..printing.book import (  # the casebook's pages ask the same questions
    card_chunks,
    card_heading,
    notepad_speaker,
    on_notepad,
)
from .decoys import note_decoy

MIN_DECOYS, DECOY_SHARE = 4, 0.3



@dataclass(frozen=True)
class Note:
    number: int
    speaker: str                 # the printed name
    text: str
    case: int | None = None      # None: a decoy
    clue: Clue | None = None


@dataclass(frozen=True)
class Release:
    speaker: str
    kind: str                    # note | testimony
    number: int


@dataclass(frozen=True)
class EventCard:
    case: int
    title: str
    at: int                      # the reveal stage; 0 = the start
    text: str | None             # the event's text from the case
    releases: tuple[Release, ...]
    index: int                   # 1-based place in the mystery's deck
    count: int
    part: int = 0                # > 0: a further card of the same stage (its releases did not fit)


def notepad(book: Casebook, wheel_ids: set[str]) -> list[Note]:
    """Every notepad clue of the book plus decoys, numbered from 1 in a seeded order."""
    setting = book.setting
    real = [(case, clue) for case in book.cases for clue in case.clues if on_notepad(clue, wheel_ids)]
    if not real:
        return []
    rng = random.Random(f"notepad/{book.seed}")
    speakers: list[str | None] = [*sorted({clue.speaker for _, clue in real if clue.speaker})] or [None]
    decoy_count = max(MIN_DECOYS, round(DECOY_SHARE * len(real)))
    entries: list[tuple[str, str, int | None, Clue | None]] = [
        (_name(book, clue.speaker), clue.text.strip(), case.number, clue) for case, clue in real]
    taken = {text for _, text, _, _ in entries}
    while decoy_count > 0:
        text = note_decoy(setting, rng)
        if text not in taken:
            taken.add(text)
            entries.append((_name(book, rng.choice(speakers)), text, None, None))
            decoy_count -= 1
    rng.shuffle(entries)
    return [Note(n, *entry) for n, entry in enumerate(entries, 1)]


def event_cards(book: Casebook, notes: list[Note]) -> list[EventCard]:
    """The deck of each mystery with notepad clues, in book order and reveal order."""
    numbers = {(n.case, n.clue.id): n for n in notes if n.clue is not None}
    cards = []
    for case in book.cases:
        mine = [n for (c, _), n in numbers.items() if c == case.number]
        if mine:
            cards += _deck(case, mine)
    return cards


def _deck(case: Case, notes: list[Note]) -> list[EventCard]:
    events = {e.at: e.text for e in case.events}
    clued = [(n, n.clue) for n in notes if n.clue is not None]
    stages = sorted({clue.reveal or 0 for _, clue in clued} | set(events))
    parts = []
    for at in stages:
        released = sorted(((n, clue) for n, clue in clued if (clue.reveal or 0) == at), key=lambda nc: nc[1].pos)
        releases = [Release(n.speaker, clue.kind, n.number) for n, clue in released]
        chunks = card_chunks([(r.speaker, r.kind) for r in releases], events.get(at),
                             card_heading(case.number, case.title))
        taken = 0
        for part, size in enumerate(chunks):
            parts.append((at, part, releases[taken:taken + size]))
            taken += size
    return [EventCard(case.number, case.title, at, events.get(at) if part == 0 else None, tuple(chunk),
                      index, len(parts), part)
            for index, (at, part, chunk) in enumerate(parts, 1)]


def _name(book: Casebook, speaker: str | None) -> str:
    return notepad_speaker(book.setting, speaker)
