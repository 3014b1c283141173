"""What a one-clue step says on its way to the conclusion: the clue in its own words ('the
culprit does not wear glasses, so ...'), and what the page already knows that settles an 'if'
('if the culprit has brown hair, the hiding place is the Cart; it is the Parade, so the culprit does
not have brown hair, and so ...'), and why a supposed culprit's words clash with their own looks; how
several notes are framed together (framed)."""

from __future__ import annotations

import operator
import random
from itertools import combinations, product

from ..explain.steps import Fact, Step
from ..language import ir
from ..language.evaluate import Evaluator, answer_only
from ..load.model import Case, Clue, Item
from .claims import (
    EQ_NE,
    Claim,
    common_subject,
    if_words,
    in_words,
    item_test,
    left_of,
    paired,
    phrase_reader,
    step_claims,
)
from .grounds import found_with_traits
from .names import clue_ref, join, name_item, referent, role
from .phrases import fill, voiced
from .verbs import told
from .whereabouts import moving_rule, place_too_far, too_far


def said_on_the_way(case: Case, step: Step, known: set[Fact], clues: list[Clue], so: str,
                    rules: set[str] | None = None) -> tuple[str, str]:
    """One plain statement that rules out what it does not name is said on the way: 'the
    culprit does not wear glasses, so Professor Plum is not the culprit', never 'tells us that
    Professor Plum is not the culprit', which the reader cannot find on the wheel. An 'if' is
    read with what the page knows that settles it: 'if the culprit has brown hair, the hiding
    place is the Cart; it is the Parade, so ...'; a quoted note's 'if' is not said again, only
    the reason, first: 'since the crime happened in the Cellar, the note “If ...” tells us
    ...'. (the reason said before the step, or ''; what it concludes)"""
    if len(clues) != 1:
        return "", so
    expr, quoted = clues[0].expr, "\u201c" in clue_ref(case, clues[0].id)
    words = if_words(case, expr) if isinstance(expr, ir.Implies) else in_words(case, expr)
    reason = _settled_by(case, expr, step.facts, quoted) if isinstance(expr, ir.Implies) else ""
    if reason:
        if quoted or not words:   # the 'if' is on the page already: only why it reads as it does
            return f"since {reason}, ", so
        return "", f"{words}; {_it(case, words, reason)}{_which(case, expr, step.facts, reason)}, so {_backwards(case, expr, step.facts, so)}"
    decided = _decided(case, expr, step) if quoted and step.facts else ""
    if decided:   # a note read with what the page found of the crime: that first
        return f"since {decided}{_too_far(case, expr, step, decided, rules)}, ", so
    if quoted or not words or words in so or _names_all(clues[0], step_claims(case, step, known)):
        return "", so   # a quoted note is there to read already
    return "", _with_looks(case, step, expr, words, so) or _found_culprit(case, step, expr, words, so) or f"{words}, so {so}"


def _too_far(case: Case, expr, step: Step, decided: str, rules: set[str] | None) -> str:
    """', three rooms from the Library, and everybody moves at most one room at a time, or
    stays where they are': when the note has the suspects it rules out elsewhere at another
    hour, the distance and the setting's rule (in the rules page's words, once a page: `rules`
    holds those the page has said) that put the crime's place out of their reach; ''."""
    tl = case.setting.timeline
    if tl is None:
        return ""
    domains = {c: left_of(case, c, step.facts) for c in case.setting.answer}
    ruled = [f.value for f in step.derived if f.kind == "not" and f.subject == tl.people]
    far = too_far(case, expr, domains, ruled)
    if far is None:
        return _place_too_far(case, expr, step, domains, rules)
    place, rooms = far
    there = name_item(case, place)
    crime = name_item(case, domains[tl.places][0])
    rule = moving_rule(case)
    said = f" {rooms} from {there}" if decided.endswith(crime) else f", and {crime} is {rooms} from {there}"
    said = ("," if said.startswith(" ") else "") + said
    if rules is not None and rule in rules:
        return said
    if rules is not None:
        rules.add(rule)
    return f"{said}, and {rule[:1].lower()}{rule[1:].rstrip('.')}"


