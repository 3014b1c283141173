"""What every kind of candidate shares: the candidate and the draft, and the builder that
keeps a candidate only when its truth in the world is the one wanted and composes clues
from atoms in the forms of english.forms (an observation or a negation, a list or an
either over two values of one attribute, a conditional on a positive premise: the complexity
levels the difficulty knob steers). No exclusive or, both-or-neither, count of statements
or negated side is drawn, and a clue whose text reads as notation is refused loudly."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from ...english import circumstances, forms, observed
from ...english.atoms import Atom, list_atom, value_list_atom
from ...english.phrases import articles
from ...english.reasons import with_suspect
from ...language import ir
from ...language.evaluate import Evaluator
from ...load.model import Player, Setting, World
from .. import variety
from ..rules import prints_on_wheel
from ..source import Source
from ..world import Plan
from ..writer import SuggestionDoc

# the kinds whose worlds say nothing of where anyone was but the culprit's deed, where "the
# Hall was locked until nine" means no more than its conditional (english.circumstances)
CIRCUMSTANCED = ("traits", "liars")
ORDER = re.compile(r"^(\w+) ([<>]) (\w+)$")   # an order atom's meaning: "time < eight"
HAS = re.compile(r"^(\w+\.\w+) has \w+$")      # a set attribute's value: "suspect.hobbies has chess"

# A composed clue: (means, clause, expr, form), its meaning, its words, its resolved
# expression and its form in english.forms' catalogue
Composition = tuple[str, str, object, str]


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
    form: str = ""                # its form in english.forms' catalogue (bench/prose.py counts them)
    clause: str = ""              # a witness's statement: its clause, to frame (frame_statements)
    rewords: tuple[str, ...] = ()  # other wordings of the clause (english.forms.rewordings)
    # why the clue is never chosen, though it stays in the pool ('' : it may be): a board
    # night's victim "with" a guest after the crime. Kept, so the pool and the chooser's draws
    # are the ones a seed always had, and only the case that would have printed it changes.
    barred: str = ""


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
    def ex(self, means: str) -> ir.Formula:
        return self.source.resolve(means)

    def add(self, cand: Candidate, want: bool | None = True) -> bool:
        """Keep `cand` if its truth is `want` (None: whatever it is) and it is new."""
        if cand.means in self.seen:
            return False
        cand.text = forms.check(articles(cand.text))
        if cand.speaker and self._names_self(cand):
            return False
        if cand.suggestion is None and "holds(" not in cand.means and cand.family != "hand":
            if cand.expr is None:
                cand.expr = self.ex(cand.means)
            if self.long_way(cand.expr):
                return False
            value = self.evaluator.holds(cand.expr, self.facts)
            if want is not None and value != want:
                return False
            text = self.read_true(cand.text, cand.expr, value)
            if text is None:
                return False
            cand.text = text
            cand.clause = cand.clause and (self.read_true(cand.clause, cand.expr, value) or cand.clause)
            cand.truth = value
        self.seen.add(cand.means)
        cand.key = f"k{len(self.out) + 1}"
        self.out.append(cand)
        return True

    def both_sides(self, expr: object, truth: bool) -> bool:
        """An either/or true on both sides in this world, as its speaker says it (a liar's
        "neither A nor B" read the other way round too): a player reads "either A or B" as
        one or the other (english.forms.both_sides)."""
        return forms.both_sides(expr, truth, lambda side: self.evaluator.holds(side, self.facts))

    def read_true(self, text: str, expr: object, truth: bool) -> str | None:
        """`text` (its meaning `expr`, `truth` in this world) as a player can read it true, the
        one home of the both-sides rule: an either/or true on both sides is said "A or B,
        perhaps both" (forms.perhaps_both); a liar's "neither A nor B" whose turned-round sides
        both hold is None, never drawn (the rules say a lie is the opposite, and "not neither"
        reads as one of them)."""
        if not self.both_sides(expr, truth):
            return text
        return forms.perhaps_both(text) if truth else None

    def as_read(self, got: Composition, want: bool) -> Composition | None:
        """`got` as a player can read it true (read_true), or None."""
        said = self.read_true(got[1], got[2], want)
        return None if said is None else (got[0], said, got[2], got[3])

    def own_premise(self, expr: object, speaker: str | None) -> bool:
        """Is `expr` a conditional whose premise holds of its speaker, a suspect, as the culprit?
        Colonel Mustard, who has blonde hair, saying 'Should the culprit have blonde hair, they
        are not lying low at the Fair' reads as a suspect clearing themselves (the editor's
        read, hampshire); such a clue is not given to them."""
        ch = self.setting.characters.get(speaker) if speaker else None
        culprit = self.setting.culprit
        if not isinstance(expr, ir.Implies) or ch is None or not ch.item or not culprit:
            return False
        suspect = self.setting.categories[culprit].item(ch.item)
        return suspect is not None and with_suspect(expr.left, suspect) is True

    def long_way(self, expr: object) -> bool:
        """A list that says one value the long way, an either/or over one category naming the
        thing beside a trait of it, or one over two traits of one thing (english.forms.long_list,
        mixed_either, trait_either): never drawn."""
        return bool(forms.long_list(self.setting, expr) or forms.mixed_either(expr) or forms.trait_either(expr))

    def _names_self(self, cand: Candidate) -> bool:
        """A suspect who speaks does not name themselves ("the culprit is not Reverend Green",
        said by Green): that is a denial, said as one."""
        ch = self.setting.characters.get(cand.speaker) if cand.speaker else None
        return bool(ch and ch.item and ch.name in cand.text)

    # ---- compositions -------------------------------------------------------
    def composed(self, atoms: list[Atom], level: int, want: bool, tries: int = 30,
                 speaker: str | None = None) -> Composition | None:
        """(means, clause, expr, form) of a random composition whose truth is `want`, or None.
        The expression is built from the atoms' resolved ones, as the resolver would build
        it from the text (the final case is parsed and checked for real). Only the forms of
        english.forms are drawn: an observation, a negation or a comparison (level 0), a list
        or an either over two values of one attribute (level 1), a conditional on a positive premise
        (level 2); never one whose premise describes its `speaker` (own_premise)."""
        if not atoms:  # e.g. a category without attributes: nothing to compose
            return None
        for _ in range(tries):
            got = self._compose(atoms, level)
            if got is None:
                continue
            if got[0] in self.seen or self.long_way(got[2]) or self.own_premise(got[2], speaker):
                continue
            if self.evaluator.holds(got[2], self.facts) == want and (said := self.as_read(got, want)):
                return said
        return None

    def _compose(self, atoms: list[Atom], level: int) -> Composition | None:
        rng = self.rng
        a = rng.choice(atoms)
        culprit_item = f"{self.setting.culprit}="
        if level == 0:
            if rng.random() < 0.5 and a.neg_pred is not None:
                a = a.negated()
            if a.topic == culprit_item and " == " in a.means:
                return None  # "the culprit is Plum" gives the game away
            form = "negation" if a.negative else "comparison" if a.topic.endswith("<") else "observation"
            return a.means, a.text, self.ex(a.means), form
        if a.topic == culprit_item and level == 2:
            return None  # "if the culprit has red hair, the culprit is Mrs. Amber" reads oddly
        if level == 1 and (a.topic == culprit_item or rng.random() < 0.34):
            return self._in_list(a)
        if level == 1:
            # an either names two values of one attribute ("either plays chess or goes fishing",
            # "shows yellow or the number 3"): two traits are two facts (forms.trait_either),
            # two categories a formula (forms.cross_either); with no such pair, a list
            own = _attribute(a)
            pairs = [b for b in atoms if b.means != a.means and own is not None and _attribute(b) == own]
            if a.topic.endswith("<"):   # an order and a moment: "at eight o'clock or earlier" (up_to)
                pairs = [b for b in atoms if b.topic == f"{a.category}="]
            if pairs:
                return self.pair("or", a, rng.choice(pairs))
            # a list first: an 'or' a step can read with what it has found (a chain), which two
            # denials said together are not; of the thing's values, else of its items
            items = [b for b in atoms if b.topic == f"{a.category}="]
            listed = self._in_list(a) or (self._in_list(rng.choice(items)) if items and rng.random() < 0.75 else None)
            return listed or self._neither(a, atoms)
        others = [b for b in atoms if b.topic not in (a.topic, culprit_item)]
        if not others:
            return None
        b = rng.choice(others)
        a, b = self.premise_first(a, b)
        if rng.random() < 0.4 and b.neg_pred is not None:
            b = b.negated()   # "if A, then not B" reads; "if not A" and "either not A" do not
        return self.pair("implies", a, b)

    def pair(self, form: str, a: Atom, b: Atom) -> Composition | None:
        """(means, clause, expr, form) of two atoms joined by `form` (or, implies), or None
        when the setting leaves the clue nothing to say (see sayable), or for an either over
        two categories (a formula: forms.cross_either). A conditional is said of the culprit
        where it can be (english.observed: "Whoever used the anchor has hazel eyes"), else in
        english.forms' words. Any other join is notation: english.forms refuses it."""
        if form == "or" and a.category != b.category:
            return None   # a formula over two columns, not a scene (forms.cross_either)
        if form == "or" and (a.topic.endswith("<") or b.topic.endswith("<")):
            return self.up_to(a, b)
        ea, eb = self.ex(a.means), self.ex(b.means)
        if form == "or" and (forms.mixed(a, b) or forms.mixed_either(ir.Or((ea, eb)))):
            return None   # "the culprit either is middle-aged or gardens", "either paper or the telescope"
        culprit = self.templates.subject(self.setting.categories[self.setting.culprit]) if self.setting.culprit else ""
        if form == "or":
            got: Composition = (f"{a.means} or {b.means}", forms.either(a, b, culprit), ir.Or((ea, eb)), "either")
        elif form == "implies":
            people = {self.setting.culprit, self.setting.timeline.people if self.setting.timeline else ""}
            said = circumstances.circumstance(a, b, self.setting, self.templates) if self.world.kind in CIRCUMSTANCED \
                else None   # a circumstance of the scene first: "The Hall was locked until nine o'clock"
            said = said or (observed.whoever(a, b, culprit) if culprit else None)
            got = (f"{a.means} implies {b.means}", said or forms.conditional(a, b, a.category not in people),
                   ir.Implies(ea, eb), "conditional")
        else:
            raise forms.Unsayable(f"no published clue joins two conditions by '{form}'")
        return got if self.sayable(form, ea, eb) else None

    def _neither(self, a: Atom, atoms: list[Atom]) -> Composition | None:
        """(means, clause, expr, form) of two traits of `a`'s thing denied together ("the weapon
        was neither heavy nor made of paper", forms.neither), or None: a level-1 form where the
        thing has no attribute with two values to join by 'or' (murdle's suspects and weapons),
        which a liar's statement turns into one of the two. Each side must be able to hold
        without the other (sayable), else one denial says the other."""
        if a.negative or a.neg_pred is None or "." not in a.topic:
            return None
        others = [b for b in atoms if b.category == a.category and "." in b.topic and b.topic != a.topic
                  and not b.negative and b.neg_pred is not None]
        if not others:
            return None
        b = self.rng.choice(others)
        ea, eb = self.ex(a.means), self.ex(b.means)
        if not self.sayable("or", ea, eb):
            return None
        said = forms.neither(a, b)
        means = f"{a.neg_means} and {b.neg_means}"
        return (means, said, self.ex(means), "neither") if said else None

    def up_to(self, a: Atom, b: Atom) -> Composition | None:
        """An order and a moment of one category joined by 'or' is an order said as a
        disjunction ("either before eight o'clock or at eight o'clock"): said as one time, "at
        eight o'clock or earlier" (a comparison), when the moment is the order's own; any
        other such pair ("either before eight o'clock or at ten o'clock") is not drawn."""
        order, moment = (a, b) if a.topic.endswith("<") else (b, a)
        got = ORDER.match(order.means)
        if moment.topic != f"{order.category}=" or got is None or moment.means != f"{got[1]} == {got[3]}":
            return None
        ids = self.setting.categories[order.category].ids
        if got[3] == ids[-1 if got[2] == "<" else 0]:
            return None   # "at midnight or earlier" of a night ending at midnight says nothing
        means = f"{got[1]} {got[2]}= {got[3]}"
        said = f"{moment.text} or {'earlier' if got[2] == '<' else 'later'}"
        return means, said, self.ex(means), "comparison"

    def premise_first(self, a: Atom, b: Atom) -> tuple[Atom, Atom]:
        """(a, b), or (b, a) when only that order of a conditional is said of the culprit: the
        premise a deed ("Whoever used the anchor has hazel eyes"), not a trait ("If the
        murderer has hazel eyes, then the weapon was the anchor": a narrator's if-then)."""
        culprit = self.templates.subject(self.setting.categories[self.setting.culprit]) if self.setting.culprit else ""
        if culprit and observed.whoever(a, b, culprit) is None and observed.whoever(b, a, culprit) is not None:
            return b, a
        return a, b

    def sayable(self, form: str, ea: object, eb: object) -> bool:
        """Does the setting leave both sides open? Over every answer the categories the two
        sides name could take: a conditional needs its premise to hold both with and without
        its conclusion, and to fail ("if it happened in the Library, it happened in a room of
        size 4", the Library being size 3, only says "not the Library"); an either needs each
        side to hold without the other, and both to fail (else a side is padding)."""
        cats = sorted({n.category for e in (ea, eb) for n in ir.walk(e) if isinstance(n, ir.AnswerRef)})
        seen: set[tuple[bool, bool]] = set()
        facts = World(dict(self.world.answer))
        for combo in _product([self.setting.categories[c].ids for c in cats]):
            facts.answer.update(zip(cats, combo, strict=True))
            seen.add((self.evaluator.holds(ea, facts), self.evaluator.holds(eb, facts)))
        if form == "implies":
            return {(True, True), (True, False)} <= seen and any(not x for x, _ in seen)
        return {(True, False), (False, True), (False, False)} <= seen

    def linked(self, first: list[Atom], second: list[Atom], level: int, want: bool, tries: int = 30,
               known: str | None = None, speaker: str | None = None) -> Composition | None:
        """(means, clause, expr, form) of a clue tying two answer categories together, whose truth
        is `want`: a conditional ("if the culprit wears glasses, they are lying low in the
        Cart", level 2), its premise positive. Read alone it rules out nothing in either
        category; it settles only once another clue narrows one of them (a chain; `known`: the
        category another clue settles first, as the locator does the scene; never one whose
        premise describes its `speaker`, own_premise). None when no such clue is found, and
        always at level 1: an either over two categories ("The thief struck either in the south
        wing or before the early afternoon") is a formula, not a scene (forms.cross_either)."""
        if not first or not second or level <= 1:
            return None
        for _ in range(tries):
            pair = self._link_pair(first, second)
            if pair is None:
                continue
            a, b = self.premise_first(*pair)
            if self.rng.random() < 0.4 and b.neg_pred is not None:
                b = b.negated()
            got = self.pair("implies", a, b)
            if got is None or got[0] in self.seen or self.long_way(got[2]) or self.own_premise(got[2], speaker) or \
                    self.evaluator.holds(got[2], self.facts) != want or not (got := self.as_read(got, want)):
                continue
            if not self._chains(got[2], a.category, b.category, want, known):
                continue
            return got
        return None

    def _link_pair(self, first: list[Atom], second: list[Atom]) -> tuple[Atom, Atom] | None:
        """Two positive atoms of different categories, in either order; None when the draw
        names the culprit (clues name traits, never "if the culprit is Plum, ...")."""
        rng = self.rng
        a, b = rng.choice(first), rng.choice(second)
        if a.category == b.category or f"{self.setting.culprit}=" in (a.topic, b.topic):
            return None
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
        # a list names two or more and leaves two or more out (english.forms.long_list)
        if a.topic == f"{cid}=":
            items = self.rng.sample(cat.ids, min(len(cat.ids) - 2, self.rng.choice([2, 2, 3])))
            if len(items) < 2:
                return None
            atom = list_atom(self.setting, self.templates, cid, items)
        else:
            attr = a.topic.split(".", 1)[1] if "." in a.topic else ""
            spec = cat.attributes.get(attr)
            said = self.ex(a.means) if spec is not None and spec.kind == "enum" else None
            had = forms.term_values(self.setting, said.left) if isinstance(said, ir.Compare) else None
            if spec is None or had is None or len(had) < 4:
                return None
            picked = self.rng.sample(had, 2)
            listed = value_list_atom(self.setting, self.templates, cid, attr,
                                     [v for v in spec.values if str(v) in picked])
            if listed is None:
                return None
            atom = listed
        if self.rng.random() < 0.5:
            atom = atom.negated()
        return atom.means, atom.text, self.ex(atom.means), "list"


