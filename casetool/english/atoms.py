"""Atoms: the smallest conditions a clue is made of, each with its meaning in the clue
language and its clause in English, for both itself and its negation.

`suspect.hair == red` reads "the culprit has red hair"; its negation `suspect.hair != red`
reads "the culprit does not have red hair". Clues combine atoms (or, implies, xor, ...);
see candidates/.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..load.model import Attribute, Setting
from .phrases import (
    ATTRIBUTES,
    DEEDS,
    Templates,
    articles,
    attribute_value,
    fill,
    item_name,
    join_and,
    join_or,
    one_preposition,
    value_word,
)


@dataclass(frozen=True)
class Atom:
    means: str
    subject: str        # "the culprit"
    pred: str           # "has red hair"
    neg_means: str
    neg_pred: str | None  # None: this atom is not negated in clues
    topic: str          # what it is about, e.g. "suspect.hair"; clues on one topic are not combined
    category: str = ""  # the answer category, if any
    negative: bool = False  # a negated atom ("does not have red hair"): never a side of an "either"
    deed: tuple[str, str] | None = None   # the same said of the culprit: [holds, does not hold]

    @property
    def text(self) -> str:
        return articles(f"{self.subject} {self.pred}")

    @property
    def neg_text(self) -> str:
        return articles(f"{self.subject} {self.neg_pred}")

    def negated(self) -> "Atom":
        assert self.neg_pred is not None
        return Atom(self.neg_means, self.subject, self.neg_pred, self.means, self.pred, self.topic, self.category,
                    not self.negative, self.deed[::-1] if self.deed else None)


def _generic(attr: Attribute, value: object) -> list[str]:
    name = (getattr(attr, "label", "") or attr.id.replace("_", " ")).lower()
    if attr.kind == "bool":
        return [f"is {name}", f"is not {name}"]
    if attr.kind == "set":
        return [f"has {value_word(value)} among its {name}", f"does not have {value_word(value)} among its {name}"]
    return [f"has {name} {value_word(value)}", f"does not have {name} {value_word(value)}"]


def _state_deed(setting: Setting, templates: Templates, cid: str, attr, pred: str) -> tuple[str, str] | None:
    """A kind of item as a deed of the culprit, where the category's item is one (phrases.DEEDS):
    said as the few items of the kind, each with its own preposition ("is on wheels": "is lying
    low on the Bus or in the Cart"; "in something on wheels" read as a riddle, the editor's
    read); a kind of more than three items as the state ("is lying low in something ...")."""
    done = DEEDS.get(cid)
    if not done or not pred.startswith("is ") or pred.startswith("is not "):
        return None
    members = [i.id for i in setting.categories[cid].items if attr.kind == "bool" and i.attrs.get(attr.id) is True]
    if 1 < len(members) <= 3:
        people = setting.people_category
        wheres = [item_words(setting, templates, m, people)["where"] for m in members]
        joined = ", ".join(wheres[:-1]) + f" or {wheres[-1]}"
        return fill(done[0], where=joined), fill(done[1], where=joined)
    state = pred.removeprefix("is ")
    return fill(done[2], state=state), fill(done[3], state=state)


def category_atoms(setting: Setting, templates: Templates, cid: str) -> list[Atom]:
    """Every positive atom about the answer's item of category `cid`."""
    cat = setting.categories[cid]
    subject = templates.subject(cat)
    people = setting.people_category
    out: list[Atom] = []
    for attr in cat.attributes.values():
        values = [True] if attr.kind == "bool" else attr.values
        for value in values:
            # an item-valued attribute ("next to: hall") speaks of the item by name ("the Hall")
            word = attribute_value(setting, attr, value)
            phrases = templates.attribute_phrases(cat, attr.id, value) or _generic(attr, word)
            pos, neg_text = (fill(p, value=word) for p in phrases[:2])
            neg: str | None = neg_text
            if attr.kind == "number":
                pos = re.sub(r"\bone (\w+?)s\b", r"one \1", pos)   # "weighed one pound"
                neg = None   # "does not stand two hands high": a measure is said, never denied
            if attr.kind == "bool":
                means, neg_means = f"{cid}.{attr.id}", f"not {cid}.{attr.id}"
            elif attr.kind == "set":
                means, neg_means = f"{cid}.{attr.id} has {value}", f"not {cid}.{attr.id} has {value}"
            else:
                means, neg_means = f"{cid}.{attr.id} == {value}", f"{cid}.{attr.id} != {value}"
            out.append(Atom(means, subject, pos, neg_means, neg, f"{cid}.{attr.id}", cid, deed=_state_deed(setting, templates, cid, attr, pos)))
    if setting.codes and cid in setting.answer:
        card = templates.get("code_subjects", {}).get(cid) or f"the {cat.label.lower()} card"
        for value in list(setting.codes["colours"]) + list(setting.codes["numbers"]):
            code_phrases = templates.attribute_phrases(cat, "code", value)
            assert code_phrases is not None  # text.ATTRIBUTES words every code colour and number
            pos, neg = (fill(p, value=value_word(value)) for p in code_phrases[:2])
            out.append(Atom(f"{cid}.code has {value}", card, pos, f"not {cid}.code has {value}", neg,
                            f"{cid}.code.{value}", cid))
    pos, neg = templates.item_phrases(cat)[:2]
    done = DEEDS.get(cid)
    for item in cat.items:
        words = item_words(setting, templates, item.id, people)
        deed = (fill(done[0], **words), fill(done[1], **words)) if done else None
        out.append(Atom(f"{cid} == {item.id}", subject, fill(pos, **words), f"{cid} != {item.id}",
                        fill(neg, **words), f"{cid}=", cid, deed=deed))
    if cat.ordered:
        out += _order_atoms(setting, templates, cid)
    return out


