"""Decoy statements: what a wheel shows at the positions no mystery uses.

Every position of a printed wheel holds a statement, so the wheel gives nothing away:
no blank position marks a number as unused, and a player who sets a wrong number reads
something that sounds like a witness rather than a gap. Decoys are made from the
setting itself (the traits of the culprit category, the items of the other answer
categories, the witnesses' names), in the voice of the character's role. They are
never the text of a real statement on the same wheel, except on a locator's wheel,
whose statements are the scene words and nothing else.
"""

from __future__ import annotations

import random

from ..load.model import Attribute, Category, Character, Setting

OPENERS = ("", "I'm quite sure of it: ", "Mark my words, ", "If you ask me, ", "I saw it myself: ",
           "Between ourselves, ", "Take it from me, ", "I'd swear to this: ")
INSPECTOR_OPENERS = ("", "", "After careful inquiry, ", "Between ourselves, ", "Mark this down: ",
                     "I'm sorry to say that ", "As far as I can tell, ")
CLOSERS = ("", " I'd stake my reputation on it.", " Nobody else noticed.", " Write that down.",
           " I thought it odd at the time.", " You may quote me.")


def decoys(setting: Setting, character: Character, count: int, rng: random.Random, avoid: set[str]) -> list[str]:
    """`count` decoy texts for `character`'s wheel, none of them in `avoid` when it can be helped."""
    make = {"inspector": _inspector, "locator": _locator}.get(character.role, _witness)
    out: list[str] = []
    taken = {a.casefold() for a in avoid}
    for attempt in range(count * 20):
        text = make(setting, rng)
        if text.casefold() not in taken or (character.role == "locator" and attempt >= count * 10):
            out.append(text)
            taken.add(text.casefold())
        if len(out) == count:
            return out
    while len(out) < count:  # a tiny setting ran out of new sentences: repeat, which is harmless
        out.append(make(setting, rng))
    return out


def scene_words(setting: Setting) -> list[str]:
    """What a locator says: the name of each item of the non-culprit answer categories."""
    words = []
    for cid in setting.answer:
        if cid != setting.culprit:
            words += [_bare(item.name).upper() for item in setting.categories[cid].items]
    return words or ["NOWHERE"]


def _locator(setting: Setting, rng: random.Random) -> str:
    return rng.choice(scene_words(setting))


def _inspector(setting: Setting, rng: random.Random) -> str:
    witnesses = [c.name for c in setting.characters.values() if c.role == "witness"] or ["the witness"]
    name = rng.choice(witnesses)
    sentence = rng.choice((
        f"I would not believe a word {name} says today.",
        f"{name} has been telling me fibs again.",
        f"every witness is telling the truth; even {name}, for once.",
        "I have checked every story twice. Nobody is lying to us today.",
        f"it always surprises me that {name} tells so many lies.",
        f"I trust {name} today, and everyone else too.",
        f"{name} is the one spinning tales this time.",
        f"not one of them is lying, and {name} least of all.",
        f"{name}'s story does not hold water.",
        "every statement I took today checks out.",
    ))
    opener = rng.choice(INSPECTOR_OPENERS)
    if not opener:
        sentence = sentence[0].upper() + sentence[1:]
    return opener + sentence


def _witness(setting: Setting, rng: random.Random) -> str:
    culprit = setting.categories[setting.culprit]
    others = [setting.categories[c] for c in setting.answer if c != setting.culprit]
    makers = [lambda: _not_item(culprit, rng)]
    if culprit.attributes:
        makers += [lambda: _trait(culprit, rng)] * 3
    if others:
        makers.append(lambda: _place(rng.choice(others), culprit, rng))
    sentence, opener = rng.choice(makers)(), rng.choice(OPENERS)
    if not opener:
        sentence = sentence[0].upper() + sentence[1:]
    return opener + sentence + rng.choice(CLOSERS)


def _trait(cat: Category, rng: random.Random) -> str:
    attr: Attribute = rng.choice(list(cat.attributes.values()))
    label = (attr.label or attr.id).replace("_", " ").lower()
    value = rng.choice(attr.values)
    yes = rng.random() < 0.5
    if attr.kind == "bool":
        return _bool_trait(label, bool(value))
    shown = str(value).replace("_", " ")
    if attr.kind == "set":
        return f"the culprit's {label} {'include' if yes else 'do not include'} {shown}."
    return f"the culprit's {label} {'is' if yes else 'is not'} {shown}."


