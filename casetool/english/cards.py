"""Card steps: one sentence per clue in reading order (your hand, what was seen in hands,
the suggestions by number), and "Ann's hand is full" when the step counts a hand."""

from __future__ import annotations

import re

from ..explain.steps import Fact, Step
from ..load.model import Case, Clue, Suggestion
from ..solver.circuit import Lit
from .card_chain import (
    Chain,
    counted_sentence,
    hand_sentence,
    last_sentence,
    nobody_parts,
    nobody_sentence,
    only_sentence,
    refute,
    shown_sentence,
)
from .card_suppose import supposition
from .claims import joined, outcome, step_claims
from .names import clue_ref, join, name_item, quoted_already
from .phrases import cap


def _leaning(said: set) -> str:
    """How a chain that leans on earlier findings closes: said once one way, then another (the
    same opener twice in a paragraph reads as a form, classic 002)."""
    if ("leaned", "") in said:
        return "Put beside what we found before, that means"
    said.add(("leaned", ""))
    return "With what we already know, that tells us that"


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


def _suggestion(case: Case, clue: Clue) -> Suggestion | None:
    """The suggestion of the log a card clue reads, or None (a hand, a glimpse)."""
    m = re.match(r"suggestion-(\d+)$", clue.id)
    return next(x for x in case.suggestions if x.number == int(m.group(1))) if m else None


def _names(case: Case) -> dict[str, str]:
    """Each player by name, and the reader as 'you' inside a sentence ('Dan and you had none of
    them'); cap() gives a sentence's first word its capital."""
    return {p.id: "you" if p.id == "you" else p.name for p in case.players}


def _card_clause(case: Case, clue: Clue) -> str:
    """What one card clue says, as a sentence a player can check against the log."""
    s = _suggestion(case, clue)
    hand = re.match(r"hand-(.+)$", clue.id) if clue.synthetic else None
    if hand:
        p = next(x for x in case.players if x.id == hand.group(1))
        cards = join([name_item(case, c) for c in p.holds], "and")
        return f"You hold {cards}." if p.id == "you" else f"{p.name} holds {cards}."
    if s is None:
        return " ".join(clue.text.split())
    names = _names(case)
    cards = join([name_item(case, c) for c in s.cards], "and")
    out = f"In suggestion {s.number}, {names.get(s.by, s.by)} asked about {cards}"
    if s.passed:
        out += f"; {join([names.get(p, p) for p in s.passed], 'and')} had none of them"
    if s.shown_by:
        shown = name_item(case, s.shown) if s.shown else None
        out += f"; {names.get(s.shown_by, s.shown_by)} showed {shown}" if shown else \
            f"; {names.get(s.shown_by, s.shown_by)} showed one of them"
    return cap(out) + "."


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
            s = _suggestion(self.case, clue)
            if s is not None:
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

    def shown(self, step: Step, clues: list[Clue]) -> list[tuple[int, str, str]]:
        """(suggestion, player, card) for each suggestion of the step where someone showed an
        unnamed card that the step's premises name: the player must hold that card and can
        hold none of the suggestion's others."""
        own, prem = self.session.compiled.own, self.premises(step)
        out = []
        for clue in clues:
            s = _suggestion(self.case, clue)
            if s is None or not s.shown_by or s.shown or s.shown_by == "you":
                continue
            must = [c for c in s.cards if not self.session.feasible(prem + [~own[(s.shown_by, c)]])]
            if len(must) == 1 and not any(self.session.feasible(prem + [own[(s.shown_by, c)]])
                                          for c in s.cards if c != must[0]):
                out.append((s.number, s.shown_by, must[0]))
        return out

    def _must(self, step: Step) -> list[str]:
        return [f.value for f in step.derived if f.kind == "not"]


def _player(case: Case, player: str) -> str:
    return next(p.name for p in case.players if p.id == player)


