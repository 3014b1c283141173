"""A supposition on who lies (the explainer's step that supposes a witness lied, or told the
truth, and finds that it cannot be), told with what it breaks: 'Suppose Basil Crane lied: then,
as only one witness lies, Cora Lisle's statement about the murderer would be true, meaning that
the murderer stands three hands high, but the murderer is Basil Crane. So Basil Crane told the
truth.' (was '... would not fit what we already know', which leaves the reader to find the
clash), and who else the step finds lying or truthful, each with its reason ('Only one witness
lies, so Cora Lisle told the truth as well.'), never a bare 'Cora Lisle is lying.'

The statements are read through under the supposition by chain.py: each speaker's truth is
what the page has found, what is supposed, or what the rule of one liar makes of those (said
first: 'as only one witness lies'); the reading stops at the first statement that cannot hold.
"""

from __future__ import annotations

from dataclasses import replace

from ..explain.steps import Fact, Step
from ..load.model import Case, Clue
from .chain import Chain, Reading, with_known
from .claims import joined, left_of, opposite, outcome
from .names import clue_ref, join, name_item, person, role, rule_ref, whose
from .one_liar import RULES, lied_against
from .reasons import with_suspect

# why the rule of one liar settles a speaker's truth under the supposition
ONLY_ONE = "only one witness lies"
ONE_ALWAYS = "one witness always lies and the others told the truth"


def liar_supposition(case: Case, step: Step, known: set[Fact], supposed: Fact) -> str:
    """'Suppose X told the truth: then ... . So X is lying.', what breaks said; who else the
    step finds lying or truthful after it, with the reason."""
    argued = lied_against(case, step, known, supposed)
    if argued:
        return argued
    who = person(case, supposed.subject)
    head = f"{who} lied" if supposed.kind == "truthful" else f"{who} told the truth"
    broken = _broken(case, step, known, supposed)
    if not broken:   # a reading that does not reach the clash: pointed at, as before
        refs = join([clue_ref(case, c) for c in step.clues], "and") or rule_ref(case)
        broken = (f"{refs} would not fit what we already know" if step.facts else
                  f"{refs} could not hold" if len(step.clues) <= 1 else f"{refs} would not fit together")
    found = "told the truth" if supposed.kind == "truthful" else "is lying"
    then = f"then{broken}" if broken.startswith(",") else f"then {broken}"
    return f"Suppose {head}: {then}. So {who} {found}." + _others(case, step, known, supposed)


def _statuses(case: Case, facts: set[Fact], supposed: Fact) -> tuple[dict[str, str], str]:
    """Each witness's truth under the supposition: 'known' truthful, 'true' (made so by the
    supposition or the rule), 'lie', or absent (open); and the rule's reason when it settled one."""
    witnesses = [w for w in case.who_can_lie()]
    status = {w: "known" for w in witnesses if Fact("truthful", w) in facts}
    status |= {w: "lie" for w in witnesses if Fact("lies", w) in facts}
    status[supposed.subject] = "true" if supposed.kind == "lies" else "lie"
    kind, why = case.effective_liar_rule.kind, ""
    open_ = [w for w in witnesses if w not in status]
    if kind in RULES and "lie" in status.values() and open_:
        status |= {w: "true" for w in open_}
        why = ONLY_ONE
    elif kind == "exactly_one" and "lie" not in status.values() and len(open_) == 1:
        status[open_[0]] = "lie"
        why = ONE_ALWAYS
    return status, why


