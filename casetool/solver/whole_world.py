"""`check --world` (or `unique: world` in a case): the whole world must be unique, not
just the answer: every whereabouts cell, card holder, decided fact and liar.

One more solve after the answer is proven unique: keep the clues and the answer, and ask
for a world that differs from the one found in at least one of those. When there is one,
the case is ambiguous and the report lists every cell in which the two worlds differ.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import product

from ..language import ir
from ..load.model import World
from .circuit import Compiled, Lit
from .session import Session

AWAY = "away"


def clue_cells(expr: ir.Formula, orders: dict[str, list[str]]) -> set[tuple[str, str]]:
    """The whereabouts cells (person, time) a clue names, the ones a world shows: every
    `at` of a fixed person and time; inside a quantifier kept whole (ir.Quant), every
    binding of its variables, the cells its unrolled copies would name. `orders`: each
    ordered category's item ids in order, for steps (`at(p, t + 1)`).

    Only the variables an `at` reads are bound (a board's movement rule ranges over
    people x times x rooms x rooms, its cells over people x times)."""
    out: set[tuple[str, str]] = set()
    for node, scope in _under_quantifiers(expr, {}):
        if isinstance(node, ir.At):
            people, times = _items(node.person, scope, orders), _items(node.time, scope, orders)
            out.update(product(people, times))
    return out


Scope = Mapping[str, tuple[str, ...]]   # quantified variable -> the items it ranges over


def _under_quantifiers(node: ir.Node, scope: Scope) -> Iterator[tuple[ir.Node, Scope]]:
    """Every node, with the items each quantified variable above it ranges over."""
    yield node, scope
    if isinstance(node, ir.Quant):
        scope = {**scope, node.var: node.items}
    for child in ir.children(node):
        yield from _under_quantifiers(child, scope)


def _items(term: ir.Term, scope: Scope, orders: dict[str, list[str]]) -> list[str]:
    """The items a term can name for some binding (none: it names the answer's item)."""
    if isinstance(term, ir.ItemConst):
        return [term.item]
    if isinstance(term, ir.Var):
        return list(scope.get(term.name, ()))
    if isinstance(term, ir.Step):
        inner = _items(term.term, scope, orders)
        order = orders.get(getattr(term.term, "category", ""), [])
        index = {item: i for i, item in enumerate(order)}
        steps = [index[i] + term.by for i in inner if i in index]
        return [order[k] for k in steps if 0 <= k < len(order)]
    return []


def flips(compiled: Compiled, world: World) -> list[Lit]:
    """Literals of which at least one holds exactly in the worlds that differ from `world`."""
    c = compiled
    out = [~cell[world.loc[k]] for k, cell in c.loc.items()]
    out += [~cell[world.facts[k]] for k, cell in c.facts.items()]
    out += [(~lit if world.owner.get(card) == player else lit) for (player, card), lit in c.own.items()]
    out += [(~lit if w in world.liars else lit) for w, lit in c.lies.items() if not isinstance(lit, bool)]
    return out


def other_world(session: Session, clue_lits: list[Lit], answer: dict[str, str], world: World) -> World | None:
    """A world under the clues, with this answer, that differs from `world` somewhere."""
    flips_ = flips(session.compiled, world)
    if not flips_:
        return None
    if not session.feasible(clue_lits + session.answer_lits(answer) + [session.unless(flips_)]):
        return None
    return session.world()


def differences(first: World, second: World, times: dict[str, int] | None = None) -> list[tuple[str, str, str]]:
    """(cell, value in the first world, value in the second) for every cell that differs:
    whereabouts by piece and then in the timeline's order (`times`: time id -> position),
    then facts, card holders and liars."""
    when = times or {}
    moved = sorted(((p, t) for (p, t), z in first.loc.items() if second.loc[(p, t)] != z),
                   key=lambda pt: (pt[0], when.get(pt[1], len(when)), pt[1]))
    out = [(f"at({p}, {t})", first.loc[(p, t)], second.loc[(p, t)]) for p, t in moved]
    out += sorted((f"{item}.{attr}", str(v), str(second.facts[(item, attr)]))
                  for (item, attr), v in first.facts.items() if second.facts[(item, attr)] != v)
    # A card in the envelope in both worlds is in neither owner map, and does not differ.
    out += sorted((f"holder of {card}", first.owner.get(card, "envelope"), second.owner.get(card, "envelope"))
                  for card in first.owner.keys() | second.owner.keys()
                  if first.owner.get(card) != second.owner.get(card))
    liars = [", ".join(sorted(x.liars)) or "nobody" for x in (first, second)]
    if liars[0] != liars[1]:
        out.append(("liars", liars[0], liars[1]))
    return out
