"""The clue forms a published casebook uses, each with its way of being said, and the
refusal of everything else: a generated clue is one of these or it is not drawn.

The catalogue (generate/candidates draws only these; bench/prose.py counts them):

* observation: one positive fact ("The culprit has red hair.", "It happened at dusk.");
* negation: one fact denied ("The weapon was not the Rope.", "The culprit does not paint.");
* list: one category, several items ("The culprit is Plum or Mrs. White.", "The weapon was
  neither the atlas nor the anchor.");
* either: two values of one attribute a witness could confuse, either of which may be the
  one ("The culprit either plays chess or goes fishing.", "The room card shows yellow or the
  number 3."; two places or names are a list): never a negated side, never "but not both",
  never two categories (`cross_either`: "struck either in the south wing or before noon" is
  a formula), never two traits of one thing (`trait_either`: "either writes with the right
  hand or has blue eyes" is two facts);
* neither: two traits of one thing denied in one breath ("The weapon was neither heavy nor
  made of paper."), level 1 where no attribute has two values to join by "or";
* conditional: a positive premise the setting leaves open, and what follows ("Whoever struck
  in the Library wears glasses."; over two categories the premise is a deed, never a trait);
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

Two shapes read as a program however they are worded (`long_list`, `mixed_either`; the
generator draws neither, lint flags them, L015 and L016): a list over one category that
says one value, or its denial, the long way ("neither the Library, the Greenhouse nor the
Orchard" when the fourth place is the Jetty), and an either/or over one category naming two
kinds of thing ("either made of paper or the brass telescope").
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Callable

from ..language import ir
from ..language.evaluate import Evaluator, Unknown, answer_only
from ..load.model import Case, Setting
from . import observed
from .phrases import articles, frame, value_word


class Unsayable(ValueError):
    """A clue that no published casebook would print (logic notation, raw words)."""


FORMS = ("observation", "negation", "list", "either", "neither", "conditional", "comparison", "count",
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
def either(a, b, culprit: str = "") -> str:
    """'the culprit either plays chess or fishes' (one subject), 'either the murderer is
    tall, or they used the Rope' (a trait of the `culprit` and a deed of theirs), else
    'either A, or B': two positive atoms (english.atoms.Atom), each of which may be the one."""
    if a.negative or b.negative:
        raise Unsayable(f"an either/or with a negated side: {a.text!r} / {b.text!r}")
    if mixed(a, b):
        raise Unsayable(f"an either/or of a state and a doing: {a.text!r} / {b.text!r}")
    if a.subject == b.subject:
        verb, rest_a = (a.pred.split(" ", 1) + [""])[:2]
        other, rest_b = (b.pred.split(" ", 1) + [""])[:2]
        if verb == other and rest_a and rest_b and verb not in ("does", "did"):
            return articles(f"{a.subject} {verb} either {rest_a} or {rest_b}")   # "has either red or gray hair", "is either young or elderly"
        return articles(f"{a.subject} either {a.pred} or {b.pred}")
    for trait, other in ((a, b), (b, a)):
        then = _deed(other, culprit) if culprit and trait.subject == culprit and "=" not in trait.topic else None
        if then:
            return f"either {trait.text}, or they {they(then)}"
    return f"either {a.text}, or {b.text}"



def neither(a, b) -> str:
    """'the murderer is neither tall nor left-handed', 'the weapon was neither heavy nor made
    of paper', else 'the murderer does not write with the left hand and does not have blue
    eyes': two traits of one thing denied in one breath, said plainly (an either over them
    is two facts joined as a formula: `trait_either`). `a` and `b` are positive atoms; ''
    when a denial is said as its opposite ('happened outdoors' for not indoors: 'did not
    happen on the grass and happened outdoors' reads as a riddle)."""
    if a.negative or b.negative or a.subject != b.subject or a.neg_pred is None or b.neg_pred is None:
        raise Unsayable(f"no plain 'neither' of {a.text!r} and {b.text!r}")
    verb, rest_a = (a.pred.split(" ", 1) + [""])[:2]
    other, rest_b = (b.pred.split(" ", 1) + [""])[:2]
    if verb == other and verb not in ("does", "did") and rest_a and rest_b:
        return articles(f"{a.subject} {verb} neither {rest_a} nor {rest_b}")
    if not all(re.search(r"\bnot\b", p) for p in (a.neg_pred, b.neg_pred)):
        return ""
    return articles(f"{a.subject} {a.neg_pred} and {b.neg_pred}")


def perhaps_both(text: str) -> str:
    """An either/or said so that both sides may hold ("the murderer used the atlas or struck on
    the Jetty, perhaps both"): a player reads "either A or B" as one or the other, so a clue
    true on both sides in its case is said this way (the supercluedo sample's counter 25)."""
    if text.rstrip(".").endswith("perhaps both"):
        return text
    end = text[len(text.rstrip(".")):]
    body = text.rstrip(".")
    if body[:7] == "Either ":
        body = body[7].upper() + body[8:]
    body = re.sub(r"\beither ", "", body, count=1)
    body = re.sub(r",\s+or\b", " or", body, count=1)
    return f"{body}, perhaps both{end}"

def inclusive(case: Case, sides: tuple, text: str) -> str:
    """An either/or a page says (`text`, 'either A or B') as "A or B, perhaps both" when the
    case's answer makes every side true: a reader takes "either A or B" for one or the other,
    so the page would tell them one side is false (murdle liars 63: "meaning that either the
    weapon was a poisoned teacup or the crime happened in the Orchard", both so). A side the
    answer alone does not settle (who lies, where people were) leaves the text as it is."""
    if not text or not all(c in case.solution for c in case.setting.answer):
        return text
    evaluator, world = Evaluator(case.setting), answer_only(dict(case.solution))
    try:
        both = all(evaluator.holds(side, world) for side in sides)
    except Unknown:
        return text
    return perhaps_both(text) if both else text


COPULA = ("is ", "was ", "are ", "were ")


def mixed(a, b) -> bool:
    """One subject that either is something or does something ("the culprit either is
    middle-aged or keeps a garden"), or is a man (a woman) or how old ("the culprit is either
    a man or young"): no single 'either' reads over a state and a doing, or a sex and a trait."""
    if a.subject != b.subject:
        return False
    return a.pred.startswith(COPULA) != b.pred.startswith(COPULA) or (a.pred in SEXES) != (b.pred in SEXES)


def conditional(a, b, thing: bool = False) -> str:
    """'if A, then B': a positive premise (a negated one reads as a riddle); `thing`: the
    subject is a thing, not a person, so a second mention is 'it' ("if the crime happened
    indoors, then it happened on a stone floor")."""
    if a.negative:
        raise Unsayable(f"a conditional on a negated premise: {a.text!r}")
    if thing and a.subject == b.subject:
        return articles(f"if {a.text}, then it {b.pred}")
    if not thing and "=" not in a.topic:
        if a.subject == b.subject and b.pred in LOOKING_FOR:   # not "..., then the culprit is a woman"
            return f"if {a.text}, {LOOKING_FOR[b.pred]}"
        then = b.pred if a.subject == b.subject and "=" not in b.topic else _deed(b, a.subject)
        if then:
            pronoun = SEXES.get(a.pred)   # "if the culprit is a woman, she has brown hair"
            # "if the murderer has fair hair, they stand four hands high", "..., they used the Rope"
            return f"if {a.text}, {pronoun} {then}" if pronoun else f"if {a.text}, they {they(then)}"
    return f"if {a.text}, then {b.text}"


def _deed(atom, culprit: str) -> str | None:
    """What `atom` says the culprit did ("used the Rope", "is lying low at the Parade")."""
    done = observed.deed(atom, culprit)
    if done is None or done.name or not (done.verbs or atom.deed):
        return None   # who they are, or a trait of theirs: no deed
    return done.past


THEY = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
SEXES = {"is a woman": "she", "is a man": "he"}
# a culprit's sex as what follows from a trait: "if the culprit wears glasses, we are looking
# for a woman", as a detective says it ("she is a woman" would take her sex as known)
LOOKING_FOR = {"is a woman": "we are looking for a woman", "is a man": "we are looking for a man",
               "is not a woman": "we are not looking for a woman", "is not a man": "we are not looking for a man"}


def said_once(subject: str, premise: str, result: str) -> str:
    """'if A, B' with the subject both share said once, as `conditional` says a generated
    clue: 'if the culprit rides, they do not paint', 'if the culprit is a woman, she has gray
    hair', 'if the culprit rides, we are looking for a woman'. A result that names someone,
    or joins two things, keeps its subject."""
    head = subject + " "
    if not (premise.startswith(head) and result.startswith(head)):
        return f"if {premise}, {result}"
    trait, then = premise[len(head):], result[len(head):]
    if then in LOOKING_FOR:
        return f"if {premise}, {LOOKING_FOR[then]}"
    if re.search(r"\b(or|nor|either|neither|both|and)\b|^is (not )?[A-Z]", then):
        return f"if {premise}, {result}"
    pronoun = SEXES.get(trait)
    return f"if {premise}, {pronoun} {then}" if pronoun else f"if {premise}, they {they(then)}"


def they(pred: str) -> str:
    """A predicate said of a person as 'they' ("stands four hands high" -> "stand four
    hands high"): the unknown culprit is 'they', as a witness says it."""
    verb, _, rest = pred.partition(" ")
    if verb.endswith("ly") and rest:               # "usually keeps to the Cellar"
        return f"{verb} {they(rest)}"
    if verb in THEY:
        verb = THEY[verb]
    elif verb.endswith("ies"):
        verb = verb[:-3] + "y"
    elif verb.endswith(("sses", "shes", "ches", "xes")):
        verb = verb[:-2]
    elif verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]
    return f"{verb} {rest}".strip()


