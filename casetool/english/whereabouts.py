"""The whereabouts a supposition reads (english/chain.py): for each person and time the places
they may still have been at (or away), beside the items each answer category may still be,
and the timeline rule that ties them (the culprit was at the crime place at the crime time:
the answer's suspect, place and time are possible together only if that suspect, then, may
have been at that place).

A note is read by its conjuncts ('All the men were in the Garden at noon' is one cell a man),
each settled over the answer categories it names and the cells it reads: every answer and
cell value that some way of making it true uses is kept, the rest ruled out. Cells are read
as the evaluator asks for them (language/evaluate.py over a world that knows the answer and
the cells assigned so far), so a conjunct that reads few cells is cheap; one that needs more
than LEAVES evaluations, or reads liars or cards, is not read. Every narrowing is a
consequence of the clue, the rule and what was known before it."""

from __future__ import annotations

import itertools
import math
from typing import Any, NamedTuple

from ..language import ir
from ..language.evaluate import Evaluator, Unknown, answer_only
from ..load.model import Case, World

MOST = 512      # answers a clue, or one conjunct of it, is read over at most (chain.py too)
LEAVES = 4096   # evaluations a conjunct may take at most, over its answers and cells


class _Need(Exception):
    """The evaluator asked for a cell not yet assigned."""

    def __init__(self, key: tuple[str, str]):
        super().__init__(key)
        self.key = key


class _TooBig(Exception):
    pass


class _Loc:
    """The cells assigned so far; asking for another one is a branch point."""

    def __init__(self, assigned: dict):
        self.assigned = assigned

    def __getitem__(self, key: tuple[str, str]) -> str:
        if key in self.assigned:
            return self.assigned[key]
        raise _Need(key)


class Read(NamedTuple):
    """What reading a clue leaves: the answer domains, the cells, and 'ok', 'empty' (an answer
    category has nothing left) or 'false' (the clue cannot hold, or a cell has no place left;
    when the part that cannot hold names the answer, the first category it names, the culprit
    first, is left with nothing)."""
    domains: dict[str, list[str]]
    cells: dict[tuple[str, str], list[str]]
    status: str


def named_categories(expr: object) -> list[str]:
    """The answer categories a clue names, in the order it names them."""
    return list(dict.fromkeys(n.category for n in ir.walk(expr) if isinstance(n, ir.AnswerRef)))


def within_reach(cats: list[str], domains: dict[str, list[str]]) -> bool:
    """Whether the answers `domains` allow over `cats` are few enough to read one by one."""
    return math.prod(len(domains[c]) for c in cats) <= MOST


def whereabouts(expr: object) -> bool:
    """Does the clue speak of who was where?"""
    return any(isinstance(n, (ir.At, ir.Together)) for n in ir.walk(expr))


def conjuncts(expr: object) -> list:
    """The parts that must each hold: a top-level 'and' split, 'not (A or B)' as 'not A' and
    'not B', 'not (A implies B)' as A and 'not B'."""
    if isinstance(expr, ir.And):
        return [c for a in expr.args for c in conjuncts(a)]
    if isinstance(expr, ir.Not):
        inner = expr.arg
        if isinstance(inner, ir.Not):
            return conjuncts(inner.arg)
        if isinstance(inner, ir.Or):
            return [c for a in inner.args for c in conjuncts(ir.Not(a))]
        if isinstance(inner, ir.Implies):
            return conjuncts(inner.left) + conjuncts(ir.Not(inner.right))
    if isinstance(expr, ir.Const) and expr.value:
        return []
    return [expr]


