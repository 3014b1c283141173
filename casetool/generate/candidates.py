"""Candidate clues for one world: every clue the generator might use, each true in the
world (or false, for a liar's statement), with its meaning and its natural text.

Kinds of case and where their candidates come from:

* traits: witnesses' statements about the culprit's traits (the liar rule decides who
  may lie), the inspector naming the liar or vouching for everyone, the locator naming
  the scene, the narrator's facts about the other answer categories;
* liars: the same under "the culprit lies, everyone else tells the truth";
* timeline: the inspector's notes on whereabouts (who was where when, who was together,
  who was away) and on the place and the time; the object is given at the start, as in
  the DVD game's random case;
* cards: a suggestion log drawn from the deal, the reader's own hand, a few facts about
  other hands;
* codes: clue counters, each revealing part of a murder card's code.

Each candidate has a complexity level (0 a single condition, 1 a list or an "or",
2 an implication, an exclusive or, a count), which the difficulty knob steers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..language import ir
from ..language.ir import AWAY
from ..model import Character, Player, Setting, Timeline, World
from .atoms import Atom, category_atoms, list_atom, value_list_atom
from .evaluate import Evaluator
from .source import Source, liar_witnesses
from .text import (
    COUNTER,
    INSPECTOR,
    NOTES,
    STATEMENTS,
    Templates,
    articles,
    cap,
    fill,
    frame,
    item_name,
    join_and,
    the_item,
    value_word,
)
from .world import Plan
from .writer import SuggestionDoc

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


# ---- traits and liars ---------------------------------------------------------------
LEVEL_COUNTS = {0: 6, 1: 4, 2: 5}
LINK_COUNTS = {1: 2, 2: 4}     # statements tying the culprit to the scene, per witness


@dataclass
class _Cast:
    """Who speaks in a traits or liars case, and what about."""
    witnesses: list[str]
    locator: Character | None
    inspector: Character | None
    narrator: Character | None
    located: str | None          # the category the locator names (the scene)
    free: list[str]              # categories the narrator and witnesses talk about
    culprit_atoms: list[Atom]
    free_atoms: list[Atom]
    speaker_atoms: list[Atom]
    scene_atoms: list[Atom]

    @classmethod
    def of(cls, b: Builder) -> _Cast:
        setting, templates, rule = b.setting, b.templates, b.world.liar_rule
        chars = setting.characters
        locator = next((c for c in chars.values() if c.role == "locator"), None)
        others = [c for c in setting.answer if c != setting.culprit]
        located = others[-1] if locator and others else None
        free = [c for c in others if c != located]
        witnesses = liar_witnesses(setting) if rule == "culprit" else \
            [c.id for c in chars.values() if c.role == "witness"]
        culprit_atoms = category_atoms(setting, templates, setting.culprit)
        free_atoms = [a for c in free for a in category_atoms(setting, templates, c)]
        # statements tying the culprit to the scene the locator names: each settles only once
        # the scene is known (a chain); without a locator the scene is the narrator's to tell
        scene_atoms = category_atoms(setting, templates, located) if located and rule != "culprit" else []
        return cls(witnesses, locator, next((c for c in chars.values() if c.role == "inspector"), None),
                   next((c for c in chars.values() if c.role == "narrator"), None), located, free,
                   culprit_atoms, free_atoms, culprit_atoms + (free_atoms if rule == "culprit" else []),
                   scene_atoms)


def statement_candidates(source: Source, world: Plan, rng: random.Random) -> Draft:
    """One family at a time, witness by witness (the order of the random draws is part of
    what a seed means)."""
    b = Builder(source, world, rng)
    cast = _Cast.of(b)
    for w in cast.witnesses:
        _witness_statements(b, cast, w)
        _linked_statements(b, cast, w)
        _denial(b, w)
    if world.liar_rule == "inspector" and cast.inspector:
        _inspector_word(b, cast.inspector)
    if cast.located:
        _locator_message(b, cast)
    _narrator_facts(b, cast)
    return Draft(b.out, world.liar_rule)


def _said_by(b: Builder, w: str, means: str, clause: str, level: int, expr: object, linked: bool = False) -> None:
    """A witness's statement, kept if its truth is the witness's (false for a liar)."""
    truthful = w not in b.world.liars
    text = frame(pick_frame(b.rng, b.templates, "statements", STATEMENTS, clause), clause)
    b.add(Candidate("", means, text, w, "statement", "statement", level, means.split()[0], w,
                    comment=_false_comment(b, w), expr=expr, linked=linked), truthful)


def _false_comment(b: Builder, w: str) -> str:
    return "" if w not in b.world.liars else f"false: {b.setting.characters[w].name} lies in this case"


def _witness_statements(b: Builder, cast: _Cast, w: str) -> None:
    """Statements about the culprit (and, under the culprit rule, the other categories);
    the group is the witness: a wheel shows one statement, a Murdle suspect says one thing."""
    truthful = w not in b.world.liars
    for level, count in LEVEL_COUNTS.items():
        for _ in range(count):
            got = b.composed(cast.speaker_atoms, level, truthful)
            if got:
                _said_by(b, w, got[0], got[1], level, got[2])


def _linked_statements(b: Builder, cast: _Cast, w: str) -> None:
    """"If the hiding place is the Cart, then the culprit wears glasses"."""
    truthful = w not in b.world.liars
    for level, count in LINK_COUNTS.items():
        for _ in range(count if cast.scene_atoms else 0):
            got = b.linked(cast.scene_atoms, cast.culprit_atoms, level, truthful, known=cast.located)
            if got:
                _said_by(b, w, got[0], got[1], level, got[2], linked=True)


DENIALS = ["I had nothing to do with it, I promise you.", "It wasn't me. I was nowhere near.",
           "Don't look at me; I didn't do it."]


def _denial(b: Builder, w: str) -> None:
    """A suspect who is a witness (inspector rule) may simply deny it."""
    setting, culprit, ch = b.setting, b.setting.culprit, b.setting.characters[w]
    if not ch.item or ch.item not in setting.categories[culprit].ids or b.world.liar_rule == "culprit":
        return
    text = b.rng.choice(b.templates.get("denials", DENIALS))
    b.add(Candidate("", f"{culprit} != {ch.item}", text, w, "statement", "denial", 0, f"{culprit}=", w,
                    comment=_false_comment(b, w)), w not in b.world.liars)


def _inspector_word(b: Builder, inspector: Character) -> None:
    """The inspector names the liar, or vouches for every witness."""
    group = inspector.id if inspector.wheel else None
    spec = b.templates.get("inspector", INSPECTOR)
    if b.world.liars:
        liar = b.world.liars[0]
        text = fill(b.rng.choice(spec.get("liar") or INSPECTOR["liar"]), name=b.setting.characters[liar].name)
        b.add(Candidate("", f"lies({liar})", text, inspector.id, "statement", "inspector", 1, "liars", group,
                        fragile=True))
    else:
        text = b.rng.choice(spec.get("truthful") or INSPECTOR["truthful"])
        b.add(Candidate("", "liars == 0", text, inspector.id, "statement", "inspector", 1, "liars", group))


def _locator_message(b: Builder, cast: _Cast) -> None:
    """Mr. Boddy's coded word for the scene."""
    located, locator, setting = cast.located, cast.locator, b.setting
    assert located is not None and locator is not None  # the cast locates a category only with a locator
    item = b.world.answer[located]
    name = the_item(setting.categories[located], item).name
    word = name[4:] if name.lower().startswith("the ") else name
    text = fill(b.templates.get("locator", "{NAME}"), NAME=word.upper(), name=item_name(setting, item))
    b.add(Candidate("", f"{located} == {item}", text, locator.id, "statement", "locator", 0, f"{located}=",
                    locator.id if locator.wheel else None))


