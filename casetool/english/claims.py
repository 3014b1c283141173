"""What one step of the explanation claims, category by category, and how the page says
it: "Mrs. White is not the culprit", "the crime did not happen at tea time or later" (the
setting's words for its items and its order, its `templates:`)."""

from __future__ import annotations

import re
from typing import NamedTuple

from ..explain.steps import Fact, Step
from ..language import ir
from ..language.evaluate import Evaluator, answer_only
from ..language.text import resolve_text
from ..load.model import Case, Clue, Setting
from .atoms import category_atoms
from .forms import inclusive, said_once
from .names import join, name_item, pronoun, referent
from .phrases import Templates, fill, one_preposition, voiced
from .reading import Reader
from .whereabouts import whereabouts


class Claim(NamedTuple):
    """What a step's sentence says about one category. how "must": the category must be
    items[0] (all the others are out, counting what earlier steps found); "not": it is none
    of `items`; "before" / "after" (an ordered category): it comes before (after) items[0],
    every item from there on (up to there) being out by the step and the facts it reads."""
    category: str
    how: str
    items: list[str]


EQ_NE = (ir.CompareOp.EQ, ir.CompareOp.NE)


def item_test(expr, ops: tuple[ir.CompareOp, ...] | None = None) -> tuple[str, str] | None:
    """(category, item) when `expr` tests the answer's item of a category against one item
    ('the weapon was the Rope', 'the crime did not happen in the Hall', 'after dusk') by one of
    `ops` (by any comparison when None); else None."""
    if isinstance(expr, ir.Compare) and isinstance(expr.left, ir.AnswerRef) and isinstance(expr.right, ir.ItemConst) \
            and (ops is None or expr.op in ops):
        return expr.left.category, expr.right.item
    return None


def left_of(case: Case, cid: str, known: set[Fact] | list[Fact], out: list[str] | tuple = ()) -> list[str]:
    """The items of a category the facts (and `out`) do not rule out, in the setting's order."""
    return [i for i in case.setting.categories[cid].ids if i not in out and Fact("not", cid, i) not in known]


def step_claims(case: Case, step: Step, known: set[Fact]) -> list[Claim]:
    """The step's claims, category by category, items in the setting's order (times run in
    time); a run of ruled-out items at either end of an ordered category is said as the order."""
    by_cat: dict[str, list[str]] = {}
    for f in step.derived:
        if f.kind == "not":
            by_cat.setdefault(f.subject, []).append(f.value)
    out: list[Claim] = []
    for cid, items in by_cat.items():
        order = [i.id for i in case.setting.categories[cid].items]
        items = sorted(items, key=order.index)
        left = left_of(case, cid, known, items)
        if len(left) == 1:
            out.append(Claim(cid, "must", left))
        elif case.setting.categories[cid].ordered:
            out += _order_claims(cid, order, items, {f.value for f in step.facts if f.kind == "not" and f.subject == cid})
        else:
            out.append(Claim(cid, "not", items))
    return out


def _order_claims(cid: str, order: list[str], items: list[str], read: set[str]) -> list[Claim]:
    """'before Tea Time' for a run of two or more ruled-out items that reaches the last item
    (`read`: the items the facts the step reads rule out, which the run may include), 'after
    Breakfast' for one from the first; and at most one item left over, as a list. When more
    are left over the order says nothing shorter: the whole list."""
    gone = set(items) | read
    tail = len(order)
    while tail > 0 and order[tail - 1] in gone:
        tail -= 1
    head = 0
    while head < tail and order[head] in gone:
        head += 1
    claims: list[Claim] = []
    runs: set[str] = set()
    if head >= 2 and set(items) & set(order[:head]):
        claims.append(Claim(cid, "after", [order[head - 1]]))
        runs |= set(order[:head])
    if len(order) - tail >= 2 and set(items) & set(order[tail:]):
        claims.append(Claim(cid, "before", [order[tail]]))
        runs |= set(order[tail:])
    rest = [i for i in items if i not in runs]
    if len(claims) == 1 and rest in ([order[0]], [order[-1]]):   # 'after dawn and before nightfall', not '..., nor at dawn'
        end = rest[0]
        claims.append(Claim(cid, "after", [end]) if end == order[0] else Claim(cid, "before", [end]))
        rest = []
    if not claims or len(rest) > 1:   # the order would not say it shorter: a plain list
        return [Claim(cid, "not", items)]
    return claims + ([Claim(cid, "not", rest)] if rest else [])


