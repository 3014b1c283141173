"""Titles, stories, dates and events for a generated case, from the setting's templates
and the kind of crime (murder settings get murders, theft settings thefts), never
repeating a title, a date or a story sentence already used in the book.

The crime comes from `templates: crime:` (murder, theft or mischief); by default a
setting whose answer has a weapon is a murder, one with a stolen object (timeline) a
theft, and anything else mischief. A story is three sentences: an opening, what
happened, and what the reader must find; each part is drawn from the crime's list and
filled with the case's own words (the title's noun, a person, a day), so two cases of a
book do not share a sentence.
"""

from __future__ import annotations

import datetime
import random
import re

from ..english.phrases import Templates, fill, join_and
from ..load.model import Setting

NOUNS = ["Lantern", "Umbrella", "Teacup", "Ribbon", "Ledger", "Postcard", "Parasol", "Gramophone", "Telegram",
         "Hatbox", "Scarecrow", "Candle", "Compass", "Weathervane", "Rosette", "Kite", "Hymn Book",
         "Croquet Mallet", "Picnic Basket", "Snuff Box", "Music Box", "Tea Urn",
         "Birdcage", "Pocket Watch", "Cricket Bat", "Walking Stick", "Jam Jar", "Prize Marrow"]
# a murder titled after one of these reads as naming the weapon ("The Walking Stick Murder",
# done with an atlas), so murder titles leave them out
WEAPON_LIKE = {"Cricket Bat", "Walking Stick", "Croquet Mallet", "Candle", "Teacup", "Umbrella", "Parasol"}
# adjectives that fit any of the nouns above
ADJECTIVES = ["Missing", "Borrowed", "Broken", "Forgotten", "Hidden", "Misplaced", "Second", "Last", "Muddy",
              "Upset", "Curious", "Vanishing"]
TITLES = {
    "mischief": ["The {adj} {noun}", "The Affair of the {noun}", "The {noun} Mystery", "The Case of the {adj} {noun}"],
    "theft": ["The {adj} {object}", "The Affair of the {object}", "Who Took the {object}?", "The {object} Mystery"],
    "murder": ["Death and the {noun}", "The {noun} Murder", "A Death by the {noun}", "Murder and the {adj} {noun}"],
}
STORIES = {
    "mischief": (
        ["On {day} the whole town turned out for the fete.", "{day} began quietly enough.",
         "It rained all morning on {day}, and tempers were short.", "By noon on {day} the square was crowded."],
        ["Then the {noun} went missing, and {person} was the first to raise the alarm.",
         "When {person} went to fetch the {noun}, it was gone.",
         "Somebody made off with the {noun} while {person} was looking the other way.",
         "The {noun} had been left in plain sight; by tea time {person} swore it had vanished."],
        ["Find out who did it, and where they are lying low.", "Question the witnesses and name the culprit.",
         "Read every statement twice before you name anyone.", "Somebody in town knows more than they say."],
    ),
    "theft": (
        ["The house was full of guests on {day}.", "On {day} the house party was in full swing.",
         "{day} was the busiest day of the season at the house.", "Guests had been arriving since dawn on {day}."],
        ["By evening the {object} had vanished, and {person} noticed first.",
         "Late that night {person} found the {object} gone from its place.",
         "Nobody missed the {object} until {person} asked to see it.",
         "When {person} went to admire the {object}, it was nowhere to be found."],
        ["The Inspector's notes come in as the day's events unfold. Find who took it, where and when.",
         "Piece together where everyone was, and find the thief, the place and the time.",
         "Everything in the notes is true. Who took it, where, and when?",
         "Follow the notes as they arrive and name the thief, the place and the time."],
    ),
    "murder": (
        ["On {day} a scream rang through the house.", "The storm broke over the house on {day}.",
         "{day} ended with a body on the floor.", "Nobody slept well on the night of {day}."],
        ["{person} found the body beside the {noun} and sent for the police at once.",
         "It was {person} who raised the alarm, white as a sheet, and pointed at the {noun}.",
         "By the time {person} arrived, the victim was beyond help, and the {noun} had been moved.",
         "{person} swears the victim was alive an hour before, asking after the {noun}."],
        ["Find {find}.", "Sift the clues and name {find}.",
         "Sift the statements and name the murderer.", "Every clue below is needed to name the murderer."],
    ),
}
EVENTS = {
    "theft": ["{person} comes down to breakfast late and pale.", "A telegram arrives for {person}.",
              "{person} asks to speak to the Inspector in private.", "The Inspector walks the grounds with {person}.",
              "{person} is found searching {place}.", "A maid brings word from {place}.",
              "The Inspector returns from {place} with a notebook full of notes.",
              "{person} remembers something about {place}."],
}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def what_to_find(setting: Setting, kind: str) -> str:
    """'the murderer, the weapon, the room and the time': what the case asks for, from its
    answer (a murder story's closing line; a fixed 'the weapon and the place' left the time out)."""
    who = {"murder": "the murderer", "theft": "the thief"}.get(kind, "the culprit")
    return join_and([who if cid == setting.culprit else f"the {setting.categories[cid].label.lower()}"
                     for cid in setting.answer])