def _narrator_facts(b: Builder, cast: _Cast) -> None:
    """The narrator's facts (or, with no narrator, a wheel-less inspector's notes)."""
    rule, inspector = b.world.liar_rule, cast.inspector
    teller = cast.narrator or (inspector if rule != "inspector" or not inspector or not inspector.wheel else None)
    speaker = teller.id if teller else None
    kind = "fact" if not teller or teller.role == "narrator" else "note"
    group = teller.id if teller and teller.wheel else None
    if cast.free:
        facts_about(b, cast.free_atoms, speaker, kind, group, links=cast.free + [b.setting.culprit])
    elif not cast.witnesses:
        facts_about(b, cast.culprit_atoms, speaker, kind, group, links=[])


def facts_about(b: Builder, atoms: list[Atom], speaker: str | None, kind: str, group: str | None,
                links: list[str]) -> None:
    """The narrator's (or notes') facts about `atoms`, and links between the `links` categories."""
    rng, templates = b.rng, b.templates
    for level, count in ((0, 8), (1, 5), (2, 4)):
        for _ in range(count):
            got = b.composed(atoms, level, True)
            if got:
                means, clause, expr = got
                b.add(Candidate("", means, frame(templates.pick(rng, "notes", NOTES), clause), speaker, kind,
                                "fact", level, means.split()[0], group, expr=expr))
    # links between categories: "if the weapon was the atlas, it happened in the library"
    cats = [c for c in links if c in b.setting.categories]
    for _ in range(8 if len(cats) >= 2 else 0):
        c1, c2 = rng.sample(cats, 2)
        a1 = rng.choice([a for a in category_atoms(b.setting, templates, c1) if a.topic == f"{c1}="])
        a2 = rng.choice([a for a in category_atoms(b.setting, templates, c2) if a.topic == f"{c2}="])
        means = f"{a1.means} implies {a2.means}"
        clause = f"if {a1.text}, then {a2.text}"
        b.add(Candidate("", means, frame(templates.pick(rng, "notes", NOTES), clause), speaker, kind,
                        "link", 2, "link", group))