def _order_atoms(setting: Setting, templates: Templates, cid: str) -> list[Atom]:
    """'the crime happened before the late morning', 'after dusk'; an order that leaves one
    moment is said as that moment: 'after night' of a night that ends at midnight is 'at
    midnight', 'before breakfast' of a day that starts at dawn is 'at dawn' (a tudor note
    'Whoever struck after nightfall ...' meant midnight alone, and read as any time after dusk)."""
    cat = setting.categories[cid]
    subject, people = templates.subject(cat), setting.people_category
    before, after = templates.order_phrases(cat)[:2]
    first, last = cat.items[0].id, cat.items[-1].id

    def said(phrase: str, item: str, only: str | None) -> str:
        if only is not None:   # the one moment the order leaves
            return fill(templates.item_phrases(cat)[0], **item_words(setting, templates, only, people))
        return fill(phrase, item=templates.moment(setting, item))

    out = []
    for k, item in enumerate(cat.items[1:], 1):
        out.append(Atom(f"{cid} < {item.id}", subject, said(before, item.id, first if k == 1 else None),
                        f"{cid} >= {item.id}", None, f"{cid}<", cid))
    for k, item in enumerate(cat.items[:-1]):
        out.append(Atom(f"{cid} > {item.id}", subject, said(after, item.id, last if k == len(cat.items) - 2 else None),
                        f"{cid} <= {item.id}", None, f"{cid}<", cid))
    return out


def list_atom(setting: Setting, templates: Templates, cid: str, items: list[str]) -> Atom:
    """`suspect in [a, b]`: "the culprit is Professor Plum or Mrs. White"."""
    cat = setting.categories[cid]
    people = setting.people_category
    pos, neg = templates.item_phrases(cat)[:2]
    each = [item_words(setting, templates, i, people) for i in items]
    words = {k: join_or([w[k] for w in each]) for k in ("item", "where", "when")}
    listed = ", ".join(items)
    if len(items) == 2:   # "was neither the atlas nor the anchor": the negation is scoped
        negative = fill(pos, **{k: join_nor([w[k] for w in each]) for k in ("item", "where", "when")})
    else:   # "did not happen in the Library, the Lounge or the Rose Garden" ("neither A, B nor C" is not English)
        negative = fill(neg, **{k: join_or(one_preposition([w[k] for w in each])) for k in ("item", "where", "when")})
    return Atom(f"{cid} in [{listed}]", templates.subject(cat), fill(pos, **words),
                f"{cid} not in [{listed}]", negative, f"{cid}=", cid)