def _place_too_far(case: Case, expr, step: Step, domains: dict, rules: set[str] | None) -> str:
    """', and everybody moves at most one room at a time, or stays where they are, and the Library
    is two rooms from the Kitchen': a note that leaves everyone still in play in one room an hour
    from the crime, read with the rule of movement and how far each place it rules out is from
    that room (grange timeline hard 91 said neither); ''."""
    tl = case.setting.timeline
    ruled = [f.value for f in step.derived if f.kind == "not" and tl is not None and f.subject == tl.places]
    people = {**domains, tl.people: left_of(case, case.setting.culprit, step.facts)} if tl and case.setting.culprit else domains
    far = place_too_far(case, expr, people, ruled) if tl else None
    if far is None:
        return ""
    room, rooms = far
    rule = moving_rule(case)
    said = "" if rules is not None and rule in rules else f", and {rule[:1].lower()}{rule[1:].rstrip('.')}"
    if rules is not None:
        rules.add(rule)
    places = join([name_item(case, p) for p in ruled], "and")
    return f"{said}, and {places} {'is' if len(ruled) == 1 else 'are'} {rooms} from {name_item(case, room)}"


def trait_follows(case: Case, expr, cid: str, item: str) -> str:
    """', and so happened on a wooden floor': the traits of the one item left a category that
    `expr` speaks of, said as what follows from it (murdle liars hard 92 left the Library's floor
    to look up); '' when it speaks of none, or one has no phrase."""
    found = case.setting.categories[cid].item(item)
    base = in_words(case, ir.Compare(ir.CompareOp.EQ, ir.AnswerRef(cid), ir.ItemConst(cid, item)))
    said = []
    for n in dict.fromkeys(n for n in ir.walk(expr) if isinstance(n, ir.AttrOf) and n.term == ir.AnswerRef(cid)):
        value = found.attrs.get(n.attribute) if found else None
        if value is None or isinstance(value, (list, dict, set, tuple)):
            return ""
        fact = ir.Truthy(n) if value is True else ir.Not(ir.Truthy(n)) if value is False \
            else ir.Compare(ir.CompareOp.EQ, n, _constant(case, n, value))
        words = in_words(case, fact)
        subject = common_subject(case, [words, base]) if words and base else ""
        if not words or not subject:
            return ""
        said.append(words[len(subject) + 1:])
    return f", and so {join(said, 'and')}" if said else ""


def _found_culprit(case: Case, step: Step, expr, words: str, so: str) -> str:
    """'either the weapon was made of metal or the murderer is tall; Professor Ochre, the
    murderer, is short, so ...': an 'either' or an 'if' with a side on the culprit alone, read
    with the culprit the page has found and the looks that settle that side (murdle traits 13
    said '..., so the weapon was not a poisoned teacup' with the looks left to look up); ''."""
    culprit = case.setting.culprit
    left = left_of(case, culprit, step.facts) if culprit else []
    if isinstance(expr, ir.Implies):
        sides = [ir.Not(expr.left), expr.right]
    elif isinstance(expr, ir.Or) and len(expr.args) == 2:
        sides = list(expr.args)
    else:
        return ""
    for side in sides if 1 <= len(left) <= 3 else []:
        if {n.category for n in ir.walk(side) if isinstance(n, ir.AnswerRef)} != {culprit}:
            continue
        names = [name_item(case, i) for i in left]
        looks = [clash_with(case, side, i) for i in left]
        if not all(e.startswith(n + " ") for e, n in zip(looks, names, strict=True)):
            continue
        preds = [e[len(n) + 1:] for e, n in zip(looks, names, strict=True)]
        other = in_words(case, sides[1 - sides.index(side)])   # the side that must hold, then `so`
        then = so if not other or other in so else f"{other}, and so {so}"
        if len(left) == 1:
            return f"{words}; {names[0]}, {role(case)}, {preds[0]}, so {then}"
        who = [f"{n}, who {p}" for n, p in zip(names, preds, strict=True)]   # as chain._clash_tail says them
        return f"{words}; {role(case)} is {', '.join(who[:-1])}, or {who[-1]}, so {then}"
    return ""


