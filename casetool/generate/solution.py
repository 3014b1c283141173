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
from typing import NamedTuple

from ..diagnostics import did_you_mean
from ..explain.steps import Explanation, Fact, Step
from ..language import ir
from ..model import Case, Character, Clue, Item
from ..solver.compile import Lit
from .text import Templates, fill, item_name

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
    words = " ".join(clue.text.split())
    quoted = "\u201c" + words.rstrip(".") + "\u201d"
    gist = _gist(case, clue)
    if ch and ch.role in ("witness",):   # by speaker and gist: the page does not quote whole statements
        return f"{ch.name}'s statement about {gist}" if gist else f"{ch.name}'s statement"
    if ch and ch.role == "inspector":   # notes and facts are short and say one thing: quoted
        return f"the note {quoted}"
    return quoted


def _gist(case: Case, clue: Clue) -> str:
    """What a clue is about, by the answer categories it names: 'the suspect and the place'."""
    cats: list[str] = []
    for node in ir.walk(clue.expr) if clue.expr is not None else ():
        if isinstance(node, ir.AnswerRef) and node.category not in cats:
            cats.append(node.category)
    return _join([f"the {_label(case, c)}" for c in cats], "and")


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
class Claim(NamedTuple):
    """What a step's sentence says about one category. how "must": the category must be
    items[0] (all the others are out, counting what earlier steps found); "not": it is none
    of `items`; "before" / "after" (an ordered category): it comes before (after) items[0],
    every item from there on (up to there) being out by the step and the facts it reads."""
    category: str
    how: str
    items: list[str]


def step_claims(case: Case, step: Step, known: set[Fact]) -> list[Claim]:
    """The step's claims, category by category, items in the setting's order (times run in
    time); a run of ruled-out items at either end of an ordered category is said as the order."""
    by_cat: dict[str, list[str]] = {}
    for f in step.derived:
        if f.kind == "not":
            by_cat.setdefault(f.subject, []).append(f.value)
    out: list[Claim] = []
    for cid, items in by_cat.items():
        order = [i.id for i in case.setting.categories[cid].items]
        items = sorted(items, key=order.index)
        left = [i for i in order if Fact("not", cid, i) not in known and i not in items]
        if len(left) == 1:
            out.append(Claim(cid, "must", left))
        elif case.setting.categories[cid].ordered:
            out += _order_claims(cid, order, items, {f.value for f in step.facts if f.kind == "not" and f.subject == cid})
        else:
            out.append(Claim(cid, "not", items))
    return out


def _order_claims(cid: str, order: list[str], items: list[str], read: set[str]) -> list[Claim]:
    """'before Tea Time' for a run of two or more ruled-out items that reaches the last item
    (`read`: the items the facts the step reads rule out, which the run may include), 'after
    Breakfast' for one from the first; and at most one item left over, as a list. When more
    are left over the order says nothing shorter: the whole list."""
    gone = set(items) | read
    tail = len(order)
    while tail > 0 and order[tail - 1] in gone:
        tail -= 1
    head = 0
    while head < tail and order[head] in gone:
        head += 1
    claims: list[Claim] = []
    runs: set[str] = set()
    if head >= 2 and set(items) & set(order[:head]):
        claims.append(Claim(cid, "after", [order[head - 1]]))
        runs |= set(order[:head])
    if len(order) - tail >= 2 and set(items) & set(order[tail:]):
        claims.append(Claim(cid, "before", [order[tail]]))
        runs |= set(order[tail:])
    rest = [i for i in items if i not in runs]
    if not claims or len(rest) > 1:   # the order would not say it shorter: a plain list
        return [Claim(cid, "not", items)]
    return claims + ([Claim(cid, "not", rest)] if rest else [])