def _bool_trait(label: str, value: bool) -> str:
    """'wears glasses' -> 'the culprit wears glasses.' or 'the culprit does not wear glasses.'"""
    verb, _, rest = label.partition(" ")
    if verb.endswith("s") and len(verb) > 3 and rest:  # a verb, as in "wears glasses"
        return f"the culprit {verb} {rest}." if value else f"the culprit does not {verb[:-1]} {rest}."
    return f"the culprit {'is' if value else 'is not'} {label}."


def _not_item(cat: Category, rng: random.Random) -> str:
    item = rng.choice(cat.items)
    return rng.choice((f"it was not {item.name}.", f"I'd have known if it were {item.name}, and it wasn't."))


def _place(cat: Category, culprit: Category, rng: random.Random) -> str:
    item, person = rng.choice(cat.items), rng.choice(culprit.items)
    return f"{person.name} was nowhere near {_bare(item.name, keep_article=True).lower()}."


def _bare(name: str, keep_article: bool = False) -> str:
    """'The Parade' -> 'Parade' (or 'the Parade' with keep_article)."""
    first, _, rest = name.partition(" ")
    if first.lower() in ("the", "a", "an") and rest:
        return f"the {rest}" if keep_article else rest
    return name


def note_decoy(setting: Setting, rng: random.Random) -> str:
    """A note or testimony that no event card ever points to, in the voice of the real
    ones: a first-hand, concrete observation about a person, a place, a thing or a time
    of the setting, with articles and prepositions a real note would use."""
    words = _note_words(setting)
    person = rng.choice(words["person"])
    place, thing, time = (rng.choice(words[k]) if words[k] else None for k in ("place", "thing", "time"))
    sentences = [f"{person} told me twice that the talk below stairs is nothing but gossip.",
                 f"{person} would not tell me where the key to the cellar is kept."]
    if place:
        sentences += [f"I searched {place} twice and found nothing but muddy footprints by the door.",
                      f"The clock in {place} had stopped, and nobody could tell me when.",
                      f"{person} complained that {place} was too cold to sit in."]
    if thing:
        sentences += [f"{person} says {thing} was a present from an old friend, and would say no more.",
                      f"Somebody had polished {thing}; the cloth was still lying beside it."]
    if place and time:
        sentences += [f"{person} rang for more coal in {place} {time}.",
                      f"I found the window of {place} open {time}, though it had turned cold."]
    if thing and time:
        sentences.append(f"{person} asked {time} whether anyone had seen {thing}.")
    return rng.choice(sentences)


def _note_words(setting: Setting) -> dict[str, list[str]]:
    """People (the culprit category), places (a category of rooms or places), things (any
    other unordered answer category) and times (an ordered one), as a note would name them."""
    culprit = setting.categories[setting.culprit]
    out: dict[str, list[str]] = {"person": [i.name for i in culprit.items], "place": [], "thing": [], "time": []}
    for cid in setting.answer:
        cat = setting.categories[cid]
        if cid == setting.culprit:
            continue
        if cat.ordered:
            out["time"] += [_at_time(i.name) for i in cat.items]
        elif _is_place(cat):
            out["place"] += [_with_article(i.name, keep_case=True) for i in cat.items]
        else:
            out["thing"] += [_with_article(i.name, keep_case=False) for i in cat.items]
    return out


def _is_place(cat: Category) -> bool:
    return any(w in f"{cat.id} {cat.label}".lower() for w in ("place", "room", "location", "scene")) \
        or "indoor" in cat.attributes


def _with_article(name: str, keep_case: bool) -> str:
    """'Lounge' -> 'the Lounge'; 'Pocket Watch' -> 'the pocket watch'; 'The Parade' -> 'the Parade'."""
    bare = _bare(name)
    return "the " + (bare if keep_case else bare.lower())


def _at_time(name: str) -> str:
    """'Dusk' -> 'at dusk'; 'Late Morning' -> 'in the late morning'."""
    lower = name.lower()
    first = lower.split()[0]
    return f"in the {lower}" if first in ("late", "early", "mid") else f"at {lower}"
