"""Three-valued (Kleene) values for the brute force (bruteforce.py): True, False, or None when
a partial world cannot tell yet, and the markers a term takes before it has a value."""

from __future__ import annotations

_UNKNOWN = object()   # a term whose value depends on an unassigned variable
_NONE = object()      # a step past the end of its order (`time + 1` at the last time): no item;
                      # docs/clue-language.md: every condition that reads it is false


def _junction(parts: list, short: bool) -> tuple:
    """An `and` (short=False) or `or` (short=True) of (value, touched) parts, as (value,
    touched): decided by one part with the value `short` (the one of fewest variables),
    else by all of them."""
    deciding = [touched for v, touched in parts if v is not None and bool(v) == short]
    if deciding:
        return short, min(deciding, key=len)
    value = None if any(v is None for v, _ in parts) else not short
    return value, set().union(*(touched for _, touched in parts))


def _negated(part: tuple) -> tuple:
    v, touched = part
    return (None if v is None else not v), touched


def _not(v):
    return None if v is None else not v


def _xor(v, lying: bool):
    return None if v is None else (v != lying)


def _both(a, b):
    if a is False or b is False:
        return False
    return None if None in (a, b) else True
