"""Solution pages in prose, built on the step-wise explanation (explain/steps.py).

Each step becomes one or two sentences a player accepts: what to look at, named as the
player sees it (a person and their wheel number, a counter number, a note quoted, a
suggestion by its number, never an id), and what it rules out. Steps keep the
explainer's order (cheapest reasoning first, which is the order a person finds them);
every three steps make a paragraph; the last says what remains.

Every sentence is a consequence of the clues it names plus the earlier steps it builds
on (tests/generate/test_solution.py checks each against the brute force in
tests/solver/bruteforce.py).

`hint` is for the `hint` command: from what the player already knows (`parse_known`),
point at the next step's clues without saying what they rule out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..diagnostics import did_you_mean
from ..explain.steps import Explanation, Fact, Step
from ..model import Case
from .text import item_name

COUNTER = re.compile(r"^\s*Counter (\d+)\b")


# ---- naming things as the reader sees them ------------------------------------------
def clue_ref(case: Case, clue_id: str) -> str:
    clue = next(c for c in case.clues if c.id == clue_id)
    chars = case.setting.characters
    if clue.synthetic:
        m = re.match(r"suggestion-(\d+)$", clue_id)
        return f"suggestion {m.group(1)}" if m else "your own hand"
    m = COUNTER.match(clue.text)
    if m:
        return f"Counter {m.group(1)}"
    ch = chars.get(clue.speaker) if clue.speaker else None
    if ch and ch.wheel and clue.wheel:
        return f"{ch.name} (wheel {clue.wheel})"
    if ch and (ch.wheel or ch.role == "locator"):  # a coded message: never quote what it decodes to
        return f"{ch.name}'s message"
    quoted = "\u201c" + " ".join(clue.text.split()) + "\u201d"
    if ch and ch.role in ("witness",):
        return f"{ch.name}'s statement {quoted}"
    if ch and ch.role == "inspector":
        return f"the note {quoted}"
    return quoted


def _join(words: list[str], word: str = "or") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {word} " + words[-1]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _item(case: Case, item_id: str) -> str:
    """Inside a sentence: people and times as they are, things with a small article."""
    setting = case.setting
    people = setting.timeline.people if setting.timeline else setting.culprit
    return item_name(setting, item_id, people)


def _label(case: Case, cid: str) -> str:
    return case.setting.categories[cid].label.lower()


def _person(case: Case, who: str) -> str:
    return case.setting.person_name(who)


# ---- one step ----------------------------------------------------------------------------
def step_claims(case: Case, step: Step, known: set) -> list[tuple[str, list[str], bool]]:
    """What a step's sentence says, per category: (category, items, must). must=False: "the
    <category> is not <items>"; must=True: "the <category> must be <items[0]>" (all the
    others are out, counting what earlier steps found)."""
    by_cat: dict[str, list[str]] = {}
    for f in step.derived:
        if f.kind == "not":
            by_cat.setdefault(f.subject, []).append(f.value)
    out = []
    for cid, items in by_cat.items():
        left = [i.id for i in case.setting.categories[cid].items
                if Fact("not", cid, i.id) not in known and i.id not in items]
        out.append((cid, left, True) if len(left) == 1 else (cid, items, False))
    return out


def _outcome(case: Case, step: Step, known: set) -> list[str]:
    """'the suspect is not Mrs. White or Lady Coral', or 'the suspect must be Miss Lilac'."""
    out = []
    for cid, items, must in step_claims(case, step, known):
        if must:
            out.append(f"the {_label(case, cid)} must be {_item(case, items[0])}")
        else:
            out.append(f"the {_label(case, cid)} is not {_join([_item(case, i) for i in items])}")
    return out


LEADS = ("With what we already know, ", "Building on that, ", "Now ", "Next, ")


def step_sentence(case: Case, step: Step, known: set) -> str:
    refs = _join([clue_ref(case, c) for c in step.clues], "and")
    so = "; ".join(_outcome(case, step, known))
    lead = LEADS[step.number % len(LEADS)] if step.facts else ""
    liars = [f for f in step.derived if f.kind in ("lies", "truthful") and f != step.assumption]
    liar_step = bool(step.assumption and step.assumption.kind in ("lies", "truthful"))
    if liar_step:
        who = _person(case, step.assumption.subject)
        hold = "could not all hold" if len(step.clues) + len(step.facts) > 1 else "could not hold"
        against = f"{refs} and what we already know" if step.facts else refs
        if step.assumption.kind == "truthful":
            text = f"Suppose {who} lied: then {against} {hold}. So {who} told the truth."
        else:
            text = f"Suppose {who} told the truth: then {against} {hold}. So {who} is lying."
    else:
        verb = "tells" if len(step.clues) == 1 else "together tell"
        body = f"{refs} {verb} us that {so or _join([_liar(case, f) for f in liars], 'and')}."
        suspects = _suspect_speakers(case, step) if case.effective_liar_rule.kind == "culprit" else []
        if len(suspects) == 1:
            body = f"whether or not {suspects[0]} is the culprit (and so lying), {body}"
        text = _cap(f"{lead}{body}")
        if len(suspects) > 1:
            text = f"Only the culprit lies. {text}"
        if not so:
            liars = []
    if liars:
        truthful = [_person(case, f.subject) for f in liars if f.kind == "truthful"]
        lying = [_person(case, f.subject) for f in liars if f.kind == "lies"]
        if truthful and liar_step and step.assumption.kind == "lies" and case.effective_liar_rule.kind == "inspector":
            text += f" Only one witness lies, so {_join(truthful, 'and')} told the truth."
        elif truthful:
            text += f" {_join(truthful, 'and')} told the truth{' as well' if liar_step else ''}."
        if lying:
            text += f" {_join(lying, 'and')} {'is' if len(lying) == 1 else 'are'} lying."
    if liar_step and so:
        text += f" So {so}."
    return text


def _suspect_speakers(case: Case, step: Step) -> list[str]:
    """Names of the suspects whose statements the step reads (culprit rule: one may lie)."""
    chars = case.setting.characters
    out = []
    for c in step.clues:
        clue = next(x for x in case.clues if x.id == c)
        ch = chars.get(clue.speaker) if clue.speaker else None
        if ch and ch.item and ch.may_lie and ch.name not in out:
            out.append(ch.name)
    return out


def _liar(case: Case, fact: Fact) -> str:
    who = _person(case, fact.subject)
    return f"{who} is lying" if fact.kind == "lies" else f"{who} is telling the truth"


def solution_prose(explanation: Explanation) -> str:
    case = explanation.case
    known: set = set()
    sentences = []
    for step in explanation.steps:
        text = step_sentence(case, step, known)
        known |= set(step.derived)
        if text:
            sentences.append(_cap(text))
    paragraphs = [" ".join(sentences[k:k + 3]) for k in range(0, len(sentences), 3)]
    answer = explanation.answer
    if explanation.complete and answer:
        parts = [f"the {_label(case, c)} is {_item(case, i)}" for c, i in answer.items()]
        paragraphs.append(f"Only one answer remains: {_join(parts, 'and')}.")
    return "\n\n".join(paragraphs)


# ---- hints from what the player knows ----------------------------------------------------
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


def _named(characters, words: str) -> str | None:
    return next((cid for cid, ch in characters.items() if words in (cid.lower(), ch.name.lower())), None)


def _item_named(case: Case, words: str):
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
    setting = explanation.case.setting
    if all(sum(Fact("not", c, i) not in have for i in setting.categories[c].ids) <= 1 for c in setting.answer):
        return None
    return next((s for s in explanation.steps if any(f not in have for f in s.derived)), None)


def hint(explanation: Explanation, known: list[Fact], level: int = 1) -> str:
    """The next step the player has not made. Level 1: which clues to read together (named by
    person and wheel number, counter or note, never a decoded wheel) and what about; level 2
    adds the kind of reasoning and how much it tells; level 3 is the step's sentence.
    Levels 1 and 2 never name what the step rules out."""
    case = explanation.case
    step = next_step(explanation, known)
    if step is None:
        return "You know everything the clues can tell you."
    if level >= 3:
        return _cap(step_sentence(case, step, set(known)))
    have = set(known)
    new = [f for f in step.derived if f not in have]
    refs = _join([clue_ref(case, c) for c in step.clues], "and") or _rule(case)
    cats = sorted({_label(case, f.subject) for f in new if f.kind == "not"})
    what = f"about the {_join(cats, 'and')}" if cats else "about who is lying"
    if step.assumption and step.assumption.kind in ("lies", "truthful"):
        first = f"Ask yourself whether {_person(case, step.assumption.subject)} could be lying, and read {refs} again."
    else:
        both = "together" if len(step.clues) > 1 else ""
        known = "with what you know" if step.facts else ""
        they = "they tell" if len(step.clues) > 1 else "it tells"
        first = f"Read {' '.join(w for w in (refs, both, known) if w)}: {they} you more {what}."
    if level <= 1:
        return first
    return f"{first} {_how(case, step, new)}"


def _rule(case: Case) -> str:
    """What a step no clue takes part in reasons from: the liar rule itself."""
    rule = case.effective_liar_rule
    if rule.kind == "custom":
        return f"the liar rule (\u201c{' '.join(str(rule.expression).split())}\u201d)"
    return "the setting's rules"


def _how(case: Case, step: Step, new: list[Fact]) -> str:
    """Level 2: the technique, and how many things it settles (not which)."""
    outs = sum(1 for f in new if f.kind == "not")
    tell = f"it rules out {outs} more possibilit{'y' if outs == 1 else 'ies'}" if outs else "it settles who lies"
    if step.assumption and step.assumption.kind in ("lies", "truthful"):
        return f"Suppose the opposite of what you think and see what breaks: {tell}."
    if case.effective_liar_rule.kind == "culprit" and _suspect_speakers(case, step):
        return f"Remember that only the culprit lies: {tell}."
    if len(step.clues) > 1:
        return f"Neither says enough alone; together {tell}."
    return f"Read it closely: {tell}."
