"""A reveal schedule for a timed case, made so that `casetool pacing` has nothing to warn about
and its notes come a few at a time (about three an event, as a published timeline paces them).

Stage 0 holds what the players know from the start (the stolen object, in the DVD game's
random case). Clues are then grouped into events so that every event rules out at
least one item that was still possible (W010 never fires), and since every clue is
needed, the answer is unique only after the last event (W011 never fires either).
"""

from __future__ import annotations

import random

from ..language import ir
from .pool import Pool


def reveal_schedule(pool: Pool, keys: list[str], rng: random.Random, most: int = 6) -> tuple[dict[str, int], int]:
    cands = pool.candidates
    start = [k for k in keys if cands[k].pinned or cands[k].reveal == 0]
    rest = [k for k in keys if k not in start]
    rng.shuffle(rest)
    revealed = list(start)
    possible = {cat: [i for i in items if pool.item_possible(revealed, cat, i)]
                for cat, items in pool.compiled.answer.items()}
    groups: list[list[str]] = []
    while rest:
        group: list[str] = []
        while rest:
            # a note that narrows on its own first: waiting on one that needs company piles
            # ten notes into one event (a published timeline gives two or three at a time)
            pick = next((k for k in rest if _narrows(pool, revealed + group + [k], possible,
                                                      _categories(cands[k].expr))), rest[0])
            rest.remove(pick)
            group.append(pick)
            if _narrows(pool, revealed + group, possible, _categories(cands[pick].expr)):
                break
        groups.append(group)
        revealed += group
        possible = {cat: [i for i in items if pool.item_possible(revealed, cat, i)] for cat, items in possible.items()}
    target = max(3, min(most, -(-len(keys) // 3)))   # about three notes an event
    while len(groups) > target:   # merge the two smallest neighbours, so events stay even
        sizes = [len(groups[k]) + len(groups[k + 1]) for k in range(len(groups) - 1)]
        k = rng.choice([k for k, size in enumerate(sizes) if size == min(sizes)])
        groups[k:k + 2] = [groups[k] + groups[k + 1]]
    reveals = {k: 0 for k in start}
    for event, group in enumerate(groups, 1):
        for key in group:
            reveals[key] = event
    return reveals, len(groups)


def _categories(expr: object) -> list[str]:
    if expr is None:
        return []
    out: list[str] = []
    for node in ir.walk(expr):
        if isinstance(node, ir.AnswerRef) and node.category not in out:
            out.append(node.category)
    return out


def _narrows(pool: Pool, keys: list[str], possible: dict[str, list[str]], first: list[str]) -> bool:
    """Does `keys` rule out an item still in `possible`? Categories the clue names first."""
    order = first + [c for c in possible if c not in first]
    for cat in order:
        if len(possible[cat]) <= 1:
            continue
        for item in possible[cat]:
            if not pool.item_possible(keys, cat, item):
                return True
    return False
