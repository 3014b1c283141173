"""Why a card step's result follows, as a player works it out on a notepad: who must hold
which card ('So the card Dan showed in suggestion 7 was the Hall: not Mrs. White, which he
passed on in suggestion 6, nor the Knife, which Cleo showed in suggestion 8.'), whose hand is
full, and which card nobody can hold. Each sentence is one rule a player knows (a card is in
one place only; a player who passed holds none of the cards asked about; a shown card is one
of the three; a full hand holds nothing else; the envelope holds one card of each kind), read
forward from the step's clues and what the page already knows. A finding the rules do not
reach is argued by a supposition that ends in a contradiction ('Suppose the Hall were in the
envelope. Then ... But Dan holds only six cards, and would then hold seven'), and failing
that by a player who can hold no more cards than their hand has room for; a step neither
reaches gets no chain: cards.py says it as before."""

from __future__ import annotations

import copy
import re

from ..explain.steps import Fact
from ..load.model import Case, Clue, Suggestion
from .names import join, name_item
from .phrases import cap

# A proposition: ("has", player, card), ("not", player, card), ("env", card): the card is in
# the envelope, ("out", card): it is not. Why it holds: ("hand", player), ("passed", player,
# n), ("shown", n), ("clue", id), ("known",) (the page found it before), ("elsewhere",
# player, card), ("held", player), ("env", card), ("paired", card): the envelope's card of its
# kind is another, ("deduced", n), ("full", player), ("nobody",), ("left", category), ("only",
# player, cards, reads), ("suppose",) (a supposition's own), ("refuted", supposed, chain, clash).
HOLDS = re.compile(r"^(not )?holds\((\w+),\s*(\w+)\)$")