def _with_looks(case: Case, step: Step, expr, words: str, so: str) -> str:
    """'...; Colonel Mustard fishes and has blonde hair, so he is not the culprit', and when the
    speaker clears himself ('he is not the culprit'), '...; he rides and is a man, so he is not
    the culprit': the looks the reader would otherwise look up; '' when looks do not clear."""
    cleared = _cleared_by_looks(case, step, expr)
    if not cleared:
        return _all_looks(case, step, expr, words, so)
    name, looks, item = cleared
    if so.startswith(name + " "):
        return f"{words}; {looks}, so {referent(case.setting, item, looks)} {so[len(name) + 1:]}"
    he = referent(case.setting, item)
    if looks.startswith(name + " ") and so.startswith(he + " "):
        return f"{words}; {he}{looks[len(name):]}, so {so}"
    return ""


def _all_looks(case: Case, step: Step, expr, words: str, so: str) -> str:
    """'...; Reverend Green wears glasses and is a man, and Mr. Rust wears glasses and is a man,
    so the culprit is not Reverend Green or Mr. Rust': each suspect a compound statement rules
    out, with the looks that do it (hampshire liars 1 left them to look up); '' when looks do
    not clear each, or the step rules out anything else."""
    culprit = case.setting.culprit
    out = [f for f in step.derived if f.kind == "not"]
    if not isinstance(expr, (ir.Implies, ir.Or)) or len(out) < 2 or any(f.subject != culprit for f in out):
        return ""
    order = case.setting.categories[culprit].ids   # as `so` names them
    out.sort(key=lambda f: order.index(f.value))
    looks = [clash_with(case, expr, f.value) for f in out]
    if not all(looks):
        return ""
    names = [name_item(case, f.value) for f in out]
    preds = {e.removeprefix(n) for e, n in zip(looks, names, strict=True)}
    if len(preds) == 1:   # one set of looks: said once ('..., and the same is true of Mr. Rust')
        return f"{words}; {looks[0]}, and the same is true of {join(names[1:], 'and')}, so {so}"
    return f"{words}; {', '.join(looks[:-1])}, and {looks[-1]}, so {so}"


def _cleared_by_looks(case: Case, step: Step, expr) -> tuple[str, str, str] | None:
    """The one suspect a compound statement ('if ..., ...', 'either ... or ...') rules out, with
    the looks that do it: (their name, 'Colonel Mustard fishes and has blonde hair', their id);
    None when it rules out more, or another category, or no looks say it."""
    culprit = case.setting.culprit
    out = [f for f in step.derived if f.kind == "not"]
    if not isinstance(expr, (ir.Implies, ir.Or)) or len(out) != 1 or out[0].subject != culprit:
        return None
    looks = clash_with(case, expr, out[0].value)
    return (name_item(case, out[0].value), looks, out[0].value) if looks else None


def _it(case: Case, words: str, reason: str) -> str:
    """The reason with its subject said as 'it' when the 'if' has just ended on that subject:
    'the hiding place is the Cart; it is the Parade' (never the hiding place twice running)."""
    subject = common_subject(case, [words.rsplit(", ", 1)[-1], reason])
    return "it " + reason[len(subject) + 1:] if subject and " and " not in reason else reason


def _which(case: Case, rule: ir.Implies, facts: list[Fact], reason: str) -> str:
    """', which is on wheels': the trait of the item the facts leave the result's category that
    makes the 'if''s result false, said of it ('it is the Cart, which is on wheels', never the
    bare name for the reader to look up); '' when the result names an item itself."""
    cats = {n.category for n in ir.walk(rule.right) if isinstance(n, ir.AnswerRef)}
    if item_test(rule.right, EQ_NE) or len(cats) != 1:
        return ""
    cid = cats.pop()
    left = left_of(case, cid, facts)
    item = case.setting.categories[cid].item(left[0]) if len(left) == 1 else None
    if item is None or _with_traits(rule.right, item, set(item.attrs)) is not False:
        return ""
    said = in_words(case, ir.Not(rule.right)) or ""
    subject = common_subject(case, [said, reason])
    if not (said and subject):
        return ""
    rest = said[len(subject) + 1:]
    for verb, be in (("happened ", "is "), ("did not happen ", "is not ")):   # of the place: 'the Orchard, which is on the grass'
        if rest.startswith(verb):
            rest = be + rest[len(verb):]
    return f", whose {rest}" if rest.startswith("card ") else f", which {rest}"   # 'the Revolver, whose card has ...'


