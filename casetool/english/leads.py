"""How a step of a solution page opens ('Now ', 'Building on that, '): drawn per case, never
the same as the steps just before, and a lead that takes up the step before only where the
step does (sentences.py, the page and a level-3 hint)."""

from __future__ import annotations

import random

from ..load.model import Case

# how a step that builds on earlier ones begins; drawn per case (Voice), never twice running
LEADS = ("With what we already know, ", "Building on that, ", "Now ", "Next, ", "From there, ",
         "That settled, ", "Then ", "Taking that further, ", "With that in hand, ", "In turn, ")

RECENT = 4   # leads a step may not repeat: more than a paragraph's three steps

# leads that say the step takes up what the step just before found: only for a step that does
BUILDING = ("Building on that, ", "From there, ", "That settled, ", "Taking that further, ", "With that in hand, ")


def lead(case: Case, number: int, grounds: bool = False, builds: bool | None = None) -> str:
    """The opening words of step `number` of this case's page: the same for the page and for a
    level-3 hint, different from page to page and from the steps just before. `grounds`: the
    step names what it stands on ('Vicar Vermilion is not the murderer and so ...', 'Suppose
    ...'), so not 'With what we already know', which says it vaguely over again. `builds`
    False: the step uses nothing the step before found, so no lead of BUILDING ("We are told
    that the weapon was the Candlestick. Building on that, the note ..." claimed a link): none."""
    word = _lead(case, number, grounds)
    # said plainly instead: a neutral lead drawn here could match a neighbour's, drawn alike
    return "" if builds is False and word in BUILDING else word


def _lead(case: Case, number: int, grounds: bool = False) -> str:
    recent: list[str] = []
    used: set[str] = set()
    for n in range(1, number + 1):
        rng = random.Random(f"{case.title}/{case.number}/{n}")
        # none of the last few: a paragraph is three steps, and "Now" twice in one reads as a tic;
        # "With what we already know" once a page (a misfit says "what we already know" too)
        recent = (recent + [rng.choice([w for w in LEADS if w not in recent and not (w == LEADS[0] and w in used)])])[-RECENT:]
        used.add(recent[-1])
    if grounds and recent[-1] == LEADS[0]:   # another, used neither by the steps just before nor the next few
        after = {_lead(case, number + k) for k in range(1, RECENT)}
        return next(w for w in LEADS[1:] if w not in recent and w not in after)
    return recent[-1]