def _broken(case: Case, step: Step, known: set[Fact], supposed: Fact) -> str:
    """What the supposition runs into, read through the step's statements; '' when it is not
    read to a clash."""
    facts = set(step.facts) | set(known)
    status, why = _statuses(case, facts, supposed)
    liars = [w for w, s in status.items() if s == "lie"]
    if case.effective_liar_rule.kind in RULES and len(liars) > 1:
        return f"{join([person(case, w) for w in liars], 'and')} would both be lying, but {ONLY_ONE}"
    if case.effective_liar_rule.kind == "exactly_one" and not liars and len(status) == len(case.who_can_lie()):
        others = [person(case, w) for w, s in status.items() if s == "known"]
        return f"nobody would be lying, as {join(others, 'and')} told the truth, but one witness always lies"
    reads = []
    for cid in step.clues:
        clue = next(c for c in case.clues if c.id == cid)
        if clue.speaker not in case.who_can_lie():
            reads.append(Reading(clue, "fact"))
        elif clue.speaker in status:
            reads.append(Reading(clue, {"known": "fact", "true": "true", "lie": "lie"}[status[clue.speaker]]))
        else:
            return ""
    if not reads:
        return ""
    chain = Chain(case, with_known(step, known), {})
    if chain.run(reads):
        events = chain.events
        said = events[0] if len(events) == 1 else "; ".join(events[:-1]) + "; and " + events[-1]
    else:   # words with no phrase ('does not stand four hands high'): what they come to of those left
        said, reads = _by_those_left(case, facts, reads)
    if not said:
        return ""
    return f", as {why}, {said}" if why and _settled_spoke(status, supposed, reads) else said


def _by_those_left(case: Case, facts: set[Fact], reads: list[Reading]) -> tuple[str, list[Reading]]:
    """The first of the step's statements that, read by the looks of those left, cannot be as
    the supposition has it (_left_against), with that reading alone; ('', reads) when none.
    Any one that does is the clash, whatever the others say (grange liars medium 72: Basil
    Crane's 'fair hair', read as a fact, says nothing new; Dev Marlow's lie is the clash; was
    '... would not fit together')."""
    for read in reads:
        said = _left_against(case, facts, read)
        if said:
            return said, [read]
    return "", reads


def _left_against(case: Case, facts: set[Fact], read: Reading) -> str:
    """"Cora Lisle's statement about the murderer would be a lie, yet it holds of Dev Marlow, the
    murderer" ('... whether the murderer is A or B'; of a statement that would be true, '... yet
    it holds of neither A nor B, the only ones left'): a statement about the culprit whose
    words have no phrase, read by the looks of each suspect the page has left; ''."""
    culprit = case.setting.culprit
    if read.status not in ("true", "lie") or not culprit:
        return ""
    clue, lie = read.clue, read.status == "lie"
    left = left_of(case, culprit, facts)
    looks = [with_suspect(clue.expr, s) for s in (case.setting.categories[culprit].item(i) for i in left) if s]
    if not left or len(looks) != len(left) or any(v is not lie for v in looks):
        return ""
    names = [name_item(case, i) for i in left]
    the = role(case)
    if lie:
        held = f"of {names[0]}, {the}" if len(names) == 1 else f"whether {the} is {join(names, 'or')}"
        return f"{whose(case, clue.id)} would be a lie, yet it holds {held}"
    held = f"of {names[0]}, {the}" if len(names) == 1 else \
        f"of {'neither ' + names[0] + ' nor ' + names[1] if len(names) == 2 else 'none of ' + join(names, 'and')}, the only ones left"
    return f"{whose(case, clue.id)} would be true, yet it does not hold {held}"


def _settled_spoke(status: dict[str, str], supposed: Fact, reads: list[Reading]) -> bool:
    """Whether a statement read is by a witness whose truth the rule settled (not the one
    supposed): only then is the rule's reason said."""
    return any(r.clue.speaker != supposed.subject and r.clue.speaker in status and r.status in ("true", "lie")
               for r in reads)


def _others(case: Case, step: Step, known: set[Fact], supposed: Fact) -> str:
    """Who else the step finds truthful or lying, each with its reason: the rule of one liar
    ('Only one witness lies, so Cora Lisle told the truth as well.'), or a statement that
    cannot hold with what the page has found ('The same reading shows that Cora Lisle's
    statement cannot be true, so she is lying.'); then what the liar's words turned round give."""
    others = [f for f in step.derived if f.kind in ("lies", "truthful") and f != supposed]
    truthful = [person(case, f.subject) for f in others if f.kind == "truthful"]
    lying = [f.subject for f in others if f.kind == "lies"]
    text = f" {_lying_why(case, step, known, lying[0])}" if len(lying) == 1 else \
        f" {join([person(case, w) for w in lying], 'and')} are lying." if lying else ""
    if truthful and (supposed.kind == "lies" or lying) and case.effective_liar_rule.kind in RULES:
        text += f" Only one witness lies, so {join(truthful, 'and')} told the truth{' as well' if supposed.kind == 'truthful' else ''}."
    elif truthful:
        text += f" {_pair_why(case, step, known, supposed)}{join(truthful, 'and')} told the truth as well."
    so = joined(outcome(case, step, known))
    if not so:
        return text
    liar = lying[0] if len(lying) == 1 else supposed.subject if supposed.kind == "lies" else ""
    turned = _turned(case, step, known, liar) if liar else ""
    return text + (f" As {person(case, liar)} is lying, {turned}, so {so}." if turned else f" So {so}.")