def _outcome(case: Case, step: Step, known: set[Fact]) -> list[str]:
    """'the suspect is not Mrs. White or Lady Coral', 'the suspect must be Miss Lilac', 'the
    crime did not happen at tea time or later', 'the crime happened after Breakfast and
    before Dusk' (the setting's words for its items and its order: its `templates:`)."""
    templates = Templates(case.setting.templates)
    out: list[str] = []
    claims = step_claims(case, step, known)
    for cid in dict.fromkeys(c.category for c in claims):
        mine = {c.how: c.items for c in claims if c.category == cid}
        if "must" in mine:
            out.append(f"the {_label(case, cid)} must be {_item(case, mine['must'][0])}")
        elif "before" in mine and "after" in mine:
            rest = f", and the {_label(case, cid)} is not {_join([_item(case, i) for i in mine['not']])}" \
                if "not" in mine else ""
            out.append(_between(case, cid, mine["after"][0], mine["before"][0], templates) + rest)
        elif "before" in mine or "after" in mine:
            out.append(_not_in_order(case, cid, mine, templates))
        else:
            out.append(f"the {_label(case, cid)} is not {_join([_item(case, i) for i in mine['not']])}")
    return out


def _not_in_order(case: Case, cid: str, mine: dict[str, list[str]], templates: Templates) -> str:
    """'the crime did not happen at tea time or later, nor at dawn': the category's negative
    item phrase (templates: items:) over the setting's words for each item."""
    cat, setting = case.setting.categories[cid], case.setting
    ends = [(mine["before"][0], "later")] if "before" in mine else [(mine["after"][0], "earlier")]
    parts = [(i, f" or {word}") for i, word in ends] + [(i, "") for i in mine.get("not", [])]
    words = {"item": [_item(case, i) + tail for i, tail in parts],
             "where": [templates.where(setting, i) + tail for i, tail in parts],
             "when": [templates.when(setting, i) + tail for i, tail in parts]}
    negative = templates.item_phrases(cat)[1]
    return f"{templates.subject(cat)} {fill(negative, **{k: ', nor '.join(v) for k, v in words.items()})}"


def _between(case: Case, cid: str, first: str, last: str, templates: Templates) -> str:
    """'the crime happened after Breakfast and before Dusk': the category's order phrases
    (templates: order:)."""
    cat = case.setting.categories[cid]
    before, after = templates.order_phrases(cat)[:2]
    said = fill(after, item=_item(case, first))
    phrase = fill(before, item=_item(case, last))
    if phrase.split()[0] == said.split()[0]:   # "happened after X and before Y"
        phrase = phrase.split(" ", 1)[1]
    return f"{templates.subject(cat)} {said} and {phrase}"


LEADS = ("With what we already know, ", "Building on that, ", "Now ", "Next, ")


def step_sentence(case: Case, step: Step, known: set[Fact]) -> str:
    refs = _join([clue_ref(case, c) for c in step.clues], "and")
    so = "; ".join(_outcome(case, step, known))
    lead = LEADS[step.number % len(LEADS)] if step.facts else ""
    liars = [f for f in step.derived if f.kind in ("lies", "truthful") and f != step.assumption]
    # the fact the step supposes the opposite of, when it reasons about who lies
    supposed = step.assumption if step.assumption and step.assumption.kind in ("lies", "truthful") else None
    liar_step = supposed is not None
    inspector = _inspector_note(case, step)
    said = _inspector_sentence(case, step, inspector) if inspector else None
    if said:
        return said
    if supposed is not None:
        who = _person(case, supposed.subject)
        hold = "could not all hold" if len(step.clues) + len(step.facts) > 1 else "could not hold"
        against = f"{refs} and what we already know" if step.facts else refs
        if supposed.kind == "truthful":
            text = f"Suppose {who} lied: then {against} {hold}. So {who} told the truth."
        else:
            text = f"Suppose {who} told the truth: then {against} {hold}. So {who} is lying."
    else:
        verb = "tells" if len(step.clues) == 1 else "together tell"
        body = f"{refs} {verb} us that {so or _join([_liar(case, f) for f in liars], 'and')}."
        suspects = _suspect_speakers(case, step) if case.effective_liar_rule.kind == "culprit" else []
        self_out = _convicts_speaker(case, step, known, suspects)
        if self_out:
            body = (f"{refs} cannot be true{', with what we already know' if step.facts else ''}, so "
                    f"{suspects[0]} is lying, and only the culprit lies: {self_out}.")
        elif len(suspects) == 1:
            # when the step reads whether the speaker is the culprit, "whether or not" would be false
            guilty = _known_culprit(case, step, suspects[0])
            body = (f"whether or not {suspects[0]} is the culprit (and so lying), {body}" if guilty is None
                    else f"{suspects[0]} is the culprit and so lies: {body}" if guilty
                    else f"{suspects[0]} is not the culprit and so tells the truth: {body}")
        text = _cap(f"{lead if not self_out else ''}{body}")
        if len(suspects) > 1:
            text = f"Only the culprit lies. {text}"
        if not so:
            liars = []
    if liars:
        truthful = [_person(case, f.subject) for f in liars if f.kind == "truthful"]
        lying = [_person(case, f.subject) for f in liars if f.kind == "lies"]
        if truthful and supposed is not None and supposed.kind == "lies" and case.effective_liar_rule.kind == "inspector":
            text += f" Only one witness lies, so {_join(truthful, 'and')} told the truth."
        elif truthful:
            text += f" {_join(truthful, 'and')} told the truth{' as well' if liar_step else ''}."
        if lying:
            text += f" {_join(lying, 'and')} {'is' if len(lying) == 1 else 'are'} lying."
    if liar_step and so:
        text += f" So {so}."
    return text