def _settled_by(case: Case, rule: ir.Implies, facts: list[Fact], traits: bool = False) -> str:
    """What the page knows of the categories the 'if' speaks of: each one the facts decide
    ('the crime happened in the Cellar'; with `traits`, and the traits of it the 'if' tests:
    ', and so in a room next to the Kitchen'), else the result's item the facts rule out ('the
    hiding place is not the Cart'); '' when they settle none."""
    decided = []
    for cid in dict.fromkeys(n.category for n in ir.walk(rule) if isinstance(n, ir.AnswerRef)):
        left = left_of(case, cid, facts)
        if len(left) == 1 and len(case.setting.categories[cid].ids) > 1:
            decided.append(found_with_traits(case, rule, cid, left[0]) if traits else
                           in_words(case, ir.Compare(ir.CompareOp.EQ, ir.AnswerRef(cid), ir.ItemConst(cid, left[0]))))
    if decided and None not in decided:
        return join(decided, "and")   # type: ignore[arg-type]
    tested = item_test(rule.right, (ir.CompareOp.EQ,))
    if tested and Fact("not", *tested) in facts:
        return in_words(case, ir.Not(rule.right)) or ""
    return ""


def _decided(case: Case, expr, step: Step) -> str:
    """What the page has found of the categories a note names items of, other than those the
    step rules on: 'the crime happened in the Hall and at eight o'clock' (of 'Ada Vane and
    Basil Crane were in the Cellar at eight o'clock', which then rules them out); ''."""
    ruled = {f.subject for f in step.derived if f.kind == "not"}
    named = dict.fromkeys(n.category for n in ir.walk(expr) if isinstance(n, (ir.ItemConst, ir.AnswerRef)))
    said = []
    for cid in named:
        left = left_of(case, cid, step.facts)
        if cid not in ruled and cid in case.setting.answer and len(left) == 1 and len(case.setting.categories[cid].ids) > 1:
            said.append(found_with_traits(case, expr, cid, left[0]))
    if not said or not all(said):
        return ""
    return (paired(case, said, "", "and") if len(said) == 2 else None) or join(said, "and")


def _backwards(case: Case, rule: ir.Implies, facts: list[Fact], so: str) -> str:
    """An 'if' whose result the page has found false, read backwards with the link said: 'if
    the culprit has blonde hair, the hiding place is the Cart; it is the Fair, so the culprit
    does not have blonde hair, and so is not Colonel Mustard or Miss Lilac' (never straight
    from the Fair to the names); `so` alone when the 'if' reads forwards, or the denied
    premise is what `so` says."""
    premise = {n.category for n in ir.walk(rule.left) if isinstance(n, ir.AnswerRef)}
    if any(len(left_of(case, cid, facts)) == 1 for cid in premise):
        return so
    denied = in_words(case, ir.Not(rule.left))
    if not denied or denied in so or not _fails(case, rule.right, facts):
        return so
    subject = common_subject(case, [denied, so])
    if subject and ", and " not in so:
        return f"{denied}, and so {so.removeprefix(subject + ' ')}"
    return f"{denied}, and so {so}"


def _fails(case: Case, result, facts: list[Fact]) -> bool:
    """Whether the facts make the result false: an '==' whose item is out, a '!=' whose item is
    all that is left, or what the result says of a category's traits ('the suspect card has a
    purple corner') untrue of the one item the facts leave it."""
    tested = item_test(result, EQ_NE)
    if tested:
        left = left_of(case, tested[0], facts)
        return tested[1] not in left if result.op == ir.CompareOp.EQ else left == [tested[1]]
    cats = {n.category for n in ir.walk(result) if isinstance(n, ir.AnswerRef)}
    left = left_of(case, next(iter(cats)), facts) if len(cats) == 1 else []
    item = case.setting.categories[next(iter(cats))].item(left[0]) if len(left) == 1 else None
    return item is not None and _with_traits(result, item, set(item.attrs)) is False


def _names_all(clue: Clue, claims: list[Claim]) -> bool:
    """Whether the clue itself names every item the step's claims name, or gives their order
    ('The crime did not happen in the Hall': the Hall; 'after dusk': the hours up to dusk)."""
    named = {t for n in ir.walk(clue.expr) if (t := item_test(n))}
    ordered = {cat for cat, _ in named}
    return all(c.how in ("before", "after") and c.category in ordered
               or all((c.category, i) in named for i in c.items) for c in claims)