def card_step_sentences(case: Case, step: Step, known: set[Fact], hands: Hands | None,
                        said: set[str | tuple[str, str]]) -> str:
    """A card step read by several clues, one sentence each in reading order, then what a
    full hand adds, then the result. A clue read in an earlier card step is recalled by
    name (`said`: what the page has already spelled out)."""
    clues = _card_clues(case, step)
    so = joined(outcome(case, step, known))
    if not clues or not so:
        return ""
    # a clue spelled out before, in a card step or quoted whole in another ('The fact “You caught
    # sight of Mrs. Peacock in Ann's hand” clears Mrs. Peacock'), is named, never said again
    again = [c for c in clues if c.id in said or (not c.synthetic and quoted_already(c.id))]
    lines = [_again(case, again)] if again else []
    lines += [_card_clause(case, c) for c in clues if c not in again]
    said |= {c.id for c in clues}
    chained = set(said)
    chain = chain_sentences(case, clues, sorted(known | set(step.facts)), step.derived, _found(case, step, known), chained)
    if chain:   # who must hold what, so which card is left: each link said
        said |= chained
        links, leans = chain
        then = _leaning(said) if leans else \
            "That tells us that" if links[-1].startswith(("So ", "Suppose ")) else "So"
        return " ".join(lines + links + [f"{then} {so}."])
    if hands is not None:
        for n, p, card in hands.shown(step, clues):   # the card a suggestion's 'one of them' was
            if ("shown", str(n)) not in said:
                lines.append(f"So the card {_player(case, p)} showed in suggestion {n} was {name_item(case, card)}.")
                said.add(("shown", str(n)))
        for p, cards in hands.full(step, clues):
            lines.append(hand_sentence(case, p, cards) if ("full", p) not in said else
                         ("Your hand is still full." if p == "you" else f"{_player(case, p)}'s hand is still full."))
            said.add(("full", p))
    lines += [said for said in (_nobody_holds(case, card, clues) for card in _found(case, step, known)) if said]
    lead = "Together with what we already know, these" if step.facts else "Together, these"
    lines.append(f"{lead} tell us that {so}.")
    return " ".join(lines)


def _again(case: Case, clues: list[Clue]) -> str:
    """'We come back to your own hand and suggestions 2, 5 and 11.': clues an earlier step
    spelled out, named as the player finds them in the book (not 'Recall your own hand,
    suggestion 2, suggestion 5, suggestion 11')."""
    numbers, parts = [], []
    for c in clues:
        m = re.match(r"suggestion-(\d+)$", c.id) if c.synthetic else None
        numbers += [m.group(1)] if m else []
        parts += [] if m else [clue_ref(case, c.id)]
    if numbers:
        parts.append(f"suggestion{'s' if len(numbers) > 1 else ''} {join(sorted(numbers, key=int), 'and')}")
    return f"We come back to {join(parts, 'and')}."


def _found(case: Case, step: Step, known: set[Fact]) -> list[str]:
    """The cards the step puts in the envelope."""
    return [c.items[0] for c in step_claims(case, step, known) if c.how == "must"]


def _nobody_holds(case: Case, card: str, clues: list[Clue]) -> str:
    """'So nobody holds the Revolver: Dan and you passed on it in suggestion 2, and Cleo in
    suggestion 1.' (your own hand read in the step: 'you do not, ...') when the step's clues
    account for every player; '' otherwise (a hand counted, an earlier finding read)."""
    names = _names(case)
    mine = next((p.holds for p in case.players if p.id == "you"), None)
    covered = {"you"} if any(c.synthetic and c.id == "hand-you" for c in clues) and mine is not None \
        and card not in mine else set()
    parts = ["you do not"] if covered else []
    for clue in clues:
        s = _suggestion(case, clue)
        fresh = [p for p in s.passed if p not in covered] if s and card in s.cards else []
        if s and fresh:
            passed = "passed on it " if not any(" passed on it " in p for p in parts) else ""
            parts.append(f"{join([names[p] for p in fresh], 'and')} {passed}in suggestion {s.number}")
            covered |= set(fresh)
    if covered != set(names):
        return ""
    said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]   # 'Dan and you' inside
    return f"So nobody holds {name_item(case, card)}: {said}."