def outcome(case: Case, step: Step, known: set[Fact], speaker: str | None = None, told: bool | None = None) -> list[str]:
    """'Mrs. White is not the culprit', 'Miss Lilac must be the culprit', 'the crime did not
    happen at tea time or later', 'the crime happened after breakfast and before dusk': each
    category said as the case's clues say it (phrases.voiced: the setting's `templates:`, the
    culprit by the crime's role word), never by the category's bare name. `speaker`: the
    suspect whose words the sentence reports, said of themself as 'he' or 'she' ('Professor
    Plum (wheel 9) tells us that he is not the culprit', never his name twice). `told` (by
    default on a timeline page, timeline_case): a category left with one item is said as what
    the step rules out and what that leaves (leaves_only: 'the note ... tells us that the thief
    is not Colonel Mustard or Mrs. White, which leaves only Prince Azure'), never as a bare
    conclusion from a note ('tells us that Prince Azure must be the thief'); other kinds keep
    'must' for now (their pages' owners word them)."""
    out: list[str] = []
    claims = step_claims(case, step, known)
    told = timeline_case(case) if told is None else told
    for cid in dict.fromkeys(c.category for c in claims):
        mine = {c.how: c.items for c in claims if c.category == cid}
        gone = [f.value for f in step.derived if f.kind == "not" and f.subject == cid]
        out.append(_of_themself(case, voiced(case.setting), cid, mine, speaker, gone)
                   or (told and "must" in mine and leaves_only(case, step, known, cid, gone, mine["must"][0]))
                   or _clause(case, cid, mine, known))
    return out


def timeline_case(case: Case) -> bool:
    """A case of whereabouts notes ('Mrs. White was in the Hall at dawn'): its steps rule
    people and places out one note at a time."""
    return any(c.expr is not None and whereabouts(c.expr) for c in case.clues)


def leaves_only(case: Case, step: Step, known: set[Fact], cid: str, gone: list[str], left: str) -> str:
    """'the thief is not Colonel Mustard or Mrs. White, which leaves only Prince Azure', 'the
    crime did not happen at dusk or later, and dawn is the only time left': what the step
    rules out of a category, said as the order or a list (as step_claims says it when more are
    left), then the one item that leaves. A note rules people out; the reader is shown whom, and who is
    left, never told only 'so Prince Azure must be the thief'."""
    if not gone:
        return ""
    ids = case.setting.categories[cid].ids
    gone = sorted(gone, key=ids.index)
    read = {f.value for f in step.facts if f.kind == "not" and f.subject == cid}
    claims = _order_claims(cid, ids, gone, read) if case.setting.categories[cid].ordered else [Claim(cid, "not", gone)]
    ruled = _clause(case, cid, {c.how: c.items for c in claims}, known)
    if cid == case.setting.culprit:
        return f"{ruled}{LEAVES}{name_item(case, left)}"
    # each category is left with one item once a page: a wording of its own, so a page does
    # not close three steps alike ('..., which leaves only the Study' ... 'only dinner')
    return f"{ruled}, and {name_item(case, left)}{ONLY} {case.setting.categories[cid].label.lower()} left"


def nothing_left(case: Case, cid: str) -> str:
    """'nobody could be the thief', 'no weapon would be left': a category ruled out whole."""
    cat = case.setting.categories[cid]
    if cid == case.setting.culprit:
        return f"nobody could be {voiced(case.setting).subject(cat)}"
    return f"no {cat.label.lower()} would be left"