# ---- codes -----------------------------------------------------------------------------
Made = tuple[str, str, int, object, bool]  # (means, clause, level, expr or None, linked)


def code_candidates(source: Source, world: Plan, rng: random.Random) -> Draft:
    """Clue counters, drawn family by family, then shuffled so a case mixes them."""
    b = Builder(source, world, rng)
    setting = b.setting
    narrator = next((c for c in setting.characters.values() if c.role == "narrator"), None)
    speaker = narrator.id if narrator and not narrator.wheel else None
    atoms = {c: [a for a in category_atoms(setting, b.templates, c) if ".code." in a.topic] for c in setting.answer}
    made = _code_parts(b, atoms)
    made += _part_counts(b)
    made += _linked_counters(b, atoms)
    rng.shuffle(made)
    counter = b.templates.get("counters", COUNTER)
    for means, clause, level, expr, linked in made:
        text = fill(counter, clause=clause, Clause=cap(clause))
        b.add(Candidate("", means, text, speaker, "fact", "counter", level, means.split()[0], expr=expr,
                        linked=linked), True)
    # counter numbers ({n}) are given to the chosen clues only (engine.counter_numbers)
    return Draft(b.out, "none")


def _code_parts(b: Builder, atoms: dict[str, list[Atom]]) -> list[Made]:
    """What one murder card's code shows or does not ("the weapon card has a red corner")."""
    made: list[Made] = []
    for cid in b.setting.answer:
        for level, count in ((0, 16), (1, 6), (2, 3)):
            for _ in range(count):
                got = b.composed(atoms[cid], level, True)
                if got:
                    made.append((got[0], got[1], level, got[2], False))
    return made