def pick_date(templates: Templates, rng: random.Random, taken: set[str]) -> str | None:
    """A day of the setting's year (`templates: year:`), one no other case of the book has."""
    year = templates.get("year", None)
    if not isinstance(year, int):
        return None
    for _ in range(100):
        day = datetime.date(year, 1, 1) + datetime.timedelta(days=rng.randrange(365))
        text = f"{MONTHS[day.month - 1]} {_ordinal(day.day)}, {year}"
        if text not in taken:
            return text
    return None


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def pick_title(templates: Templates, kind: str, rng: random.Random, taken: set[str], obj: str | None,
               avoid: frozenset[str] = frozenset()) -> tuple[str, str]:
    """(title, noun): a title no earlier case of the book has, and the thing it is about. A
    noun that shares a word with one of the setting's items (`avoid`, lower case: "Teacup"
    beside a poisoned teacup) would read as a clue, and is not drawn."""
    own = templates.get("titles", None)
    used = {w for t in taken for w in t.split()}
    nouns = [n for n in NOUNS if not ({w.lower() for w in n.split()} & avoid)
             and not (kind == "murder" and n in WEAPON_LIKE)]
    for k in range(200):
        noun = rng.choice(nouns)
        if own:
            title = rng.choice(own)
        else:
            title = rng.choice(TITLES[kind]).format(adj=rng.choice(ADJECTIVES), noun=noun, object=obj or noun)
            if k < 100 and not obj and noun.split()[-1] in used:
                continue
        if title not in taken:
            return title, (obj or noun)
    return f"{title} {len(taken) + 1}", obj or noun


def story(templates: Templates, kind: str, rng: random.Random, words: dict[str, str], taken: set[str]) -> str:
    """Three sentences, none of them already in the book (`taken`, updated)."""
    own = templates.get("stories", None)
    if own:
        return _fill(rng.choice(own), words)
    openings, middles, endings = STORIES[kind]
    # Filled with another day or name, a template still reads as the same sentence to a reader
    # of the book ("On May 2nd the house party was in full swing" twice): the templates go into
    # `taken` too, and each comes back only once all of its list are used.
    choices: list[list[str]] = []
    for pool in (openings, middles):
        unused = [t for t in pool if t not in taken]
        if not unused:
            taken.difference_update(pool)
        choices.append(unused or list(pool))
    best: tuple[list[str], list[str]] | None = None
    for _ in range(60):  # the opening and what happened carry the case's own words
        picked = [rng.choice(c) for c in choices]
        parts = [_fill(t, words) for t in picked]
        if not any(sentence in taken for p in parts for sentence in split_sentences(p)):
            best = picked, parts
            break
        best = best or (picked, parts)
    assert best is not None
    picked, parts = best
    taken.update(picked)
    # the closing instruction is said once a book, then left out
    ending = next((e for e in rng.sample(endings, len(endings))
                   if not any(x in taken for x in split_sentences(_fill(e, words)))), None)
    parts = parts + ([_fill(ending, words)] if ending else [])
    taken.update(x for p in parts for x in split_sentences(p))
    return f"{parts[0]} {parts[1]}" + (f"\n\n{parts[2]}" if ending else "")


def events(templates: Templates, kind: str, rng: random.Random, count: int, words: list[dict[str, str]]) -> list[str]:
    """`count` event texts for a reveal schedule, none twice in the case."""
    own = templates.get("events", None)
    pool = list(own) if own else list(EVENTS["theft"])
    out: list[str] = []
    order = rng.sample(pool, len(pool))  # each event its own template while they last
    for k in range(count):
        template = order[k % len(order)]
        for _ in range(40):
            text = _fill(template, rng.choice(words))
            if text not in out:
                break
        out.append(text)
    return out


def split_sentences(text: str) -> list[str]:
    """The sentences of a text, as a book's `taken` set holds them."""
    return [x.strip() for x in re.split(r"(?<=[.!?])\s+", " ".join(text.split())) if x.strip()]


def _fill(template: str, words: dict[str, str]) -> str:
    text = fill(template, **words)
    return text[:1].upper() + text[1:]
