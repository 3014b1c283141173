"""The rules of a board timeline (`timeline: moves/objects/victim`), as the shape a backend
compiles them from, per piece, time and place (casetool.solver.compile.BoardRules makes
them clauses over the whereabouts cells directly: no expression tree is built for them).

The rules (docs/clue-language.md, "Boards"):
* no piece (person, object, victim) is ever away;
* from one time to the next a piece stays or moves to an adjacent place;
* an object that moves, moves with a person who was with it: at its old place before and
  at its new place after;
* the culprit and the answer's item of every object category in the answer are at the
  crime place at the crime time (the culprit's part is the timeline's own rule);
* the victim is at the crime place from the crime time on, and at the crime the culprit
  is the only person there.
"""

from __future__ import annotations

from ..load.model import Setting


class Board:
    """A board timeline's shape, for a backend to compile the rules above from: the times
    in order, the places and each place's neighbours, the pieces (category, item)."""

    def __init__(self, setting: Setting):
        tl = setting.timeline
        assert tl is not None, "a board is a timeline setting's"
        self.tl = tl
        cats = setting.categories
        self.times = cats[tl.times].ids
        self.places = cats[tl.places].ids
        self.next_to = {z.id: [n for n in z.attrs[tl.moves] if n != z.id] for z in cats[tl.places].items}
        self.pieces = [(c, i) for c in tl.pieces for i in cats[c].ids]
        self.people = cats[tl.people].ids
        self.objects = [(c, i) for c, i in self.pieces if c in tl.objects]
        self.victims = [i for c, i in self.pieces if c == tl.victim] if tl.victim else []

    def steps(self) -> list[tuple[str, str]]:
        return list(zip(self.times, self.times[1:], strict=False))


def board(setting: Setting) -> Board | None:
    tl = setting.timeline
    return Board(setting) if tl is not None and tl.moves else None