def _part_counts(b: Builder) -> list[Made]:
    """How many murder cards show a colour or a number ("none of them has a 4")."""
    setting, rng = b.setting, b.rng
    assert setting.codes is not None  # codes cases are drafted for settings with `codes:` only
    parts = list(setting.codes["colours"]) + list(setting.codes["numbers"])
    made: list[Made] = []
    for _ in range(6):
        value = rng.choice(parts)
        n = rng.choice([0, 1, 1, 2])
        means = f"exactly {n} of [" + ", ".join(f"{c}.code has {value}" for c in setting.answer) + "]"
        what = f"the number {value}" if isinstance(value, int) else f"a {value} corner"
        label = "cards" if len(setting.answer) != 3 else "three murder cards"
        count = {0: "none", 1: "exactly one", 2: "exactly two"}[n]
        if n == 0:
            clause = f"none of the {label} has {what}"
        else:
            clause = f"of the {label}, {count} {'has' if n == 1 else 'have'} {what}"
        made.append((means, clause, 1 if n == 0 else 2, None, False))
    return made


def _linked_counters(b: Builder, atoms: dict[str, list[Atom]]) -> list[Made]:
    """Counters tying two murder cards together ("if the weapon card has a red corner, then
    the room card has a 4"): each settles only once another counter narrows one card."""
    made: list[Made] = []
    for c1 in b.setting.answer:
        for c2 in b.setting.answer:
            if c1 >= c2:
                continue
            for level, count in ((1, 3), (2, 5)):
                for _ in range(count):
                    got = b.linked(atoms[c1], atoms[c2], level, True)
                    if got:
                        made.append((got[0], got[1], level, got[2], True))
    return made


# ---- the timeline ------------------------------------------------------------------------
def timeline_candidates(source: Source, world: Plan, rng: random.Random) -> Draft:
    """Inspector's notes for a timeline case, one family at a time (the order of the families,
    and so of the random draws, is part of what a seed means)."""
    tw = _Timeline(Builder(source, world, rng))
    tw.given()
    tw.answer_parts()
    for t in tw.times.ids:
        tw.whereabouts(t)
    tw.stays()
    tw.linked_parts()
    return Draft(tw.b.out, "none")