class Chain:
    """What the step's clues and the page's findings give by the rules, each with its first
    reason; `ok` is False when a clue is not a card fact the rules read."""

    def __init__(self, case: Case, clues: list[Clue], facts: list[Fact], only: bool = False,
                 before: dict[tuple, tuple] | None = None):
        """`only`: read the rule that a player who can hold no more cards than their hand has
        room for holds them all (its sentence lists every other card's place: the last resort).
        `before`: who holds what the page found in earlier steps, with why ('the card Ann showed
        in suggestion 2 was the Ballroom'): known from here on, never worked out again, nor
        left open ('the Knife or the Ballroom, from suggestion 2', classic cards hard 108)."""
        self.case = case
        self.before = dict(before or {})
        self.only = only
        self.players = [p.id for p in case.players]
        self.hand = {p.id: p.hand for p in case.players}
        self.kind = {i: c for c in case.setting.answer for i in case.setting.categories[c].ids}
        self.why: dict[tuple, tuple] = {}
        self.unnamed: list[Suggestion] = []
        self.supposed: set[tuple] = set()   # what holds only under a supposition (fork)
        self.ok = self._given(clues, facts)
        if self.ok:
            self._close()

    def _add(self, prop: tuple, why: tuple) -> bool:
        if prop in self.why:
            return False
        self.why[prop] = why
        return True

    def _given(self, clues: list[Clue], facts: list[Fact]) -> bool:
        for clue in clues:
            m = re.match(r"suggestion-(\d+)$", clue.id)
            hand = re.match(r"hand-(.+)$", clue.id) if clue.synthetic else None
            holds = HOLDS.match(" ".join(clue.means.split()))
            if m:
                s = next(x for x in self.case.suggestions if x.number == int(m.group(1)))
                for p in s.passed:
                    for card in s.cards:
                        self._add(("not", p, card), ("passed", p, s.number))
                if s.shown_by and s.shown:
                    self._add(("has", s.shown_by, s.shown), ("shown", s.number))
                elif s.shown_by:
                    self.unnamed.append(s)
            elif hand:
                player = next(x for x in self.case.players if x.id == hand.group(1))
                for card in player.holds:
                    self._add(("has", player.id, card), ("hand", player.id))
            elif holds and holds.group(2) in self.hand and holds.group(3) in self.kind:
                self._add(("not" if holds.group(1) else "has", holds.group(2), holds.group(3)), ("clue", clue.id))
            else:
                return False
        for s in self.case.suggestions:   # a card you were shown is on your notepad from then on
            if s.shown_by and s.shown and s.shown_by != "you":
                self._add(("has", s.shown_by, s.shown), ("shown", s.number))
        for f in facts:
            if f.kind == "not" and f.value in self.kind:
                self._add(("out", f.value), ("known",))
        for prop, why in self.before.items():
            self._add(prop, why)
        return True

    def _close(self) -> None:
        """Every rule, round after round, until nothing new follows."""
        changed = True
        while changed:
            changed = False
            for prop in list(self.why):
                if prop[0] == "has":
                    for q in self.players:
                        if q != prop[1]:
                            changed |= self._add(("not", q, prop[2]), ("elsewhere", prop[1], prop[2]))
                    changed |= self._add(("out", prop[2]), ("held", prop[1]))
                elif prop[0] == "env":
                    for q in self.players:
                        changed |= self._add(("not", q, prop[1]), ("env", prop[1]))
                    for other in self.case.setting.categories[self.kind[prop[1]]].ids:
                        if other != prop[1]:
                            changed |= self._add(("out", other), ("paired", prop[1]))
            for s in self.unnamed:
                left = [c for c in s.cards if ("not", s.shown_by, c) not in self.why]
                if len(left) == 1:
                    changed |= self._add(("has", s.shown_by, left[0]), ("deduced", s.number))
            for p in self.players:
                held, shows = self.counted(p)
                if len(held) + len(shows) == self.hand[p]:
                    # what the count reads, kept as it stands now: the cards, each show's open cards
                    # and why its other cards are out
                    opened = tuple((s.number, tuple(self.open(s))) for s in shows)
                    reads = tuple([("has", p, c) for c in held] + [("not", p, c) for s in shows for c in s.cards
                                                                   if c not in self.open(s)])
                    room = set(held) | {c for _, cards in opened for c in cards}
                    for card in self.kind:
                        if card not in room:
                            changed |= self._add(("not", p, card), ("full", p, tuple(held), opened, reads))
            for card in self.kind:
                if all(("not", p, card) in self.why for p in self.players):
                    changed |= self._add(("env", card), ("nobody",))
                free = [p for p in self.players if ("not", p, card) not in self.why]
                if ("out", card) in self.why and len(free) == 1:   # not in the envelope: the last who can
                    changed |= self._add(("has", free[0], card), ("last",))
            for cid in self.case.setting.answer:
                left = [i for i in self.case.setting.categories[cid].ids if ("out", i) not in self.why]
                if len(left) == 1:
                    changed |= self._add(("env", left[0]), ("left", cid))
            for p in self.players if self.only else []:
                can = tuple(c for c in self.kind if ("not", p, c) not in self.why)
                if len(can) == self.hand[p]:
                    reads = tuple(("not", p, c) for c in self.kind if c not in can)
                    for card in can:
                        changed |= self._add(("has", p, card), ("only", p, can, reads))

    def open(self, s: Suggestion) -> list[str]:
        """The cards of a suggestion its shower may have shown, by what is known so far."""
        return [c for c in s.cards if ("not", s.shown_by, c) not in self.why]

    def counted(self, player: str) -> tuple[list[str], list[Suggestion]]:
        """The cards a player is known to hold, and the suggestions where they showed a card not
        yet named that can be none of those nor the card of another such suggestion: each is
        one more card of the hand."""
        held = [c for c in self.kind if ("has", player, c) in self.why]
        out: list[Suggestion] = []
        taken = set(held)
        for s in self.unnamed:
            if s.shown_by == player and not set(self.open(s)) & taken:
                out.append(s)
                taken |= set(self.open(s))
        return held, out

    def fork(self, prop: tuple, why: tuple) -> Chain:
        """A copy of the chain with one more proposition (a supposition, or a finding a
        supposition gave), closed again; this chain is left as it is."""
        other = copy.copy(self)
        other.only = self.only and why != ("suppose",)   # under a supposition, the short rules only
        other.why = dict(self.why)
        other._add(prop, why)
        other._close()
        other.supposed = self.supposed | (set(other.why) - set(self.why)) if why == ("suppose",) else self.supposed
        return other

    def clash(self) -> tuple | None:
        """The contradiction that rests on the fewest propositions, with what it reads:
        ("both", player, card) (must hold it and cannot), ("twice", card) (in the envelope and
        not), ("over", player) (more cards than the hand holds), ("none", category) (no card
        left for the envelope), ("blank", n) (the shower of suggestion n can have shown none
        of its cards); None when the rules find none."""
        found: list[tuple[int, tuple, list[tuple]]] = []
        for prop in self.why:
            if prop[0] == "has" and ("not",) + prop[1:] in self.why:
                found.append((0, ("both",) + prop[1:], [prop, ("not",) + prop[1:]]))
            elif prop[0] == "env" and ("out", prop[1]) in self.why:
                found.append((0, ("twice", prop[1]), [prop, ("out", prop[1])]))
        for p in self.players:
            held, shows = self.counted(p)
            if len(held) + len(shows) > self.hand[p]:
                reads = [("has", p, c) for c in held] + [("not", p, c) for s in shows for c in s.cards if c not in self.open(s)]
                found.append((0, ("over", p), reads))
        for cid in self.case.setting.answer:
            ids = self.case.setting.categories[cid].ids
            if all(("out", i) in self.why for i in ids):
                found.append((0, ("none", cid), [("out", i) for i in ids]))
        for s in self.unnamed:
            if not self.open(s):
                found.append((0, ("blank", s.number), [("not", s.shown_by, c) for c in s.cards]))
        scored = [(len(self.order(reads) or []), i, what, reads) for i, (_, what, reads) in enumerate(found)]
        return min(scored)[2:] if scored else None

    def needs(self, prop: tuple) -> list[tuple]:
        """The propositions the reason for `prop` reads (none for what the page found before)."""
        if self.before.get(prop) == self.why[prop]:
            return []
        why = self.why[prop]
        if why[0] == "elsewhere":
            return [("has", why[1], why[2])]
        if why[0] == "held":
            return [("has", why[1], prop[-1])]
        if why[0] in ("env", "paired"):
            return [("env", why[1])]
        if why[0] == "deduced":
            s = next(x for x in self.case.suggestions if x.number == why[1])
            return [("not", s.shown_by, c) for c in s.cards if c != prop[2]]
        if why[0] == "full":
            return list(why[4])
        if why[0] == "only":
            return list(why[3])
        if why[0] == "nobody":
            return [("not", p, prop[1]) for p in self.players]
        if why[0] == "last":
            return [("out", prop[2])] + [("not", p, prop[2]) for p in self.players if p != prop[1]]
        if why[0] == "left":
            return [("out", i) for i in self.case.setting.categories[why[1]].ids if i != prop[1]]
        if why[0] == "refuted":   # what the supposition leaned on that holds without it
            return [p for p in why[2].order(why[3][1]) or [] if p not in why[2].supposed]
        return []

    def order(self, goals: list[tuple]) -> list[tuple] | None:
        """Every proposition the goals rest on, each after what it reads; None when a goal
        does not follow by the rules."""
        if not all(g in self.why for g in goals):
            return None
        out: list[tuple] = []
        seen: set[tuple] = set()

        def visit(prop: tuple) -> None:
            if prop in seen:
                return
            seen.add(prop)
            for need in self.needs(prop):
                visit(need)
            out.append(prop)
        for goal in goals:
            visit(goal)
        return out