def _convicts_speaker(case: Case, step: Step, known: set[Fact], suspects: list[str]) -> str:
    """Culprit rule, one clue by one suspect, and the step leaves that suspect as the only
    culprit: the statement must be false (were it true, its speaker would be truthful and
    so not the culprit), so its speaker lies. 'the suspect must be Sergeant Olive', else ''."""
    if len(suspects) != 1 or len(step.clues) != 1:
        return ""
    culprit = case.setting.culprit
    for cid, how, items in step_claims(case, step, known):
        if cid == culprit and how == "must" and _item(case, items[0]) == suspects[0]:
            return f"the {_label(case, cid)} must be {suspects[0]}"
    return ""


def _inspector_note(case: Case, step: Step) -> Character | None:
    """The inspector's note, when the step reads it alone (inspector rule): the inspector never
    lies and at most one witness does, so the note settles who lies on its own."""
    if case.effective_liar_rule.kind != "inspector" or len(step.clues) != 1 or step.facts:
        return None
    clue = next(c for c in case.clues if c.id == step.clues[0])
    ch = case.setting.characters.get(clue.speaker) if clue.speaker else None
    return ch if ch and ch.role == "inspector" else None


def _inspector_sentence(case: Case, step: Step, inspector: Character) -> str | None:
    """'Inspector Brown (wheel 37) says nobody lies except Mrs. Peacock. The inspector never
    lies and only one witness ever does, so ... told the truth.'"""
    ref = clue_ref(case, step.clues[0])
    lying = [_person(case, f.subject) for f in step.derived if f.kind == "lies"]
    truthful = [_person(case, f.subject) for f in step.derived if f.kind == "truthful"]
    rule = f"{inspector.name} never lies"
    if lying:
        text = f"{ref} says nobody lies except {_join(lying, 'and')}."
        if truthful:
            text += f" {rule} and only one witness ever does, so {_join(truthful, 'and')} told the truth."
        return text
    clue = next(c for c in case.clues if c.id == step.clues[0])
    if not truthful or "liars == 0" not in " ".join(clue.means.split()):
        return None   # not the note's whole word (read the usual way)
    return f"{ref} says every witness told the truth, and {rule}: {_join(truthful, 'and')} told the truth."


def _suspect_speakers(case: Case, step: Step) -> list[str]:
    """Names of the suspects whose statements the step reads (culprit rule: one may lie)."""
    chars = case.setting.characters
    out: list[str] = []
    for c in step.clues:
        clue = next(x for x in case.clues if x.id == c)
        ch = chars.get(clue.speaker) if clue.speaker else None
        if ch and ch.item and ch.may_lie and ch.name not in out:
            out.append(ch.name)
    return out


