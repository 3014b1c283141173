"""A board night's richer facts: one sentence for what several plain ones say. A piece's
stay over three hours or more ("The Candlestick lay in the Ballroom from seven to nine
o'clock"), a stay, a move and a stay ("Colonel Ashby was in the Library from six to seven
o'clock, then in the Hall at eight o'clock"), guests together ("Colonel Ashby and Dr Crane
were together in the Library from six to eight o'clock") and several guests' decided facts
("Colonel Ashby's motive was jealousy and Dr Crane's was revenge"). Each means exactly the
conjunction of the cells (or facts) its words give, nothing more: a span over consecutive
hours is the cells of those hours.

The chooser never adds one while it looks for a unique night: once the case is irredundant
it merges the plain facts it kept into them (board_choose.merge), the same meaning in
fewer, richer lines, as a casebook tells a night (issue 24: "26 narrator facts read as a
ledger"). They are drawn hour by hour among the plain ones (a case's clues keep the pool's
order: the night's), with their own random frames, so the plain candidates' draws stay.
"""

from __future__ import annotations

import random
import re
from itertools import combinations
from typing import Any

from ...language.facts import decided_facts

# `night`: board._Night (the draw's words, rooms and `add`), not imported: board imports this
Night = Any

RICH = "span"   # the family of these candidates: merged into, never drawn (board_choose)
MOST = 3        # guests whose decided facts one sentence gives (four reads as a table)
MOVES = 2       # moves one piece's line tells ("in the Hall at six, in the Library at seven and ...")
# The most hours in one room a line tells, and the most it names one by one ("at seven,
# eight and nine o'clock": the cells, each hour in the words). A longer stay ("from six to
# nine o'clock") means every hour between, said as a quantifier (`all t in time where t
# between six and nine`, so lint L009 finds every hour it names in the words); but the grade
# (explain/grade.py, `_conditional`) reads the unrolled quantifier's constant premises as
# conditionals and grades plain elimination "fiendish". Until it does not, none is told.
LONGEST = 3
NAMED = 3


def rich_at(night: Night, i: int, rng: random.Random) -> None:
    """The richer facts whose hours start at hour i."""
    _stays(night, i, rng)
    _together(night, i, rng)


def leg_means(pieces: list[str], z: str, times: list[str], cat: str) -> str:
    """`pieces` in room z at each hour of `times` (consecutive): the cells of up to NAMED
    hours, a longer span said as its ends ("from six to nine o'clock": every hour the
    words name is in the meaning, lint L009)."""
    if len(times) <= NAMED:
        return " and ".join(f"at({x}, {t}) == {z}" for t in times for x in pieces)
    body = " and ".join(f"at({x}, t) == {z}" for x in pieces)
    return f"(all t in {cat} where t between {times[0]} and {times[-1]}: {body})"


SPAN = re.compile(r"\(all t in \w+ where t between (\w+) and (\w+): (.+)\)")
CELL = re.compile(r"at\((\w+), (\w+)\) == (\w+)|\w+\.\w+ == \w+")


def atoms(means: str, times: list[str]) -> frozenset[str] | None:
    """A meaning as its set of cells ("at(ashby, six) == library") and decided facts
    ("ashby.motive == greed"), when it is only their conjunction (spans unrolled); None
    for any other shape."""
    out: set[str] = set()
    for part in _conjuncts(means):
        span = SPAN.fullmatch(part)
        if span is None:
            if not CELL.fullmatch(part):
                return None
            out.add(part)
            continue
        first, last, body = span.groups()
        hours = times[times.index(first):times.index(last) + 1]
        for cell in body.split(" and "):
            got = re.fullmatch(r"at\((\w+), t\) == (\w+)", cell)
            if got is None:
                return None
            out.update(f"at({got[1]}, {t}) == {got[2]}" for t in hours)
    return frozenset(out)


