"""Codes: clue counters, each revealing part of a murder card's code."""

from __future__ import annotations

import random

from ...english.atoms import Atom, category_atoms
from ...english.phrases import COUNTER, cap, fill
from ..source import Source
from ..world import Plan
from .builder import Builder, Candidate, Draft

Made = tuple[str, str, int, object, bool, str]  # (means, clause, level, expr or None, linked, form)


def build(source: Source, world: Plan, rng: random.Random) -> Draft:
    """Clue counters, drawn family by family, then shuffled so a case mixes them."""
    b = Builder(source, world, rng)
    setting = b.setting
    narrator = next((c for c in setting.characters.values() if c.role == "narrator"), None)
    speaker = narrator.id if narrator and not narrator.wheel else None
    atoms = {c: [a for a in category_atoms(setting, b.templates, c) if ".code." in a.topic] for c in setting.answer}
    made = _code_parts(b, atoms)
    made += _part_counts(b)
    made += _linked_counters(b, atoms)
    rng.shuffle(made)
    counter = b.templates.get("counters", COUNTER)
    for means, clause, level, expr, linked, form in made:
        text = fill(counter, clause=clause, Clause=cap(clause))
        b.add(Candidate("", means, text, speaker, "fact", "counter", level, means.split()[0], expr=expr,
                        linked=linked, form=form), True)
    # counter numbers ({n}) are given to the chosen clues only (engine.counter_numbers)
    return Draft(b.out, "none")


def _code_parts(b: Builder, atoms: dict[str, list[Atom]]) -> list[Made]:
    """What one murder card's code shows or does not ("the weapon card has a red corner")."""
    made: list[Made] = []
    for cid in b.setting.answer:
        for level, count in ((0, 16), (1, 6), (2, 3)):
            for _ in range(count):
                got = b.composed(atoms[cid], level, True)
                if got:
                    made.append((got[0], got[1], level, got[2], False, got[3]))
    return made


def _part_counts(b: Builder) -> list[Made]:
    """How many murder cards show a colour or a number ("none of them has a 4")."""
    setting, rng = b.setting, b.rng
    assert setting.codes is not None  # codes cases are drafted for settings with `codes:` only
    parts = list(setting.codes["colours"]) + list(setting.codes["numbers"])
    made: list[Made] = []
    for _ in range(6):
        value = rng.choice(parts)
        n = rng.choice([0, 1, 1, 2])
        means = f"exactly {n} of [" + ", ".join(f"{c}.code has {value}" for c in setting.answer) + "]"
        what = f"the number {value}" if isinstance(value, int) else f"a {value} corner"
        label = "cards" if len(setting.answer) != 3 else "three murder cards"
        count = {0: "none", 1: "exactly one", 2: "exactly two"}[n]
        if n == 0:
            clause = f"none of the {label} has {what}"
        else:
            clause = f"of the {label}, {count} {'has' if n == 1 else 'have'} {what}"
        made.append((means, clause, 1 if n == 0 else 2, None, False, "count"))
    return made


def _linked_counters(b: Builder, atoms: dict[str, list[Atom]]) -> list[Made]:
    """Counters tying two murder cards together ("if the weapon card has a red corner, then
    the room card has a 4"): each settles only once another counter narrows one card."""
    made: list[Made] = []
    for c1 in b.setting.answer:
        for c2 in b.setting.answer:
            if c1 >= c2:
                continue
            for level, count in ((1, 3), (2, 5)):
                for _ in range(count):
                    got = b.linked(atoms[c1], atoms[c2], level, True)
                    if got:
                        made.append((got[0], got[1], level, got[2], True, got[3]))
    return made