def chain_sentences(case: Case, clues: list[Clue], facts: list[Fact], derived: list[Fact], found: list[str],
                    said: set) -> tuple[list[str], bool] | None:
    """The sentences that take a player from the step's clues to its findings, in order
    (`said`: what the page has spelled out already, updated), and whether they lean on what
    the page found before (a fact of its, or a card `found` in the envelope that the chain
    does not put there itself); None when the rules do not reach every finding, or reach them
    with nothing to say between."""
    before = {x[1]: x[2] for x in said if isinstance(x, tuple) and x[0] == "card"}   # who holds what, found above
    chain = Chain(case, clues, facts, before=before)
    goals = [("out", f.value) for f in derived if f.kind == "not" and f.value in chain.kind]
    if not chain.ok or not goals:
        return None
    chain = refute(chain, goals, found) or refute(Chain(case, clues, facts, only=True, before=before), goals, found) \
        or chain
    steps = chain.order(goals)
    if steps is None:
        return None
    own = Chain(case, clues, facts).why if before else {}   # what the step's clues give without the page's findings
    leans = any(chain.why[p] == ("known",) or (before.get(p) == chain.why[p] and p not in own) for p in steps) \
        or any(("env", c) not in chain.why for c in found)
    names = {p.id: "you" if p.id == "you" else p.name for p in case.players}
    out: list[str] = []
    nobody: list[str] = []   # the cards of the last 'nobody holds' said
    last: list[tuple] = []   # the cards of the last 'So Bob holds' said
    refuted: list[tuple] = []   # the cards of the last supposition said
    for prop in steps:
        why = chain.why[prop]
        if before.get(prop) == why:
            continue   # found above: known, not said again
        if prop[0] == "has" and why[0] in ("deduced", "last", "only"):
            said.add(("card", prop, why))   # a later step knows it (Chain's `before`)
        if why[0] == "deduced" and ("shown", str(why[1])) not in said:
            out.append(shown_sentence(chain, names, prop, why[1]))
            said.add(("shown", str(why[1])))
        elif why[0] == "full" and ("full", prop[1]) not in said:
            said.add(("full", prop[1]))
            out.append(hand_sentence(case, prop[1], list(why[2])) if not why[3] else counted_sentence(chain, names, why))
        elif why[0] == "last":
            if last and last[0][1] == prop[1] and out[-1] == last_sentence(chain, names, last):
                last.append(prop)   # one player's cards found the same way: one sentence
                out[-1] = last_sentence(chain, names, last)
            else:
                last = [prop]
                out.append(last_sentence(chain, names, last))
        elif why[0] == "only" and ("only", prop[1]) not in said:
            said.add(("only", prop[1]))
            out.append(only_sentence(chain, names, why))
        elif why[0] == "refuted":
            if refuted and out[-1] == _alike(chain, refuted, names) and _alike(chain, refuted + [prop], names):
                refuted.append(prop)   # the same argument for another card of the kind: one supposition
                out[-1] = _alike(chain, refuted, names)
            else:
                refuted = [prop]
                out.append(supposition(why[2], names, prop, why[1], why[3]))
        elif why[0] == "nobody":
            if nobody and out[-1] == nobody_sentence(chain, names, nobody) \
                    and nobody_parts(chain, names, nobody[0]) == nobody_parts(chain, names, prop[1]):
                nobody.append(prop[1])   # out for the same reasons: one sentence
                out[-1] = nobody_sentence(chain, names, nobody)
            else:
                nobody = [prop[1]]
                out.append(nobody_sentence(chain, names, nobody))
    return (out, leans) if out else None


def _alike(chain: Chain, props: list[tuple], names: dict[str, str]) -> str:
    """Suppositions that differ only in the card supposed, as one: 'Suppose the Hall, the
    Lounge or the Study were in the envelope. Then ... So none of them is.' '' when they differ
    or a card is named inside the argument, or for a card found in the envelope."""
    texts = []
    for prop in props:
        why = chain.why[prop]
        text = supposition(why[2], names, prop, why[1], why[3])
        card = name_item(chain.case, prop[1])
        if prop[0] != "out" or text.count(card) != 2:
            return ""
        texts.append(text.replace(card, "\0"))
    if len(props) == 1:
        return texts[0].replace("\0", name_item(chain.case, props[0][1]))
    if any(t != texts[0] for t in texts):
        return ""
    cards = join([name_item(chain.case, p[1]) for p in props])
    head, _, rest = texts[0].partition("\0")
    body = rest[:rest.rindex("So \0")]
    return f"{head}{cards}{body}So none of {join([name_item(chain.case, p[1]) for p in props], 'and')} is in the envelope."