# ---- one conditional, said three ways ------------------------------------------------------
# Hampshire's witnesses chain through "if the culprit X, they are lying low at Y" (a medium
# case needs three or four); said alike they read as one sentence five times (EDITOR.md), so
# the case says them in turn as below (generate/variety.py counts a skeleton per wording).
PLURAL = {"are": "is", "have": "has", "do": "does", "go": "goes", "were": "was"}


def rewordings(clause: str, subject: str) -> tuple[str, ...]:
    """Other wordings of a conditional `clause` said of `subject` ("if the culprit has red
    hair, they are lying low in the Cart"): "should the culprit have red hair, they are
    lying low in the Cart" and "the culprit is lying low in the Cart if they have red hair".
    Only present-tense premises and results are reworded; anything else has none."""
    head = f"if {subject} "
    if not subject or not clause.startswith(head) or ", they " not in clause:
        return ()
    trait, then = clause[len(head):].split(", they ", 1)
    if "," in then or not _present(trait) or not _present_plural(then):
        return ()
    plural = they(trait)
    base = "be" + plural[3:] if plural.startswith("are ") else plural
    if base.startswith(("do ", "are ")):
        return ()
    return (f"should {subject} {base}, they {then}", f"{subject} {_singular(then)} if they {plural}")


def _present(pred: str) -> bool:
    verb = pred.split(" ", 1)[0]
    return verb in ("has", "is", "does", "goes") or (verb.endswith("s") and not verb.endswith(("ss", "ly")))