def _clause(case: Case, cid: str, mine: dict[str, list[str]], known: set[Fact], must: bool = True) -> str:
    """One category's claims said as one clause ('must' as a conclusion, or as a plain fact
    when `must` is False: 'the weapon was a poisoned teacup')."""
    templates = voiced(case.setting)
    if "must" in mine:
        return must_clause(case, templates, cid, mine["must"][0]) if must else is_clause(case, cid, mine["must"][0])
    if "before" in mine and "after" in mine:
        rest = f", but {not_clause(case, templates, cid, mine['not'])}" if "not" in mine else ""
        return _between(case, cid, mine["after"][0], mine["before"][0], templates) + rest
    if "before" in mine or "after" in mine:
        return _not_in_order(case, cid, mine, templates)
    return _not_or_left(case, templates, cid, mine["not"], known)


def narrowed(case: Case, cid: str, gone: list[str], out: list[str]) -> str:
    """What a category is once `out` is ruled out besides the items `gone` before, said as
    the page says a step's claim but as a plain fact ('the crime happened after dinner', 'the
    weapon was a poisoned teacup', 'the murderer is not Vicar Vermilion')."""
    known = {Fact("not", cid, i) for i in gone}
    ids = case.setting.categories[cid].ids
    left = [i for i in ids if i not in gone and i not in out]
    cat = case.setting.categories[cid]
    if not left and len(out) > 3:   # not a list of all that were left: that nothing is
        return nothing_left(case, cid)
    if len(left) == 1:
        claims = [Claim(cid, "must", left)]
    elif kind_of(case.setting, cid, left):   # 'the crime happened in the east wing'
        return kind_of(case.setting, cid, left)
    elif 2 <= len(left) <= min(3, len(out)):   # a few left: those, not as many ruled out ('at eight or nine o'clock')
        return _one_of(case, cid, left)
    elif cat.ordered:
        claims = _order_claims(cid, ids, sorted(out, key=ids.index), set(gone))
        ends = [c for c in claims if c.how in ("before", "after")]
        if len(claims) == 1 and ends:   # 'the crime happened after dinner'
            before, after = voiced(case.setting).order_phrases(cat)[:2]
            phrase = fill(before if ends[0].how == "before" else after, item=voiced(case.setting).moment(case.setting, ends[0].items[0]))
            return f"{voiced(case.setting).subject(cat)} {phrase}"
    else:
        claims = [Claim(cid, "not", sorted(out, key=ids.index))]
    return _clause(case, cid, {c.how: c.items for c in claims}, known, must=False)


def _not_or_left(case: Case, templates: Templates, cid: str, items: list[str], known: set[Fact]) -> str:
    """What a step rules out, or what it leaves when that is the shorter list: 'the crime
    happened in the Library, the Billiard Room, the Study or the Conservatory' rather than
    seven rooms it did not happen in."""
    left = left_of(case, cid, known, items)
    if 2 <= len(left) < len(items) and len(items) > 3:
        return _one_of(case, cid, left)
    return not_clause(case, templates, cid, items)


def _of_themself(case: Case, templates: Templates, cid: str, mine: dict[str, list[str]], speaker: str | None,
                 gone: list[str] = ()) -> str:   # type: ignore[assignment]
    """The speaker's own part in the culprit's claim: 'he is not the culprit', 'he is not the
    culprit, nor are Mrs. Peacock or Dr. Sable' ('the Sergeant is' where the setting gives no
    gender: names.referent); the speaker left as the only one, with who the step rules out
    (`gone`) and the speaker named: 'the culprit is not Lady Coral, which leaves Colonel
    Mustard himself as the culprit' (never 'he must be the culprit', which reads as whoever
    the sentence named last, and leaves the reader to find who was ruled out); '' when the
    claim does not name the speaker."""
    if not speaker or cid != case.setting.culprit:
        return ""
    he = referent(case.setting, speaker)
    subject = templates.subject(case.setting.categories[cid])
    if mine.get("must") == [speaker]:
        self_ = {"he": " himself", "she": " herself"}.get(pronoun(case.setting, speaker).lower(), "")
        left = f"{name_item(case, speaker)}{self_} as {subject}"
        names = join([name_item(case, i) for i in gone])
        return f"{subject} is not {names}, which leaves {left}" if gone else f"{he} must be {subject}"
    if set(mine) != {"not"} or speaker not in mine["not"]:
        return ""
    others = [name_item(case, i) for i in mine["not"] if i != speaker]
    # 'nor are A, B or C': after 'nor' a list takes 'or' (EDITOR: grammar)
    nor = f", nor {'is' if len(others) == 1 else 'are'} {join(others)}" if others else ""
    return f"{he} is not {subject}{nor}"