def clash_with_all(case: Case, exprs: list, item: str) -> str:
    """The looks of suspect `item` that make every one of `exprs` false with them as the culprit,
    said once ('Basil Crane has fair hair and usually keeps to the Hall'); '' when looks alone
    do not undo one of them."""
    suspect = case.setting.categories[case.setting.culprit].item(item) if case.setting.culprit else None
    chosen: list = []
    for expr in exprs:
        got = _fewest(case, expr, item)
        if suspect is None or got is None:
            return ""
        chosen += [t for t in got if t not in chosen]
    return _traits_said(case, suspect, chosen, ir.And(tuple(exprs))) if suspect is not None else ""


def _fewest(case: Case, expr, item: str) -> list | None:
    """The fewest of suspect `item`'s traits that make `expr` false with them as the culprit."""
    culprit = case.setting.culprit
    suspect = case.setting.categories[culprit].item(item) if culprit else None
    if suspect is None:
        return None
    traits = list(dict.fromkeys(n for n in ir.walk(expr) if isinstance(n, ir.AttrOf) and n.term == ir.AnswerRef(culprit)
                                and n.attribute in suspect.attrs))
    for size in range(1, len(traits) + 1):
        for chosen in combinations(traits, size):
            if _with_traits(expr, suspect, {t.attribute for t in chosen}) is False:
                return list(chosen)
    return None


def clash_with(case: Case, expr, item: str) -> str:
    """Why a supposed culprit's turned-round words `expr` cannot be with them as the culprit,
    when that is their own looks: 'Professor Ochre has gray eyes' (of 'the murderer has hazel
    eyes'), 'Sergeant Olive is tall and writes with the right hand' (the fewest of the
    suspect's traits that make the words false, each in the clues' own phrase with the
    suspect's name for the culprit); '' when no traits alone do, or a trait has no phrase."""
    culprit = case.setting.culprit
    suspect = case.setting.categories[culprit].item(item) if culprit else None
    chosen = _fewest(case, expr, item)
    return _traits_said(case, suspect, chosen, expr) if suspect is not None and chosen is not None else ""


def with_traits(node, suspect: Item, known: set[str], who: bool = False) -> bool | None:
    """Whether `node` holds with `suspect` as the culprit, by the traits in `known` (and who
    they are, when `who`); None when those do not decide it."""
    return _with_traits(node, suspect, known, who)


def with_suspect(node, suspect: Item) -> bool | None:
    """Whether `node` holds with `suspect` as the culprit, by who they are and all their looks
    ('the murderer is not Sergeant Olive' with Sergeant Olive; None: those do not decide it)."""
    return _with_traits(node, suspect, set(suspect.attrs), who=True)


def _with_traits(node, suspect: Item, known: set[str], who: bool = False) -> bool | None:
    """Whether `node` holds with `suspect` as the culprit, reading only the suspect's traits
    in `known`, and who they are when `who` (None: those do not decide it)."""
    if isinstance(node, ir.Not):
        got = _with_traits(node.arg, suspect, known, who)
        return None if got is None else not got
    if isinstance(node, (ir.And, ir.Or)):
        parts = [_with_traits(a, suspect, known, who) for a in node.args]
        decisive = isinstance(node, ir.Or)   # an 'or' is settled by one true part, an 'and' by one false
        return decisive if decisive in parts else (not decisive if all(p is not None for p in parts) else None)
    if isinstance(node, ir.Implies):
        return _with_traits(ir.Or((ir.Not(node.left), node.right)), suspect, known, who)
    tested = item_test(node, EQ_NE)
    if tested:   # who the culprit is
        if not who or tested[0] != suspect.category:
            return None
        return (tested[1] == suspect.id) == (node.op == ir.CompareOp.EQ)
    trait = node.term if isinstance(node, (ir.Truthy, ir.Has)) else node.left if isinstance(node, ir.Compare) else None
    if not (isinstance(trait, ir.AttrOf) and trait.term == ir.AnswerRef(suspect.category) and trait.attribute in known):
        return None
    value = suspect.attrs[trait.attribute]
    if isinstance(node, ir.Truthy):
        return bool(value)
    if isinstance(node, ir.Has):   # a set of values, or a card's code: its colours and its numbers
        pool = [v for part in value.values() for v in part] if isinstance(value, dict) else value
        return isinstance(pool, (list, tuple, set, frozenset)) and node.value.value in pool
    if isinstance(node.right, ir.Number) and isinstance(value, (int, float)):   # 'stands four hands high', 'taller than'
        return NUMBER_OPS[node.op](value, node.right.value)
    if node.op not in (ir.CompareOp.EQ, ir.CompareOp.NE):
        return None
    if isinstance(node.right, ir.ItemConst):   # an item-valued trait: 'usually keeps to the Hall'
        return (value == node.right.item) == (node.op == ir.CompareOp.EQ)
    if not isinstance(node.right, ir.ValueConst):
        return None
    return (value == node.right.value) == (node.op == ir.CompareOp.EQ)


