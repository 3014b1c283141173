"""How a player settles a board night's cells from the clues, each with its reason: a clue
that says the room, a companion whose room is known ("was with"), or the rooms a piece
could reach from its known rooms an hour before and after, less the rooms the clues rule
out. Read by english/board_solution.py, which tells the cells the crime hinges on.

A plain propagation over each cell's possible rooms, sound by construction (every rule is
one the board or a clue states), never a search: a cell it cannot settle is left to the
page's fallback ("the rest of the night"). Only the clue forms a board case is written
in are read (a room, a room ruled out, two pieces together or apart, a move, a room
nobody was in, a room nobody set foot in after an hour); any other clue is left out,
which only makes the propagation weaker.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..language import ir
from ..load.model import Case

Cell = tuple[str, str]   # (piece, time)


@dataclass
class Reason:
    """Why a cell has its one room: the clue ids read, and the cells it leans on."""
    rule: str                                     # "clue", "with", "lay", "reach", "ruled"
    clues: list[str] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)
    ruled_out: list[str] = field(default_factory=list)   # rooms a clue ruled out (reach)


@dataclass
class _Links:
    together: list[tuple[Cell, Cell, str]] = field(default_factory=list)   # (a, b, clue id)
    apart: list[tuple[Cell, Cell, str]] = field(default_factory=list)
    lay: list[tuple[Cell, Cell, str]] = field(default_factory=list)       # the victim, after he died
    next_to: list[tuple[Cell, Cell, str]] = field(default_factory=list)   # a's room is next to b's


class Reasoner:
    def __init__(self, case: Case, lay: tuple[str, str] | None = None):
        """`lay`: (hour, clue id) of a note that the victim was dead by that hour: from
        then on he lay where he fell, so his cells from that hour on are one room."""
        setting = case.setting
        tl = setting.timeline
        assert tl is not None and tl.moves
        cats = setting.categories
        self.times = cats[tl.times].ids
        self.rooms = cats[tl.places].ids
        pieces = cats[tl.people].ids + [x for c in tl.objects for x in cats[c].ids]
        pieces += cats[tl.victim].ids if tl.victim else []
        self.reach = {z.id: {z.id, *(n for n in z.attrs.get(tl.moves) or [])} for z in cats[tl.places].items}
        self.moves = tl.moves
        self.attrs = {z.id: z.attrs for z in cats[tl.places].items}
        self.dom: dict[Cell, set[str]] = {(x, t): set(self.rooms) for x in pieces for t in self.times}
        self.out: dict[Cell, list[tuple[str, str]]] = {k: [] for k in self.dom}   # room ruled out, by clue
        self.why: dict[Cell, Reason] = {}
        self.links = _Links()
        liars = case.who_can_lie()
        for clue in case.clues:   # a word that may be a lie (the murderer's alibi) settles no cell
            if clue.expr is not None and (clue.speaker is None or clue.speaker not in liars):
                self._read(clue.id, clue.expr)
        if lay is not None and tl.victim:
            for v in cats[tl.victim].ids:
                after = self.times[self.times.index(lay[0]):]
                self.links.lay += [((v, t), (v, u), lay[1]) for t, u in zip(after, after[1:], strict=False)]
        self._settle()

    # ---- reading the clues --------------------------------------------------------
    def _read(self, cid: str, expr, negated: bool = False) -> None:
        """The clue's cells and rooms, through the shapes a board clue takes: a conjunction
        (a move), a negation, "nobody was in" (no one of them: each is not), "nobody set
        foot in ... after" (for each later hour, written as an hour compared with one)."""
        if isinstance(expr, ir.Not):
            self._read(cid, expr.arg, not negated)
            return
        if isinstance(expr, ir.And if not negated else ir.Or):
            for arg in expr.args:
                self._read(cid, arg, negated)
            return
        if isinstance(expr, ir.And) and negated:   # "not (true and a cell)": the cell is not
            parts = [a for a in expr.args if not (isinstance(a, ir.Const) and a.value is True)]
            if len(parts) == 1:
                self._read(cid, parts[0], negated)
            return
        if isinstance(expr, ir.Implies) and not negated:
            if self._holds(expr.left):
                self._read(cid, expr.right)
            return
        if isinstance(expr, ir.Compare) and expr.op in (ir.CompareOp.EQ, ir.CompareOp.NE):
            self._compare(cid, expr, negated)
        elif isinstance(expr, ir.Contains) and not negated and isinstance(expr.term, ir.AttrOf) \
                and expr.term.attribute == self.moves:   # "in a room next to Dr Crane's"
            a, b = _cell(expr.term.term), _cell(expr.value)
            if a in self.dom and b in self.dom:
                self.links.next_to.append((a, b, cid))

    def _holds(self, cond) -> bool:
        """An hour compared with an hour (the filter of "after nine"), or False."""
        if not (isinstance(cond, ir.Compare) and isinstance(cond.left, ir.ItemConst)
                and isinstance(cond.right, ir.ItemConst) and cond.left.item in self.times
                and cond.right.item in self.times):
            return False
        a, b = self.times.index(cond.left.item), self.times.index(cond.right.item)
        return {ir.CompareOp.GT: a > b, ir.CompareOp.GE: a >= b, ir.CompareOp.LT: a < b,
                ir.CompareOp.LE: a <= b}.get(cond.op, False)

    def _compare(self, cid: str, expr: ir.Compare, negated: bool) -> None:
        if isinstance(expr.left, ir.AttrOf) and isinstance(expr.right, ir.ItemConst):   # "in the east wing"
            cell, attr = _cell(expr.left.term), expr.left.attribute
            if cell in self.dom:
                want = (expr.op == ir.CompareOp.EQ) != negated
                self._rule_out(cell, [z for z in self.rooms if (self.attrs[z].get(attr) == expr.right.item) != want],
                               cid)
            return
        a, b = _cell(expr.left), _cell(expr.right)
        eq = (expr.op == ir.CompareOp.EQ) != negated
        if a and a in self.dom and b and b in self.dom:
            (self.links.together if eq else self.links.apart).append((a, b, cid))
        elif a and a in self.dom and isinstance(expr.right, ir.ItemConst) and expr.right.item in self.rooms:
            z = expr.right.item
            if eq:
                self._fix(a, z, Reason("clue", [cid]))
            elif z in self.dom[a]:
                self.dom[a].discard(z)
                self.out[a].append((z, cid))

    def _doors(self, z: str) -> list[str]:
        return list(self.attrs[z].get(self.moves) or [])

    def _rule_out(self, cell: Cell, rooms: list[str], cid: str) -> bool:
        gone = [z for z in rooms if z in self.dom[cell]]
        if cell in self.why or not gone:
            return False
        for z in gone:
            self.dom[cell].discard(z)
            self.out[cell].append((z, cid))
        return True

    def _fix(self, cell: Cell, z: str, reason: Reason) -> bool:
        if self.dom[cell] == {z} and cell in self.why:
            return False
        self.dom[cell] = {z}
        self.why[cell] = reason
        return True

    # ---- propagation -------------------------------------------------------------
    def _settle(self) -> None:
        changed = True
        while changed:
            changed = self._companions() | self._steps()

    def _companions(self) -> bool:
        changed = False
        for links, rule in ((self.links.together, "with"), (self.links.lay, "lay")):
            for a, b, cid in links:
                for x, y in ((a, b), (b, a)):
                    if y in self.why and x not in self.why:
                        changed |= self._fix(x, next(iter(self.dom[y])), Reason(rule, [cid], [y]))
        for a, b, cid in self.links.next_to:   # the board's doors, read both ways
            if b in self.why:
                yb = next(iter(self.dom[b]))
                changed |= self._rule_out(a, [z for z in self.rooms if yb not in self._doors(z)], cid)
            if a in self.why:
                near = self._doors(next(iter(self.dom[a])))
                changed |= self._rule_out(b, [z for z in self.rooms if z not in near], cid)
        for a, b, cid in self.links.apart:
            for x, y in ((a, b), (b, a)):
                z = next(iter(self.dom[y])) if y in self.why else None
                if z is not None and x not in self.why and z in self.dom[x]:
                    self.dom[x].discard(z)
                    self.out[x].append((z, cid))
                    changed = True
        return changed

    def _steps(self) -> bool:
        """A piece stays or steps next door: its room at t is one reachable from its known
        rooms at t-1 and t+1. Settled only from cells already settled, so the reason can
        name them."""
        changed = False
        for (x, t), rooms in self.dom.items():
            if (x, t) in self.why:
                continue
            k = self.times.index(t)
            near = [(x, self.times[j]) for j in (k - 1, k + 1) if 0 <= j < len(self.times)]
            known = [c for c in near if c in self.why]
            left = set(rooms)
            for c in known:
                left &= self.reach[next(iter(self.dom[c]))]
            if len(rooms) == 1 and not known:   # the clues ruled out every other room
                clues = sorted({cid for _, cid in self.out[(x, t)]})
                changed |= self._fix((x, t), next(iter(rooms)), Reason("ruled", clues, [],
                                                                      [r for r, _ in self.out[(x, t)]]))
            elif len(left) == 1 and known:
                z = next(iter(left))
                reachable = set(self.rooms)
                for c in known:
                    reachable &= self.reach[next(iter(self.dom[c]))]
                clues = sorted({cid for r, cid in self.out[(x, t)] if r in reachable})
                ruled = [r for r in self.rooms if r in reachable and r != z]
                changed |= self._fix((x, t), z, Reason("reach", clues, known, ruled))
        return changed

    def ruled_by(self, cell: Cell, z: str) -> str | None:
        """The clue that rules room z out for the cell outright, if one does."""
        return next((cid for r, cid in self.out[cell] if r == z), None)

    def room(self, cell: Cell) -> str | None:
        """The cell's room when the propagation settled it."""
        return next(iter(self.dom[cell])) if cell in self.why else None


def _cell(term) -> Cell | None:
    if isinstance(term, ir.At) and isinstance(term.person, ir.ItemConst) and isinstance(term.time, ir.ItemConst):
        return term.person.item, term.time.item
    return None
