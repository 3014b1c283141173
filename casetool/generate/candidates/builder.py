"""What every kind of candidate shares: the candidate and the draft, and the builder that
keeps a candidate only when its truth in the world is the one wanted and composes clues
from atoms (a single condition, a list or an "or", an implication, an exclusive or, a
count: the complexity levels the difficulty knob steers)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...english.atoms import Atom, list_atom, value_list_atom
from ...english.phrases import Templates, articles
from ...language import ir
from ...load.model import Player, Setting, World
from ..evaluate import Evaluator
from ..source import Source
from ..world import Plan
from ..writer import SuggestionDoc

# A composed clue: (means, clause, expr), its meaning, its words and its resolved expression
Composition = tuple[str, str, object]


@dataclass
class Candidate:
    key: str
    means: str
    text: str
    speaker: str | None = None
    kind: str = "fact"
    family: str = ""
    level: int = 0
    topic: str = ""
    group: str | None = None      # at most one candidate of a group (a wheel shows one statement)
    pinned: bool = False          # always in the case
    fragile: bool = False         # needs another clue to keep the world possible (naming a liar)
    truth: bool = True            # its meaning's truth in the world (False for a liar's statement)
    suggestion: SuggestionDoc | None = None
    comment: str = ""
    reveal: int | None = None
    expr: object = None
    linked: bool = False          # ties two answer categories together (settles in a chain)


@dataclass
class Draft:
    """A world's candidates plus what the case needs around them."""
    candidates: list[Candidate]
    liar_rule: str
    players: list[Player] = field(default_factory=list)


