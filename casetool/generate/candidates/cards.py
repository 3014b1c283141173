"""Cards: a suggestion log drawn from the deal, the reader's own hand, a few facts about other hands."""

from __future__ import annotations

import random

from ...english.phrases import cap, item_name, join_and
from ...load.model import Setting
from ..source import Source
from ..world import Plan
from ..writer import SuggestionDoc
from .builder import Builder, Candidate, Draft


def build(source: Source, world: Plan, rng: random.Random) -> Draft:
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
            # no pronoun: a player's sex is not known, and "their hand" read as somebody else's
            text = rng.choice([f"You caught sight of {card} in {names[q]}'s hand.",
                               f"{names[q]} was seen holding {card}."])
            b.add(Candidate("", f"holds({q}, {c})", text, speaker, "fact", "holds", 0, "holds"), None)
        else:
            text = rng.choice([f"{names[q]} grumbled about never having been dealt {card}.",
                               f"{cap(card)} had not been in {names[q]}'s hand all evening."])
            b.add(Candidate("", f"not holds({q}, {c})", text, speaker, "fact", "holds", 1, "holds"), None)
