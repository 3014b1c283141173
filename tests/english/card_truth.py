"""Every link of a card step's chain (english/card_chain.py), checked against the suggestion
log and your hand as printed, and against the brute force of tests/solver (never the
compiler the page came from): 'So the card Dan showed in suggestion 7 was the Hall: not Mrs.
White, which Dan passed on in suggestion 6, nor ...', "Fay's four cards are all accounted
for: ...", 'So nobody holds the Conservatory: ...'. Imported by name by the tests of this
folder."""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

from casetool.english.cards import _card_clues
from casetool.english.solution import page_sentences
from casetool.explain.steps import explain_case

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import Problem  # noqa: E402
from solver_harness import step_premises  # noqa: E402

END = r"(?<!\bMr)(?<!\bMrs)(?<!\bDr)(?<!\bMs)(?<!\bSt)\.(?= [A-Z]|$)"   # a sentence's end, not a title's dot
SHOWN = re.compile(rf"So the card (.+?) showed in suggestion (\d+) was (.+?): not (.+?){END}")
NOBODY = re.compile(rf"So nobody holds (.+?): (.+?){END}")
LAST = re.compile(rf"So (\S+) holds (.+?): (?:it is not in the envelope, |(?:neither|none of them) is in the envelope, "
                  rf"and )(.+?){END}")
EACH = re.compile(rf"So (\S+) holds each of these, none of them in the envelope: (.+?){END}")
COUNTED = re.compile(rf"(\S+?)'s (\w+) cards are all accounted for: (.+?){END} \1 holds nothing else\.")


class Hands:
    """Brute-force questions on who holds a card, under one step's premises."""

    def __init__(self, case, premises):
        self.case = case
        self.problem = Problem(case, sorted(premises))
        self.answers = [a for a in self.problem.answers() if self.problem.world_for(a) is not None]
        assert self.answers, premises

    @cache  # noqa: B019 (one Hands per step, dropped with it)
    def can_hold(self, player: str, card: str) -> bool:
        return any(card not in a.values() and self.problem.world_for(a, owners={card: player}) is not None
                   for a in self.answers)

    def holds(self, player: str, card: str) -> bool:
        others = [p.id for p in self.case.players if p.id != player]
        return all(card not in a.values() for a in self.answers) and not any(self.can_hold(q, card) for q in others)

    def in_envelope(self, card: str) -> bool:
        return all(card in a.values() for a in self.answers)


def assert_card_chains_true(case) -> int:
    """Check each chain sentence of each card step of the page; how many were checked."""
    explanation = explain_case(case, 60)
    deps = step_premises(explanation)
    sentences = page_sentences(explanation)
    players = {("you" if p.id == "you" else p.name): p for p in case.players}
    cards = {re.sub(r"^(The|A|An) ", "", case.setting.item_name(i)): i
             for c in case.setting.answer for i in case.setting.categories[c].ids}
    checked = 0
    so_far: set[str] = set()
    for step in explanation.steps:
        so_far |= set(step.clues) | set(deps[step.number])
        if not _card_clues(case, step):
            continue
        text = " ".join(sentences[step.number - 1].split())
        # a link may lean on what the page found before: true by every clue read so far
        hands = Hands(case, frozenset(so_far))
        where = (case.display, step.number, text)
        for who, number, card, why in SHOWN.findall(text):
            player, s = players[who].id, _suggestion(case, int(number))
            assert s.shown_by == player and _card(cards, card) in s.cards, where
            assert hands.holds(player, _card(cards, card)), (where, "not the card shown")
            for part in re.split(r", nor ", why):
                _assert_not_held(case, hands, players, cards, player, part, where)
            checked += 1
        for who, listed, why in LAST.findall(text):   # the one player left who can hold the cards
            if who in players and " holds each of these" not in f"So {who} holds {listed}":
                _assert_last(case, hands, players, players[who].id, [_card(cards, c) for c in re.split(r", | and ", listed)],
                             why, where)
                checked += 1
        for who, items in EACH.findall(text):
            for card, why in re.findall(r"(?:^|, | and )(.+?) \((.+?)\)", items):
                _assert_last(case, hands, players, players[who].id, [_card(cards, card)], why, where)
            checked += 1
        for listed, why in NOBODY.findall(text):
            out = [_card(cards, c) for c in re.split(r", | or ", listed)]
            assert all(hands.in_envelope(c) for c in out), (where, "a card somebody may hold")
            seen = set()
            for part in nobody_parts(why):
                seen |= _assert_nobody_part(case, hands, players, out, part, where)
            assert seen == {p.id for p in case.players}, (where, "a player left out")
            checked += 1
        for who, count, parts in COUNTED.findall(text):
            player = players[who]
            listed = re.split(r"; (?:and )?", parts)
            assert len(listed) == player.hand and count == _number(player.hand), (where, "not the hand's size")
            for part in listed:
                m = re.match(r"(.+?), from suggestion (\d+)(?: \(not (.+)\))?$", part)
                if not m:
                    assert hands.holds(player.id, _card(cards, part)), (where, part)
                    continue
                s = _suggestion(case, int(m.group(2)))
                some = [_card(cards, c) for c in re.split(r", | or ", m.group(1))]
                assert s.shown_by == player.id and set(some) <= set(s.cards), (where, part)
                assert not any(hands.can_hold(player.id, c) for c in s.cards if c not in some) or not m.group(3), (where, part)
                for gone in re.split(r", nor ", m.group(3) or ""):
                    if gone:
                        _assert_not_held(case, hands, players, cards, player.id, gone, where)
            others = [c for c in cards.values() if _name(case, c) not in parts]
            assert not any(hands.can_hold(player.id, c) for c in others), (where, "holds something else")
            checked += 1
    return checked