def _pair_why(case: Case, step: Step, known: set[Fact], supposed: Fact) -> str:
    """"Basil Crane's and Cora Lisle's statements cannot both be true, so one of those two lies,
    and ": why the rest told the truth, when the step's two other witnesses contradict each
    other (read as true by chain.py) under a rule of one liar; '' otherwise."""
    pair = [c for c in case.clues if c.id in step.clues and c.speaker in case.who_can_lie() and c.speaker != supposed.subject]
    if case.effective_liar_rule.kind not in RULES or len(pair) != 2 or pair[0].speaker == pair[1].speaker:
        return ""
    narrow = replace(step, clues=[c.id for c in pair])
    if not Chain(case, with_known(narrow, known), {}).run([Reading(c, "true") for c in pair]):
        return ""
    first, second = (person(case, c.speaker or "") for c in pair)
    return f"{first}'s and {second}'s statements cannot both be true, so one of those two lies, and "


def _own(case: Case, step: Step, who: str) -> list[Clue]:
    return [c for c in case.clues if c.id in step.clues and c.speaker == who]


def _facts_with(case: Case, step: Step, clue: Clue, status: str) -> tuple[Step, list[Reading]]:
    """The step narrowed to one witness's statement (read as `status`) and the notes of the
    step from those who never lie."""
    plain = [c for c in case.clues if c.id in step.clues and c.speaker not in case.who_can_lie()]
    reads = [Reading(clue, status), *(Reading(c, "fact") for c in plain)]
    return replace(step, clues=[r.clue.id for r in reads]), reads


def _lying_why(case: Case, step: Step, known: set[Fact], liar: str) -> str:
    """'The same reading shows that Cora Lisle's statement about the murderer cannot be true,
    so Cora Lisle is lying.': the witness's own statement, read as true beside what the page
    has found and the notes of those who never lie, reaches the clash the supposition reached;
    the bare 'X is lying.' when it does not."""
    name = person(case, liar)
    own = _own(case, step, liar)
    if len(own) != 1:
        return f"{name} is lying."
    narrow, reads = _facts_with(case, step, own[0], "true")
    if not Chain(case, with_known(narrow, known), {}).run(reads):
        return f"{name} is lying."
    return f"The same reading shows that {whose(case, own[0].id)} cannot be true, so {name} is lying."


def _turned(case: Case, step: Step, known: set[Fact], liar: str) -> str:
    """The liar's one statement of the step turned round in words ('the murderer has fair
    hair'), when it gives, with what the page has found and the notes of those who never lie,
    all the step rules out; ''."""
    own = _own(case, step, liar)
    words = opposite(case, own[0]) if len(own) == 1 else None
    if not words:
        return ""
    narrow, reads = _facts_with(case, step, own[0], "lie")
    chain = Chain(case, with_known(narrow, known), {})
    chain.run(reads)
    ruled = [f for f in step.derived if f.kind == "not"]
    return words if ruled and all(f.value not in chain.domains.get(f.subject, [f.value]) for f in ruled) else ""


def cannot_hold(case: Case, step: Step, known: set[Fact], clue: Clue) -> str:
    """"Sergeant Olive's statement about the weapon cannot be true: it says that the weapon was
    heavy, but the weapon was a poisoned teacup": a statement that, read as true beside what the
    page has found and the step's notes from those who never lie, clashes at once (chain.py),
    with the clash said (was 'cannot be true, with what we already know'); '' otherwise."""
    narrow, reads = _facts_with(case, step, clue, "true")
    chain = Chain(case, with_known(narrow, known), {})
    if not chain.run(reads) or len(chain.events) != 1 or " would be true, meaning that " not in chain.events[0]:
        return ""
    return chain.events[0].replace(" would be true, meaning that ", " cannot be true: it says that ", 1)