class Builder:
    def __init__(self, source: Source, world: Plan, rng: random.Random):
        self.source = source
        self.setting: Setting = source.setting
        self.templates = source.templates
        self.world = world
        self.rng = rng
        self.facts = world.complete()
        self.evaluator = Evaluator(self.setting)
        self.out: list[Candidate] = []
        self.seen: set[str] = set()

    # ---- truth --------------------------------------------------------------
    def ex(self, means: str) -> object:
        return self.source.resolve(means)

    def add(self, cand: Candidate, want: bool | None = True) -> bool:
        """Keep `cand` if its truth is `want` (None: whatever it is) and it is new."""
        if cand.means in self.seen:
            return False
        cand.text = articles(cand.text)
        if cand.speaker and self._names_self(cand):
            return False
        if cand.suggestion is None and "holds(" not in cand.means and cand.family != "hand":
            if cand.expr is None:
                cand.expr = self.ex(cand.means)
            value = self.evaluator.holds(cand.expr, self.facts)
            if want is not None and value != want:
                return False
            cand.truth = value
        self.seen.add(cand.means)
        cand.key = f"k{len(self.out) + 1}"
        self.out.append(cand)
        return True

    def _names_self(self, cand: Candidate) -> bool:
        """A suspect who speaks does not name themselves ("the culprit is not Reverend Green",
        said by Green): that is a denial, said as one."""
        ch = self.setting.characters.get(cand.speaker) if cand.speaker else None
        return bool(ch and ch.item and ch.name in cand.text)

    # ---- compositions -------------------------------------------------------
    def composed(self, atoms: list[Atom], level: int, want: bool, tries: int = 30) -> Composition | None:
        """(means, clause, expr) of a random composition whose truth is `want`, or None.
        The expression is built from the atoms' resolved ones, as the resolver would build
        it from the text (the final case is parsed and checked for real)."""
        if not atoms:  # e.g. a category without attributes: nothing to compose
            return None
        for _ in range(tries):
            got = self._compose(atoms, level)
            if got is None:
                continue
            means, clause, expr = got
            if means in self.seen:
                continue
            if self.evaluator.holds(expr, self.facts) == want:
                return means, clause, expr
        return None

    def _compose(self, atoms: list[Atom], level: int) -> Composition | None:
        rng = self.rng
        a = rng.choice(atoms)
        if rng.random() < 0.5 and a.neg_pred is not None:
            a = a.negated()
        culprit_item = f"{self.setting.culprit}="
        if level == 0:
            if a.topic == culprit_item and " == " in a.means:
                return None  # "the culprit is Plum" gives the game away
            return a.means, a.text, self.ex(a.means)
        if a.topic == culprit_item and level == 2:
            return None  # "if the culprit has red hair, the culprit is Mrs. Amber" reads oddly
        others = [b for b in atoms if b.topic not in (a.topic, culprit_item)]
        if not others:
            return None
        b = rng.choice(others)
        if rng.random() < 0.4 and b.neg_pred is not None:
            b = b.negated()
        if level == 1:
            form = rng.choice(["in", "or", "or"])
            if form == "in" or a.topic == culprit_item:
                return self._in_list(a)
            return self._pair("or", a, b)
        form = rng.choice(["implies", "implies", "xor", "iff", "count", "and_or"])
        if form == "and_or":
            return self._and_or(a, b, others)
        if form == "count":
            return self._count_of_three(a, b, others)
        return self._pair(form, a, b)

    def _pair(self, form: str, a: Atom, b: Atom) -> Composition:
        """(means, clause, expr) of two atoms joined by `form`: or, implies, xor, iff."""
        ea, eb = self.ex(a.means), self.ex(b.means)
        if form == "or":
            return f"{a.means} or {b.means}", _either(a, b, "or"), ir.Or((ea, eb))
        if form == "implies":
            return f"{a.means} implies {b.means}", f"if {a.text}, then {b.text}", ir.Implies(ea, eb)
        if form == "xor":
            return f"{a.means} xor {b.means}", _either(a, b, "xor"), ir.Xor((ea, eb))
        return (f"{a.means} iff {b.means}", f"these are both true or both false: {a.text}; {b.text}",
                ir.Iff((ea, eb)))

    def _and_or(self, a: Atom, b: Atom, others: list[Atom]) -> Composition:
        """'A; and either B or C' (a semicolon scopes the 'and')."""
        c = self.rng.choice([x for x in others if x.topic != b.topic] or others)
        ea, eb, ec = self.ex(a.means), self.ex(b.means), self.ex(c.means)
        return (f"{a.means} and ({b.means} or {c.means})", f"{a.text}; and {_either(b, c, 'or')}",
                ir.And((ea, ir.Or((eb, ec)))))

    def _count_of_three(self, a: Atom, b: Atom, others: list[Atom]) -> Composition | None:
        """'exactly one of these is true: A; B; C' (or at least two), over three topics."""
        third = [x for x in others if x.topic != b.topic]
        if not third:
            return None
        c = self.rng.choice(third)
        n, word = self.rng.choice([(1, "exactly one"), (2, "at least two")])
        op = "exactly" if n == 1 else "at least"
        return (f"{op} {n} of [{a.means}, {b.means}, {c.means}]",
                f"{word} of these {'is' if n == 1 else 'are'} true: {a.text}; {b.text}; {c.text}",
                ir.Count("==" if n == 1 else ">=", n, (self.ex(a.means), self.ex(b.means), self.ex(c.means))))

    def linked(self, first: list[Atom], second: list[Atom], level: int, want: bool, tries: int = 30,
               known: str | None = None) -> Composition | None:
        """(means, clause, expr) of a clue tying two answer categories together, whose truth
        is `want`: "if the hiding place is the Cart, then the culprit wears glasses" (level 2:
        if, either-but-not-both, both-or-neither) or "either ... or ..." (level 1). Read alone
        it rules out nothing in either category; it settles only once another clue narrows
        one of them (a chain; `known`: the category another clue settles first, as the
        locator does the scene). None when no such clue is found."""
        if not first or not second:
            return None
        for _ in range(tries):
            pair = self._link_pair(first, second)
            if pair is None:
                continue
            a, b = pair
            form = "or" if level <= 1 else self.rng.choice(["implies", "implies", "implies", "xor", "iff"])
            got = self._pair(form, a, b)
            if got[0] in self.seen or self.evaluator.holds(got[2], self.facts) != want:
                continue
            if not self._chains(got[2], a.category, b.category, want, known):
                continue
            return got
        return None

    def _link_pair(self, first: list[Atom], second: list[Atom]) -> tuple[Atom, Atom] | None:
        """Two atoms of different categories, maybe negated, in either order; None when the
        draw names the culprit (clues name traits, never "if the culprit is Plum, ...")."""
        rng = self.rng
        a, b = rng.choice(first), rng.choice(second)
        if a.category == b.category or f"{self.setting.culprit}=" in (a.topic, b.topic):
            return None
        if rng.random() < 0.4 and a.neg_pred is not None:
            a = a.negated()
        if rng.random() < 0.4 and b.neg_pred is not None:
            b = b.negated()
        return (b, a) if rng.random() < 0.5 else (a, b)

    def _chains(self, expr: object, first: str, second: str, want: bool, known: str | None) -> bool:
        """Does the clue settle only in a chain? Read alone it rules out no item of either
        category, but once one category is known (as in this world) it rules out an item of
        the other. (A liar's statement is read reversed: `want` False.)"""
        cats = self.setting.categories
        facts = World(dict(self.world.answer))
        table: dict[tuple[str, str], bool] = {}
        for x in cats[first].ids:
            for y in cats[second].ids:
                facts.answer[first], facts.answer[second] = x, y
                table[(x, y)] = self.evaluator.holds(expr, facts) == want
        if any(not any(table[(x, y)] for y in cats[second].ids) for x in cats[first].ids) or \
                any(not any(table[(x, y)] for x in cats[first].ids) for y in cats[second].ids):
            return False   # it rules something out alone: no chain
        ax, ay = self.world.answer[first], self.world.answer[second]
        narrows_second = not all(table[(ax, y)] for y in cats[second].ids)   # once `first` is known
        narrows_first = not all(table[(x, ay)] for x in cats[first].ids)
        if known is not None:
            return narrows_second if known == first else narrows_first
        return narrows_first or narrows_second

    def _in_list(self, a: Atom) -> Composition | None:
        cid = a.category
        cat = self.setting.categories.get(cid)
        if cat is None:
            return None
        if a.topic == f"{cid}=":
            items = self.rng.sample(cat.ids, min(len(cat.ids) - 1, self.rng.choice([2, 2, 3])))
            if len(items) < 2:
                return None
            atom = list_atom(self.setting, self.templates, cid, items)
        else:
            attr = a.topic.split(".", 1)[1] if "." in a.topic else ""
            spec = cat.attributes.get(attr)
            if spec is None or spec.kind != "enum" or len(spec.values) < 3:
                return None
            listed = value_list_atom(self.setting, self.templates, cid, attr, self.rng.sample(spec.values, 2))
            if listed is None:
                return None
            atom = listed
        if self.rng.random() < 0.5:
            atom = atom.negated()
        return atom.means, atom.text, self.ex(atom.means)


def pick_frame(rng: random.Random, templates: Templates, key: str, default: list[str], clause: str) -> str:
    """A sentence frame; a clause with its own colon or semicolons gets a plain one."""
    frame_ = templates.pick(rng, key, default)
    if (":" in clause or ";" in clause) and (":" in frame_.replace("{Clause}", "").replace("{clause}", "")
                                             or ";" in frame_):
        return "{Clause}."
    return frame_


def _either(a: Atom, b: Atom, how: str) -> str:
    """'the culprit either plays chess or fishes' (one subject), else two clauses; always
    with 'either', so a negation inside cannot read as 'neither'."""
    tail = ", but not both" if how == "xor" else ""
    if a.subject == b.subject:
        return articles(f"{a.subject} either {a.pred} or {b.pred}{tail}")
    return f"either {a.text}, or {b.text}{tail}"