def refute(chain: Chain, goals: list[tuple], found: list[str]) -> Chain | None:
    """The chain with each goal the rules do not reach granted by a supposition that ends in a
    contradiction ("Suppose the Lounge were in the envelope. Then ... But ..."), the shortest
    first, each granted finding read by the next; None when a goal is left."""
    while any(g not in chain.why for g in goals):
        tries = [("out", c) for c in found if ("env", c) not in chain.why]
        tries += [("env", g[1]) for g in goals if g not in chain.why]
        best: tuple | None = None
        for supposed in tries:
            forked = chain.fork(supposed, ("suppose",))
            clash = forked.clash()
            if clash is not None:
                cost = len([p for p in forked.order(clash[1]) or [] if p in forked.supposed])
                if best is None or cost < best[0]:
                    best = (cost, supposed, forked, clash)
        if best is None:
            return None
        _, supposed, forked, clash = best
        granted = ("env" if supposed[0] == "out" else "out", supposed[1])
        chain = chain.fork(granted, ("refuted", supposed, forked, clash))
    return chain


def _reason(chain: Chain, names: dict[str, str], prop: tuple) -> str:
    """Why a player does not hold a card, as a clause after the card: 'which Dan passed on in
    suggestion 2', 'which Cleo showed in suggestion 8', 'which you hold', 'which is in the
    envelope'; under a supposition, what only it gives says 'would' ('which would be in the
    envelope')."""
    why = chain.why[prop]
    if why[0] == "passed":
        return f"which {names[why[1]]} passed on in suggestion {why[2]}"
    if why[0] == "elsewhere":
        held = chain.why[("has", why[1], why[2])]
        if held[0] in ("shown", "deduced") and ("has", why[1], why[2]) not in chain.supposed:
            return f"which {names[why[1]]} showed in suggestion {held[1]}"
        if ("has", why[1], why[2]) in chain.supposed:
            return f"which {names[why[1]]} would hold"
        return "which you hold" if why[1] == "you" else f"which {names[why[1]]} holds"
    if why[0] in ("env", "suppose"):
        return "which would be in the envelope" if ("env", prop[-1]) in chain.supposed else "which is in the envelope"
    if why[0] == "full":
        return f"which does not fit in {_whose(names, why[1])} full hand" if prop not in chain.supposed else \
            f"which would not fit in {_whose(names, why[1])} full hand"
    return f"which {names[prop[1]]} does not hold"