def joined(outcomes: list[str]) -> str:
    """The step's outcomes as one clause: 'A, and B'; three or more (each may hold a list of
    its own, with commas) 'A; B; and C'. Two denials of one verb are said once: 'the crime did
    not happen in the Cellar or at nine o'clock' (never 'the crime did not happen in the
    Cellar, and the crime did not happen at nine o'clock')."""
    outcomes = _one_denial(outcomes)
    if len(outcomes) <= 2 and not any(_left_said(o) for o in outcomes[:-1]):   # '..., which leaves only Francis; and ...'
        return ", and ".join(outcomes)
    return "; ".join(outcomes[:-1]) + "; and " + outcomes[-1]


# leaves_only's words: what follows them is not a denial to join another to
LEAVES, ONLY = ", which leaves only ", " is the only"


def _left_said(clause: str) -> bool:
    return LEAVES in clause or bool(re.search(rf", and [^,]+{ONLY} [\w ]+ left$", clause))


def _one_denial(outcomes: list[str]) -> list[str]:
    """Two outcomes in a row on one verb of one subject made one: two denials ('the crime did
    not happen in the Cellar or at nine o'clock'; with a list among them, 'the crime did not
    happen at the Fountain, nor at breakfast or in the late morning'), or a list and a denial
    ('the crime happened in the Kitchen or the Study, and not at lunch or at dusk')."""
    out: list[str] = []
    for clause in outcomes:
        head = re.match(r"^(.+?) did not (\w+) (.+)$", clause)
        last = re.match(r"^(.+?) (?:did not (\w+)|(\w+)ed) (.+)$", out[-1]) if out else None
        if not (head and last and head.group(1) == last.group(1) and head.group(2) in (last.group(2), last.group(3))) \
                or " nor " in clause + out[-1] or "; " in clause + out[-1] or _left_said(clause) or _left_said(out[-1]):
            out.append(clause)
        elif last.group(3):   # a list of what it was, then what it was not
            out[-1] = f"{out[-1]}, and not {head.group(3)}"
        elif re.search(r",| or ", last.group(4) + " " + head.group(3)):
            out[-1] = f"{out[-1]}, nor {head.group(3)}"
        else:
            out[-1] = f"{out[-1]} or {head.group(3)}"
    return out


def must_clause(case: Case, templates: Templates, cid: str, item: str) -> str:
    """'Miss Scarlet must be the thief', 'the crime must have happened at midnight', 'the
    hiding place must be the Fair': the category's item phrase, made a conclusion."""
    cat = case.setting.categories[cid]
    if cid == case.setting.culprit:
        return f"{name_item(case, item)} must be {templates.subject(cat)}"
    phrase = fill(templates.item_phrases(cat)[0], **_words(case, templates, [item]))
    verb, _, rest = phrase.partition(" ")
    if verb == "is":
        phrase = f"must be {rest}"
    elif verb == "was":
        phrase = f"must have been {rest}"
    elif verb.endswith("ed"):   # 'happened in the Library' -> 'must have happened in the Library'
        phrase = f"must have {phrase}"
    return f"{templates.subject(cat)} {phrase}"


def is_clause(case: Case, cid: str, item: str) -> str:
    """'Mr. Rust is the culprit', 'the hiding place is the Bus', 'the crime happened in the
    Library': what a player believes, in the clues' words."""
    templates = voiced(case.setting)
    cat = case.setting.categories[cid]
    if cid == case.setting.culprit:
        return f"{name_item(case, item)} is {templates.subject(cat)}"
    return f"{templates.subject(cat)} {fill(templates.item_phrases(cat)[0], **_words(case, templates, [item]))}"