class _Timeline:
    """What the timeline families share: the builder, the categories, the setting's words."""

    def __init__(self, b: Builder):
        self.b, self.rng, self.world = b, b.rng, b.world
        setting, self.templates = b.setting, b.templates
        assert setting.timeline is not None  # timeline cases are drafted for timeline settings only
        self.setting, self.cats = setting, setting.categories
        self.tl: Timeline = setting.timeline
        self.people, self.places, self.times = (self.cats[self.tl.people], self.cats[self.tl.places],
                                                self.cats[self.tl.times])
        chars = setting.characters.values()
        speaker_ch = next((c for c in chars if c.role == "inspector" and not c.wheel), None) or \
            next((c for c in chars if c.role == "narrator" and not c.wheel), None)
        self.speaker = speaker_ch.id if speaker_ch else None
        self.kind = "note" if speaker_ch else "fact"
        self.group_attr = next((a.id for a in self.people.attributes.values()
                                if a.kind == "enum" and 2 <= len(a.values) <= 3), None)

    def add(self, means: str, clause: str, family: str, level: int, topic: str, *, pinned: bool = False,
            reveal: int | None = None, expr: object = None, linked: bool = False) -> bool:
        text = frame(self.templates.pick(self.rng, "notes", NOTES), clause)
        return self.b.add(Candidate("", means, text, self.speaker, self.kind, family, level, topic, pinned=pinned,
                                    reveal=reveal, expr=expr, linked=linked), True)

    def name(self, i: str) -> str:
        return item_name(self.setting, i, self.tl.people)

    def at(self, t: str) -> str:
        return self.templates.when(self.setting, t)      # "at dusk", the setting's own words

    def where(self, z: str) -> str:
        return self.templates.where(self.setting, z)     # "on the Jetty", "in the Hall"

    def given(self) -> None:
        """The object is known from the start, as in the DVD game's random case."""
        tl = self.tl
        for cid in [c for c in self.setting.answer if c not in (tl.people, tl.places, tl.times)]:
            item = self.world.answer[cid]
            subject = self.templates.subject(self.cats[cid])
            self.add(f"{cid} == {item}", f"{subject} was {self.name(item)}", "given", 0, f"{cid}=", pinned=True, reveal=0)

    def answer_parts(self) -> None:
        """The answer's place, time and culprit, told directly, and lists of what they were not."""
        tl, b = self.tl, self.b
        for cid in (tl.places, tl.times, tl.people):
            atoms = [a for a in category_atoms(self.setting, self.templates, cid) if a.topic != f"{cid}="]
            for level, count in ((0, 10), (1, 4)):
                for _ in range(count):
                    got = b.composed(atoms, level, True)
                    if got:
                        self.add(got[0], got[1], "answer", level, got[0].split()[0], expr=got[2])
        for _ in range(4):
            cid = self.rng.choice([tl.places, tl.times])
            items = [i for i in self.rng.sample(self.cats[cid].ids, 3) if i != self.world.answer[cid]]
            if len(items) >= 2:
                atom = list_atom(self.setting, self.templates, cid, items).negated()
                self.add(atom.means, atom.text, "answer", 1, f"{cid}=")

    def linked_parts(self) -> None:
        """Notes tying the place to the time ("if the crime happened indoors, then it happened
        before Dusk"): each settles only once another note narrows one of them (a chain),
        which is where hard and fiendish timeline cases get their depth."""
        tl = self.tl
        places, times = ([a for a in category_atoms(self.setting, self.templates, cid) if a.topic != f"{cid}="]
                         for cid in (tl.places, tl.times))
        for level, count in ((1, 3), (2, 5)):
            for _ in range(count):
                got = self.b.linked(places, times, level, True)
                if got:
                    self.add(got[0], got[1], "answer", level, got[0].split()[0], expr=got[2], linked=True)

    def whereabouts(self, t: str) -> None:
        cells = {p: self.world.loc[(p, t)] for p in self.people.ids}
        self.together(t, cells)
        if all(z == AWAY for z in cells.values()):
            first = t == self.times.ids[0]
            self.add(f"all p in {self.tl.people}: at(p, {t}) == away", f"nobody had arrived yet {self.at(t)}"
                     if first else f"everyone was away {self.at(t)}", "away", 1, f"t:{t}")
            return
        self.cells(t, cells)
        if self.group_attr:
            self.groups(t, cells)
        self.empty(t, cells)
        self.empty_kinds(t, cells)

    def together(self, t: str, cells: dict[str, str]) -> None:
        if t in self.world.together:
            z = cells[self.people.ids[0]]
            self.add(f"together({t})", f"the suspects were all together {self.at(t)}", "together", 1, f"t:{t}")
            self.add(f"all p in {self.tl.people}: at(p, {t}) == {z}", f"everyone was {self.where(z)} {self.at(t)}",
                     "together", 1, f"t:{t}")

    def cells(self, t: str, cells: dict[str, str]) -> None:
        for p in self.people.ids:
            z = cells[p]
            if z == AWAY:
                self.add(f"at({p}, {t}) == away", f"{self.name(p)} was away {self.at(t)}", "cell", 0, f"c:{p}:{t}")
            else:
                self.add(f"at({p}, {t}) == {z}", f"{self.name(p)} was {self.where(z)} {self.at(t)}", "cell", 0, f"c:{p}:{t}")

    def groups(self, t: str, cells: dict[str, str]) -> None:
        """'All the women were in the Hall', and 'all ... but X'."""
        people, attr, who = self.people, self.group_attr, self.tl.people
        assert attr is not None  # whereabouts asks for groups only when the people have a group attribute
        for value in people.attributes[attr].values:
            members = [p for p in people.ids if the_item(people, p).attrs[attr] == value]
            label = (people.attributes[attr].label or attr).lower()
            # "all ... were": a noun phrase ("All everyone whose hair is fair were" had read as nonsense)
            noun = self.templates.group_noun(attr, value) or f"the people whose {label} is {value_word(value)}"
            spots = [cells[p] for p in members]
            if len(members) >= 2 and len(set(spots)) == 1 and spots[0] != AWAY:
                self.add(f"all p in {who} where p.{attr} == {value}: at(p, {t}) == {spots[0]}",
                         f"all {noun} were {self.where(spots[0])} {self.at(t)}", "group", 1, f"g:{value}:{t}")
            for odd in members:
                rest = [cells[p] for p in members if p != odd]
                if len(rest) >= 2 and len(set(rest)) == 1 and rest[0] not in (AWAY, cells[odd]):
                    self.add(f"all p in {who} where p.{attr} == {value} and p != {odd}: at(p, {t}) == {rest[0]}",
                             f"all {noun} but {self.name(odd)} were {self.where(rest[0])} {self.at(t)}",
                             "group", 2, f"g:{value}:{t}")

    def empty(self, t: str, cells: dict[str, str]) -> None:
        empty = [z for z in self.places.ids if z not in cells.values()]
        if not empty:
            return
        z = self.rng.choice(empty)
        self.add(f"no p in {self.tl.people}: at(p, {t}) == {z}", f"nobody was {self.where(z)} {self.at(t)}",
                 "empty", 1, f"e:{t}")
        if len(empty) >= 3:
            some = sorted(self.rng.sample(empty, 3), key=self.places.ids.index)
            self.add(f"no p in {self.tl.people}: at(p, {t}) in [{', '.join(some)}]",
                     f"{join_and([self.name(z) for z in some])} were all empty {self.at(t)}", "empty", 1, f"e:{t}")

    def empty_kinds(self, t: str, cells: dict[str, str]) -> None:
        """Nobody in a kind of place: by a set attribute's value, or outside a bool one."""
        places, who, at = self.places, self.tl.people, self.at(t)
        for attr in places.attributes.values():
            if attr.kind == "set":
                for value in attr.values:
                    if not any(z != AWAY and value in the_item(places, z).attrs[attr.id] for z in cells.values()):
                        self.add(f"no p in {who}: any q in {self.tl.places} where q.{attr.id} has {value}: at(p, {t}) == q",
                                 f"nobody was in the {value} {attr.id.rstrip('s')} {at}", "empty", 2, f"e:{t}")
            if attr.kind == "bool" and not any(z != AWAY and not the_item(places, z).attrs[attr.id]
                                               for z in cells.values()):
                self.add(f"no p in {who}: any q in {self.tl.places} where not q.{attr.id}: at(p, {t}) == q",
                         f"nobody went outside {at}" if attr.id == "indoor" else f"nobody was anywhere not {attr.id} {at}",
                         "empty", 2, f"e:{t}")

    def stays(self) -> None:
        """When each person arrived and left."""
        times, n = self.times, len(self.times.ids)
        for p in self.people.ids:
            first, last = self.world.stay[p]
            if first > 0:
                t = times.ids[first]
                self.add(f"all t in {self.tl.times} where t < {t}: at({p}, t) == away",
                         f"{self.name(p)} did not arrive until {the_item(times, t).name}", "stay", 1, f"s:{p}")
            if last < n - 1:
                t = times.ids[last]
                self.add(f"all t in {self.tl.times} where t > {t}: at({p}, t) == away",
                         f"{self.name(p)} left after {the_item(times, t).name} and was not seen again", "stay", 1,
                         f"s:{p}")


