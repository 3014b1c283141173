"""The rules page's board and fixed rules, in the players' words.

A setting with a board (`timeline: moves`) is played on a plan of places joined by doors:
the players need the plan, and the rules the solver holds every world to (no piece
leaves the board, a piece moves one step at a time, objects are carried, the victim
stays where they fell; casetool/language/board.py). Those rules, and a setting's own
`always:` rules, are printed here as sentences, so the case can be played from paper.
"""

from __future__ import annotations

from ..load.model import Setting
from . import plan


def board(setting: Setting) -> dict | None:
    """The plan: each place and the places next to it, by their names, and drawn (plan.py)."""
    tl = setting.timeline
    doors = door_attribute(setting)
    if tl is None or doors is None:
        return None
    places = setting.categories[tl.places]
    names = {item.id: item.name for item in places.items}
    rows = [{"name": item.name,
             "next": [names.get(n, n) for n in item.attrs.get(doors) or [] if n != item.id]}
            for item in places.items]
    order = [item.name for item in places.items]
    drawn = plan.layout(order, _doors(order, [list(row["next"]) for row in rows]))
    return {"label": places.label, "moves": doors, "rows": rows,
            "plan": plan.svg(drawn, f"The board: {len(rows)} {places.label.lower()}s and the doors between them")}


def door_attribute(setting: Setting) -> str | None:
    """The places' attribute that says which are next to which: the board's `moves`, or in a
    setting whose own `always:` rules walk the house (cases/grange), the one attribute that
    lists other places of the same category."""
    tl = setting.timeline
    if tl is None:
        return None
    if tl.moves:
        return tl.moves
    places = setting.categories[tl.places]
    own = [a for a, attr in places.attributes.items() if attr.kind == "set" and attr.category == tl.places]
    return own[0] if len(own) == 1 else None


def _doors(order: list[str], next_to: list[list[str]]) -> list[tuple[str, str]]:
    """Each door once, in the setting's order of places, however many places list it."""
    pairs: set[tuple[str, str]] = set()
    for name, others in zip(order, next_to, strict=True):
        for other in others:
            if other in order:
                a, b = sorted((name, other), key=order.index)
                pairs.add((a, b))
    return sorted(pairs, key=lambda pair: (order.index(pair[0]), order.index(pair[1])))


def fixed_rules(setting: Setting) -> list[str]:
    """What always holds, as sentences: the board's rules, then the setting's `always:` rules."""
    return board_rules(setting) + [" ".join(rule.text.split()) for rule in setting.always]


def board_rules(setting: Setting) -> list[str]:
    tl = setting.timeline
    if tl is None:
        return []
    cats = setting.categories
    person, place, time = (cats[c].label.lower() for c in (tl.people, tl.places, tl.times))
    in_answer = all(c in setting.answer for c in (tl.people, tl.places, tl.times))
    rules = []
    if tl.moves:
        pieces = [f"every {person}"] + [f"every {cats[c].label.lower()}" for c in tl.objects]
        if tl.victim:
            pieces += [item.name for item in cats[tl.victim].items]
        rules.append(f"At every {time}, {_and(pieces)} {'is' if len(pieces) == 1 else 'are each'} in one "
                     f"{place} of the board; nothing leaves it.")
        rules.append(f"From one {time} to the next, each of them stays in the same {place} or moves to a {place} "
                     f"next to it (see the board).")
        for c in tl.objects:
            thing = cats[c].label.lower()
            rules.append(f"A {thing} moves only when a {person} carries it: someone who was in the {thing}'s "
                         f"{place} before it moved and is in its new {place} after.")
    if in_answer:
        objects = [f"the {cats[c].label.lower()}" for c in tl.objects if c in setting.answer] if tl.moves else []
        rules.append(f"At the {time} of the crime, {_and(['the culprit'] + objects)} "
                     f"{'was' if not objects else 'were'} in the {place} of the crime.")
    if tl.victim and in_answer:
        victims = _and([item.name for item in cats[tl.victim].items])
        rules.append(f"{victims} stayed in the {place} of the crime from the {time} of the crime on; at that "
                     f"{time} the culprit was the only {person} there.")
    if tl.together_excludes_crime and tl.times in setting.answer:
        rules.append(f"At a {time} when every {person} was in the same {place}, there was no crime.")
    return rules


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