def item_words(setting: Setting, templates: Templates, item_id: str, people: str) -> dict[str, str]:
    """What an item phrase may say: {item} its name, {where} / {when} the setting's phrase."""
    return {"item": item_name(setting, item_id, people), "where": templates.where(setting, item_id),
            "when": templates.when(setting, item_id)}


def join_nor(words: list[str]) -> str:
    """'neither the Library nor the Orchard' (a negated pair, scoped). Only two: 'neither A,
    B nor C' is not English, so a longer list is denied by the phrase's own negation ('did
    not happen in the Library, the Lounge or the Rose Garden', list_atom)."""
    assert len(words) == 2, words
    return f"neither {words[0]} nor {words[1]}"


def value_list_atom(setting: Setting, templates: Templates, cid: str, attr: str, values: list[object]) -> Atom | None:
    """`suspect.hair in [gray, red]`, when the attribute's phrase takes a {value}."""
    cat = setting.categories[cid]
    own = templates.get("attributes", {})
    spec = own.get(f"{cid}.{attr}") or own.get(attr) or ATTRIBUTES.get(attr)
    if not isinstance(spec, list) or "{value}" not in spec[0]:
        return None
    said = [attribute_value(setting, cat.attributes[attr], v) for v in values]
    words = join_or(said)
    # "has neither gray nor red hair"; three or more by the phrase's negation ("does not have gray, red or black hair")
    negative = fill(spec[0], value=join_nor(said)) if len(said) == 2 else fill(spec[1], value=words)
    listed = ", ".join(str(v) for v in values)
    return Atom(f"{cid}.{attr} in [{listed}]", templates.subject(cat), fill(spec[0], value=words),
                f"{cid}.{attr} not in [{listed}]", negative, f"{cid}.{attr}", cid)


def together_clause(setting: Setting, templates: Templates, people: list[str], place: str, time: str) -> str:
    """'Reverend Green, Professor Plum and Mrs. Peacock were in the Hall at dawn': people
    who were in one place at one time, said as a scene (EDITOR.md: a list of suspects is
    people who did something together), or 'X and Y were away at dawn'."""
    cat = setting.timeline.people if setting.timeline else setting.people_category
    names = [item_name(setting, p, cat) for p in people]
    where = "away" if place == "away" else templates.where(setting, place)
    return f"{join_and(names)} {'were' if len(names) > 1 else 'was'} {where} {templates.when(setting, time)}"


def everyone_clause(setting: Setting, templates: Templates, cells: dict[str, str], time: str) -> str:
    """Where every suspect was at one time, said from the crowd: 'everyone but Mrs. White and
    Francis was in the Dining Room at dinner; Mrs. White was in the Library and Francis was
    away' (a list of eight names was a form filled in, tudor). `cells`: every suspect -> their
    place ('away'), the crowd's place the one most of them share; all of them there: 'everyone
    was in the Hall at dawn'."""
    cat = setting.timeline.people if setting.timeline else setting.people_category
    spots = list(cells.values())
    crowd = max(spots, key=spots.count)
    odd = [p for p in cells if cells[p] != crowd]

    def where(z: str) -> str:
        return "away" if z == "away" else templates.where(setting, z)

    head = f"everyone{' but ' + join_and([item_name(setting, p, cat) for p in odd]) if odd else ''} was " \
           f"{where(crowd)} {templates.when(setting, time)}"
    rest: dict[str, list[str]] = {}
    for p in odd:   # the others by where they were, in the order they were named
        rest.setdefault(cells[p], []).append(item_name(setting, p, cat))
    tails = [f"{join_and(names)} {'were' if len(names) > 1 else 'was'} {where(z)}" for z, names in rest.items()]
    return head + (f"; {join_and(tails)}" if tails else "")