class Whereabouts:
    """The cells of one reading; `read` narrows a copy, `take` keeps it."""

    def __init__(self, case: Case):
        setting = case.setting
        tl = setting.timeline
        assert tl is not None
        self.people, self.times, self.places = tl.people, tl.times, tl.places
        cats = setting.categories
        values = [*cats[tl.places].ids, ir.AWAY]
        self.cells = {(p, t): values for p in cats[tl.people].ids for t in cats[tl.times].ids}
        self.evaluator = Evaluator(setting)
        self.touched = False   # some cell narrowed: the rule may then narrow the answer

    @staticmethod
    def usable(case: Case) -> bool:
        """A timeline of whereabouts (not a board, whose moves the reading does not know) whose
        people, places and times are all in the answer."""
        tl = case.setting.timeline
        return bool(tl and not tl.moves and all(c in case.setting.answer for c in (tl.people, tl.times, tl.places)))

    def copy(self) -> Whereabouts:
        other = object.__new__(Whereabouts)
        other.__dict__.update(self.__dict__)
        other.cells = dict(self.cells)
        return other

    def take(self, got: Read) -> None:
        if got.cells != self.cells:
            self.touched = True
        self.cells = got.cells

    def read(self, expr: object, domains: dict[str, list[str]]) -> Read | None:
        """`expr` read with the rule to a fixed point; None when no part of it can be read."""
        doms, cells = dict(domains), dict(self.cells)
        parts = conjuncts(expr)
        readable = [True] * len(parts)
        for _ in range(4 * len(parts) + 4):
            changed = False
            for k, part in enumerate(parts):
                if not readable[k]:
                    continue
                got = self._narrow(part, doms, cells)
                if got is None:
                    readable[k] = False
                    continue
                if got == "false":   # said of the answer: the first category it names has nothing left
                    named = sorted(named_categories(part), key=lambda c: c != self.people)
                    return Read({**doms, named[0]: []} if named else doms, cells, "false")
                changed |= got == "changed"
            if not any(readable):
                return None
            if any(not cells[key] for key in cells):
                return Read(doms, cells, "false")
            if not any(not v for v in doms.values()):
                changed |= self.rule(doms, cells)
            if any(not v for v in doms.values()):
                return Read(doms, cells, "empty")
            if not changed:
                break
        return Read(doms, cells, "ok")

    def rule(self, doms: dict[str, list[str]], cells: dict) -> bool:
        """The culprit was at the crime place at the crime time: keep the items of an answer
        some cell allows, narrowing `doms` in place (when none is left, the culprit's category is
        the one said to be empty: nobody left to be the culprit); whether anything changed. The
        cells are not narrowed by it: what they rule out is said of the answer."""
        P, T, L = self.people, self.times, self.places
        seen: dict[str, set] = {P: set(), T: set(), L: set()}
        for s, t in itertools.product(doms[P], doms[T]):
            cell = cells[(s, t)]
            fits = [p for p in doms[L] if p in cell]
            if fits:
                seen[P].add(s)
                seen[T].add(t)
                seen[L].update(fits)
        if not seen[P]:
            changed = bool(doms[P])
            doms[P] = []
            return changed
        changed = False
        for c in (P, T, L):
            keep = [i for i in doms[c] if i in seen[c]]
            if keep != doms[c]:
                doms[c], changed = keep, True
        return changed

    def _narrow(self, part: object, doms: dict[str, list[str]], cells: dict) -> str | None:
        """Settle one conjunct: 'false' (no way to make it true), 'changed', 'same', or None
        (too big, or it reads what an answer and cells do not say)."""
        cats = named_categories(part)
        if not within_reach(cats, doms):
            return None
        kept: dict[Any, set] = {c: set() for c in cats}
        asked: set = set()      # cells some evaluation asked for
        ways: list = []         # the cells each true evaluation read: any value of the others fits it
        count = [0]

        def walk(answer: dict, assigned: dict) -> None:
            count[0] += 1
            if count[0] > LEAVES:
                raise _TooBig
            base = answer_only(answer)
            world = World(answer=answer, liars=base.liars, loc=_Loc(assigned), owner=base.owner, facts=base.facts)  # type: ignore[arg-type]
            try:
                value = self.evaluator.holds(part, world)
            except _Need as need:
                key = need.key
                if key not in cells:
                    raise Unknown("a cell of no person and time") from None
                asked.add(key)
                for v in cells[key]:
                    assigned[key] = v
                    walk(answer, assigned)
                del assigned[key]
                return
            if value:
                for c in cats:
                    kept[c].add(answer[c])
                for key, v in assigned.items():
                    kept.setdefault(key, set()).add(v)
                ways.append(frozenset(assigned))

        try:
            for combo in itertools.product(*(doms[c] for c in cats)):
                walk(dict(zip(cats, combo, strict=True)), {})
        except (_TooBig, Unknown, KeyError, AssertionError):
            return None
        if not ways:
            return "false"
        free = {key for key in asked if any(key not in way for way in ways)}
        changed = False
        for c in cats:
            keep = [i for i in doms[c] if i in kept[c]]
            if keep != doms[c]:
                doms[c], changed = keep, True
        for key in asked:
            if key in free:
                continue
            keep = [v for v in cells[key] if v in kept.get(key, ())]
            if keep != cells[key]:
                cells[key], changed = keep, True
        return "changed" if changed else "same"


COUNTS = {1: "one room", 2: "two rooms", 3: "three rooms", 4: "four rooms", 5: "five rooms"}