NUMBER_OPS = {ir.CompareOp.EQ: operator.eq, ir.CompareOp.NE: operator.ne, ir.CompareOp.LT: operator.lt,
              ir.CompareOp.LE: operator.le, ir.CompareOp.GT: operator.gt, ir.CompareOp.GE: operator.ge}


def _constant(case: Case, trait, value):
    """The clue language's constant for a trait's value: an item for an item-valued trait
    ('usually keeps to the Hall'), else the value."""
    attr = case.setting.categories[trait.term.category].attributes.get(trait.attribute)
    if attr is not None and attr.kind == "item":
        return ir.ItemConst(attr.category, value)
    return ir.Number(value) if attr is not None and attr.kind == "number" else ir.ValueConst(value)


def looks_said(case: Case, expr, item: str) -> str:
    """The looks of suspect `item` that `expr` speaks of, said ('Duchess Cerulean is tall and
    has blue eyes'); '' when it speaks of none, or one has no phrase."""
    culprit = case.setting.culprit
    suspect = case.setting.categories[culprit].item(item) if culprit else None
    traits = list(dict.fromkeys(n for n in ir.walk(expr) if isinstance(n, ir.AttrOf) and n.term == ir.AnswerRef(culprit)
                                and suspect is not None and n.attribute in suspect.attrs))
    return _traits_said(case, suspect, traits, expr) if suspect is not None and traits else ""


def _traits_said(case: Case, suspect: Item, traits: list, expr=None) -> str:
    """'Professor Ochre is short and has gray eyes': each trait as the clues phrase it of the
    culprit, the suspect's name for the culprit, said once; '' when a trait has no phrase."""
    phrases = phrase_reader(case.setting).phrases
    subject = voiced(case.setting).subject(case.setting.categories[suspect.category]) + " "
    preds = []
    for trait in traits:
        value = suspect.attrs[trait.attribute]
        if isinstance(value, (list, tuple, set)) and expr is not None:   # a set of hobbies: those the words name
            named = [n.value.value for n in ir.walk(expr) if isinstance(n, ir.Has) and n.term == trait]
            held = [phrases.get(ir.Has(trait, ir.ValueConst(v)) if v in value else ir.Not(ir.Has(trait, ir.ValueConst(v))))
                    for v in dict.fromkeys(named)]
            if not held or not all(h and h.startswith(subject) for h in held):
                return ""
            preds += [h.removeprefix(subject) for h in held if h]
            continue
        if isinstance(value, (dict, list, tuple, set)):   # a card's code: no one phrase
            return ""
        said = phrases.get(ir.Truthy(trait) if value is True else ir.Not(ir.Truthy(trait)) if value is False
                           else ir.Compare(ir.CompareOp.EQ, trait, _constant(case, trait, value)))
        if not said or not said.startswith(subject):
            return ""
        preds.append(said.removeprefix(subject))
    return f"{name_item(case, suspect.id)} {join(preds, 'and')}"


# how a step from two or more notes says what they give together: drawn per step, never the
# frame the page's last such step used ("together tell us" on every line reads as a program)
FRAMES = {"together": "{all} together tell us that {so}.",
          "beside": "put {first} beside {rest}: {so}.",
          "taken": "taken with {rest}, {first} shows that {so}.",
          "side": "read side by side, {all} show that {so}."}
CLAUSE_FRAMES = ("together", "side")   # after 'whether or not ...,': no command


