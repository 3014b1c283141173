"""A board timeline's rules for the brute force (bruteforce.py): who and what moves where,
as Kleene checks on a partial world."""

from __future__ import annotations

from bruteforce_kleene import _UNKNOWN, _both


class Board:
    """A board timeline's rules (docs/clue-language.md, "Boards"), as Kleene checks on a
    partial world. Pieces are the people, the timeline's object categories and its victim."""

    def __init__(self, setting):
        tl = self.tl = setting.timeline
        cats = setting.categories
        self.times = cats[tl.times].ids
        self.people = cats[tl.people].ids
        self.objects = [x for c in tl.objects for x in cats[c].ids]
        self.victims = cats[tl.victim].ids if tl.victim else []
        self.pieces = self.people + self.objects + self.victims
        self.adjacent = {z.id: set(z.attrs[tl.moves]) for z in cats[tl.places].items}

    def forced(self, answer) -> list:
        """Cells that must be the crime place: the answer's objects at the crime time, every
        victim at the crime time and after."""
        tl, crime = self.tl, self.times.index(answer[self.tl.times])
        keys = [(answer[c], answer[tl.times]) for c in tl.objects if c in answer]
        return keys + [(v, t) for v in self.victims for t in self.times[crime:]]

    def rules(self, ev, world) -> list:
        out = []
        for t, after in zip(self.times, self.times[1:], strict=False):
            out += [lambda x=x, t=t, a=after: self.step_ok(ev, x, t, a) for x in self.pieces]
            out += [lambda o=o, t=t, a=after: self.carried(ev, o, t, a) for o in self.objects]
        if self.victims:
            out.append(lambda: self.alone(ev, world.answer))
        return out

    def step_ok(self, ev, x, t, after):
        z, n = ev.cell(x, t), ev.cell(x, after)
        if _UNKNOWN in (z, n):
            return None
        return n == z or n in self.adjacent[z]

    def carried(self, ev, o, t, after):
        z, n = ev.cell(o, t), ev.cell(o, after)
        if z == n and z is not _UNKNOWN:
            return True
        if _UNKNOWN in (z, n):
            return None
        found = [_both(ev.cell(p, t) == z if ev.cell(p, t) is not _UNKNOWN else None,
                       ev.cell(p, after) == n if ev.cell(p, after) is not _UNKNOWN else None) for p in self.people]
        if True in found:
            return True
        return None if None in found else False

    def alone(self, ev, answer):
        tl = self.tl
        others = [ev.cell(p, answer[tl.times]) for p in self.people if p != answer[tl.people]]
        if answer[tl.places] in others:
            return False
        return None if _UNKNOWN in others else True
