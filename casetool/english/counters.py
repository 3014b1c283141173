"""A codes counter read inside a supposition with the cards the supposition leaves: what the
counter says, which of its sides those cards settle (said of the cards, with whose they are),
and the side that must then hold, before what that means for the answer: 'Counter 5 tells us
that of the three murder cards, exactly two have the number 4; the Rope's card does not have
the number 4, so the suspect card has the number 4 and the room card has the number 4, and so
Miss Scarlett is the murderer and the crime happened in the Billiard Room' (supercluedo codes
hard 109 said 'Then Counter 5 would mean that Miss Scarlett is the murderer ...' and named no
card). The supposition's reading (english/chain.py) gives the chain: its categories' items
left (`domains`), how it settles a side over them (`_settle`) and says a side of the cards
left (`_cards_said`); this module reads nothing else of it, so chain.py may call it."""

from __future__ import annotations

import re
from typing import Protocol

from ..language import ir
from ..load.model import Case, Clue
from .claims import if_words, in_words
from .names import join
from .whereabouts import named_categories


class Cards(Protocol):
    """What a supposition's reading knows (english/chain.Chain)."""
    case: Case
    domains: dict[str, list[str]]

    def _settle(self, expr, domains: dict[str, list[str]]) -> bool | None: ...

    def _cards_said(self, expr, cid: str) -> str: ...


def counter_grounds(chain: Cards, clue: Clue, expr, named: bool = True) -> str:
    """The counter's step under the supposition, up to what it leaves of the cards: '{Counter
    N} tells us that {what it says}; {the cards that settle a side}, so {the side that must
    hold}' (the caller adds ', and so' what that makes of the answer); '' when it is not a
    counter over one card a side, or the cards the chain has left do not settle it. Read before
    the chain narrows its items by the counter. `named` False: from 'what it says' on, for a
    step that names the counter itself (chain.on_the_cards: 'Counter 5 tells us that ...')."""
    if not re.match(r"\s*Counter \d+\.", clue.text or ""):
        return ""
    read = _sides(expr)
    if read is None:
        return ""
    sides, n = read
    if any(len(named_categories(side)) != 1 for side in sides):
        return ""
    value = [chain._settle(side, chain.domains) for side in sides]
    must = _must(sides, value, n)
    settled = [k for k, v in enumerate(value) if v is not None]
    if must is None or not settled or len(settled) == len(sides):
        return ""
    cards = [_said(chain, sides[k]) for k in settled]
    then = [in_words(chain.case, side) for side in must]
    if not all(cards) or None in then:
        return ""
    ref = re.match(r"\s*(Counter \d+)\.", clue.text).group(1)   # type: ignore[union-attr]
    against = ", and ".join(cards) if any(", " in c for c in cards) else join(cards, "and")
    said = f"{_words(chain.case, clue, expr)}; {against}, so {_both(then)}"   # type: ignore[arg-type]
    return f"{ref} tells us that {said}" if named else said


def _both(said: list[str]) -> str:
    """Cards that must all show one mark, said once: 'the suspect card and the room card both
    show the number 4', 'neither the weapon card nor the room card shows the number 5'; else
    the clauses joined."""
    parts = [re.match(r"^(the [\w ]+? card) (shows|has|does not show|does not have) (.+)$", s) for s in said]
    if len(said) < 2 or not all(parts) or len({(m.group(2), m.group(3)) for m in parts if m}) != 1:
        return join(said, "and")
    cards = [m.group(1) for m in parts if m]
    verb, what = parts[0].group(2), parts[0].group(3)   # type: ignore[union-attr]
    if verb.startswith("does not "):
        single = {"show": "shows", "have": "has"}[verb.removeprefix("does not ")]
        return f"neither {' nor '.join(cards)} {single} {what}" if len(cards) == 2 else join(said, "and")
    plural = {"shows": "show", "has": "have"}[verb]
    return f"{join(cards, 'and')} {'both' if len(cards) == 2 else 'all'} {plural} {what}"


def grounded(grounds: str, so: str) -> str:
    """The step with what it makes of the answer: '{grounds}, and so {so}', once when the
    grounds end on it."""
    return grounds if grounds.endswith(f"so {so}") else f"{grounds}, and so {so}"


def _sides(expr) -> tuple[list, int] | None:
    """The counter's sides and how many of them hold: an 'if' as 'the premise fails or the
    conclusion holds' (one at least, said as -1), an 'either' likewise, 'exactly n of' as n."""
    if isinstance(expr, ir.Implies):
        return [ir.Not(expr.left), expr.right], -1
    if isinstance(expr, ir.Or) and len(expr.args) == 2:
        return list(expr.args), -1
    if isinstance(expr, ir.Count) and expr.op == ir.CountOp.EXACTLY and 0 < expr.n < len(expr.args):
        return list(expr.args), expr.n
    return None


def _must(sides: list, value: list[bool | None], n: int) -> list | None:
    """The sides left open that must hold (or, turned round, fail), by what the settled ones
    give; None when they leave the open ones open."""
    open_ = [s for s, v in zip(sides, value, strict=True) if v is None]
    trues, falses = value.count(True), value.count(False)
    if n < 0:   # at least one: all but one fail, so that one holds
        return open_ if len(open_) == 1 and trues == 0 else None
    if trues == n:   # as many hold as the counter says: the rest fail
        return [ir.Not(s) for s in open_]
    if falses == len(sides) - n:   # as many fail as it allows: the rest hold
        return open_
    return None


def _said(chain: Cards, side) -> str:
    """What the cards left say of one side: 'the Rope's card does not have the number 4', 'the
    suspect card, Colonel Mustard's or Mrs Peacock's, shows the number 3'; '' when more than
    four cards are left or the words ask more than a card's marks."""
    cid = named_categories(side)[0]
    said = chain._cards_said(side, cid)
    return said if said and len(chain.domains[cid]) <= 4 else ""


def _words(case: Case, clue: Clue, expr) -> str:
    """The counter as a narrator says it, else its own words less its number ('of the three
    murder cards, exactly two have the number 4')."""
    words = (if_words(case, expr) if isinstance(expr, ir.Implies) else in_words(case, expr)) or \
        re.sub(r"^\s*Counter \d+\.\s*", "", " ".join(clue.text.split())).rstrip(".")
    return words[:1].lower() + words[1:]