# ---- cards ----------------------------------------------------------------------------------
def card_candidates(source: Source, world: Plan, rng: random.Random) -> Draft:
    """Your hand, a suggestion log drawn from the deal, glimpses of other hands."""
    b = Builder(source, world, rng)
    _own_hand(b)
    _suggestion_log(b)
    _glimpses(b)
    return Draft(b.out, "none", world.players)


def _card(setting: Setting, card: str) -> str:
    return item_name(setting, card, setting.culprit)


def _own_hand(b: Builder) -> None:
    """You know your own hand (in deck order)."""
    setting, you = b.setting, b.world.players[0]
    deck_order = [i for c in setting.answer for i in setting.categories[c].ids]
    you.holds.sort(key=deck_order.index)
    b.add(Candidate("", "hand-you", f"You hold {join_and([_card(setting, c) for c in you.holds])}.", None, "fact",
                    "hand", 0, "hand", pinned=True), None)


def _suggestion_log(b: Builder) -> None:
    """Up to 48 distinct suggestions, each answered as the deal says."""
    setting, world, rng = b.setting, b.world, b.rng
    order = [p.id for p in world.players]
    decks = [setting.categories[c].ids for c in setting.answer]
    made = 0
    for _ in range(120):
        if made >= 48:
            break
        by = rng.choice(order)
        cards = [rng.choice([world.answer[c], *ids]) if rng.random() < 0.3 else rng.choice(ids)
                 for c, ids in zip(setting.answer, decks, strict=True)]
        key = repr((by, cards))
        s = _answered(b, order, by, cards)
        if key in b.seen:
            continue
        made += 1
        b.add(Candidate("", key, "", None, "fact", "suggestion", 1 if s["shown"] else 2, "suggestion",
                        suggestion=s), None)