def not_clause(case: Case, templates: Templates, cid: str, items: list[str]) -> str:
    """'Francis is not the thief', 'the murderer is not Professor Ochre or Vicar Vermilion',
    'the crime did not happen in the Hall, the Lounge or the Rose Garden' (a preposition the
    places share is said once)."""
    cat = case.setting.categories[cid]
    if cid == case.setting.culprit and len(items) == 1:
        return f"{name_item(case, items[0])} is not {templates.subject(cat)}"
    return f"{templates.subject(cat)} {fill(templates.item_phrases(cat)[1], **_words(case, templates, items))}"


def _words(case: Case, templates: Templates, items: list[str]) -> dict[str, str]:
    """What an item phrase may say of `items` ({item}, {where}, {when}), as an 'or' list."""
    setting = case.setting
    lists = {"item": [name_item(case, i) for i in items], "where": [templates.where(setting, i) for i in items],
             "when": [templates.when(setting, i) for i in items]}
    return {k: join(one_preposition(v)) for k, v in lists.items()}


def _not_in_order(case: Case, cid: str, mine: dict[str, list[str]], templates: Templates) -> str:
    """'the crime did not happen at tea time or later, nor at dawn': the category's negative
    item phrase (templates: items:) over the setting's words for each item."""
    cat, setting = case.setting.categories[cid], case.setting
    ends = [(mine["before"][0], "later")] if "before" in mine else [(mine["after"][0], "earlier")]
    parts = [(i, f" or {word}") for i, word in ends] + [(i, "") for i in mine.get("not", [])]
    words = {"item": [name_item(case, i) + tail for i, tail in parts],
             "where": [templates.where(setting, i) + tail for i, tail in parts],
             "when": [templates.when(setting, i) + tail for i, tail in parts]}
    negative = templates.item_phrases(cat)[1]
    return f"{templates.subject(cat)} {fill(negative, **{k: ', nor '.join(v) for k, v in words.items()})}"


def _between(case: Case, cid: str, first: str, last: str, templates: Templates) -> str:
    """'the crime happened after Breakfast and before Dusk': the category's order phrases
    (templates: order:)."""
    cat = case.setting.categories[cid]
    before, after = templates.order_phrases(cat)[:2]
    said = fill(after, item=templates.moment(case.setting, first))   # 'after nightfall', not 'after night'
    phrase = fill(before, item=templates.moment(case.setting, last))
    if phrase.split()[0] == said.split()[0]:   # "happened after X and before Y"
        phrase = phrase.split(" ", 1)[1]
    return f"{templates.subject(cat)} {said} and {phrase}"


_READERS: dict[int, tuple[Setting, Reader]] = {}


def opposite(case: Case, clue: Clue) -> str | None:
    """A liar's statement turned round, in the words the clues are written with (the
    generator's phrases, the culprit by the crime's role word): 'the culprit is not elderly'
    (of 'the culprit is elderly'), 'Colonel Mustard is the culprit' (of 'I had nothing to do
    with it'); a compound statement turned round as a narrator says it: an either/or as
    'neither ... nor' ('the weapon was neither heavy nor made of metal') or as two denials,
    an 'if' as its premise and the denied result ('the crime happened in the Greenhouse and
    the murderer is short'), a conjunction as 'not both' ('it is not true that the culprit
    both is tall and has red hair'). None when the words would need logic notation (an
    exclusive or, 'if and only if', a count), which a page calls 'the opposite of wheel 13'."""
    return _turned(case, clue.expr)


def says_all(case: Case, step: Step, known: set[Fact], clue: Clue) -> bool:
    """Whether the liar's words turned round already say everything the step rules out ('the
    culprit is not Professor Plum, Colonel Mustard or Mr. Rust' says 'Colonel Mustard is not
    the culprit'), so that a page does not say it again after 'so'."""
    out = _listed(case, clue.expr, ir.CompareOp.EQ) if isinstance(clue.expr, (ir.Compare, ir.Or)) else None
    claims = step_claims(case, step, known)
    if out is None or not claims:
        return False
    cid, items = out
    return all(c.how == "not" and c.category == cid and set(c.items) <= set(items) for c in claims)


