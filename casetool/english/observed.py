"""A conditional or an either/or over two facts of one crime, said as what is known of the
person who did it, as a casebook says it, not as a narrator's "If A, then B".

`weapon == anchor implies suspect.eyes == hazel` is "Whoever used the rowing-boat anchor
has hazel eyes"; `place.indoor implies time < dusk` is "Whoever struck indoors did so
before dusk"; `weapon == candlestick implies suspect == ada` is "Only Ada Vane could have
used the Candlestick"; `suspect == ada implies room != hall` is "Ada Vane did not strike
in the Hall"; `place.floor == grass or weapon == telescope` is "The murderer either struck
on the grass or used the brass telescope". Each is the same logic as its formula: the person
spoken of is the culprit, whose deed the crime is (the weapon they used, the object they
took, the place and time they struck), and "whoever did X" says nothing when X was not done.

A fact is a deed when its atom (english.atoms.Atom) is about the crime ("happened ...": the
culprit struck ...) or about a thing the culprit handled (the weapon: used; the stolen
object: took); a trait when it is about the culprit. Anything else (a hiding place, a card's
code) has no deed, and the callers keep their own words (english.forms)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .phrases import ROLES, articles

# the thing a culprit handled -> (past, participle, base) of the verb said of them
HANDLED = {"the weapon": ("used", "used", "use"), "the stolen object": ("took", "taken", "take")}
STRUCK = ("struck", "struck", "strike")
TOOK = ("took it", "taken it", "take it")
CRIME = "the crime"
# what the culprit did where and when the crime happened, by the setting's crime
# (phrases.crime): a murderer struck, a thief took it ("Whoever took it before dinner did so
# in the north wing", never "struck" of a theft); mischief strikes, as a prankster does
DONE = {"murder": STRUCK, "theft": TOOK}
# the crime by what the culprit is called (phrases.voiced names them by it): "the thief"
ROLE_CRIMES = {role: kind for kind, role in ROLES.items()}


def done(culprit: str, crime: str = "") -> tuple[str, str, str]:
    """The verb (past, participle, base) of the crime itself: `crime` (phrases.crime), else the
    one the culprit's words name ("the thief": a theft)."""
    return DONE.get(crime or ROLE_CRIMES.get(culprit, ""), STRUCK)


@dataclass(frozen=True)
class Deed:
    """What the culprit did: verb forms and the rest ("struck" "in the Orchard"), or a trait
    (verbs None, rest the predicate: "has hazel eyes"), or who they are (`name`)."""
    rest: str
    verbs: tuple[str, str, str] | None = None
    negative: bool = False
    name: str = ""
    done: bool = False    # a state the culprit is in ("is lying low in the Cart"): a deed said as a trait

    @property
    def past(self) -> str:
        """'struck in the Orchard', 'did not use the anchor', 'has hazel eyes'."""
        if self.verbs is None:
            return self.rest
        return f"did not {self.verbs[2]} {self.rest}" if self.negative else f"{self.verbs[0]} {self.rest}"


def deed(atom, culprit: str, crime: str = "") -> Deed | None:
    """`atom` said of the culprit (`culprit`: the words for them, "the murderer"; `crime`:
    phrases.crime, else the one those words name), or None."""
    pred = atom.pred
    if atom.deed:                                 # "is lying low at the Parade"
        return Deed(atom.deed[0], None, atom.negative, done=True)
    if atom.subject == culprit:
        if atom.topic.endswith("="):              # who they are: "is Ada Vane", "is not Ada Vane"
            name = pred.removeprefix("is not ").removeprefix("is ")
            if not pred.startswith("is ") or " or " in name or name.startswith("neither "):
                return None                           # a list of names is no one person
            return Deed(pred, None, pred.startswith("is not "), name)
        return Deed(pred, None, atom.negative)
    if atom.subject == CRIME:
        for head, negative in (("happened ", False), ("did not happen ", True)):
            if pred.startswith(head):
                return Deed(pred[len(head):], done(culprit, crime), negative)
        return None
    verbs = HANDLED.get(atom.subject)
    if verbs is None:
        return None
    negative = pred.startswith("was not ")
    body = pred.replace("was not ", "was ", 1) if negative else pred
    thing = atom.subject.removeprefix("the ").split()[-1]            # "weapon", "object"
    if atom.topic.endswith("="):                                      # the item itself
        rest = body.removeprefix("was ")
    elif body.startswith(("was one of ", "was a ", "was an ")):
        rest = body.removeprefix("was ")                              # "one of the antiques", "a desk accessory"
    elif body.startswith("was made of "):
        rest = f"a {thing} {body.removeprefix('was ')}"               # "a weapon made of metal"
    elif body.startswith("was ") and len(body.split()) == 2:
        rest = f"a {body.split()[1]} {thing}"                          # "a heavy weapon"
    else:
        rest = f"a {thing} that {body}"                               # "a weapon that weighed one pound"
    return Deed(articles(rest), verbs, negative)


