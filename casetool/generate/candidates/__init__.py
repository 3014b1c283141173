"""Candidate clues for one world: every clue the generator might use, each true in the
world (or false, for a liar's statement), with its meaning and its natural text.

One module per kind of case, each with `build(source, world, rng) -> Draft`, on the
shared `builder` (Candidate, Draft, and the Builder that keeps a candidate only when its
truth is the one wanted and composes clues from atoms):

* statements: traits and liars (witnesses' statements, the inspector, the locator, the
  narrator's facts);
* timeline: the inspector's notes on whereabouts and on the place and the time;
* cards: a suggestion log drawn from the deal, the reader's own hand, glimpses of others;
* codes: clue counters, each revealing part of a murder card's code.

Each candidate has a complexity level (0 a single condition, 1 a list or an "either" over
two positive things, 2 a conditional on a positive premise, a count of cards), which the
difficulty knob steers, and a form of english.forms' catalogue: nothing else is drawn.

A new kind: a module here whose `build` draws its candidates with a Builder, an entry in
BUILDERS below, its name in source.KINDS with its condition in source.supported_kinds, and
its world drawn by world.py.
"""

from __future__ import annotations

import random
from typing import Callable

from ..source import Source
from ..world import Plan
from . import board, cards, codes, statements, timeline
from .builder import Draft

BUILDERS: dict[str, Callable[[Source, Plan, random.Random], Draft]] = {
    "traits": statements.build, "liars": statements.build, "timeline": timeline.build,
    "cards": cards.build, "codes": codes.build, "board": board.build,
}


def draft(source: Source, world: Plan, rng: random.Random) -> Draft:
    """The candidates of the world's kind (the order of the random draws is part of what a
    seed means)."""
    return BUILDERS[world.kind](source, world, rng)