def _turned(case: Case, expr) -> str | None:
    """The negation of `expr` in words, or None."""
    tested = item_test(expr, EQ_NE)
    if tested:
        return not_clause(case, voiced(case.setting), tested[0], [tested[1]]) if expr.op == ir.CompareOp.EQ \
            else is_clause(case, *tested)
    if isinstance(expr, ir.Not):
        return _said(case, expr.arg)
    if isinstance(expr, ir.Compare) and expr.op in (ir.CompareOp.EQ, ir.CompareOp.NE):
        return phrase_reader(case.setting).phrases.get(
            ir.Compare(ir.CompareOp.NE if expr.op == ir.CompareOp.EQ else ir.CompareOp.EQ, expr.left, expr.right))
    if isinstance(expr, (ir.Truthy, ir.Has)):
        return phrase_reader(case.setting).phrases.get(ir.Not(expr))
    if isinstance(expr, ir.Or):   # neither ... nor
        listed = _listed(case, expr, ir.CompareOp.EQ)
        if listed:
            return not_clause(case, voiced(case.setting), *listed)
        parts = [_turned(case, a) for a in expr.args]
        return None if None in parts or len(parts) != 2 else _neither(case, expr.args, parts)   # type: ignore[arg-type]
    if isinstance(expr, ir.And):   # not both
        listed = _listed(case, expr, ir.CompareOp.NE)
        if listed:
            return _one_of(case, *listed)
        said = [_said(case, a) for a in expr.args]
        if None in said or len(said) != 2:
            return None
        turned = [_turned(case, a) for a in expr.args]
        if all(_denial(s) for s in said) and None not in turned:   # 'neither gray nor black': gray or black
            said_so = paired(case, turned, "either", "or") or f"either {turned[0]} or {turned[1]}"   # type: ignore[arg-type]
            return inclusive(case, tuple(ir.Not(a) for a in expr.args), said_so)
        return f"it is not true that {_both(case, said)}"   # type: ignore[arg-type]
    if isinstance(expr, ir.Implies):   # the premise holds, and the result does not
        premise, result = _said(case, expr.left), _turned(case, expr.right)
        if not premise or not result:
            return None
        return paired(case, [premise, result], "", "and") or f"{premise} and {result}"
    return None


def _denial(clause: str | None) -> bool:
    return bool(clause) and bool(re.search(r"\b(not|no|never)\b", clause or ""))


ARTICLES = ("the", "a", "an")


def if_words(case: Case, rule: ir.Implies) -> str | None:
    """A narrator's 'if': 'if the culprit is middle-aged, they do not paint', 'if the room card
    has a purple corner, the weapon card shows the number 4', or None."""
    premise, result = in_words(case, rule.left), in_words(case, rule.right)
    if not (premise and result):
        return None
    culprit = case.setting.categories[case.setting.culprit]
    return said_once(voiced(case.setting).subject(culprit), premise, result)


def in_words(case: Case, expr) -> str | None:
    """A plain statement as a narrator says it, in the words the clues are written with
    ('the culprit does not wear glasses'), an either/or of two such ('the culprit either plays
    chess or goes fishing', 'the hiding place is the Bus or the Cart'), or None."""
    if isinstance(expr, ir.Or):
        listed = _listed(case, expr, ir.CompareOp.EQ)
        if listed:
            return _one_of(case, *listed)
        said = [_said(case, a) for a in expr.args]
        if len(said) != 2 or None in said:
            return None
        said_so = paired(case, said, "either", "or") or _shared(said) or f"either {said[0]} or {said[1]}"   # type: ignore[arg-type]
        return inclusive(case, expr.args, said_so)   # both so in the answer: 'A or B, perhaps both'
    denied = [item_test(a, EQ_NE) for a in expr.args] if isinstance(expr, ir.And) else []
    if denied and all(denied) and all(a.op == ir.CompareOp.NE for a in expr.args) and len({d[0] for d in denied if d}) == 1:
        return in_words(case, ir.Not(ir.Or(tuple(ir.Compare(ir.CompareOp.EQ, a.left, a.right) for a in expr.args))))
    if isinstance(expr, ir.And) and len(expr.args) == 2:   # two denials on one subject: 'neither ... nor'
        kept = [_turned(case, a) for a in expr.args]
        if None not in kept and not any(_denial(k) for k in kept):
            return paired(case, kept, "neither", "nor")   # type: ignore[arg-type]
    return _said(case, expr)


