"""A board the generator cannot draw a night on, said before any search (G009), each at the
setting's line: a room no chain of adjacent rooms joins to the others (no piece can walk
there, and no victim from there to a scene elsewhere), a single room for several people
(the culprit must be alone with the victim while everyone else is somewhere), a decided
fact with one value (nothing to find out). Counts larger than the category, or that do
not add up, are the loader's V074, also before any search."""

from __future__ import annotations

from ..diagnostics import Diagnostic, error
from ..load.model import Setting


def board_problems(setting: Setting) -> list[Diagnostic]:
    tl = setting.timeline
    if tl is None or not tl.moves:
        return []
    return _unreachable(setting) + _too_few_rooms(setting) + _one_value(setting)


def _unreachable(setting: Setting) -> list[Diagnostic]:
    """Rooms outside the first room's part of the board (moves read both ways)."""
    assert setting.timeline is not None
    places = setting.categories[setting.timeline.places]
    moves = setting.timeline.moves
    links: dict[str, set[str]] = {z.id: set() for z in places.items}
    for z in places.items:
        for n in z.attrs.get(moves) or []:
            if n != z.id and n in links:
                links[z.id].add(n)
                links[n].add(z.id)
    if not places.items:
        return []
    first = places.items[0].id
    seen, todo = {first}, [first]
    while todo:
        for n in sorted(links[todo.pop()]):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return [error(z.pos, "G009", f"no chain of `{moves}` rooms joins '{z.id}' to '{first}': nobody could walk "
                  "between them, so the board cannot hold one night",
                  f"list '{z.id}' in the `{moves}` of a room next to it (and that room in its own)")
            for z in places.items if z.id not in seen]


def _too_few_rooms(setting: Setting) -> list[Diagnostic]:
    assert setting.timeline is not None
    places = setting.categories[setting.timeline.places]
    people = setting.categories[setting.timeline.people]
    if len(places.items) >= 2 or len(people.items) < 2:
        return []
    return [error(places.pos, "G009", f"'{places.id}' has {len(places.items)} room(s) for {len(people.items)} "
                  "people: the culprit cannot be alone with the victim", "give the board at least two rooms")]


def _one_value(setting: Setting) -> list[Diagnostic]:
    out = []
    for cat in setting.categories.values():
        for attr in cat.attributes.values():
            if attr.unknown and len(attr.values) < 2:
                out.append(error(attr.pos or cat.pos, "G009", f"the decided fact {cat.id}.{attr.id} has "
                                 f"{len(attr.values)} value(s): there is nothing to find out",
                                 "give it two values or more, or make it a plain attribute"))
    return out