def whoever(a, b, culprit: str, crime: str = "") -> str | None:
    """`a implies b` said of the culprit, or None when it cannot be: a premise the culprit
    did ("Whoever used the anchor has hazel eyes", "Only Ada Vane could have used the
    Candlestick"), a state they are in ("Whoever is lying low in the Cart has brown hair":
    read forward once the hiding place is known) or who they are ("Ada Vane did not strike in
    the Hall"); of a theft, what was taken ("Whatever was taken in the north wing was the
    Silver Locket"). Never a trait as the premise: "If the culprit has gray hair, they are not
    lying low in the Cart" is a narrator's if-then, read backwards once the place is known."""
    da, db = deed(a, culprit, crime), deed(b, culprit, crime)
    if da is None or db is None or da.negative:
        return None
    if da.name:                       # who they are: what that person did, or did not do
        if db.verbs is None:
            return None
        if db.negative:
            return f"{da.name} did not {db.verbs[2]} {db.rest}"
        return f"{da.name} could only have {db.verbs[1]} {db.rest}"
    if da.verbs is None and not da.done:   # a trait as the premise: no deed to name them by
        return None
    if da.done and (db.done or db.name):   # "whoever is lying low in the Cart": then what they are like
        return None
    if db.name:
        assert da.verbs is not None   # a state as the premise (da.done) with a name returned above
        if db.negative:
            return f"{db.name} did not {da.verbs[2]} {da.rest}"
        return f"only {db.name} could have {da.verbs[1]} {da.rest}"
    crime_done = done(culprit, crime)
    if db.verbs == crime_done and da.verbs in (crime_done, theft_of(crime_done)):
        # "whoever struck indoors did so before dusk", "whoever took the locket did so at dawn"
        then = f"did not do so {db.rest}" if db.negative else f"did so {db.rest}"
        return f"whoever {da.past} {then}"
    if da.verbs == crime_done == TOOK and db.verbs == HANDLED["the stolen object"]:
        # not "whoever took it at dawn took the locket": "it" is the locket
        return f"whatever was taken {da.rest} {'was not' if db.negative else 'was'} {db.rest}"
    return f"whoever {da.past} {db.past}"


def theft_of(crime_done: tuple[str, str, str]) -> tuple[str, str, str] | None:
    """The verb of taking the stolen object, when the crime is the taking."""
    return HANDLED["the stolen object"] if crime_done == TOOK else None


COPULA = ("is ", "was ", "are ", "were ")


def either(a, b, culprit: str) -> str | None:
    """`a or b`, two positive facts of the crime, said of the culprit ("The murderer either
    used the atlas or struck on the Jetty", "The thief took it either indoors or at dawn"),
    or None: a side that is not a deed or a trait, a negated side, who the culprit is, or
    a state beside a doing ("either is short or struck indoors" reads oddly)."""
    da, db = deed(a, culprit), deed(b, culprit)
    if da is None or db is None or da.negative or db.negative or da.name or db.name:
        return None
    if (da.verbs is None and da.rest.startswith(COPULA)) or (db.verbs is None and db.rest.startswith(COPULA)):
        return None
    if da.verbs is not None and da.verbs == db.verbs:
        return f"{culprit} {da.verbs[0]} either {da.rest} or {db.rest}"
    return f"{culprit} either {da.past} or {db.past}"


NARRATED = re.compile(r"\bif\b[^.;:]*,|\beither\b[^.;:]*,\s*or\b", re.I)


def narrated(text: str) -> bool:
    """Is `text` a narrator's "If A, then B" or an "Either A, or B" over two subjects (the
    forms a casebook does not print as a list; bench/prose.py counts them)?"""
    return bool(NARRATED.search(text))
