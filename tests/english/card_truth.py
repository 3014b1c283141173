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
SUPPOSE = re.compile(rf"Suppose (.+?) were (not )?in the envelope{END}(.*?) So (none of )?(.+?) is (not )?in the "
                     rf"envelope{END}")
ONLY = re.compile(rf"(\S+) has room for (\w+) cards and can hold only \2: (.+?){END} Every other card is (.+?), so \1 "
                  rf"holds all \2{END}")
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

    def may_be_in_envelope(self, card: str) -> bool:
        return any(card in a.values() for a in self.answers)


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
        for supposed, negated, body, none, concluded, out in SUPPOSE.findall(text):
            named = check_supposition(case, hands, players, cards, supposed, bool(negated), body, where)
            assert named == [_card(cards, c) for c in re.split(r", | or | and ", concluded)], (where, "concludes another card")
            assert bool(negated) != bool(out or none), (where, "the conclusion is not the supposition's opposite")
            for card in named:   # the supposition's opposite, true by the brute force
                assert hands.in_envelope(card) if negated else not hands.may_be_in_envelope(card), (where, card)
            checked += 1
        for who, count, listed, places in ONLY.findall(text):
            _assert_only(case, hands, players, cards, players[who], count, listed, places, where)
            checked += 1
        for who, count, parts in COUNTED.findall(text):
            player = players[who]
            listed = re.split(r"; (?:and )?", parts)
            assert len(listed) + sum(max(_shown_to_you(case, cards, player, p) - 1, 0) for p in listed) == player.hand \
                and count == _number(player.hand), (where, "not the hand's size")
            for part in listed:
                m = re.match(r"(.+?), from suggestion (\d+)(?: \(not (.+)\))?$", part)
                if _shown_to_you(case, cards, player, part):
                    continue
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


def _shown_to_you(case, cards: dict, player, part: str) -> int:
    """How many cards a part of a count names as shown to you ('the five Cleo showed you (A,
    B, ...)', 'A, which Cleo showed you in suggestion 1'), each checked against the log: the
    player showed you that very card. 0 for any other part."""
    group = re.match(rf"the (\w+) {re.escape(player.name)} showed you \((.+)\)$", part)
    one = re.match(rf"(.+), which {re.escape(player.name)} showed you in suggestion (\d+)$", part)
    if not (group or one):
        return 0
    named = [_card(cards, c) for c in re.split(r", | and ", group.group(2))] if group else [_card(cards, one.group(1))]
    assert not group or group.group(1) == _number(len(named)), part
    for card in named:
        assert any(s.shown_by == player.id and s.shown == card and (group or s.number == int(one.group(2)))
                   for s in case.suggestions), part
    return len(named)


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


def _assert_only(case, hands: Hands, players: dict, cards: dict, player, count: str, listed: str, places: str,
                 where) -> None:
    """'Bob has room for four cards and can hold only four: A, B, C and D. Every other card is
    yours, Ann's (E and F), in the envelope (G), one Bob does not hold (H), or one Bob passed on
    in suggestion 1, 2 or 4, so Bob holds all four': the hand's size, each card held by the
    brute force, and each other card of the deck in one of the places said."""
    named = [_card(cards, c) for c in re.split(r", | and ", listed)]
    assert count == _number(player.hand) and len(named) == player.hand, (where, "not the hand's size")
    assert all(hands.holds(player.id, c) for c in named), (where, "a card not held")
    placed: set[str] = set()
    for yours, other, inside, envelope, absent, passed in re.findall(
            r"(yours)|(\S+)'s \((.+?)\)|in the envelope \((.+?)\)|one \S+ does not hold \((.+?)\)|"
            r"one \S+ passed on in suggestion ([\d, or]+)", places):
        if yours:
            placed |= set(players["you"].holds)
        elif other:
            some = [_card(cards, c) for c in re.split(r", | and ", inside)]
            assert all(hands.holds(players[other].id, c) for c in some), (where, other)
            placed |= set(some)
        elif envelope or absent:
            some = [_card(cards, c) for c in re.split(r", | and ", envelope or absent)]
            assert all(hands.in_envelope(c) if envelope else not hands.can_hold(player.id, c) for c in some), where
            placed |= set(some)
        else:
            for n in re.findall(r"\d+", passed):
                s = _suggestion(case, int(n))
                assert player.id in s.passed, (where, n)
                placed |= set(s.cards)
    assert set(cards.values()) - set(named) <= placed, (where, "a card left unplaced")