def _whose(names: dict[str, str], player: str) -> str:
    return "your" if player == "you" else f"{names[player]}'s"


def shown_sentence(chain: Chain, names: dict[str, str], prop: tuple, number: int) -> str:
    """'So the card Dan showed in suggestion 7 was the Hall: not Mrs. White, which Dan passed
    on in suggestion 6, nor the Knife, which Cleo showed in suggestion 8.'"""
    case, who = chain.case, prop[1]
    s = next(x for x in case.suggestions if x.number == number)
    others = [card for card in s.cards if card != prop[2]]
    return f"So the card {names[who]} showed in suggestion {number} was {name_item(case, prop[2])}: " \
        + _none_of(chain, names, who, others) + "."


def _none_of(chain: Chain, names: dict[str, str], shower: str, cards: list[str]) -> str:
    """'not the Rope, which Bob holds, nor the Knife and the Hall, which are in your hand':
    cards ruled out for the same reason are named together."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        groups.setdefault(_reason(chain, names, ("not", shower, card)), []).append(name_item(chain.case, card))
    parts = [f"{join(named)}, {why if len(named) == 1 else why.replace(' is in ', ' are in ')}"
             for why, named in groups.items()]
    return "not " + ", nor ".join(parts)


def only_sentence(chain: Chain, names: dict[str, str], why: tuple) -> str:
    """'Bob has room for four cards and can hold only four: Professor Plum, the Candlestick,
    the Rope and the Ballroom. Every other card is yours, Ann's (the Lead Pipe), in the
    envelope (the Wrench), or one Bob passed on in suggestion 1, 2 or 4, so Bob holds all
    four.' Each other card's place, by the reason the chain has for it."""
    case, player, cards = chain.case, why[1], why[2]
    held: dict[str, list[str]] = {}
    passed: list[str] = []
    other: dict[str, list[str]] = {}
    for prop in why[3]:
        reason = chain.why[prop]
        if reason[0] == "passed":
            passed += [] if str(reason[2]) in passed else [str(reason[2])]
        elif reason[0] == "elsewhere":
            held.setdefault(reason[1], []).append(name_item(case, prop[2]))
        else:
            key = "in the envelope" if reason[0] == "env" else f"one {names[player]} does not hold"
            other.setdefault(key, []).append(name_item(case, prop[2]))
    parts = ["yours"] if "you" in held else []
    parts += [f"{names[q]}'s ({join(cs, 'and')})" for q, cs in held.items() if q != "you"]
    parts += [f"{k} ({join(cs, 'and')})" for k, cs in other.items()]
    if passed:
        parts.append(f"one {names[player]} passed on in suggestion {join(sorted(passed, key=int))}")
    count = NUMBERS[len(cards)] if len(cards) < len(NUMBERS) else str(len(cards))
    listed = " or ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + ", or " + parts[-1]
    return (f"{names[player]} has room for {count} cards and can hold only {count}: "
            f"{join([name_item(case, c) for c in cards], 'and')}. Every other card is {listed}, so "
            f"{names[player]} holds all {count}.")


def hand_sentence(case: Case, player: str, cards: list[str]) -> str:
    """'Your hand is full with those six cards, so you hold nothing else.' / "Fay's hand is
    full: Fay must hold Professor Plum, the Wrench, Mrs. Peacock and the Lead Pipe, all four
    cards, and so holds nothing else." """
    count = NUMBERS[len(cards)] if len(cards) < len(NUMBERS) else str(len(cards))
    if player == "you":
        return f"Your hand is full with those {count} cards, so you hold nothing else."
    name = next(p.name for p in case.players if p.id == player)
    return (f"{name}'s hand is full: {name} must hold {join([name_item(case, c) for c in cards], 'and')}, "
            f"all {count} cards, and so holds nothing else.")


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def counted_sentence(chain: Chain, names: dict[str, str], why: tuple) -> str:
    """'Fay's hand is full with four cards: Mrs. Peacock; Mrs. White or the Lead Pipe, from
    suggestion 3 (not the Lounge, which you hold); and Professor Plum or the Knife, from
    suggestion 7. So Fay holds nothing else.' A card shown but not named counts as one card
    of the hand, among those the shower may have shown."""
    player = why[1]
    listed = _semis(_hand_parts(chain, names, player, list(why[2]), list(why[3]), grouped=True))
    count = NUMBERS[chain.hand[player]] if chain.hand[player] < len(NUMBERS) else str(chain.hand[player])
    return f"{names[player]}'s {count} cards are all accounted for: {listed}. {cap(names[player])} holds nothing else."