def _present_plural(pred: str) -> bool:
    verb = pred.split(" ", 1)[0]
    return verb in PLURAL and verb != "were" or (verb.isalpha() and not verb.endswith(("ed", "ly", "s")))


def _singular(pred: str) -> str:
    """A 'they' predicate said of one person ("are lying low" -> "is lying low")."""
    verb, _, rest = pred.partition(" ")
    if verb in PLURAL:
        verb = PLURAL[verb]
    elif verb.endswith(("sh", "ch", "x", "o")):
        verb += "es"
    elif verb.endswith("y") and verb[-2:-1] not in "aeiou":
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return f"{verb} {rest}".strip()


# ---- shapes no wording saves --------------------------------------------------------------
def long_list(setting: Setting, expr: object) -> str:
    """Why `expr`, a list over one term ("X or Y", "neither X, Y nor Z"), says one value or
    its denial the long way, or ''. A list names two values or more of those the term can
    take (the category's items, or the values its items have) and leaves two or more out:
    leaving one, a negated list is that value said the long way and a positive one its
    denial; leaving none, it says nothing."""
    got = list_parts(expr)
    if got is None:
        return ""
    term, listed, positive = got
    values = term_values(setting, term)
    if values is None:
        return ""
    named, left = [v for v in values if v in listed], [v for v in values if v not in listed]
    if len(named) < 2:
        return f"a list naming {len(named)} of the values the setting has"
    if len(left) >= 2:
        return ""
    if not left:
        return "a list of every value: it says nothing"
    name = setting.item_name(left[0]) if isinstance(term, ir.AnswerRef) else value_word(left[0])
    return f"a list leaving one value: it says '{'not ' if positive else ''}{name}' the long way"