def _answered(b: Builder, order: list[str], by: str, cards: list[str]) -> SuggestionDoc:
    """A suggestion as play answers it: players after `by` pass until one holds a card and
    shows it (which card is seen only when you take part)."""
    owner, start = b.facts.owner, order.index(by)
    passed: list[str] = []
    shown_by: str | None = None
    shown: str | None = None
    for q in order[start + 1:] + order[:start]:
        held = [c for c in cards if owner.get(c) == q]
        if held:
            shown_by = q
            if "you" in (by, q):
                shown = b.rng.choice(held)
            break
        passed.append(q)
    return {"by": by, "cards": cards, "passed": passed, "shown_by": shown_by, "shown": shown}


def _glimpses(b: Builder) -> None:
    """What other players let slip about their hands."""
    setting, world, rng = b.setting, b.world, b.rng
    order = [p.id for p in world.players]
    names = {p.id: p.name for p in world.players}
    narrator = next((c for c in setting.characters.values() if c.role == "narrator" and not c.wheel), None)
    speaker = narrator.id if narrator else None
    deck = [i for c in setting.answer for i in setting.categories[c].ids]
    for _ in range(10):
        q = rng.choice(order[1:])
        c = rng.choice(deck)
        card = _card(setting, c)
        if b.facts.owner.get(c) == q:
            text = rng.choice([f"You caught sight of {card} in {names[q]}'s hand.",
                               f"{names[q]} let slip that {card} was in their hand."])
            b.add(Candidate("", f"holds({q}, {c})", text, speaker, "fact", "holds", 0, "holds"), None)
        else:
            text = rng.choice([f"{names[q]} grumbled that they had never even been dealt {card}.",
                               f"{names[q]} sighed that {card} had not been in their hand all evening."])
            b.add(Candidate("", f"not holds({q}, {c})", text, speaker, "fact", "holds", 1, "holds"), None)


BUILDERS = {"traits": statement_candidates, "liars": statement_candidates, "timeline": timeline_candidates,
            "cards": card_candidates, "codes": code_candidates}


def draft(source: Source, world: Plan, rng: random.Random) -> Draft:
    return BUILDERS[world.kind](source, world, rng)