def _known_culprit(case: Case, step: Step, name: str) -> bool | None:
    """Whether the step reads, from earlier steps, that the suspect `name` is the culprit (every
    other suspect ruled out: True) or is not (False); None when it does not lean on either."""
    culprit = case.setting.culprit
    ids = {i.name: i.id for i in case.setting.categories[culprit].items}
    out = {f.value for f in step.facts if f.kind == "not" and f.subject == culprit}
    if ids.get(name) in out:
        return False
    if out and out == set(ids.values()) - {ids.get(name)}:
        return True
    return None


def _liar(case: Case, fact: Fact) -> str:
    who = _person(case, fact.subject)
    return f"{who} is lying" if fact.kind == "lies" else f"{who} is telling the truth"


# ---- card steps: one sentence per clue, and a full hand when the count is used -----------
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _card_clues(case: Case, step: Step) -> list[Clue]:
    """The step's card clues in the order a person reads them: your hand, what was seen in
    hands, then the suggestions by number; [] when the step is not a card step."""
    clues = [next(c for c in case.clues if c.id == cid) for cid in step.clues]
    if not case.players or len(clues) < 2 or not all(c.synthetic or "holds(" in c.means for c in clues):
        return []
    def order(c: Clue) -> tuple[int, int]:
        m = re.match(r"suggestion-(\d+)$", c.id)
        return (2, int(m.group(1))) if m else (0 if c.synthetic else 1, 0)
    return sorted(clues, key=order)


def _card_clause(case: Case, clue: Clue) -> str:
    """What one card clue says, as a sentence a player can check against the log."""
    m = re.match(r"suggestion-(\d+)$", clue.id)
    hand = re.match(r"hand-(.+)$", clue.id) if clue.synthetic else None
    if hand:
        p = next(x for x in case.players if x.id == hand.group(1))
        cards = _join([_item(case, c) for c in p.holds], "and")
        return f"You hold {cards}." if p.id == "you" else f"{p.name} holds {cards}."
    if not m:
        return " ".join(clue.text.split())
    s = next(x for x in case.suggestions if x.number == int(m.group(1)))
    names = {p.id: p.name for p in case.players}
    cards = _join([_item(case, c) for c in s.cards], "and")
    out = f"In suggestion {s.number}, {names.get(s.by, s.by)} asked about {cards}"
    if s.passed:
        out += f"; {_join([names.get(p, p) for p in s.passed], 'and')} had none of them"
    if s.shown_by:
        shown = _item(case, s.shown) if s.shown else None
        out += f"; {names.get(s.shown_by, s.shown_by)} showed {shown}" if shown else \
            f"; {names.get(s.shown_by, s.shown_by)} showed one of them"
    return _cap(out.replace("You asked", "you asked").replace("; You ", "; you ")) + "."