def nobody_parts(why: str) -> list[str]:
    """The parts of 'you do not, Eve's hand is full, and Cleo, Dan and Ann passed on it in
    suggestion 6', each ending where a reason ends (a list of players has commas too)."""
    parts, buf = [], ""
    for tok in why.split(", "):
        buf = f"{buf}, {tok.removeprefix('and ')}" if buf else tok.removeprefix("and ")
        if re.search(r"(do not|does not|would not|hand is full|hand would be full|in suggestion \d+)$", buf):
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


def check_supposition(case, hands: Hands, players: dict, cards: dict, supposed: str, negated: bool, body: str,
                      where) -> list[str]:
    """'Suppose the Hall, the Lounge or the Study were in the envelope. Then ...': the body
    read once for each card supposed, that card alone in the envelope; the cards."""
    named = [_card(cards, c) for c in re.split(r", | or ", supposed)]
    for card in named:
        Supposition(case, hands, players, cards, card, negated, where).check(body)
    return named


class Supposition:
    """One 'Suppose X were in the envelope. Then ... But ... So X is not in the envelope.'
    read sentence by sentence: each link that says 'would' must follow from the supposition
    and the links said before it (tracked here as the page states them, never by the code
    that wrote them), each link that does not must be true by the log or the brute force, and
    the 'But' must be a contradiction."""

    def __init__(self, case, hands: Hands, players: dict, cards: dict, supposed: str, negated: bool, where):
        """`supposed`: the card's id."""
        self.case, self.hands, self.players, self.cards, self.where = case, hands, players, cards, where
        self.named = [supposed]
        self.negated = negated
        self.env = set() if negated else set(self.named)          # in the envelope by the supposition
        self.out = set(self.named) if negated else {c for c in cards.values() for n in self.named
                                                   if c != n and _kind(case, c) == _kind(case, n)}
        self.has: set[tuple[str, str]] = set()                     # (player, card) by the supposition
        self.full: set[str] = set()                                # hands full by the supposition
        self.clashed = False

    def check(self, body: str) -> None:
        for sentence in re.split(rf"{END} ", body.strip().removesuffix(".")):
            sentence = sentence.strip()
            if sentence.startswith("Then "):
                self._then(sentence[len("Then "):])
            elif sentence == "It would be in the envelope":
                pass   # said with the 'nobody would hold' before it
            elif sentence.endswith(" would hold nothing else"):   # said with the count before it
                assert self.players[sentence.removesuffix(" would hold nothing else")].id in self.full, (self.where, sentence)
            else:
                assert sentence.startswith("But "), (self.where, sentence)
                self._but(sentence[len("But "):])
        assert self.clashed, (self.where, "no contradiction")

    def _then(self, s: str) -> None:
        where = (self.where, s)
        m = re.match(r"(\S+) would have to hold each of these, none of them then in the envelope: (.+)$", s)
        if m:
            for card, why in re.findall(r"(?:^|, | and )(.+?) \((.+?)\)", m.group(2)):
                self._last(self.players[m.group(1)].id, [_card(self.cards, card)], why, where)
            return
        m = re.match(r"(\S+) would have to hold (.+?): (?:it would not be in the envelope, |(?:neither|none of them) "
                     r"would be in the envelope, and )(.+)$", s)
        if m:
            self._last(self.players[m.group(1)].id, [_card(self.cards, c) for c in re.split(r", | and ", m.group(2))],
                       m.group(3), where)
            return
        m = re.match(r"the card (.+?) showed in suggestion (\d+) would have been (.+?): not (.+)$", s)
        if m:
            player, sug = self.players[m.group(1)].id, _suggestion(self.case, int(m.group(2)))
            card = _card(self.cards, m.group(3))
            assert sug.shown_by == player and card in sug.cards, where
            gone = {c for part in re.split(r", nor ", m.group(4)) for c in self._not_held(player, part, where)}
            assert gone == set(sug.cards) - {card}, (where, "a card of the suggestion left open")
            self.has.add((player, card))
            return
        m = re.match(r"(\S+?)'s hand would be full with (.+)$", s) or re.match(r"(your) hand would be full with (.+)$", s)
        if m:
            player = self.players["you" if m.group(1) == "your" else m.group(1)]
            held = [_card(self.cards, c) for c in re.split(r", | and ", m.group(2))]
            assert len(set(held)) == player.hand and all(self._holds(player.id, c) for c in held), where
            self.full.add(player.id)
            return
        m = re.match(r"(\S+?)'s (\w+) cards would all be accounted for: (.+)$", s)
        if m:
            self._counted(self.players[m.group(1)], m.group(2), m.group(3), where)
            return
        m = re.match(r"nobody would hold (.+?): (.+)$", s)
        if m:
            card = _card(self.cards, m.group(1))
            seen = set()
            for part in nobody_parts(m.group(2)):
                seen |= self._nobody_part(card, part, where)
            assert seen == {p.id for p in self.case.players}, (where, "a player left out")
            self.env.add(card)
            return
        m = re.match(r"(.+?) would be the only (\w+) left for the envelope$", s)
        assert m, (where, "a link the check does not know")
        card = _card(self.cards, m.group(1))
        others = [c for c in self.cards.values() if _kind(self.case, c) == _kind(self.case, card) and c != card]
        assert all(self._is_out(c) for c in others), where
        self.env.add(card)

    def _but(self, s: str) -> None:
        where = (self.where, s)
        m = re.match(r"(you hold|\S+ holds) only (\w+) cards, and would then hold (\w+): (.+)$", s)
        if m:
            player = self.players["you" if m.group(1) == "you hold" else m.group(1).removesuffix(" holds")]
            parts = re.split(r"; (?:and )?", m.group(4)) if "; " in m.group(4) else re.split(r", | and ", m.group(4))
            assert m.group(2) == _number(player.hand) and m.group(3) == _number(len(parts)) and len(parts) > player.hand, where
            taken: set[str] = set()   # each part a card of its own: a shown one among cards no other part has
            for part in parts:
                some = self._hand_part(player.id, part, where)
                assert not set(some) & taken, (where, part)
                taken |= set(some)
            self.clashed = True
            return
        m = re.match(r"then both (.+?) and (.+?) would be in the envelope, and it holds one (\w+) only$", s)
        if m:
            a, b = _card(self.cards, m.group(1)), _card(self.cards, m.group(2))
            assert a != b and _kind(self.case, a) == _kind(self.case, b) and {a, b} <= self.env, where
            self.clashed = True
            return
        m = re.match(r"then the card (.+?) showed in suggestion (\d+) could be none of the three: not (.+)$", s)
        if m:
            player, sug = self.players[m.group(1)].id, _suggestion(self.case, int(m.group(2)))
            gone = {c for part in re.split(r", nor ", m.group(3)) for c in self._not_held(player, part, where)}
            assert sug.shown_by == player and gone == set(sug.cards), where
            self.clashed = True
            return
        m = re.match(r"(.+?) cannot be in the envelope: (\S+) (holds|would hold) it$", s)
        if m:
            card, player = _card(self.cards, m.group(1)), self.players[m.group(2)].id
            assert card in self.env and self._holds(player, card), where
            self.clashed = True
            return
        m = re.match(r"(?:then (\S+) would have to hold|(\S+) holds|you hold) (.+?), (which .+)$", s)
        assert m, (where, "a contradiction the check does not know")
        player = self.players[m.group(1) or m.group(2) or "you"].id
        card = _card(self.cards, m.group(3))
        assert self._holds(player, card) and card in self._not_held(player, f"{m.group(3)}, {m.group(4)}", where), where
        self.clashed = True

    def _holds(self, player: str, card: str) -> bool:
        return (player, card) in self.has or self.hands.holds(player, card)

    def _is_out(self, card: str) -> bool:
        return card in self.out or any(c == card for _, c in self.has) or not self.hands.may_be_in_envelope(card)

    def _last(self, player: str, named: list[str], why: str, where) -> None:
        """'Ann would have to hold Mr. Green: it would not be in the envelope, you do not, and
        Eve passed on it in suggestion 1'."""
        seen = set()
        for card in named:
            assert self._is_out(card), (where, "a card the supposition leaves in the envelope", card)
            for part in nobody_parts(why):
                seen |= self._nobody_part(card, part, where)
            self.has.add((player, card))
        assert seen == {p.id for p in self.case.players} - {player}, (where, "a player left out")

    def _nobody_part(self, card: str, part: str, where) -> set[str]:
        """A player's reason for not holding the card, 'would' ones by what the supposition
        gave before."""
        m = re.match(r"(.+?) would not$", part)
        if m:
            player = self.players[m.group(1)].id
            assert card in self.env or player in self.full or any(c == card and p != player for p, c in self.has), \
                (where, part)
            return {player}
        m = re.match(r"(your|.+?'s) hand would be full$", part)
        if m:
            player = "you" if m.group(1) == "your" else self.players[m.group(1).removesuffix("'s")].id
            assert player in self.full and (player, card) not in self.has, (where, part)
            return {player}
        return _assert_nobody_part(self.case, self.hands, self.players, [card], part, where)

    def _not_held(self, player: str, part: str, where) -> list[str]:
        """'the Hall, which would be in the envelope' / '..., which Bob would hold' / '...,
        which would not fit in Ann's full hand', else a reason true without the supposition."""
        listed, why = part.split(", which ", 1)
        named = [_card(self.cards, c) for c in re.split(r", | or ", listed)]
        if why == "would be in the envelope":
            assert set(named) <= self.env, (where, part)
        elif why.endswith(" would hold"):
            other = self.players[why.removesuffix(" would hold")].id
            assert other != player and all((other, c) in self.has for c in named), (where, part)
        elif why.startswith("would not fit in "):
            assert player in self.full and not any((player, c) in self.has for c in named), (where, part)
        else:
            _assert_not_held(self.case, self.hands, self.players, self.cards, player, part, where)
        return named

    def _counted(self, player, count: str, parts: str, where) -> None:
        listed = re.split(r"; (?:and )?", parts)
        assert len(listed) == player.hand and count == _number(player.hand), where
        for part in listed:
            self._hand_part(player.id, part, where)
        self.full.add(player.id)

    def _hand_part(self, player: str, part: str, where) -> list[str]:
        """'Mrs. Peacock' (held) or 'Mrs. White or the Lead Pipe, from suggestion 3 (not the
        Lounge, which you hold)' (the card the player showed there is one of those): the cards
        the part may be."""
        m = re.match(r"(.+?), from suggestion (\d+)(?: \(not (.+)\))?$", part)
        if not m:
            assert self._holds(player, _card(self.cards, part)), (where, part)
            return [_card(self.cards, part)]
        sug = _suggestion(self.case, int(m.group(2)))
        some = [_card(self.cards, c) for c in re.split(r", | or ", m.group(1))]
        gone = {c for g in re.split(r", nor ", m.group(3) or "") if g for c in self._not_held(player, g, where)}
        assert sug.shown_by == player and not sug.shown and set(some) | gone == set(sug.cards), (where, part)
        return some


def _kind(case, card: str) -> str:
    return next(c for c in case.setting.answer if card in case.setting.categories[c].ids)