def _hand_parts(chain: Chain, names: dict[str, str], player: str, held: list[str],
                opened: list[tuple[int, tuple[str, ...]]], grouped: bool = False) -> list[str]:
    """Each card a player is known to hold, and each card they showed unnamed: 'Mrs. White or
    the Lead Pipe, from suggestion 3 (not the Lounge, which you hold)'."""
    case = chain.case
    shown = [c for c in held if grouped and chain.why[("has", player, c)][0] == "shown"
             and ("has", player, c) not in chain.supposed]
    parts = [name_item(case, c) for c in held if c not in shown or len(shown) == 1]
    if len(shown) == 1:
        number = chain.why[("has", player, shown[0])][1]
        parts[held.index(shown[0])] += f", which {names[player]} showed you in suggestion {number}"
    elif shown:   # the cards on your notepad from the player's own shows: said as one group
        count = NUMBERS[len(shown)] if len(shown) < len(NUMBERS) else str(len(shown))
        parts.insert(0, f"the {count} {names[player]} showed you ({join([name_item(case, c) for c in shown], 'and')})")
    for number, cards in opened:
        s = next(x for x in case.suggestions if x.number == number)
        gone: dict[str, list[str]] = {}
        for c in s.cards:
            if c not in cards:
                gone.setdefault(_reason(chain, names, ("not", player, c)), []).append(name_item(case, c))
        unless = ", nor ".join(f"{join(v)}, {k}" for k, v in gone.items())
        parts.append(f"{join([name_item(case, c) for c in cards])}, from suggestion {number}"
                     + (f" (not {unless})" if unless else ""))
    return parts


