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
    ch = case.setting.characters.get(who)
    return ch.name if ch else who


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
def parse_known(case: Case, text: str) -> tuple[list[Fact], list[str]]:
    """Facts from `--known "not plum, scene fair, white lies"`: (facts, words not understood).
    'not ITEM' rules an item out; 'CATEGORY ITEM' (or just 'ITEM') settles a category;
    'NAME lies' / 'NAME truthful' settles a witness."""
    setting = case.setting
    facts: list[Fact] = []
    unknown: list[str] = []
    for part in [p.strip().lower() for p in text.split(",") if p.strip()]:
        words = part.split()
        if len(words) == 2 and words[1] in ("lies", "truthful") and words[0] in setting.characters:
            facts.append(Fact(words[1], words[0]))
            continue
        negated = words[0] == "not"
        rest = words[1:] if negated else words
        if len(rest) == 2 and rest[0] in setting.answer:
            rest = rest[1:]
        item = setting.find_item(rest[0]) if len(rest) == 1 else None
        if item is None or item.category not in setting.answer:
            unknown.append(part)
            continue
        if negated:
            facts.append(Fact("not", item.category, item.id))
        else:
            facts += [Fact("not", item.category, i) for i in setting.categories[item.category].ids if i != item.id]
    return facts, unknown


def hint(explanation: Explanation, known: list[Fact]) -> str:
    """The next step the player has not made, as a pointer that does not give its result:
    which clues to read together (and whether to suppose someone lies)."""
    case = explanation.case
    have = set(known)
    for step in explanation.steps:
        new = [f for f in step.derived if f not in have]
        if not new:
            continue
        refs = _join([clue_ref(case, c) for c in step.clues], "and")
        if step.assumption and step.assumption.kind in ("lies", "truthful"):
            return f"Ask yourself whether {_person(case, step.assumption.subject)} could be lying, and read {refs} again."
        cats = sorted({_label(case, f.subject) for f in new if f.kind == "not"})
        what = f"about the {_join(cats, 'and')}" if cats else "about who is lying"
        return f"Read {refs} together{' with what you know' if step.facts else ''}: they tell you more {what}."
    return "You know everything the clues can tell you."
