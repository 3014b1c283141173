"""Hints for the `hint` command: from what the player already knows (`parse_known`), point
at the next step's clues without saying what they rule out."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..diagnostics import did_you_mean
from ..explain.steps import Explanation, Fact, Step
from ..load.model import Case, Character, Item
from .cards import card_step_sentences
from .claims import is_clause, left_of
from .leads import LEADS
from .names import clue_ref, join, label, person, rule_ref, short_ref, topic
from .one_liar import RULES, one_of_two
from .phrases import cap, number_word
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
    said = _category_named(case, rest[0]) if len(rest) > 1 else None
    rest = rest[1:] if said else rest
    item = _item_named(case, " ".join(rest))
    if item is None:
        names = [i.id for c in setting.answer for i in setting.categories[c].items]
        own = [i.id for i in setting.categories[said].items] if said else names
        what = f"{_a(label(case, said))}" if said else "an item of the answer"
        return f"'{' '.join(rest)}' is not {what}{did_you_mean(' '.join(rest), own) or did_you_mean(' '.join(rest), names)}"
    if said and item.category != said:   # 'time fountain': the Fountain is a place, not a time
        return (f"'{' '.join(rest)}' is {_a(label(case, item.category))}, not {_a(label(case, said))}: "
                f"write '{'not ' if negated else ''}{item.category} {item.id}'")
    if negated:
        return [Fact("not", item.category, item.id)]
    return [Fact("not", item.category, i) for i in setting.categories[item.category].ids if i != item.id]


def _category_named(case: Case, word: str) -> str | None:
    """The answer category a word names, by id or by label ('time', 'place')."""
    return next((c for c in case.setting.answer if word in (c.lower(), label(case, c))), None)


def _a(noun: str) -> str:
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


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
    wrong = misbelief(case, known, explanation=explanation)
    if wrong is not None:
        return wrong.text(case, level)
    step = next_step(explanation, known)
    if step is None:
        return "You know everything the clues can tell you."
    have = set(known)
    if level >= 3:   # the page's sentence (a card step with its chain, cards.py), of what is new to the player
        step = replace(step, derived=[f for f in step.derived if f not in have])
        # nothing found just before, said: no lead that takes up a step the player never read
        return cap(alone(card_step_sentences(case, step, have, None, set()) or
                         step_sentence(case, step, have, previous=frozenset())))
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


def alone(sentence: str) -> str:
    """A page's step as a hint says it, standing without the page before it: no lead that
    points at a sentence the player never saw ('Next, since the crime happened in the Hall,
    ...', 'Then Mrs. Peacock (wheel 70) tells us ...', 'In turn, suppose ...': 41 of 133
    level-3 hints over 18 cases opened so). 'With what we already know' stays: the player
    knows it."""
    for word in LEADS[1:]:
        if sentence[:len(word)].lower() == word.lower():
            return sentence[len(word):]
    return sentence


def _how(case: Case, step: Step, new: list[Fact]) -> str:
    """Level 2: the technique, and how many things it settles (not which), said of what the
    player reads: 'it' of one clue, 'they' of several; a count under ten as a word."""
    many = len(step.clues) > 1

    def tell(subject: str, plural: bool) -> str:
        verb = "" if plural else "s"
        outs = sum(1 for f in new if f.kind == "not")
        if not outs:
            return f"{subject} settle{verb} who lies"
        return f"{subject} rule{verb} out {number_word(outs)} more possibilit{'y' if outs == 1 else 'ies'}"

    if step.assumption and step.assumption.kind in ("lies", "truthful"):
        return f"Suppose the opposite of what you think and see what breaks: {tell('it', False)}."
    if case.effective_liar_rule.kind == "culprit" and suspect_speakers(case, step):
        return f"Remember that only {role(case)} lies: {tell('read together, they' if many else 'it', many)}."
    clues = [c for c in case.clues if c.id in step.clues]
    if one_of_two(case, step, set(step.facts), clues):   # english/one_liar.py
        rule = cap(RULES[case.effective_liar_rule.kind])
        return (f"{rule}, so one of the two must be telling the truth: who would make both statements false? "
                f"{cap(tell('between them they', True))}.")
    if many:
        alone = "Neither says" if len(step.clues) == 2 else "None of them says"
        return f"{alone} enough alone; {tell('together they', True)}."
    return f"Read it closely: {tell('it', False)}."


# ---- a belief the clues do not allow ------------------------------------------------------
@dataclass
class Wrong:
    """One belief the clues rule out on their own, and the fewest clues found that do (ids);
    `shows`: the clue to re-read that shows it best (the clues of the first step of the
    explanation after which the belief no longer holds, cut to those the step needs), and
    `before`: the steps before that one whose findings it is read with (0: read alone)."""
    belief: Belief
    clues: list[str]
    shows: list[str] = field(default_factory=list)
    before: int = 0


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

    def text(self, case: Case, level: int = 3) -> str:
        """As the other hints climb: level 1 says what about (the category) something the
        player believes does not follow from the clues; level 2 says which belief and how it
        breaks, in words that name no more of the answer than the belief being wrong does;
        level 3 points at the clue that shows it best."""
        about = list(dict.fromkeys(b.about for b in self.beliefs))
        if self.wrong:
            first = (f"Something you believe about {about[0]} does not follow from the clues." if len(about) == 1
                     else f"Some of what you believe, about {join(about, 'and')}, does not follow from the clues.")
            said = [cap(w.belief.breaks) for w in self.wrong]
            if level >= 3:
                said = [f"{b} {_read(case, w)}" for b, w in zip(said, self.wrong, strict=True)]
            return " ".join([first, *said[:len(said) if level >= 2 else 0]])
        first = f"What you believe about {join(about, 'and')} cannot all be true at once."
        if level <= 1:
            return first
        both = f"{first} {cap(join([b.words for b in self.together], 'and'))} cannot all be right."
        if level <= 2 or not self.clues:
            return both
        return f"{both} Read {_refs(case, self.clues)} again."


def _read(case: Case, wrong: Wrong) -> str:
    shows = wrong.shows or wrong.clues
    refs = _refs(case, shows) if shows else rule_ref(case)
    with_what = ", with what the other clues tell you" if wrong.before else ""
    return f"Read {refs} again{with_what}."


def _refs(case: Case, clues: list[str]) -> str:
    return join([short_ref(case, c) for c in clues], "and")


@dataclass
class Belief:
    """One thing the player believes, in words that do not name the answer ("that the scene is
    the Bus", "what you have ruled out for the scene"), and its facts; `about`: its category
    as the clues say it ("the thief", "who lies"); `breaks`: how the clues part from it, in
    words that say no more of the answer than the belief being wrong does; `checks`: what a
    hint says instead where the belief being wrong is itself the answer ('not Plum', Plum
    did it): it sends the player back over the belief, never says it is wrong."""
    words: str
    facts: list[Fact]
    about: str = ""
    breaks: str = ""
    checks: str = ""   # said instead of `breaks` where the belief being wrong gives away the answer


def beliefs(case: Case, known: list[Fact]) -> list[Belief]:
    """The known facts as the player holds them: a category with one item left is one belief
    ("you believe the scene is the Bus"); each other ruled-out item, and each liar, one more.
    A wrong ruled-out item is named only by its category: its name would be the answer."""
    out: list[Belief] = []
    have = set(known)
    for cid in case.setting.answer:
        ruled = [f for f in known if f.kind == "not" and f.subject == cid]
        left = left_of(case, cid, have)
        about = topic(case, cid)
        if len(left) == 1 and len(ruled) > 1:
            words = f"that {is_clause(case, cid, left[0])}"
            out.append(Belief(words, ruled, about, f"{words} cannot be right: the clues rule it out.",
                              f"go back over why you believe {words}."))
        else:   # a ruled-out item wrongly ruled out is the answer: never said to be wrong
            checks = f"go back over what you have ruled out for {about}, and why."
            out += [Belief(f"what you have ruled out for {about}", [f], about, checks, checks) for f in ruled]
    for f in dict.fromkeys(f for f in known if f.kind in ("lies", "truthful")):
        words = f"that {person(case, f.subject)} {'lies' if f.kind == 'lies' else 'tells the truth'}"
        out.append(Belief(words, [f], "who lies", f"{words} cannot be right: the clues say otherwise.",
                          f"go back over why you believe {words}."))
    return out


def misbelief(case: Case, known: list[Fact], seconds: float = 20.0,
              explanation: Explanation | None = None) -> Misbelief | None:
    """What in `known` the clues rule out (solver questions on the case's model), or None
    when all of it can hold. Each belief is asked alone first: a hint that named only one of
    two wrong beliefs would leave the other looking right. With the case's `explanation`,
    each wrong belief also gets the clue that shows it best (`_shows`)."""
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
            belief = replace(held[n], breaks=held[n].checks) if _gives_away(session, lit) else held[n]
            one = Wrong(belief, sorted((clue_of[x.index] for x in core), key=order.index))
            if explanation is not None:
                one.shows, one.before = _shows(session, explanation, lit, by_length)
            wrong.append(one)
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


def _shows(session, explanation: Explanation, belief, key) -> tuple[list[str], int]:
    """The clue that shows best that a belief is wrong, and how many steps before it it is
    read after: the explanation read in order, the first step whose findings the belief
    cannot hold with, cut to the fewest of its clues that, with what the steps before it
    found, rule the belief out (a player re-reads one clue, not every clue of a minimal core,
    which for 'not Azure' is nearly the whole case). ([], 0) when no step gets there."""
    compiled = session.compiled
    clue_of = {lit.index: cid for cid, lit in compiled.enables.items()}
    found: list = []
    for k, step in enumerate(explanation.steps):
        new = [lit for f in step.derived if (lit := _fact_lit(compiled, f)) is not None]
        if session.satisfiable([belief, *found, *new]):
            found += new
            continue
        parts = [compiled.enables[c] for c in step.clues if c in compiled.enables]
        alone = session.minimal(parts, [belief], key=key) if parts else None
        helped = session.minimal(parts, [belief, *found], key=key) if parts and found else None
        # read alone if that takes no more clues; else with what the steps before found
        core, before = (alone, 0) if alone and (not helped or len(alone) <= len(helped)) else (helped or parts, k)
        return sorted((clue_of[x.index] for x in core), key=step.clues.index), before
    return [], 0


def _gives_away(session, belief) -> bool:
    """Whether the belief being wrong, by the setting's rules alone (no clue), leaves one item
    for some part of the answer: 'not Plum' wrong is 'Plum did it'; 'Olive tells the truth'
    wrong, where only the culprit lies, is 'Olive did it'. A hint that said such a belief
    cannot be right would name the answer, so it only sends the player back over it."""
    answer = session.compiled.answer
    return any(len(items) > 1 and sum(session.satisfiable([~belief, lit]) for lit in items.values()) == 1
               for items in answer.values())


def _fact_lit(compiled, fact: Fact):
    """A fact's literal in the model (None for a liar the model has no literal for)."""
    if fact.kind == "not":
        return ~compiled.answer[fact.subject][fact.value]
    lie = compiled.lies.get(fact.subject)
    if lie is None:
        return None
    return lie if fact.kind == "lies" else ~lie


def _belief_lit(case: Case, compiled, belief: Belief):
    """One literal for the belief: the category's item when it settles one ("the scene is the
    Bus"), else the fact's own literal; None for a liar fact the model has no literal for."""
    first = belief.facts[0]
    if first.kind == "not" and len(belief.facts) > 1:
        return compiled.answer[first.subject][left_of(case, first.subject, belief.facts)[0]]
    return _fact_lit(compiled, first)