def _shared(clauses: list[str]) -> str | None:
    """Two clauses on one subject, what they share said once: 'the room card shows either the
    number 1 or the number 2', 'the room card either has a blue corner or shows the number 4'
    (a subject no setting category names); None when they share less than a subject."""
    first, second = (c.split(" ") for c in clauses)
    shared = 0
    while shared < min(len(first), len(second)) - 1 and first[shared] == second[shared]:
        shared += 1
    n = shared
    while n >= 2 and not (first[n] in ARTICLES and second[n] in ARTICLES):   # back to the verb
        n -= 1
    n = n if n >= 2 else shared   # no article after it: they part at the verb ('either has ... or shows ...')
    if n < 2 or first[n - 1] in ARTICLES:
        return None
    return f"{' '.join(first[:n])} either {' '.join(first[n:])} or {' '.join(second[n:])}"


def _said(case: Case, expr) -> str | None:
    """`expr` as the clues say it (one clause), or None."""
    tested = item_test(expr, EQ_NE)
    if tested:
        return is_clause(case, *tested) if expr.op == ir.CompareOp.EQ \
            else not_clause(case, voiced(case.setting), tested[0], [tested[1]])
    if isinstance(expr, ir.Not):
        return _turned(case, expr.arg)
    return phrase_reader(case.setting).phrases.get(expr)


def _listed(case: Case, expr, op) -> tuple[str, list[str]] | None:
    """(category, items) when every part of `expr` (an 'and' or an 'or'; else `expr` itself)
    compares one category with an item by `op` ('the crime happened in the Library or in the
    Orchard'; 'the culprit is Professor Plum'), else None."""
    args = expr.args if isinstance(expr, (ir.And, ir.Or)) else (expr,)
    parts = [t for a in args if (t := item_test(a, (op,)))]
    cats = {c for c, _ in parts}
    if len(parts) != len(args) or len(cats) != 1:
        return None
    cid = cats.pop()
    order = case.setting.categories[cid].ids
    return cid, sorted((i for _, i in parts), key=order.index)


def _one_of(case: Case, cid: str, items: list[str]) -> str:
    """'the crime happened in the Library, the Greenhouse or the Orchard' (the category's item
    phrase over an 'or' list)."""
    templates = voiced(case.setting)
    cat = case.setting.categories[cid]
    if cid == case.setting.culprit:
        return f"{templates.subject(cat)} is {join([name_item(case, i) for i in items])}"
    return f"{templates.subject(cat)} {fill(templates.item_phrases(cat)[0], **_words(case, templates, items))}"


def kind_of(setting: Setting, cid: str, items: list[str]) -> str:
    """'the crime happened in the east wing' for the Lounge, the Dining Room, the Kitchen and
    the Fountain when those are the east wing's places: a list that is one kind of item, said
    as the clues say the kind; '' when no kind is just those. People are named: 'the thief is
    a woman' would leave the reader to find who the women are."""
    if len(items) < 2 or cid in (setting.culprit, setting.people_category):
        return ""
    return _kinds(setting, cid).get(frozenset(items), ("", ""))[0]


def kind_denied(setting: Setting, cid: str, items: list[str]) -> str:
    """`kind_of` said the other way ('the weapon card has no purple corner'), or ''."""
    if len(items) < 2 or cid in (setting.culprit, setting.people_category):
        return ""
    return _kinds(setting, cid).get(frozenset(items), ("", ""))[1]


_KINDS: dict[tuple[int, str], tuple[Setting, dict[frozenset[str], tuple[str, str]]]] = {}