def _conjuncts(means: str) -> list[str]:
    """`means` split at its top-level "and"s (a span's own "and"s are inside its parentheses)."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(means):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and means.startswith(" and ", k):
            parts.append(means[start:k])
            start = k + len(" and ")
    return parts + [means[start:]]


def during(night: Night, i: int, j: int) -> str:
    """Hours i to j as a line says them: 'at six o'clock', 'from six to seven o'clock',
    'at six, seven and eight o'clock' (up to NAMED), 'from six to nine o'clock'."""
    times = night.board.times
    if i == j:
        return night.at(times[i])
    if j == i + 1 or j - i + 1 > NAMED:
        first, then = night.from_to(times[i], times[j])
        return f"from {first} to {then}"
    said = [night.templates.moment(night.setting, t) for t in times[i:j + 1]]
    if all(w.endswith(" o'clock") for w in said):   # "six, seven and eight o'clock", not "ten, eleven o'clock and midnight"
        said = [w[:-len(" o'clock")] for w in said[:-1]] + said[-1:]
    return f"at {_listed(said)}"


def _stays(night: Night, i: int, rng: random.Random) -> None:
    """Each piece's hours from hour i (three or more: two are a plain move clue) in one
    room, or in two or three rooms in turn (MOVES)."""
    times, objects = night.board.times, {o for _, o in night.board.objects}
    for x in night.seen():
        path = [night.loc[(x, t)] for t in times]
        for j in range(i + 2, len(times)):
            legs = _legs(path, i, j)
            if len(legs) > MOVES + 1 or max(b + 1 - a for _, a, b in legs) > LONGEST:
                break
            said = [f"{night.where(z)} {during(night, a, b)}" for z, a, b in legs]
            if len(legs) == 1:   # a person stays from one hour to another, but is in a room at three
                verb = "lay" if x in objects else "stayed" if j - i + 1 > NAMED else "was"
            else:
                verb = "lay" if x in objects and len(legs) == 2 else "was"
                said = [", then ".join(said)] if len(legs) == 2 else said
            clause = f"{night.name(x)} {verb} {_listed(said)}"
            means = " and ".join(leg_means([x], z, times[a:b + 1], night.tl.times) for z, a, b in legs)
            night.add(means, clause, RICH, 1, f"r:{x}", "whereabouts", rng=rng)


def _legs(path: list[str], i: int, j: int) -> list[tuple[str, int, int]]:
    """The rooms of path[i..j] in turn, each with its first and last hour."""
    legs = [(path[i], i, i)]
    for k in range(i + 1, j + 1):
        z, a, _ = legs[-1]
        legs[-1:] = [(z, a, k)] if path[k] == z else [(z, a, k - 1), (path[k], k, k)]
    return legs


def _together(night: Night, i: int, rng: random.Random) -> None:
    """Guests who were in one room together for an hour or more: all of those there
    throughout, never the victim (a body is with nobody) nor a weapon (a thing is not "with")."""
    times, seen = night.board.times, set(night.seen())
    people = [p for p in night.board.people if p in seen]
    for z in night.board.rooms:
        for j in range(i, len(times)):
            there = [p for p in people if all(night.loc[(p, times[k])] == z for k in range(i, j + 1))]
            if len(there) < 2 or j - i >= LONGEST:
                break
            means = leg_means(there, z, times[i:j + 1], night.tl.times)
            clause = f"{_listed([night.name(p) for p in there])} were together {night.where(z)} {during(night, i, j)}"
            night.add(means, clause, RICH, 1, f"r:{z}", "whereabouts", rng=rng)


def rich_facts(night: Night, rng: random.Random) -> None:
    """Two or three guests' decided facts in one of the inspector's notes."""
    for fact in decided_facts(night.setting):
        label = (night.setting.categories[fact.category].attributes[fact.attribute].label or fact.attribute).lower()
        for n in range(2, MOST + 1):
            for items in combinations(fact.items, n):
                values = [night.world.facts[(item, fact.attribute)] for item in items]
                means = " and ".join(f"{item}.{fact.attribute} == {v}" for item, v in zip(items, values, strict=True))
                said = [f"{night.name(items[0])}'s {label} was {night.word(values[0])}"]
                said += [f"{night.name(item)}'s was {night.word(v)}" for item, v in zip(items[1:], values[1:], strict=True)]
                night.add(means, _listed(said), RICH, 1, f"r:{fact.attribute}", "observation", oracle=True, rng=rng)


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