def list_parts(expr: object) -> tuple[object, set[str], bool] | None:
    """(term, listed values, positive) of `t in [a, b]` (an 'or' of ==) or `t not in [a, b]`
    (an 'and' of !=) over one term, else None."""
    if not isinstance(expr, (ir.Or, ir.And)) or len(expr.args) < 2:
        return None
    op = ir.CompareOp.EQ if isinstance(expr, ir.Or) else ir.CompareOp.NE
    terms, listed = set(), set()
    for arg in expr.args:
        if not (isinstance(arg, ir.Compare) and arg.op == op and isinstance(arg.right, (ir.ItemConst, ir.ValueConst))):
            return None
        terms.add(arg.left)
        listed.add(str(arg.right.item if isinstance(arg.right, ir.ItemConst) else arg.right.value))
    if len(terms) != 1:
        return None
    return terms.pop(), listed, isinstance(expr, ir.Or)


def term_values(setting: Setting, term: object) -> list[str] | None:
    """What the answer's item of a category, or one attribute of it, can be: the category's
    items, or the values its items have (a value no item has is never the answer's)."""
    if isinstance(term, ir.AnswerRef) and term.category in setting.categories:
        return list(setting.categories[term.category].ids)
    if isinstance(term, ir.AttrOf) and isinstance(term.term, ir.AnswerRef) and term.term.category in setting.categories:
        had = [str(i.attrs.get(term.attribute)) for i in setting.categories[term.term.category].items]
        return sorted(set(had), key=had.index)
    return None


def mixed_either(expr: object) -> str:
    """Why `expr`, an either/or over one category, names the thing beside a trait of it
    ("either made of paper or the brass telescope": the telescope is or is not paper), or ''.
    Two items, or two values of one attribute, are a list, said as one; two traits of one
    thing are `trait_either`'s."""
    if not isinstance(expr, ir.Or) or list_parts(expr) is not None:
        return ""
    kinds = [_kind(arg) for arg in expr.args]
    cats = {k[0] for k in kinds if k}
    if None in kinds or len(cats) != 1 or len(set(kinds)) == 1:
        return ""
    if all(k[1] for k in kinds if k):
        return ""
    return "an either/or over one category naming the thing beside a trait of it"


def cross_either(expr: object, truth: bool = True) -> str:
    """Why `expr`, an either/or as a player reads it (`either_sides`), is a formula over two
    answer categories ("The thief struck either in the south wing or before the early
    afternoon", "Either the room card has a black corner, or the suspect card shows the
    number 6"), or ''. No witness sees a disjunction of two columns of the table; a published
    clue says a place or a time as one scene. One category's either (two places, two traits
    of one person) is a witness's two impressions and reads well."""
    kinds = [_kind(side) for side in either_sides(expr, truth)]
    if len(kinds) < 2 or None in kinds or len({k[0] for k in kinds if k}) < 2:
        return ""
    return "an either/or over two answer categories: a formula, not a scene"