def _kinds(setting: Setting, cid: str) -> dict[frozenset[str], tuple[str, str]]:
    """Each kind of a category's items (the items an attribute's atom holds for) with its words,
    and its words denied ('' when the setting has none)."""
    key = (id(setting), cid)
    if key not in _KINDS or _KINDS[key][0] is not setting:
        evaluator, kinds = Evaluator(setting), dict[frozenset[str], tuple[str, str]]()
        for atom in category_atoms(setting, voiced(setting), cid):
            expr, problem = resolve_text(atom.means, setting, None)
            if problem is None and "=" not in atom.topic:
                held = frozenset(i for i in setting.categories[cid].ids if evaluator.holds(expr, answer_only({cid: i})))
                kinds.setdefault(held, (atom.text, atom.negated().text if atom.neg_pred is not None else ""))
        _KINDS[key] = (setting, kinds)
    return _KINDS[key][1]


def _neither(case: Case, args, denials: list[str]) -> str:
    """An either/or turned round: 'the weapon was neither heavy nor made of metal', 'the
    murderer neither writes with the left hand nor has blue eyes' (one subject), else the two
    denials ('the weapon was not heavy and the crime did not happen indoors')."""
    said = [_said(case, a) for a in args]
    joined = paired(case, said, "neither", "nor") if None not in said else None   # type: ignore[arg-type]
    return joined or f"{denials[0]} and {denials[1]}"


def _both(case: Case, said: list[str]) -> str:
    """'the culprit both is tall and has red hair', 'the weapon was both heavy and made of
    metal' (two clauses on one subject), else 'both the weapon was heavy and the crime
    happened indoors'."""
    return paired(case, said, "both", "and") or f"both {said[0]} and {said[1]}"


def common_subject(case: Case, clauses: list[str]) -> str | None:
    """The longest subject of the setting's categories ('the hiding place', 'the culprit')
    that every clause opens with, or None. A clause on the category's card ('the weapon card
    does not show the number 8') is not on the weapon: never 'so the weapon card does not ...,
    and so must have been the Lead Piping' (supercluedo codes hard 99)."""
    subjects = {voiced(case.setting).subject(cat) for cat in case.setting.categories.values()}
    return next((s for s in sorted(subjects, key=len, reverse=True)
                 if all(c.startswith(s + " ") and not CARD.match(c, len(s) + 1) for c in clauses)), None)


CARD = re.compile(r"cards?\b")   # the noun a subject goes on into ('the weapon | card'): not the subject


def paired(case: Case, clauses: list[str], first: str, second: str) -> str | None:
    """Two clauses on one subject said once ('the crime happened neither indoors nor on a
    wooden floor', 'the murderer neither writes with the left hand nor has blue eyes'), or
    None (two subjects, or a denial among them)."""
    subject = common_subject(case, clauses)
    if subject is None:
        return None
    preds = [c[len(subject) + 1:] for c in clauses]
    if first and any(re.search(r"\b(not|no|never|does|did)\b", p) for p in preds):
        return None   # 'neither does not ...'
    verbs = {p.split(" ", 1)[0] for p in preds}
    first = f"{first} " if first else ""
    denied = all(p.split(" ")[1:2] == ["not"] for p in preds)   # 'did not happen ... and did not happen ...'
    if len(verbs) == 1 and all(" " in p for p in preds) and not denied:
        verb = verbs.pop()
        return f"{subject} {verb} {first}{preds[0].split(' ', 1)[1]} {second} {preds[1].split(' ', 1)[1]}"
    return f"{subject} {first}{preds[0]} {second} {preds[1]}"


def phrase_reader(setting: Setting) -> Reader:
    """One reader a setting, speaking as its clues do (phrases.voiced); a setting holds dicts,
    so it is kept by identity, not hashed."""
    kept = _READERS.get(id(setting))
    if kept is None or kept[0] is not setting:
        if len(_READERS) > 8:
            _READERS.clear()
        kept = _READERS[id(setting)] = (setting, Reader(setting, voiced(setting).raw))
    return kept[1]