def _semis(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else "; ".join(parts[:-1]) + "; and " + parts[-1]


def last_sentence(chain: Chain, names: dict[str, str], props: list[tuple]) -> str:
    """'So Bob holds the Revolver: it is not in the envelope, you do not, and Ann passed on it in
    suggestion 1.' The one player left who can hold a card the envelope does not; several such
    cards of one player in one sentence: 'So Bob holds each of these, none of them in the
    envelope: Mrs. Peacock (you do not, and Ann does not) and the Lead Pipe (you and Ann passed
    on it in suggestion 5).'"""
    who = props[0][1]
    others = [p for p in chain.players if p != who]
    def why(card: str) -> list[str]:
        return nobody_parts(chain, names, card, others)
    if len(props) == 1:
        parts = ["it is not in the envelope"] + why(props[0][2])
        return f"So {names[who]} holds {name_item(chain.case, props[0][2])}: {', '.join(parts[:-1])}, and {parts[-1]}."
    if all(why(p[2]) == why(props[0][2]) for p in props):   # the same reasons for each: said once
        parts = [x.replace(" passed on it ", " passed on them ") for x in why(props[0][2])]
        none = "neither is" if len(props) == 2 else "none of them is"
        return (f"So {names[who]} holds {join([name_item(chain.case, p[2]) for p in props], 'and')}: {none} in the "
                f"envelope, and {_listed(parts)}.")
    cards = [f"{name_item(chain.case, p[2])} ({_listed(why(p[2]))})" for p in props]
    return f"So {names[who]} holds each of these, none of them in the envelope: {join(cards, 'and')}."


def _listed(parts: list[str]) -> str:
    """'you do not, Cleo passed on it in suggestion 1, and Dan in suggestion 2'."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]


def nobody_sentence(chain: Chain, names: dict[str, str], cards: list[str]) -> str:
    """'So nobody holds the Revolver: you do not, Cleo passed on it in suggestion 1, and Dan in
    suggestion 2.' Each player, by their hand or the suggestion they passed; cards out for the
    same reasons are said together ('So nobody holds Mr. Green or the Lead Pipe: ... passed on
    them in suggestion 6')."""
    parts = nobody_parts(chain, names, cards[0])
    if len(cards) > 1:
        parts = [p.replace(" passed on it ", " passed on them ") for p in parts]
    return f"So nobody holds {join([name_item(chain.case, c) for c in cards])}: {_listed(parts)}."


def nobody_parts(chain: Chain, names: dict[str, str], card: str, players: list[str] | None = None) -> list[str]:
    """Why each player (of `players`, all when None) does not hold the card: 'you do not',
    "Fay's hand is full", 'Eli does not', 'Cleo passed on it in suggestion 1' (players who
    passed one suggestion together)."""
    parts: list[str] = []
    passed: dict[int, list[str]] = {}
    for p in chain.players if players is None else players:
        why = chain.why[("not", p, card)]
        would = ("not", p, card) in chain.supposed
        if why[0] == "passed":
            passed.setdefault(why[2], []).append(p)
        elif why[0] == "full":
            parts.append(f"{_whose(names, p)} hand would be full" if would else
                         "you do not" if p == "you" else f"{names[p]}'s hand is full")
        else:
            parts.append(f"{names[p]} would not" if would else "you do not" if p == "you" else f"{names[p]} does not")
    for k, (number, who) in enumerate(sorted(passed.items())):
        parts.append(f"{join([names[p] for p in who], 'and')} {'passed on it ' if k == 0 else ''}in suggestion {number}")
    return parts
