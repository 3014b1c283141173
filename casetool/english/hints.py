"""Hints for the `hint` command: from what the player already knows (`parse_known`), point
at the next step's clues without saying what they rule out."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..diagnostics import did_you_mean
from ..explain.steps import Explanation, Fact, Step
from ..load.model import Case, Character, Item
from .cards import card_step_sentences
from .claims import is_clause, left_of
from .names import clue_ref, join, person, rule_ref, short_ref, topic
from .one_liar import RULES, one_of_two
from .phrases import cap
from .sentences import role, step_sentence, supposition, suspect_speakers


@dataclass
class Unknown:
    """A part of `--known` that names nothing: where it starts (1-based column) and why."""
    col: int
    part: str
    why: str


def parse_known(case: Case, text: str) -> tuple[list[Fact], list[Unknown]]:
    """Facts from `--known "not plum, scene fair, white lies"`: (facts, parts not understood).
    'not ITEM' rules an item out; 'CATEGORY ITEM' (or just 'ITEM') settles a category;
    'NAME lies' / 'NAME truthful' settles a witness. Items and people are named by id or by
    name ("not Professor Plum")."""
    facts: list[Fact] = []
    unknown: list[Unknown] = []
    for m in re.finditer(r"[^,]+", text):
        part = m.group(0).strip()
        if not part:
            continue
        col = m.start() + len(m.group(0)) - len(m.group(0).lstrip()) + 1
        got = _known_part(case, part)
        if isinstance(got, str):
            unknown.append(Unknown(col, part, got))
        else:
            facts += got
    return facts, unknown


def _known_part(case: Case, part: str) -> list[Fact] | str:
    setting = case.setting
    words = part.lower().split()
    if words[-1] in ("lies", "truthful") and len(words) > 1:
        who = _named(setting.characters, " ".join(words[:-1]))
        if who is None:
            return f"no character '{' '.join(words[:-1])}'{did_you_mean(' '.join(words[:-1]), setting.characters)}"
        return [Fact(words[-1], who)]
    negated = words[0] == "not"
    rest = words[1:] if negated else words
    if len(rest) > 1 and rest[0] in setting.answer:
        rest = rest[1:]
    item = _item_named(case, " ".join(rest))
    if item is None:
        names = [i.id for c in setting.answer for i in setting.categories[c].items]
        return f"'{' '.join(rest)}' is not an item of the answer{did_you_mean(' '.join(rest), names)}"
    if negated:
        return [Fact("not", item.category, item.id)]
    return [Fact("not", item.category, i) for i in setting.categories[item.category].ids if i != item.id]


def _named(characters: dict[str, Character], words: str) -> str | None:
    return next((cid for cid, ch in characters.items() if words in (cid.lower(), ch.name.lower())), None)


def _item_named(case: Case, words: str) -> Item | None:
    setting = case.setting
    for cid in setting.answer:
        for item in setting.categories[cid].items:
            plain = item.name.lower()
            if words in (item.id.lower(), plain, re.sub(r"^(the|a|an) ", "", plain)):
                return item
    return None


def next_step(explanation: Explanation, known: list[Fact]) -> Step | None:
    """The first step that tells the player something they do not know yet (None once they
    know the answer: what is left to learn about who lies no longer matters)."""
    have = set(known)
    case = explanation.case
    if all(len(left_of(case, c, have)) <= 1 for c in case.setting.answer):
        return None
    return next((s for s in explanation.steps if any(f not in have for f in s.derived)), None)


def hint(explanation: Explanation, known: list[Fact], level: int = 1) -> str:
    """The next step the player has not made. Level 1: which clues to read together (named by
    person and wheel number, counter or note, never a decoded wheel) and what about; level 2
    adds the kind of reasoning and how much it tells; level 3 is the step's sentence.
    Levels 1 and 2 never name what the step rules out."""
    case = explanation.case
    wrong = misbelief(case, known)
    if wrong is not None:
        return wrong.text(case)
    step = next_step(explanation, known)
    if step is None:
        return "You know everything the clues can tell you."
    if level >= 3:   # the page's sentence: a card step with its chain (cards.py)
        return cap(card_step_sentences(case, step, set(known), None, set()) or step_sentence(case, step, set(known)))
    have = set(known)
    new = [f for f in step.derived if f not in have]
    refs = join([clue_ref(case, c) for c in step.clues], "and") or rule_ref(case)
    cats = sorted({topic(case, f.subject) for f in new if f.kind == "not"})
    what = f"about {join(cats, 'and')}" if cats else "about who is lying"
    supposed = supposition(case, step, have)
    if supposed:
        first = f"Suppose {supposed}, and read {refs} again{' with what you know' if step.facts else ''}: see what breaks."
    else:
        both = "together" if len(step.clues) > 1 else ""
        with_known = "with what you know" if step.facts else ""
        they = "they tell" if len(step.clues) > 1 else "it tells"
        first = f"Read {' '.join(w for w in (refs, both, with_known) if w)}: {they} you more {what}."
    if level <= 1:
        return first
    return f"{first} {_how(case, step, new)}"


def _how(case: Case, step: Step, new: list[Fact]) -> str:
    """Level 2: the technique, and how many things it settles (not which)."""
    outs = sum(1 for f in new if f.kind == "not")
    tell = f"it rules out {outs} more possibilit{'y' if outs == 1 else 'ies'}" if outs else "it settles who lies"
    if step.assumption and step.assumption.kind in ("lies", "truthful"):
        return f"Suppose the opposite of what you think and see what breaks: {tell}."
    if case.effective_liar_rule.kind == "culprit" and suspect_speakers(case, step):
        return f"Remember that only {role(case)} lies: {tell}."
    clues = [c for c in case.clues if c.id in step.clues]
    if one_of_two(case, step, set(step.facts), clues):   # english/one_liar.py
        rule = cap(RULES[case.effective_liar_rule.kind])
        return f"{rule}, so one of the two must be telling the truth: who would make both statements false? {cap(tell)}."
    if len(step.clues) > 1:
        return f"Neither says enough alone; together {tell}."
    return f"Read it closely: {tell}."


# ---- a belief the clues do not allow ------------------------------------------------------
@dataclass
class Wrong:
    """One belief the clues rule out on their own, and the fewest clues found that do (ids)."""
    belief: Belief
    clues: list[str]


@dataclass
class Misbelief:
    """What the player believes that cannot hold with the clues: every belief the clues rule
    out on its own (`wrong`), so no wrong belief is left standing as if confirmed; or, when
    each could hold alone, the beliefs that cannot hold together (`together`, with the clues
    that part them; none when they contradict each other outright)."""
    wrong: list[Wrong]
    together: list[Belief] = field(default_factory=list)
    clues: list[str] = field(default_factory=list)

    @property
    def beliefs(self) -> list[Belief]:
        return [w.belief for w in self.wrong] or self.together

    def text(self, case: Case) -> str:
        if self.wrong:
            said = " ".join(f"{cap(w.belief.words)} cannot be right: read {_refs(case, w.clues)} again."
                            for w in self.wrong)
            return f"What you believe contradicts the clues. {said}"
        said = join([b.words for b in self.together], "and")
        if not self.clues:
            return f"What you believe cannot all be true at once: {said}."
        return (f"What you believe contradicts the clues: {said} cannot all be right. "
                f"Read {_refs(case, self.clues)} again.")


def _refs(case: Case, clues: list[str]) -> str:
    return join([short_ref(case, c) for c in clues], "and")


@dataclass
class Belief:
    """One thing the player believes, in words that do not name the answer ("that the scene is
    the Bus", "what you have ruled out for the scene"), and its facts."""
    words: str
    facts: list[Fact]


def beliefs(case: Case, known: list[Fact]) -> list[Belief]:
    """The known facts as the player holds them: a category with one item left is one belief
    ("you believe the scene is the Bus"); each other ruled-out item, and each liar, one more.
    A wrong ruled-out item is named only by its category: its name would be the answer."""
    out: list[Belief] = []
    have = set(known)
    for cid in case.setting.answer:
        ruled = [f for f in known if f.kind == "not" and f.subject == cid]
        left = left_of(case, cid, have)
        if len(left) == 1 and len(ruled) > 1:
            out.append(Belief(f"that {is_clause(case, cid, left[0])}", ruled))
        else:
            out += [Belief(f"what you have ruled out for {topic(case, cid)}", [f]) for f in ruled]
    for f in dict.fromkeys(f for f in known if f.kind in ("lies", "truthful")):
        out.append(Belief(f"that {person(case, f.subject)} {'lies' if f.kind == 'lies' else 'tells the truth'}", [f]))
    return out


def misbelief(case: Case, known: list[Fact], seconds: float = 20.0) -> Misbelief | None:
    """What in `known` the clues rule out (solver questions on the case's model), or None
    when all of it can hold. Each belief is asked alone first: a hint that named only one of
    two wrong beliefs would leave the other looking right."""
    from ..solver.budget import Budget
    from ..solver.session import Session
    held = beliefs(case, known)
    if not held:
        return None
    session = Session.open(case, Budget(seconds))
    compiled = session.compiled
    clue_of = {lit.index: cid for cid, lit in compiled.enables.items()}
    texts = {c.id: len(c.text) for c in case.clues}
    # the longest clues are tried for deletion first: what stays is short to point at
    by_length = lambda lit: -texts.get(clue_of.get(lit.index, ""), 0)   # noqa: E731
    order = [c.id for c in case.clues]
    lits = {n: lit for n, b in enumerate(held) if (lit := _belief_lit(case, compiled, b)) is not None}
    wrong = []
    for n, lit in lits.items():
        core = session.minimal(list(compiled.enables.values()), [lit], key=by_length)
        if core is not None:
            wrong.append(Wrong(held[n], sorted((clue_of[x.index] for x in core), key=order.index)))
    if wrong:
        return Misbelief(wrong)
    parts = {lit.index: ("belief", n) for n, lit in lits.items()}
    parts.update({lit.index: ("clue", cid) for cid, lit in compiled.enables.items()})
    # beliefs are tried for deletion first: what stays names only the beliefs that fail
    core = session.minimal(list(lits.values()) + list(compiled.enables.values()),
                           key=lambda lit: (parts[lit.index][0] != "belief", by_length(lit)))
    if core is None:
        return None
    found = sorted(int(parts[x.index][1]) for x in core if parts[x.index][0] == "belief")
    clues = [str(parts[x.index][1]) for x in core if parts[x.index][0] == "clue"]
    return Misbelief([], [held[n] for n in found], sorted(clues, key=order.index))


def _belief_lit(case: Case, compiled, belief: Belief):
    """One literal for the belief: the category's item when it settles one ("the scene is the
    Bus"), else the fact's own literal; None for a liar fact the model has no literal for."""
    first = belief.facts[0]
    if first.kind == "not" and len(belief.facts) > 1:
        return compiled.answer[first.subject][left_of(case, first.subject, belief.facts)[0]]
    if first.kind == "not":
        return ~compiled.answer[first.subject][first.value]
    lie = compiled.lies.get(first.subject)
    if lie is None:
        return None
    return lie if first.kind == "lies" else ~lie