def framed(case: Case, step: Step, flow, refs: list[str], so: str, clause: bool, lead: bool) -> str:
    """'A tells us that B.' for one note; for more, one of FRAMES ('Put the note A beside the
    note B: ...', 'Taken with the note B, the note A shows that ...'), chosen by the case and
    the step, never the one the page's last step from several notes used."""
    if len(refs) == 1:
        return f"{told(case, next(c for c in case.clues if c.id == step.clues[0]), refs[0], so, not clause)}."
    # after a lead ('Taking that further, taken with ...') or 'whether or not', no second opening clause
    keys = [k for k in (CLAUSE_FRAMES if clause else FRAMES) if k != flow.frame and not (k == "taken" and (lead or clause))]
    key = random.Random(f"{case.title}/{case.number}/frame/{step.number}").choice(keys)
    flow.frame = key
    return fill(FRAMES[key], all=join(refs, "and"), first=refs[0], rest=join(refs[1:], "and"), so=so)


def truth_told(case: Case, step: Step, known: set[Fact], item: str, extras: list[Claim]) -> str:
    """Under the culprit rule, a suspect a supposition has just cleared tells the truth, and
    their words give the step's other findings: 'if the weapon was a rowing-boat anchor, the
    murderer is short; but Sergeant Olive is tall and Vicar Vermilion is tall' (the words, and
    the looks of each suspect left that undo an 'if''s result), for the page to go on ', so
    the weapon was not a rowing-boat anchor'. '' unless the words with what the page knows
    give every one of `extras` in every answer (read by the evaluator, answer by answer)."""
    setting, culprit = case.setting, case.setting.culprit
    own = [c for c in case.clues if c.id in step.clues and c.speaker in setting.characters
           and setting.characters[c.speaker].item == item]
    if len(own) != 1 or own[0].expr is None or not extras:
        return ""
    expr = own[0].expr
    words = if_words(case, expr) if isinstance(expr, ir.Implies) else in_words(case, expr)
    cats = list(setting.answer)
    pools = [[i for i in setting.categories[c].ids if Fact("not", c, i) not in known and not (c == culprit and i == item)]
             for c in cats]
    evaluator, left = Evaluator(setting), []
    try:
        for combo in product(*pools):
            named = dict(zip(cats, combo, strict=True))
            if evaluator.holds(expr, answer_only(named)):
                left.append(named)
    except Exception:   # words that read more than the answer (who lies, where people were)
        return ""
    if not words or not left or not all(_claim_holds(setting, c, a) for c in extras for a in left):
        return ""
    if not isinstance(expr, ir.Implies):
        return words
    suspects = pools[cats.index(culprit)] if culprit in cats else []
    looks = [clash_with(case, expr.right, s) for s in suspects]
    return f"{words}; but {join(looks, 'and')}" if looks and all(looks) else words


def _claim_holds(setting, claim: Claim, answer: dict[str, str]) -> bool:
    order = setting.categories[claim.category].ids
    got = answer[claim.category]
    if claim.how == "must":
        return got == claim.items[0]
    if claim.how == "not":
        return got not in claim.items
    k = order.index(claim.items[0])
    return order.index(got) < k if claim.how == "before" else order.index(got) > k


TOLD_LONG = 280   # a supposition longer than this, read aloud, loses its thread (chain.LONG)


def told_apart(lead: str, head: str, then: str) -> str:
    """'Suppose S: then A; B; and C.', or when that runs long, sentence by sentence as a player
    reads it aloud: 'Suppose S. Then A. B. But T.' (the last clue's ', but T' its own sentence;
    as chain.py tells its suppositions). `then`: the events, '; '-joined as chain.py joins
    them (never split inside a quoted note)."""
    one = f"{lead}{head}: then {then}."
    if len(one) <= TOLD_LONG:
        return one
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(then):
        depth += {"\u201c": 1, "\u201d": -1}.get(ch, 0)
        if depth == 0 and then.startswith("; ", k):
            parts.append(then[start:k])
            start = k + 2
    parts.append(then[start:])
    parts[-1] = parts[-1].removeprefix("and ") if len(parts) > 1 else parts[-1]
    if ", but " in parts[-1]:
        last, _, but = parts[-1].rpartition(", but ")
        parts[-1:] = [last, "But " + but]
    return " ".join([f"{lead}{head}.", f"Then {parts[0]}.", *(f"{p[:1].upper()}{p[1:]}." for p in parts[1:])])
