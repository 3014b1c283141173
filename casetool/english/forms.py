"""The clue forms a published casebook uses, each with its way of being said, and the
refusal of everything else: a generated clue is one of these or it is not drawn.

The catalogue (generate/candidates draws only these; bench/prose.py counts them):

* observation: one positive fact ("The culprit has red hair.", "It happened at dusk.");
* negation: one fact denied ("The weapon was not the Rope.", "The culprit does not paint.");
* list: one category, several items ("The culprit is Plum or Mrs. White.", "The weapon was
  neither the atlas nor the anchor.");
* either: two positive things a witness could know, either of which may be the one
  ("The culprit either plays chess or fishes.", "Either the hiding place is the Cart, or
  the culprit wears glasses."): never a negated side, never "but not both";
* conditional: a positive premise the setting leaves open, and what follows ("If the
  crime happened in the Library, then the culprit wears glasses.");
* comparison: an order ("It happened before the late morning.");
* count: how many things share a property ("None of the three murder cards has a 4.");
* whereabouts, stay, given: the timeline's notes (who was where when, who arrived and left,
  the object known from the start);
* denial, liar, locator: a suspect's own denial, the inspector's word on who lies, the
  locator's message.

Exclusive or, both-or-neither, "exactly one of these is true", a disjunction with a negated
side and "A; and either B or C" are notation, not forms: `either` and `conditional` raise
`Unsayable` for them, and `check` raises on any text that carries their markers, so a
regression fails loudly instead of printing.
"""

from __future__ import annotations

import random
import re

from .phrases import articles, frame


class Unsayable(ValueError):
    """A clue that no published casebook would print (logic notation, raw words)."""


FORMS = ("observation", "negation", "list", "either", "conditional", "comparison", "count",
         "whereabouts", "stay", "given", "denial", "liar", "locator", "card")

NOTATION = [
    ("but not both", re.compile(r"\bbut not both\b", re.I)),
    ("both true or both false", re.compile(r"\bboth true or both false\b", re.I)),
    ("of these is true", re.compile(r"\b(exactly|at least|at most) (one|two|three) of these\b", re.I)),
    ("if and only if", re.compile(r"\bif and only if\b", re.I)),
    ("either not ... or not", re.compile(r"\beither\b[^.;:]*\bnot\b[^.;:]*,? or\b[^.;:]*\bnot\b", re.I)),
    ("; and either", re.compile(r";\s*and either\b", re.I)),
]


def notation(text: str) -> str:
    """The notation marker `text` carries, or ''."""
    for name, pattern in NOTATION:
        if pattern.search(text):
            return name
    return ""


def check(text: str) -> str:
    """`text`, or Unsayable when it is logic notation."""
    found = notation(text)
    if found:
        raise Unsayable(f"logic notation ({found!r}) in a clue: {text!r}")
    return text


# ---- the two composed forms -------------------------------------------------------------
def either(a, b) -> str:
    """'the culprit either plays chess or fishes' (one subject), else 'either A, or B': two
    positive atoms (english.atoms.Atom), each of which may be the one."""
    if a.negative or b.negative:
        raise Unsayable(f"an either/or with a negated side: {a.text!r} / {b.text!r}")
    if a.subject == b.subject:
        verb, rest_a = (a.pred.split(" ", 1) + [""])[:2]
        other, rest_b = (b.pred.split(" ", 1) + [""])[:2]
        if verb == other and rest_a and rest_b and verb not in ("is", "was", "does", "did"):
            return articles(f"{a.subject} {verb} either {rest_a} or {rest_b}")   # "has either red or gray hair"
        return articles(f"{a.subject} either {a.pred} or {b.pred}")
    return f"either {a.text}, or {b.text}"


def conditional(a, b, thing: bool = False) -> str:
    """'if A, then B': a positive premise (a negated one reads as a riddle); `thing`: the
    subject is a thing, not a person, so a second mention is 'it' ("if the crime happened
    indoors, then it happened on a stone floor")."""
    if a.negative:
        raise Unsayable(f"a conditional on a negated premise: {a.text!r}")
    if thing and a.subject == b.subject:
        return articles(f"if {a.text}, then it {b.pred}")
    return f"if {a.text}, then {b.text}"


# ---- frames: who says it, and how --------------------------------------------------------
# An eyewitness frame fits one thing seen; an either/or or a conditional is reasoned, not seen.
EYEWITNESS = ["I saw it with my own eyes: {clause}.", "{Clause}; I'd swear to it."]
ASSERTIVE = ["{Clause}.", "I'm certain {clause}.", "Mark my words: {clause}.", "Take it from me, {clause}."]
REASONED = ["{Clause}.", "I'm sure of this much: {clause}.", "This much I know: {clause}."]
SEEN = re.compile(r"\b(saw|seen|see|own eyes|swear|watched|noticed)\b", re.I)


def frames_for(form: str, own: list[str] | None = None) -> list[str]:
    """The statement frames that fit a clue of `form`; `own`: the setting's `templates:
    statements:` (its eyewitness frames are kept for observations only)."""
    if own:
        fits = [f for f in own if form == "observation" or not SEEN.search(f)]
        return fits or ["{Clause}."]
    if form == "observation":
        return EYEWITNESS + ASSERTIVE
    if form in ("negation", "list", "comparison"):
        return ASSERTIVE
    return REASONED


def said(rng: random.Random, form: str, clause: str, own: list[str] | None = None) -> str:
    """A witness's sentence: a frame that fits the form, around the clause (a clause with its
    own colon or semicolon gets a plain frame)."""
    frame_ = rng.choice(frames_for(form, own))
    if (":" in clause or ";" in clause) and (":" in frame_.replace("{Clause}", "").replace("{clause}", "")
                                             or ";" in frame_):
        frame_ = "{Clause}."
    return check(frame(frame_, clause))