def frame_statements(setting: Setting, templates, chosen: list[Candidate], rng: random.Random) -> dict[str, str]:
    """The text of each chosen witness statement, framed case-wide (english.forms.frame_case:
    most bare, no frame twice, a frame only where it fits the form and still prints on the
    speaker's wheel), by candidate key."""
    said = [c for c in chosen if c.clause]
    clauses = worded(setting, said)
    texts = forms.frame_case(rng, [(clauses[c.key], c.form, c.topic) for c in said], templates.get("statements", None),
                             lambda k, text: prints_on_wheel(setting, said[k].speaker, text))
    return {c.key: text for c, text in zip(said, texts, strict=True)}


def worded(setting: Setting, said: list[Candidate]) -> dict[str, str]:
    """Each statement's clause, the clues of one skeleton (generate/variety.py) taking their
    wordings in turn (english.forms.rewordings), a wording kept only where it still prints
    on the speaker's wheel."""
    out: dict[str, str] = {}
    turn: dict[str, int] = {}
    for c in said:
        shape = variety.skeleton(c.form, c.expr)
        turn[shape] = turn.get(shape, -1) + 1
        ways = (c.clause,) + c.rewords
        chosen = ways[turn[shape] % len(ways)] if shape else c.clause
        out[c.key] = chosen if prints_on_wheel(setting, c.speaker, forms.bare(chosen)) else c.clause
    return out


def _attribute(atom: Atom) -> str | None:
    """The set attribute a 'has' atom names a value of ("suspect.hobbies" of "suspect.hobbies
    has chess", "room.code" of "room.code has 3"), else None: only such values are joined by
    'or' (an enum's two values are a list, _in_list)."""
    got = HAS.match(atom.means)
    return got[1] if got else None


def _product(lists: list[list[str]]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for ids in lists:
        out = [t + (i,) for t in out for i in ids]
    return out
