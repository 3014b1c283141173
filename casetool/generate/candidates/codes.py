"""Codes: clue counters, each revealing part of a murder card's code."""

from __future__ import annotations

import random

from ...english.atoms import Atom, category_atoms
from ...english.phrases import COUNTER, cap, fill
from ..source import Source
from ..world import Plan
from .builder import Builder, Candidate, Draft

Made = tuple[str, str, int, object, bool, str]  # (means, clause, level, expr or None, linked, form)
PAIR_COUNTS = 5   # counters tying each two murder cards, as many as the linked conditionals were


def build(source: Source, world: Plan, rng: random.Random) -> Draft:
    """Clue counters, drawn family by family, then shuffled so a case mixes them."""
    b = Builder(source, world, rng)
    setting = b.setting
    narrator = next((c for c in setting.characters.values() if c.role == "narrator"), None)
    speaker = narrator.id if narrator and not narrator.wheel else None
    atoms = {c: [a for a in category_atoms(setting, b.templates, c) if ".code." in a.topic] for c in setting.answer}
    made = _code_parts(b, atoms)
    made += _part_counts(b)
    made += _linked_counters(b)
    rng.shuffle(made)
    counter = b.templates.get("counters", COUNTER)
    for means, clause, level, expr, linked, form in made:
        text = fill(counter, clause=clause, Clause=cap(clause))
        b.add(Candidate("", means, text, speaker, "fact", "counter", level, means.split()[0], expr=expr,
                        linked=linked, form=form), True)
    # counter numbers ({n}) are given to the chosen clues only (engine.counter_numbers)
    return Draft(b.out, "none")


def _code_parts(b: Builder, atoms: dict[str, list[Atom]]) -> list[Made]:
    """What one murder card's code shows or does not ("the weapon card has a red corner"),
    or one of two things it shows ("the room card shows yellow or the number 3"). No
    narrator's if-then ("If the weapon card shows the number 6, then it has an orange
    corner"): the sample counters never print one."""
    made: list[Made] = []
    for cid in b.setting.answer:
        for level, count in ((0, 16), (1, 9)):
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


def _linked_counters(b: Builder) -> list[Made]:
    """Counters tying two murder cards together as a count, the samples' form ("Of the weapon
    card and the room card, only one has a red corner"), never a narrator's if-then ("If the
    weapon card shows the number 6, then the room card has an orange corner"): each settles
    only once another counter narrows one card (Builder._chains), as the conditional did."""
    setting, rng = b.setting, b.rng
    assert setting.codes is not None  # codes cases are drafted for settings with `codes:` only
    parts = list(setting.codes["colours"]) + list(setting.codes["numbers"])
    made: list[Made] = []
    for k, c1 in enumerate(setting.answer):
        for c2 in setting.answer[k + 1:]:
            found = 0
            for value in rng.sample(parts, len(parts)):
                one, two = f"{c1}.code has {value}", f"{c2}.code has {value}"
                alike = b.evaluator.holds(b.ex(one), b.facts) == b.evaluator.holds(b.ex(two), b.facts)
                # both or neither, said as the sample says it; its meaning an 'or' of the two
                # ways (no 'iff' in a drawn meaning: tests/generate/test_prose)
                means = f"({one} and {two}) or (not {one} and not {two})" if alike else f"exactly 1 of [{one}, {two}]"
                expr = b.ex(means)
                if found < PAIR_COUNTS and b._chains(expr, c1, c2, True, None):
                    made.append((means, _pair_count(b, c1, c2, value, alike), 2, expr, True, "count"))
                    found += 1
    return made


def _pair_count(b: Builder, c1: str, c2: str, value: object, alike: bool) -> str:
    """'the weapon card and the room card both have an orange corner, or neither does' (the
    sample's counter), or 'of the weapon card and the room card, only one has a red corner'."""
    cards = [b.templates.get("code_subjects", {}).get(c) or f"the {b.setting.categories[c].label.lower()} card"
             for c in (c1, c2)]
    number = isinstance(value, int)
    if alike:
        both = f"show the number {value}" if number else f"have a {value} corner"
        return f"{cards[0]} and {cards[1]} both {both}, or neither does"
    what = f"shows the number {value}" if number else f"has a {value} corner"
    return f"of {cards[0]} and {cards[1]}, only one {what}"