def trait_either(expr: object, truth: bool = True) -> str:
    """Why `expr`, an either/or as a player reads it (`either_sides`), joins two traits of one
    person or thing ("The murderer either writes with the right hand or has blue eyes", "The
    weapon was either of medium weight or made of paper"), or ''. Those are two facts, not two
    things a witness could confuse: a published either names two places, two names, or two
    values of one attribute ("either plays chess or goes fishing", "shows yellow or the
    number 3")."""
    sides = either_sides(expr, truth)
    kinds = [_kind(side) for side in sides]
    if len(kinds) < 2 or None in kinds or len({k[0] for k in kinds if k}) != 1 or any(map(_denied, sides)):
        return ""   # a negated side is notation's (L002, L010), not a pair of traits'
    attrs = {k[1] for k in kinds if k}
    if len(attrs) < 2 or "" in attrs:   # one attribute's values; a thing beside a trait is mixed_either's
        return ""
    return "an either/or over two traits of one person or thing: two facts, not two things a witness could confuse"


def either_sides(expr: object, truth: bool) -> tuple[object, ...]:
    """The alternatives a player reads as "either A or B" in a clue whose meaning is `expr`
    and whose truth (as its speaker says it) is `truth`: a true either/or's sides; a false
    "neither A nor B" (a liar's) turned round, its sides undenied. A list of one category's
    items or one attribute's values names things only one of which can be (english.atoms):
    no sides."""
    if truth and isinstance(expr, ir.Or) and list_parts(expr) is None:
        return tuple(expr.args)
    if not truth:
        if isinstance(expr, ir.Not) and isinstance(expr.arg, ir.Or) and list_parts(expr.arg) is None:
            return tuple(expr.arg.args)
        if isinstance(expr, ir.And) and list_parts(expr) is None and all(_denied(a) for a in expr.args):
            return tuple(a.arg if isinstance(a, ir.Not) else _undenied(a) for a in expr.args)
    return ()


def both_sides(expr: object, truth: bool, holds: Callable[[object], bool]) -> bool:
    """Is the clue an either/or (as a player reads it, `either_sides`) true on two sides at
    once, `holds` telling a side's truth in the case's answer? A player reads "either A or B"
    as one or the other ("The murderer either used a poisoned teacup or struck in the
    Orchard", both so): said so, such a clue reads as false (lint: L017); the generator says it
    "A or B, perhaps both" (`perhaps_both`)."""
    sides = either_sides(expr, truth)
    return len(sides) > 1 and sum(1 for side in sides if holds(side)) > 1


def _denied(expr: object) -> bool:
    return isinstance(expr, ir.Not) or (isinstance(expr, ir.Compare) and expr.op == ir.CompareOp.NE)


def _undenied(expr: object) -> object:
    assert isinstance(expr, ir.Compare)   # `_denied`: a Not, or a `!=`
    return replace(expr, op=ir.CompareOp.EQ)


def _kind(expr: object) -> tuple[str, str] | None:
    """(category, attribute or '') of a condition on one answer category, else None."""
    refs = {n.category for n in ir.walk(expr) if isinstance(n, ir.AnswerRef)}
    if len(refs) != 1 or any(isinstance(n, (ir.At, ir.Lies, ir.Holds, ir.Quant)) for n in ir.walk(expr)):
        return None
    attrs = sorted({n.attribute for n in ir.walk(expr) if isinstance(n, ir.AttrOf)})
    return refs.pop(), ",".join(attrs)