def _assert_not_held(case, hands: Hands, players: dict, cards: dict, player: str, part: str, where) -> None:
    """'Mrs. White, which Dan passed on in suggestion 6' / 'the Knife, which Cleo showed in
    suggestion 8' / '..., which you hold' / '..., which is in the envelope' / '..., which does
    not fit in Fay's full hand' / '..., which Ann does not hold': true by the log or the brute
    force, and `player` cannot hold the cards."""
    listed, why = part.split(", which ", 1)
    named = [_card(cards, c) for c in re.split(r", | or ", listed)]
    for card in named:
        assert not hands.can_hold(player, card), (where, part)
    m = re.match(r"(.+?) passed on in suggestion (\d+)$", why)
    if m:
        s = _suggestion(case, int(m.group(2)))
        assert players[m.group(1)].id == player and player in s.passed and set(named) <= set(s.cards), (where, part)
        return
    m = re.match(r"(.+?) showed in suggestion (\d+)$", why)
    if m:
        s, shower = _suggestion(case, int(m.group(2))), players[m.group(1)].id
        assert s.shown_by == shower and all(c in s.cards and (s.shown == c or hands.holds(shower, c)) for c in named), \
            (where, part)
        return
    m = re.match(r"(.+?) holds$", why)
    if why == "you hold":
        assert set(named) <= set(players["you"].holds), (where, part)
    elif m:
        assert all(hands.holds(players[m.group(1)].id, c) for c in named), (where, part)
    elif why in ("is in the envelope", "are in the envelope"):
        assert all(hands.in_envelope(c) for c in named), (where, part)
    else:
        assert re.match(rf"(?:does not fit in .+'s full hand|{re.escape(_who(players, player))} does not hold)$", why), \
            (where, part)


def nobody_parts(why: str) -> list[str]:
    """The parts of 'you do not, Eve's hand is full, and Cleo, Dan and Ann passed on it in
    suggestion 6', each ending where a reason ends (a list of players has commas too)."""
    parts, buf = [], ""
    for tok in why.split(", "):
        buf = f"{buf}, {tok.removeprefix('and ')}" if buf else tok.removeprefix("and ")
        if re.search(r"(do not|does not|hand is full|in suggestion \d+)$", buf):
            parts.append(buf)
            buf = ""
    assert not buf, why
    return parts


def _assert_last(case, hands: Hands, players: dict, player: str, named: list[str], why: str, where) -> None:
    """'So Bob holds the Revolver: it is not in the envelope, you do not, and Ann passed on it
    in suggestion 1': the player holds each card by the brute force, and every other player
    is accounted for by a true reason."""
    for card in named:
        assert hands.holds(player, card) and not hands.in_envelope(card), (where, "not held", card)
    seen = set()
    for part in nobody_parts(why):
        seen |= _assert_nobody_part(case, hands, players, named, part, where)
    assert seen == {p.id for p in case.players} - {player}, (where, "a player left out", why)


def _assert_nobody_part(case, hands: Hands, players: dict, out: list[str], part: str, where) -> set[str]:
    """One player's reason in 'So nobody holds X: ...'; the players it speaks for."""
    if part == "you do not":
        assert not set(out) & set(players["you"].holds), (where, part)
        return {"you"}
    m = re.match(r"(.+?)(?:'s hand is full| does not)$", part)
    if m:
        assert not any(hands.can_hold(players[m.group(1)].id, c) for c in out), (where, part)
        return {players[m.group(1)].id}
    m = re.match(r"(.+?) (?:passed on (?:it|them) )?in suggestion (\d+)$", part)
    assert m, (where, part)
    s = _suggestion(case, int(m.group(2)))
    who = {players[w].id for w in re.split(r", | and ", m.group(1))}
    assert set(out) <= set(s.cards) and who <= set(s.passed), (where, part)
    return who


def _suggestion(case, number: int):
    return next(s for s in case.suggestions if s.number == number)


def _card(cards: dict, words: str) -> str:
    return cards[re.sub(r"^(the|The|A|An) ", "", words.strip())]


def _name(case, card: str) -> str:
    return re.sub(r"^(The|A|An) ", "", case.setting.item_name(card))


def _who(players: dict, player: str) -> str:
    return next(name for name, p in players.items() if p.id == player)


def _number(n: int) -> str:
    from casetool.english.card_chain import NUMBERS
    return NUMBERS[n] if n < len(NUMBERS) else str(n)
