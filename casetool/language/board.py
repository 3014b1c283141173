"""The rules of a board timeline (`timeline: moves/objects/victim`), unrolled into plain IR
conditions once per piece, time and place: no quantifier is expanded, and every condition
reads whereabouts cells of named pieces at named times, so a backend compiles each to a
clause or two.

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

from ..model import Setting, Timeline
from . import ir


def board_conditions(setting: Setting) -> list:
    tl = setting.timeline
    if tl is None or not tl.moves:
        return []
    board = _Board(setting, tl)
    return board.never_away() + board.moves() + board.carried() + board.crime() + board.victim()


class _Board:
    def __init__(self, setting: Setting, tl: Timeline):
        self.tl = tl
        cats = setting.categories
        self.times = cats[tl.times].ids
        self.places = cats[tl.places].ids
        self.next_to = {z.id: [n for n in z.attrs[tl.moves] if n != z.id] for z in cats[tl.places].items}
        self.pieces = [(c, i) for c in tl.pieces for i in cats[c].ids]
        self.people = cats[tl.people].ids
        self.answer = setting.answer

    def is_at(self, cat: str, piece: str, t: str, place) -> ir.Compare:
        where = ir.AwayConst() if place == ir.AWAY else ir.ItemConst(self.tl.places, place)
        return ir.Compare("==", ir.At(ir.ItemConst(cat, piece), ir.ItemConst(self.tl.times, t)), where)

    def steps(self):
        return zip(self.times, self.times[1:], strict=False)

    def never_away(self) -> list:
        return [ir.Not(self.is_at(c, x, t, ir.AWAY)) for c, x in self.pieces for t in self.times]

    def moves(self) -> list:
        out = []
        for c, x in self.pieces:
            for t, after in self.steps():
                for z in self.places:
                    reach = tuple(self.is_at(c, x, after, n) for n in [z, *self.next_to[z]])
                    out.append(ir.Implies(self.is_at(c, x, t, z), ir.Or(reach)))
        return out

    def carried(self) -> list:
        people = self.tl.people
        out = []
        for c, o in ((c, x) for c, x in self.pieces if c in self.tl.objects):
            for t, after in self.steps():
                for z in self.places:
                    for n in self.next_to[z]:
                        moved = ir.And((self.is_at(c, o, t, z), self.is_at(c, o, after, n)))
                        carriers = tuple(ir.And((self.is_at(people, p, t, z), self.is_at(people, p, after, n)))
                                         for p in self.people)
                        out.append(ir.Implies(moved, ir.Or(carriers)))
        return out

    def crime_cell(self, term) -> ir.Compare:
        tl = self.tl
        return ir.Compare("==", ir.At(term, ir.AnswerRef(tl.times)), ir.AnswerRef(tl.places))

    def crime(self) -> list:
        if not all(c in self.answer for c in (self.tl.times, self.tl.places)):
            return []
        return [self.crime_cell(ir.AnswerRef(c)) for c in self.tl.objects if c in self.answer]

    def victim(self) -> list:
        tl = self.tl
        if not tl.victim:
            return []
        out = []
        for c, v in ((c, x) for c, x in self.pieces if c == tl.victim):
            for t in self.times:   # from the crime time on, at the crime place
                after = ir.Compare(">=", ir.ItemConst(tl.times, t), ir.AnswerRef(tl.times))
                at_crime = ir.Compare("==", ir.At(ir.ItemConst(c, v), ir.ItemConst(tl.times, t)), ir.AnswerRef(tl.places))
                out.append(ir.Implies(after, at_crime))
        for p in self.people:      # alone with the victim: nobody but the culprit at the crime
            there = self.crime_cell(ir.ItemConst(tl.people, p))
            out.append(ir.Implies(there, ir.Compare("==", ir.AnswerRef(tl.people), ir.ItemConst(tl.people, p))))
        return out
