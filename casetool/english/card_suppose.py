"""A card finding argued by a supposition that ends in a contradiction, in words
(english/card_chain.py finds the chain): 'Suppose the Hall were in the envelope. Then Ann would
have to hold Mr. Green and Mrs. Peacock: ... But Ann holds only six cards, and would then hold
seven: ... So the Hall is not in the envelope.' Each link that holds only by the supposition
says 'would'."""

from __future__ import annotations

from .card_chain import (
    NUMBERS,
    Chain,
    _hand_parts,
    _none_of,
    _reason,
    _semis,
    _whose,
    counted_sentence,
    last_sentence,
    nobody_sentence,
    shown_sentence,
)
from .names import join, name_item


def supposition(chain: Chain, names: dict[str, str], found: tuple, supposed: tuple, clash: tuple) -> str:
    """'Suppose Professor Plum were in the envelope. Then Ann would have to hold Mr. Green and
    Mrs. Peacock: neither would be in the envelope, and you do not, and Eve passed on them in
    suggestion 1. But Ann holds only six cards, and would then hold seven: ... So Professor
    Plum is not in the envelope.' `chain` is the chain under the supposition; each link that
    holds only by it says 'would'."""
    card = name_item(chain.case, supposed[1])
    lines = [f"Suppose {card} were {'' if supposed[0] == 'env' else 'not '}in the envelope."]
    links = [p for p in chain.order(clash[1]) or [] if p in chain.supposed and p != supposed]
    last: list[tuple] = []   # one player's cards found the same way: one sentence
    full: set[str] = set()   # the hands said full
    for prop in links:
        if chain.why[prop][0] == "full":
            if prop[1] in full:
                continue
            full.add(prop[1])
        if chain.why[prop] == ("last",) and last and last[0][1] == prop[1] and lines[-1] == _would(chain, names, last):
            last.append(prop)
            lines[-1] = _would(chain, names, last)
            continue
        said = _would(chain, names, [prop])
        if said:   # a link said at once (''), between two cards one player would hold, leaves them one sentence
            last = [prop] if chain.why[prop] == ("last",) else []
            lines.append(said)
    lines.append(_clash(chain, names, clash))
    lines.append(f"So {card} is {'not ' if found[0] == 'out' else ''}in the envelope.")
    return " ".join(lines)


def _would(chain: Chain, names: dict[str, str], props: list[tuple]) -> str:
    """One link under a supposition (several cards one player would have to hold), or '' for
    one a player sees at once (a card in the envelope is in no hand; the envelope holds one
    card of each kind)."""
    prop = props[0]
    why = chain.why[prop]
    if why[0] == "last":
        said = "Then " + last_sentence(chain, names, props)[len("So "):].replace(" holds ", " would have to hold ", 1)
        for now, then in (("it is not in", "it would not be in"), ("neither is in", "neither would be in"),
                          ("none of them is in", "none of them would be in"),
                          ("none of them in the envelope:", "none of them then in the envelope:")):
            said = said.replace(now, then, 1)
        return said
    if why[0] == "deduced":
        return shown_sentence(chain, names, prop, why[1]).replace("So the card", "Then the card", 1) \
            .replace(" was ", " would have been ", 1)
    if why[0] == "full":
        return _full_would(chain, names, why)
    if why[0] == "nobody":
        return nobody_sentence(chain, names, [prop[1]]).replace("So nobody holds", "Then nobody would hold", 1) + \
            " It would be in the envelope."
    if why[0] == "left":
        label = chain.case.setting.categories[why[1]].label.lower()
        return f"Then {name_item(chain.case, prop[1])} would be the only {label} left for the envelope."
    return ""


def _full_would(chain: Chain, names: dict[str, str], why: tuple) -> str:
    player = why[1]
    if why[3]:
        said = counted_sentence(chain, names, why)
        return "Then " + said.replace(" are all accounted for", " would all be accounted for", 1) \
            .replace(" holds nothing else.", " would hold nothing else.")
    cards = join([name_item(chain.case, c) for c in why[2]], "and")
    return f"Then {_whose(names, player)} hand would be full with {cards}."


def _clash(chain: Chain, names: dict[str, str], clash: tuple) -> str:
    """The contradiction, as what cannot be: 'But Ann holds only six cards, and would then
    hold seven: ...'."""
    what = clash[0]
    case = chain.case
    if what[0] == "over":
        held, shows = chain.counted(what[1])
        parts = _hand_parts(chain, names, what[1], held, [(x.number, tuple(chain.open(x))) for x in shows])
        words = NUMBERS[len(parts)] if len(parts) < len(NUMBERS) else str(len(parts))
        size = NUMBERS[chain.hand[what[1]]] if chain.hand[what[1]] < len(NUMBERS) else str(chain.hand[what[1]])
        who = "you hold" if what[1] == "you" else f"{names[what[1]]} holds"
        return f"But {who} only {size} cards, and would then hold {words}: " \
            + (_semis(parts) if shows else join(parts, "and")) + "."
    if what[0] == "both":
        has = ("has", what[1], what[2])
        who = names[what[1]]
        head = f"But then {who} would have to hold" if has in chain.supposed else \
            ("But you hold" if what[1] == "you" else f"But {who} holds")
        return f"{head} {name_item(case, what[2])}, {_reason(chain, names, ('not',) + has[1:])}."
    if what[0] == "twice":
        return _twice(chain, names, what[1])
    if what[0] == "none":
        label = case.setting.categories[what[1]].label.lower()
        return f"But then every {label} would be in someone's hand, and none left for the envelope."
    s = next(x for x in case.suggestions if x.number == what[1])
    shower = s.shown_by or ""
    return f"But then the card {names[shower]} showed in suggestion {s.number} could be none of the three: " \
        + _none_of(chain, names, shower, list(s.cards)) + "."


def _twice(chain: Chain, names: dict[str, str], card: str) -> str:
    """A card that would be in the envelope and cannot be."""
    case, why = chain.case, chain.why[("out", card)]
    if why[0] == "paired":
        label = case.setting.categories[chain.kind[card]].label.lower()
        return f"But then both {name_item(case, why[1])} and {name_item(case, card)} would be in the envelope, " \
            f"and it holds one {label} only."
    if why[0] == "held":
        held = "would hold" if ("has", why[1], card) in chain.supposed else "holds"
        return f"But {name_item(case, card)} cannot be in the envelope: {names[why[1]]} {held} it."
    return f"But we found before that {name_item(case, card)} is not in the envelope."