class Hands:
    """Who must hold what under a step's clues and facts (solver questions on the case's own
    model), to say "Ann's hand is full" when a step counts a hand."""

    def __init__(self, case: Case, seconds: float = 20.0):
        from ..solver.budget import Budget
        from ..solver.session import Session
        self.case = case
        self.session = Session.open(case, Budget(seconds))
        self.deck = [i for c in case.setting.answer for i in case.setting.categories[c].ids]

    def premises(self, step: Step) -> list[Lit]:
        compiled = self.session.compiled
        lits = [compiled.enables[c] for c in step.clues]
        for f in step.facts:
            if f.kind == "not":
                lits.append(~compiled.answer[f.subject][f.value])
            elif f.kind in ("lies", "truthful") and f.subject in compiled.lies:
                lits.append(compiled.lies[f.subject] if f.kind == "lies" else ~compiled.lies[f.subject])
        return lits

    def full(self, step: Step, clues: list[Clue]) -> list[tuple[str, list[str]]]:
        """(player, cards) for each player (you too) whose whole hand the step's premises fix,
        when the step counts it: a card of the step's suggestions or result the player
        cannot hold only because the hand is full (no suggestion they passed and no clue
        says so, and nobody else must hold it)."""
        own, prem = self.session.compiled.own, self.premises(step)
        held = {p.id: [c for c in self.deck if not self.session.feasible(prem + [~own[(p.id, c)]])]
                for p in self.case.players}
        suggested: set[str] = set()
        passed_on: set[tuple[str, str]] = set()   # (player, card): the player does not hold the card
        for clue in clues:
            m = re.match(r"suggestion-(\d+)$", clue.id)
            if m:
                s = next(x for x in self.case.suggestions if x.number == int(m.group(1)))
                suggested |= set(s.cards)
                passed_on |= {(p, c) for p in s.passed for c in s.cards}
            elif clue.means.startswith("not holds("):
                who, card = clue.means[len("not holds("):-1].split(",")
                passed_on.add((who.strip(), card.strip()))
        result = {f.value for f in step.derived if f.kind == "not"} | set(self._must(step))
        out: list[tuple[str, list[str]]] = []
        for p in self.case.players:
            if len(held[p.id]) != p.hand:
                continue
            others = {c for q, cs in held.items() if q != p.id for c in cs}
            counted = [c for c in sorted(suggested | result) if c not in held[p.id] and c not in others
                       and (p.id, c) not in passed_on]
            if counted:
                out.append((p.id, held[p.id]))
        return out

    def _must(self, step: Step) -> list[str]:
        return [f.value for f in step.derived if f.kind == "not"]


def _hand_sentence(case: Case, player: str, cards: list[str]) -> str:
    name = next(p.name for p in case.players if p.id == player)
    count = NUMBERS[len(cards)] if len(cards) < len(NUMBERS) else str(len(cards))
    if player == "you":
        return f"Your hand is full with those {count} cards, so you hold nothing else."
    return (f"{name}'s hand is full: {name} must hold {_join([_item(case, c) for c in cards], 'and')}, "
            f"all {count} cards, and so holds nothing else.")


def _player(case: Case, player: str) -> str:
    return next(p.name for p in case.players if p.id == player)


def card_step_sentences(case: Case, step: Step, known: set[Fact], hands: Hands | None,
                        said: set[str | tuple[str, str]]) -> str:
    """A card step read by several clues, one sentence each in reading order, then what a
    full hand adds, then the result. A clue read in an earlier card step is recalled by
    name (`said`: what the page has already spelled out)."""
    clues = _card_clues(case, step)
    so = "; ".join(_outcome(case, step, known))
    if not clues or not so:
        return ""
    again = [c for c in clues if c.id in said]
    lines = [f"Recall {_join([clue_ref(case, c.id) for c in again], 'and')}."] if again else []
    lines += [_card_clause(case, c) for c in clues if c.id not in said]
    said |= {c.id for c in clues}
    if hands is not None:
        for p, cards in hands.full(step, clues):
            lines.append(_hand_sentence(case, p, cards) if ("full", p) not in said else
                         ("Your hand is still full." if p == "you" else f"{_player(case, p)}'s hand is still full."))
            said.add(("full", p))
    lead = "Together with what we already know, these" if step.facts else "Together, these"
    lines.append(f"{lead} tell us that {so}.")
    return " ".join(lines)


def solution_prose(explanation: Explanation) -> str:
    """The solution page, in the setting's words (its `templates:`, over generate/text.py's)."""
    case = explanation.case
    known: set[Fact] = set()
    sentences: list[str] = []
    hands = Hands(case) if case.players else None
    said: set[str | tuple[str, str]] = set()   # clue ids spelled out, and ("full", player) for a full hand said
    for step in explanation.steps:
        text = card_step_sentences(case, step, known, hands, said) or step_sentence(case, step, known)
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
        with_known = "with what you know" if step.facts else ""
        they = "they tell" if len(step.clues) > 1 else "it tells"
        first = f"Read {' '.join(w for w in (refs, both, with_known) if w)}: {they} you more {what}."
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