def steps_apart(case: Case) -> dict[tuple[str, str], int] | None:
    """How many rooms apart each two places are, by the places' attribute of the places next to
    them (grange's `adjacent`); None when the setting has no such attribute."""
    tl = case.setting.timeline
    places = case.setting.categories[tl.places] if tl else None
    attr = next((a for a in places.attributes.values() if a.category == tl.places and a.kind in ("set", "item")), None) \
        if places and tl else None
    if attr is None or places is None:
        return None
    near = {i.id: set(i.attrs.get(attr.id) or ()) for i in places.items}
    apart: dict[tuple[str, str], int] = {}
    for start in near:
        seen, edge, k = {start}, {start}, 0
        while edge:
            apart.update({(start, p): k for p in edge})
            edge = {q for p in edge for q in near[p]} - seen
            seen |= edge
            k += 1
    return apart


def moving_rule(case: Case) -> str:
    """The setting's printed rule on how far people move ('Everybody moves at most one room at a
    time, or stays where they are.'), as the rules page says it; '' when it has none."""
    for rule in case.setting.always:
        if rule.expr is not None and any(isinstance(n, ir.At) for n in ir.walk(rule.expr)):
            return " ".join(rule.text.split())
    return ""


def too_far(case: Case, expr: object, domains: dict[str, list[str]], ruled: list[str]) -> tuple[str, str] | None:
    """Why a note that puts suspects somewhere at another hour than the crime's rules them out:
    the crime's place (decided) is more rooms from where the note has them than hours lie between,
    and the setting's rule moves people one room at a time. (the note's place, how far: 'three
    rooms'); None when the note rules them out at the crime's own hour, or not by distance."""
    tl, apart = case.setting.timeline, steps_apart(case)
    if tl is None or tl.moves or apart is None or not moving_rule(case) or len(domains[tl.places]) != 1 or not ruled:
        return None
    crime, hours = domains[tl.places][0], case.setting.categories[tl.times].ids
    got = Whereabouts(case).read(expr, {**domains, tl.people: list(case.setting.categories[tl.people].ids)})
    if got is None or got.status == "false":
        return None
    found = None
    for s in ruled:
        spots = {t: got.cells[(s, t)][0] for t in hours if len(got.cells[(s, t)]) == 1 and got.cells[(s, t)][0] != ir.AWAY}
        if all(crime not in got.cells[(s, t)] for t in domains[tl.times]):
            return None   # ruled out at the crime's hour itself: no moving needed
        far = [(t, q) for t, q in spots.items()
               if all(apart.get((q, crime), 99) > abs(hours.index(t) - hours.index(when)) for when in domains[tl.times])]
        if not far or (found and far[0][1] != found):
            return None
        found = far[0][1]
    far_by = apart.get((found, crime)) if found else None
    return (found, COUNTS[far_by]) if found and far_by in COUNTS else None


def place_too_far(case: Case, expr: object, domains: dict[str, list[str]], ruled: list[str]) -> tuple[str, str] | None:
    """Why a note on where people were at another hour than the crime's rules out places: at that
    hour it leaves the suspects still in play one room between them, and each place it rules out
    is more rooms from that room than hours lie between (grange timeline hard 91: 'The Hall, the
    Library and the Cellar were all empty at nine o'clock', the crime at eight, rules out the
    Library, two rooms from the Kitchen). (that room, how far: 'two rooms'); None otherwise."""
    tl, apart = case.setting.timeline, steps_apart(case)
    if tl is None or tl.moves or apart is None or not moving_rule(case) or len(domains[tl.times]) != 1 or not ruled:
        return None
    hours, when = case.setting.categories[tl.times].ids, domains[tl.times][0]
    got = Whereabouts(case).read(expr, {**domains, tl.people: list(case.setting.categories[tl.people].ids)})
    if got is None or got.status == "false":
        return None
    for t in hours:
        rooms = {q for s in domains[tl.people] for q in got.cells[(s, t)]}
        if hours.index(t) > hours.index(when):   # in a room at the crime, so in one after: the rule moves, never leaves
            rooms.discard(ir.AWAY)
        if t == when or len(rooms) != 1 or ir.AWAY in rooms:
            continue
        (room,) = rooms
        far = {apart.get((room, p), 0) for p in ruled}
        if len(far) == 1 and min(far) > abs(hours.index(t) - hours.index(when)) and min(far) in COUNTS:
            return room, COUNTS[min(far)]
    return None
