"""`check --world` (or `unique: world` in a case): the whole world must be unique, not
just the answer: every whereabouts cell, card holder, decided fact and liar.

One more solve after the answer is proven unique: keep the clues and the answer, and ask
for a world that differs from the one found in at least one of those. When there is one,
the case is ambiguous and the report lists every cell in which the two worlds differ.
"""

from __future__ import annotations

AWAY = "away"


def flips(compiled, world: dict) -> list:
    """Literals of which at least one holds exactly in the worlds that differ from `world`."""
    c = compiled
    out = [~cell[world["loc"][k]] for k, cell in c.loc.items()]
    out += [~cell[world["facts"][k]] for k, cell in c.facts.items()]
    out += [(~lit if world["own"][k] else lit) for k, lit in c.own.items()]
    out += [(~lit if world["lies"][w] else lit) for w, lit in c.lies.items() if not isinstance(lit, bool)]
    return out


def other_world(session, clue_lits: list, answer: dict, world: dict) -> dict | None:
    """A world under the clues, with this answer, that differs from `world` somewhere."""
    flips_ = flips(session.compiled, world)
    if not flips_:
        return None
    if not session.feasible(clue_lits + session.answer_lits(answer) + [session.unless(flips_)]):
        return None
    return session.world()


def differences(first: dict, second: dict, times: dict[str, int] | None = None) -> list[tuple[str, str, str]]:
    """(cell, value in the first world, value in the second) for every cell that differs:
    whereabouts by piece and then in the timeline's order (`times`: time id -> position),
    then facts, card holders and liars."""
    when = times or {}
    moved = sorted(((p, t) for (p, t), z in first["loc"].items() if second["loc"][(p, t)] != z),
                   key=lambda pt: (pt[0], when.get(pt[1], len(when)), pt[1]))
    out = [(f"at({p}, {t})", first["loc"][(p, t)], second["loc"][(p, t)]) for p, t in moved]
    out += sorted((f"{item}.{attr}", str(v), str(second["facts"][(item, attr)]))
                  for (item, attr), v in first["facts"].items() if second["facts"][(item, attr)] != v)
    holders = _holders(first), _holders(second)
    out += sorted((f"holder of {card}", who, holders[1][card]) for card, who in holders[0].items()
                  if holders[1][card] != who)
    liars = [", ".join(sorted(w for w, lying in x["lies"].items() if lying)) or "nobody" for x in (first, second)]
    if liars[0] != liars[1]:
        out.append(("liars", liars[0], liars[1]))
    return out


def _holders(world: dict) -> dict[str, str]:
    cards = sorted({card for _, card in world["own"]})
    return {card: next((p for (p, c), held in world["own"].items() if c == card and held), "envelope") for card in cards}