# ---- frames: who says it, and how --------------------------------------------------------
# A published casebook says most statements bare; a few carry a speaker's turn of phrase,
# and no turn of phrase comes twice in one case ("Mark my words" twice reads as a program).
# So frames are chosen once the case's statements are known (frame_case), not per candidate.
FRAMED_SHARE = 4          # at most one statement in this many is framed
EYEWITNESS = ["I saw it with my own eyes: {clause}.", "{Clause}; I'd swear to it."]
ASSERTIVE = ["I'm certain {clause}.", "Mark my words: {clause}.", "Take it from me, {clause}."]
REASONED = ["I'm sure of this much: {clause}.", "This much I know: {clause}."]
SEEN = re.compile(r"\b(saw|seen|see|own eyes|swear|watched|noticed)\b", re.I)
# what a witness can see of a person across a room: only these take an eyewitness frame
# ("I saw it with my own eyes: the culprit keeps a garden" claims a sight nobody had)
VISIBLE = {"gender", "hair", "eyes", "glasses", "age", "height", "build", "beard", "hat", "coat", "dress"}


def seen_fact(form: str, topic: str) -> bool:
    """Could a witness have seen this? One positive fact about how a person looks."""
    return form == "observation" and topic.rsplit(".", 1)[-1] in VISIBLE


def frames_for(form: str, own: list[str] | None = None, topic: str = "") -> list[str]:
    """The turns of phrase that fit a statement of `form` about `topic` (never the bare
    "{Clause}.", which every statement may be); `own`: the setting's `templates:
    statements:` (its eyewitness frames are kept for what could be seen)."""
    seen = seen_fact(form, topic)
    if own:
        return [f for f in own if f.strip() not in ("{Clause}.", "{clause}.") and (seen or not SEEN.search(f))]
    if seen:
        return EYEWITNESS + ASSERTIVE
    if form in ("observation", "negation", "neither", "list", "comparison"):
        return ASSERTIVE
    return REASONED


def bare(clause: str) -> str:
    """A statement said plainly: "The culprit has red hair."."""
    return check(frame("{Clause}.", clause))


def said(rng: random.Random, form: str, clause: str, own: list[str] | None = None, topic: str = "",
         used: set[str] | frozenset[str] = frozenset()) -> str:
    """A framed sentence: a fitting turn of phrase not in `used` around the clause, or the
    bare sentence when none is left."""
    chosen = _pick(rng, form, clause, own, topic, used)
    return check(frame(chosen, clause)) if chosen else bare(clause)


def _pick(rng: random.Random, form: str, clause: str, own: list[str] | None, topic: str,
          used: set[str] | frozenset[str]) -> str | None:
    """A turn of phrase for the clause (a clause with its own colon or semicolon takes none
    that adds another), or None."""
    options = [f for f in frames_for(form, own, topic) if f not in used and not _clashes(f, clause)]
    return rng.choice(options) if options else None


def _clashes(frame_: str, clause: str) -> bool:
    words = frame_.replace("{Clause}", "").replace("{clause}", "")
    return (":" in clause or ";" in clause) and (":" in words or ";" in words)


def frame_case(rng: random.Random, statements: list[tuple[str, str, str]], own: list[str] | None = None,
               fits: Callable[[int, str], bool] = lambda k, text: True) -> list[str]:
    """The sentences of one case's statements, each (clause, form, topic): most bare, at
    most one in FRAMED_SHARE framed, none framed like another; `fits(k, text)`: whether
    statement k may read `text` (a wheel's print budget)."""
    out = [bare(clause) for clause, _, _ in statements]
    quota = max(1, len(statements) // FRAMED_SHARE) if len(statements) > 1 else 0
    used: set[str] = set()
    for k in rng.sample(range(len(statements)), len(statements)):
        if quota <= 0:
            break
        clause, form, topic = statements[k]
        chosen = _pick(rng, form, clause, own, topic, used)
        text = check(frame(chosen, clause)) if chosen else ""
        if chosen and fits(k, text):
            used.add(chosen)
            out[k], quota = text, quota - 1
    return out
