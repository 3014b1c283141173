"""One step of the explanation as the sentence a player accepts: what to look at, named
as the player sees it (names.py), and what it rules out (claims.py); who lies, said as the
setting's liar rule has it.

A statement is never reported as true unless its speaker is known to tell the truth: a
liar's words are turned round ("Reverend Green is lying, so the opposite of wheel 39 is
true: ..."), and a statement whose speaker may or may not lie is read both ways ("whether
or not ..."). A case split is said as a supposition ("Suppose Professor Ochre were the
culprit: ..."), never as a bare conclusion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..explain.steps import Fact, Step
from ..language import ir
from ..load.model import Case, Clue
from .board_steps import board_step_sentence, is_board
from .chain import on_the_cards, supposed_chain, with_known
from .claims import (
    in_words,
    item_test,
    joined,
    must_clause,
    opposite,
    outcome,
    says_all,
    step_claims,
)
from .leads import LEADS, lead
from .liar_suppose import cannot_hold, liar_supposition
from .names import (
    clue_ref,
    join,
    name_item,
    person,
    plain_fact,
    possessive,
    referent,
    role,
    whose,
)
from .one_liar import (
    inspector_note,
    inspector_sentence,
    one_of_two,
    told_truth,
)
from .phrases import cap, fill, voiced
from .reasons import clash_with, framed, said_on_the_way, told_apart, truth_told
from .settled import (
    clause_of,
    is_settled,
    one_sentence,
    says_itself,
    since_said,
    speaker_of,
    status,
)
from .suppose import and_then, each_supposed, supposed_against, what_to_suppose

RUN = 4   # steps that read on under one reason unsaid; the next gives it again
# a plain given fact read alone: the first of a run, and those after it
GIVEN = ("We are told that ", "We are also told that ")



@dataclass
class Flow:
    """What the page's last step said, for the next to lean on (a page passes one through its
    steps; a hint, which stands alone, none): how many plain given facts ran just before,
    and the settled clues the last step leaned on."""
    given: int = 0
    leant: frozenset[str] = frozenset()
    leaning: int = 0   # steps in a row that leant on `leant`
    frame: str = ""    # the frame the page's last step from two notes was said in (FRAMES); kept across steps
    since: str = ""    # the reason the last step gave first ('since the crime happened at night, ')
    found: frozenset[Fact] = frozenset()   # what the last step found: the next does not say it again
    builds: bool | None = None   # this step uses what the last found (None: not known, a hint alone)
    goes_on: bool = False   # this step reads under the reason the last gave, unsaid: it opens no paragraph
    run: int = 0   # steps in a row that went on so
    rules: set[str] = field(default_factory=set)   # the setting's printed rules the page has said; kept across steps

    def step(self) -> Flow:
        """The flow before this step; this one starts afresh."""
        before = Flow(self.given, self.leant, self.leaning, since=self.since, found=self.found, run=self.run)
        self.given, self.leant, self.leaning, self.since, self.found = 0, frozenset(), 0, "", frozenset()
        self.goes_on, self.run = False, 0
        return before

    def goes_on_from(self, before: Flow) -> bool:
        """Whether this step may read on under the reason the step before gave, unsaid: not past
        RUN steps, so that a paragraph (solution.LONGEST) holds the run with its reason."""
        self.goes_on = before.run < RUN
        self.run = before.run + 1 if self.goes_on else 0
        return self.goes_on


def step_sentence(case: Case, step: Step, known: set[Fact], flow: Flow | None = None,
                  previous: frozenset[Fact] | None = None) -> str:
    """The step's sentence on the solution page (and in a level-3 hint); `flow` carries what
    the page's previous step said, and takes what this one says; `previous`: what the step
    before found (a hint's; a page's comes with its flow)."""
    paged = flow is not None
    flow = flow or Flow()
    before = flow.step()
    found = before.found if paged else previous
    flow.builds = None if found is None else bool(set(step.facts) & found)
    flow.found = frozenset(step.derived)
    # a board case's step is argued as its page argues (board_steps.py); '' leaves today's sentence
    argued = board_step_sentence(case, step, known) if is_board(case) else ""
    if argued:
        return argued
    inspector = inspector_note(case, step)
    said = inspector_sentence(case, step, inspector) if inspector else None
    if said:
        return said
    supposed = step.assumption if step.assumption and step.assumption.kind in ("lies", "truthful") else None
    if supposed is not None:
        return liar_supposition(case, step, known, supposed)
    if case.effective_liar_rule.kind == "culprit" and suspect_speakers(case, step):
        return _culprit_step(case, step, known, before.found, flow.builds)
    return _plain_step(case, step, known, before, flow)


def supposition(case: Case, step: Step, known: set[Fact] | frozenset[Fact] = frozenset()) -> str | None:
    """What the step supposes in order to refute it, as a clause ("Reverend Green told the
    truth", "Professor Ochre were the culprit"), reading with `known` as the page does; None
    when the step reasons straight."""
    supposed = step.assumption if step.assumption and step.assumption.kind in ("lies", "truthful") else None
    if supposed is not None:
        who = person(case, supposed.subject)
        return f"{who} told the truth" if supposed.kind == "lies" else f"{who} lied"
    suspects = _culprits_out(case, step)
    if suspects and case.effective_liar_rule.kind == "culprit" and suspect_speakers(case, step):
        return f"{join(suspects)} were {role(case)}"
    return what_to_suppose(case, with_known(step, known)) or None   # clues told as they combine (suppose.py)


# ---- the kinds of step ------------------------------------------------------------------
def _culprit_step(case: Case, step: Step, known: set[Fact], found: frozenset[Fact] = frozenset(),
                  builds: bool | None = None) -> str:
    """Culprit rule (only the culprit lies) and a suspect's statement in the step; `found`:
    what the step before found (the culprit it has just named is not named the culprit again)."""
    refs = join([clue_ref(case, c) for c in step.clues], "and")
    so = joined(outcome(case, step, known))
    suspects = suspect_speakers(case, step)
    start = lead(case, step.number, True, builds) if step.facts else ""   # each kind below names its grounds, but 'whether or not'
    convicted = _convicts_speaker(case, step, known, suspects)
    if convicted:   # the clash said where it reads at once, else pointed at
        why = cannot_hold(case, step, known, next(c for c in case.clues if c.id == step.clues[0]))
        return cap(f"{why or refs + ' cannot be true' + (', with what we already know' if step.facts else '')}, so "
                   f"{suspects[0]} is lying, and only {role(case)} lies: {convicted}.")
    out = _culprits_out(case, step)
    read = with_known(step, known)   # a supposition reads with what the page has found
    each = each_supposed(case, read, _culprit_ids(case, step)) if len(out) > 1 else ""
    if each:   # one supposition at a time, each with its reason
        return cap(f"{start}{each[:1].lower() if start else each[:1]}{each[1:]} So {_refuted(case, step, known, out, so)}.")
    if out:
        supposed = told_apart(f"{start}suppose ", f"{join(out)} were {role(case)}", _supposed_culprit(case, step, out, suspects, known))
        return cap(f"{supposed} So {_refuted(case, step, known, out, so)}.")
    known_all = [_known_culprit(case, read, s) for s in suspects]
    if all(k is False for k in known_all):
        if len(suspects) == 1:   # 'Sergeant Olive is not ... and so tells the truth: the Sergeant's statement ...'
            refs = refs.replace(f"{suspects[0]}'s statement", f"{_possessive(case, suspects[0])} statement")
        combined = supposed_against(case, read, so)   # several clues: how they combine, to `so`
        # one statement: what it says, and what the page knows that makes it give `so` (never
        # 'his statement about the weapon and the place tells us that the crime must have
        # happened in the Greenhouse', murdle liars hard 91, with the words left to look up)
        since, told = said_on_the_way(case, read, known, [next(c for c in case.clues if c.id == step.clues[0])], so) \
            if len(step.clues) == 1 and not combined else ("", so)
        body = (f"{join(suspects, 'and')} {'is' if len(suspects) == 1 else 'are'} not {role(case)} and so "
                f"{'tells' if len(suspects) == 1 else 'tell'} the truth" +
                (f". {cap(combined)}" if combined else f": {since}{_tells(refs, step)} us that {told}."))
    elif len(suspects) == 1 and known_all[0]:
        just = any(f.kind == "not" and f.subject == case.setting.culprit for f in found)
        body = _culprit_lies(case, step, known, suspects[0], so, just)
        start = "" if just else start
    else:
        combined = supposed_against(case, read, so)
        start = start if combined or not step.facts else lead(case, step.number, builds=builds)
        body = combined if combined else (f"whether or not {join(suspects)} is {role(case)} (and so lying), "
                                                        f"{_tells(refs, step)} us that {so}.")
    return cap(f"{start}{body}")


def _refuted(case: Case, step: Step, known: set[Fact], out: list[str], so: str) -> str:
    """What a refuted supposition concludes, starting with who it rules out: 'Vicar Vermilion
    is not the murderer, and Sergeant Olive must be the murderer', never the last suspect
    named as if the supposition had found them by itself."""
    claims, culprit = step_claims(case, step, known), case.setting.culprit
    cats = list(dict.fromkeys(c.category for c in claims))
    if culprit in cats and len(cats) > 1 and any(c.category == culprit and c.how == "not" for c in claims):
        # who it clears first, then the rest with its reason
        outs = outcome(case, step, known)
        ruled, rest = outs[cats.index(culprit)], joined([o for o, c in zip(outs, cats, strict=True) if c != culprit])
        why = truth_told(case, step, known, _culprit_ids(case, step)[0], [c for c in claims if c.category != culprit]) \
            if len(out) == 1 and ruled == f"{out[0]} is not {role(case)}" else ""
        if why:   # words that say the finding as it is end there: never 'W, so W' (murdle liars medium 77)
            return f"{ruled} and so tells the truth: {why}" + ("" if _says(why, rest) else f", so {rest}")
        return and_then(case, with_known(step, known), _culprit_ids(case, step), ruled, rest)
    if any(c.category == culprit and c.how == "not" for c in claims):
        return so   # 'the murderer is not Duchess Cerulean or Professor Ochre' says it already
    if len(out) == 1:
        ruled = f"{out[0]} is not {role(case)}"
    elif len(out) == 2:
        ruled = f"neither {out[0]} nor {out[1]} is {role(case)}"
    else:
        ruled = f"none of {join(out, 'and')} is {role(case)}"
    if not so:
        return ruled
    outs = outcome(case, step, known)
    rest = joined([o for o, c in zip(outs, cats, strict=True) if c != culprit])
    if rest and len(outs) > 1:   # the culprit found, then the rest with its reason
        return and_then(case, with_known(step, known), _culprit_ids(case, step),
                        f"{ruled}, and {joined([o for o, c in zip(outs, cats, strict=True) if c == culprit])}", rest)
    return f"{ruled}; {so}" if ", and " in so else f"{ruled}, and {so}"   # never three 'and's in a row


def _culprit_lies(case: Case, step: Step, known: set[Fact], who: str, so: str, just: bool = False) -> str:
    """'Sergeant Olive is the murderer and so is lying: the opposite of Sergeant Olive's statement
    about the place is true, so the crime must have happened in the Orchard.' The liar's words
    are said turned round, never as what 'tells us' (issue 24: a liar's words reported as fact).
    `just`: the step before has just found them the culprit, so not again: 'As the murderer, he
    is lying: ...' (was '... Vicar Vermilion must be the murderer. With what we already know,
    Vicar Vermilion is the murderer and so is lying')."""
    own = [c for c in step.clues if _said_by(case, c, who)]
    rest = [clue_ref(case, c) for c in step.clues if c not in own]
    also = f"; with {join(rest, 'and')}, that tells us that" if rest else ", so"
    said = next(c for c in case.clues if c.id == own[0])
    words = opposite(case, said) if len(own) == 1 else None
    if words:   # the liar's words turned round, said in words (claims.opposite)
        head = f"as {role(case)}, {who} is lying" if just else \
            f"{who} is {role(case)} and so is lying"
        if not rest and (_says(words, so) or says_all(case, step, known, said)):   # said already
            return f"{head}: {words}."
        return f"{head}: {words}{also} {so}."
    turned = join([whose(case, c) for c in own], "and")
    return f"{who} is {role(case)} and so is lying: the opposite of {turned} is true{also} {so}."


# what supposing one suspect the culprit leads to: a page that supposes three in a row says
# it three ways (the suspects already ruled out choose, so the next supposition differs)
SUPPOSED = ("{who} would be lying and everyone else telling the truth, and then {misfit}",
            "only {who}'s words would be false, and then {misfit}",
            "{who} alone would be lying, yet then {misfit}")


def _ruled_out(case: Case, known: set[Fact]) -> int:
    """How many suspects the page has already ruled out as the culprit."""
    return sum(1 for f in known if f.kind == "not" and f.subject == case.setting.culprit)


def _supposed_culprit(case: Case, step: Step, out: list[str], suspects: list[str], known: set[Fact]) -> str:
    """What follows from supposing one of `out` the culprit, each speaker's words read as the
    supposition has them: the supposed culprit's turned round ("the opposite of wheel 9"),
    everyone else's as said. Several supposed culprits who speak: either way only the culprit's
    words are false, said without claiming which words those are."""
    and_known = " and what we already know" if step.facts else ""
    speaking = [s for s in out if s in suspects]
    truthful = [s for s in suspects if s not in out]
    # the clues read through under the supposition (chain.py), where no one statement says it
    chain = supposed_chain(case, with_known(step, known), {case.setting.culprit: _culprit_ids(case, step)}) if len(out) == 1 else ""
    if not speaking:   # every speaker of the step would be telling the truth
        return _true_in_words(case, step, out) or chain or (
            f"{join(truthful, 'and')} would be telling the truth, and then {_misfit(_refs(case, step), bool(step.facts), len(step.clues))}")
    if len(out) == 1:
        lie = _lie_in_words(case, step, out[0])
        if lie and (chain == "" or ", but " in lie):
            return lie
        if chain:
            return chain
        refs = join([f"the opposite of {whose(case, c)}" if _said_by(case, c, out[0]) else clue_ref(case, c)
                     for c in step.clues], "and")
        return fill(SUPPOSED[_ruled_out(case, known) % len(SUPPOSED)], who=out[0],
                    misfit=_misfit(refs, bool(step.facts), len(step.clues)))
    return (f"whichever of them it were, only {role(case)}'s words would be false and everyone else's true, "
            f"and that does not fit {_refs(case, step)}{and_known}")


def _lie_in_words(case: Case, step: Step, who: str) -> str:
    """A supposed culprit's one statement of the step turned round in words, and what it runs
    into: 'Professor Ochre's statement about the weapon would be a lie, meaning that the weapon
    was a rowing-boat anchor and the murderer has hazel eyes, which does not fit what we already
    know' (never 'the opposite of ... could not be true', which leaves the turning to the
    reader); '' when the statement does not turn round in words (claims.opposite)."""
    own = [c for c in step.clues if _said_by(case, c, who)]
    said = next(c for c in case.clues if c.id == own[0])
    words = opposite(case, said) if len(own) == 1 else None
    if not words:
        return ""
    against = [clue_ref(case, c) for c in step.clues if c not in own] + (["what we already know"] if step.facts else [])
    # nothing else read: the words clash with the supposition itself, said as the trait that
    # clashes ('but Professor Ochre has gray eyes'), never left for the reader to look up
    clash = "" if against else clash_with(case, ir.Not(said.expr), _item_of(case, who))
    tail = f"which does not fit {join(against, 'and')}" if against else \
        f"but {clash}" if clash else f"which cannot be with {who} as {role(case)}"
    rest = [s for s in suspect_speakers(case, step) if s != who]
    truthful = f"{join(rest, 'and')} would be telling the truth, and " if rest else ""
    ref = whose(case, own[0])
    named = f"{who}'s "
    if not rest and ref.startswith(named):   # just named by the supposition: 'his statement'
        ref = f"{_possessive(case, who)} {ref.removeprefix(named)}"
    return f"{truthful}{ref} would be a lie, meaning that {words}, {tail}"


def _true_in_words(case: Case, step: Step, out: list[str]) -> str:
    """Another suspect's one statement, true under the supposition, that clashes with the
    supposed culprit's own looks: "Sergeant Olive's statement about the murderer would be true,
    meaning that the murderer writes with the left hand, but Vicar Vermilion writes with the
    right hand" (never 'could not be true', which leaves the reader to look up the looks); ''
    otherwise."""
    if len(out) != 1 or len(step.clues) != 1 or step.facts:
        return ""
    clue = next(c for c in case.clues if c.id == step.clues[0])
    words, clash = in_words(case, clue.expr), clash_with(case, clue.expr, _item_of(case, out[0]))
    return f"{whose(case, clue.id)} would be true, meaning that {words}, but {clash}" if words and clash else ""


def _misfit(refs: str, known: bool, parts: int) -> str:
    """What a supposition runs into, said as a reader says it: 'wheel 9 could not be true',
    'wheel 9 would not fit what we already know', 'wheels 9 and 12 would not fit together'
    (never the logician's 'could not both be true')."""
    if known:
        return f"{refs} would not fit what we already know"
    return f"{refs} could not be true" if parts <= 1 else f"{refs} would not fit together"


def _refs(case: Case, step: Step) -> str:
    return join([clue_ref(case, c) for c in step.clues], "and")


def _said_by(case: Case, clue_id: str, name: str) -> bool:
    clue = next(c for c in case.clues if c.id == clue_id)
    return bool(clue.speaker) and person(case, clue.speaker or "") == name


def _plain_step(case: Case, step: Step, known: set[Fact], before: Flow, flow: Flow) -> str:
    """No supposition and no suspect speaking under the culprit rule: each speaker who may lie
    is read as what the step knows of them (lying: turned round; not known: both ways); a
    suspect's one statement about themself says 'he' or 'she' ('Professor Plum (wheel 9)
    tells us that he is not the culprit')."""
    so = joined(_cleared_first(case, step, known))
    derived_liars = [f for f in step.derived if f.kind in ("lies", "truthful")]
    if not so:
        so = join([_liar(case, f) for f in derived_liars], "and")
        derived_liars = []
    start = lead(case, step.number, builds=flow.builds) if step.facts else ""
    grounded = lead(case, step.number, True, flow.builds) if step.facts else ""   # for a step that names its grounds
    speakers = {c.speaker for c in case.clues if c.id in step.clues}
    if all(f.kind == "truthful" and f.subject in speakers for f in step.facts):
        start = grounded   # all it leans on is that its speakers told the truth, which 'X tells us' says
    clues = [next(c for c in case.clues if c.id == cid) for cid in step.clues]
    if len(clues) == 1 and not step.facts and plain_fact(clues[0]) and status(case, step, clues[0]) == "never" \
            and one_sentence(clues[0]) \
            and "\u201c" in clue_ref(case, clues[0].id) and says_itself(clues[0], step_claims(case, step, known), case):
        flow.given = before.given + 1   # "'The weapon was the Rope' tells us ..." says it twice
        return f"{GIVEN[min(before.given, 1)]}{clause_of(clues[0])}." + _liars_after(case, derived_liars)
    lying = [c for c in clues if status(case, step, c) == "lies"]
    unsure = [c for c in clues if status(case, step, c) == "unknown"]
    settled = [c for c in clues if is_settled(case, step, c)]
    fresh = [c for c in clues if c not in settled]
    # "we know that A, so B" would hide the earlier findings the step reads as well
    if settled and not lying and not unsure and (fresh or not step.facts):
        flow.leant = frozenset(c.id for c in settled)
        flow.leaning = before.leaning + 1 if flow.leant == before.leant else 1
        # a run of steps on one fact gives it once, at the run's head: the rest read on under it
        again = flow.leaning > 1 and bool(fresh) and flow.goes_on_from(before)
        return cap(("" if again else grounded) + since_said(case, settled, fresh, so, again)) + _liars_after(case, derived_liars)
    if lying:
        just = Fact("lies", lying[0].speaker or "") in before.found and opposite(case, lying[0]) is not None
        body = ("" if just else grounded) + _lying(case, step, known, lying[0], [c.id for c in clues if c is not lying[0]], so, just)
    else:
        refs = [clue_ref(case, c) for c in step.clues]
        # a counter read with the cards left says which side those cards rule out (chain.on_the_cards)
        carded = on_the_cards(case, with_known(step, known), clues, so) if step.facts and not unsure else ""
        since, told = ("", carded or so) if unsure or carded else said_on_the_way(case, step, known, clues, so, flow.rules)
        start = grounded if "; " in told and "; " not in so else start   # '...; it is the Fair, so ...': its grounds said
        so = told
        start = "" if since and start == LEADS[0] else start   # 'with what we already know, since ...' says it twice
        flow.since = since
        # the reason the step before gave (there with a trait of its own, grounds.py): read on under it
        if since and (since == before.since or before.since.startswith(since[:-2] + ", and so ")) and flow.goes_on_from(before):
            start, grounded, since = "", "", ""
        combined = supposed_against(case, with_known(step, known), so) if len(refs) > 1 and not unsure else ""
        body = f"{grounded if not since else start}{since}{combined}" if combined else \
            f"{start}{since}{framed(case, step, flow, refs, so, bool(unsure), bool(start))}"
        argued = one_of_two(case, step, known, clues) if unsure and len(unsure) == len(clues) else ""
        if argued:   # 'A says that ..., and B that ...; only one witness lies, so ...'
            why, said = told_truth(case, step, known, clues)
            body = f"{start}{argued}. {why}".rstrip()
            derived_liars = [f for f in derived_liars if f not in said]
        elif unsure:
            names = join(list(dict.fromkeys(person(case, c.speaker or "") for c in unsure)))
            body = f"{start}whether or not {names} is lying, {framed(case, step, flow, refs, so, True, bool(start))}"
    return cap(body) + _liars_after(case, derived_liars)


def _cleared_first(case: Case, step: Step, known: set[Fact]) -> list[str]:
    """The step's outcome, the culprit found said as who the step clears and who that leaves:
    'so the culprit does not keep a garden, and so is not Mrs. Peacock, Mrs. White or Mr. Rust,
    which leaves only Miss Scarlet' (hampshire liars medium 71 leapt: '..., and so Miss Scarlet
    must be the culprit'); a clue that names the culprit itself keeps 'must'."""
    speaker = _own_speaker(case, step)
    plain = outcome(case, step, known, speaker)
    culprit = case.setting.culprit
    claims = step_claims(case, step, known)
    cats = list(dict.fromkeys(c.category for c in claims))
    found = next((c.items[0] for c in claims if c.category == culprit and c.how == "must"), None)
    if culprit not in cats or any(_names(c, culprit, found) for c in case.clues if c.id in step.clues):
        return plain
    told = outcome(case, step, known, speaker, told=True)
    k = cats.index(culprit)
    own = f"{name_item(case, speaker)} is not " if speaker else ""
    if own and told[k].startswith(own):   # the speaker clears themself: 'she is not the culprit, which leaves only ...'
        told[k] = f"{referent(case.setting, speaker or '')} is not {told[k][len(own):]}"
    return plain[:k] + told[k:k + 1] + plain[k + 1:]


def _names(clue: Clue, category: str, item: str | None = None) -> bool:
    """Whether the clue names an item of `category` (`item`, when given) as what it is ('the
    culprit is Miss Scarlet'); a clue naming another ('Basil Crane could only have struck at
    seven o'clock') does not say who is left, so the page says who it clears."""
    return any(isinstance(n, ir.Compare) and n.op == ir.CompareOp.EQ and (t := item_test(n)) and t[0] == category
               and (item is None or t[1] == item) for n in ir.walk(clue.expr))


def _lying(case: Case, step: Step, known: set[Fact], liar: Clue, rest: list[str], so: str, just: bool = False) -> str:
    """'Professor Plum is lying: the culprit is not a man, so Mrs. Peacock is not the culprit.'
    One sentence, the liar's words turned round in words when one clause says them
    (claims.opposite), else pointed at ('the opposite of wheel 13 is true'). `just`: the step
    before has just found them lying, so not again: 'Turned round, his statement about the
    murderer says that ...' (was 'So Dev Marlow is lying. With what we already know, Dev
    Marlow is lying: ...')."""
    who = person(case, liar.speaker or "")
    turned = opposite(case, liar)
    head = f"{who} is lying: {turned}" if turned else f"{who} is lying, so the opposite of {whose(case, liar.id)} is true"
    if just and turned:
        head = f"turned round, {_their_words(case, liar, who)} that {turned}"
    if not rest and turned and (_says(turned, so) or says_all(case, step, known, liar)):   # the conclusion, said once
        return f"{head}."
    if not rest:
        return f"{head}, so {so}." if turned else f"{head}, and that tells us that {so}."
    return f"{head}, and with {join([clue_ref(case, c) for c in rest], 'and')} that tells us that {so}."


def _their_words(case: Case, liar: Clue, who: str) -> str:
    """'Dev Marlow's statement about the murderer says', 'Mrs. Peacock's words on wheel 9 say'
    (by name: 'her' would read as whoever the sentence before named last)."""
    their = f"{who}'s"
    ref = whose(case, liar.id)
    if ref.startswith("wheel "):
        return f"{their} words on {ref} say"
    return f"{their} {ref.removeprefix(who + chr(39) + 's ')} says" if ref.startswith(f"{who}'s ") else f"{their} words say"


def _says(words: str, so: str) -> bool:
    """Whether a liar's words turned round already say the step's conclusion ('the murderer is
    tall and the crime happened in the Orchard' says 'the crime must have happened in the
    Orchard'): then the page does not go on 'so ...' with it again."""
    plain = re.sub(r"\bmust have been\b", "was", so)
    plain = re.sub(r"\bmust be\b", "is", re.sub(r"\bmust have (\w+)", r"\1", plain))
    return bool(re.search(rf"(^|\band )({re.escape(so)}|{re.escape(plain)})($| and\b)", words))


def _possessive(case: Case, name: str) -> str:
    """'her', 'his', else the title or the name ('the Sergeant's'; never 'their' for one person)."""
    return possessive(case.setting, _item_of(case, name))


def _item_of(case: Case, name: str) -> str:
    """The suspect (item id) a name names, or ''."""
    return next((i.id for i in case.setting.categories[case.setting.culprit].items if i.name == name), "")


def _own_speaker(case: Case, step: Step) -> str | None:
    """The suspect (item id) who speaks the step's one clue, or None."""
    if len(step.clues) != 1:
        return None
    ch = speaker_of(case, next(c for c in case.clues if c.id == step.clues[0]))
    return ch.item if ch and ch.item else None


# ---- helpers ------------------------------------------------------------------------------
def _tells(refs: str, step: Step) -> str:
    return f"{refs} {'tells' if len(step.clues) == 1 else 'together tell'}"


def _liars_after(case: Case, facts: list[Fact]) -> str:
    truthful = [person(case, f.subject) for f in facts if f.kind == "truthful"]
    lying = [person(case, f.subject) for f in facts if f.kind == "lies"]
    text = f" {join(truthful, 'and')} told the truth." if truthful else ""
    if lying:
        text += f" {join(lying, 'and')} {'is' if len(lying) == 1 else 'are'} lying."
    return text


def _culprits_out(case: Case, step: Step) -> list[str]:
    """The suspects the step rules out as culprit, by name, in the setting's order."""
    return [name_item(case, i) for i in _culprit_ids(case, step)]


def _culprit_ids(case: Case, step: Step) -> list[str]:
    culprit = case.setting.culprit
    if not culprit:
        return []
    order = case.setting.categories[culprit].ids
    return sorted((f.value for f in step.derived if f.kind == "not" and f.subject == culprit), key=order.index)


def _convicts_speaker(case: Case, step: Step, known: set[Fact], suspects: list[str]) -> str:
    """Culprit rule, one clue by one suspect, and the step leaves that suspect as the only
    culprit: the statement must be false (were it true, its speaker would be truthful and
    so not the culprit), so its speaker lies. 'the suspect must be Sergeant Olive', else ''."""
    if len(suspects) != 1 or len(step.clues) != 1:
        return ""
    culprit = case.setting.culprit
    for cid, how, items in step_claims(case, step, known):
        if cid == culprit and how == "must" and name_item(case, items[0]) == suspects[0]:
            return must_clause(case, voiced(case.setting), cid, items[0])
    return ""


def suspect_speakers(case: Case, step: Step) -> list[str]:
    """Names of the suspects whose statements the step reads (culprit rule: one may lie)."""
    chars = case.setting.characters
    out: list[str] = []
    for c in step.clues:
        clue = next(x for x in case.clues if x.id == c)
        ch = chars.get(clue.speaker) if clue.speaker else None
        if ch and ch.item and ch.may_lie and ch.name not in out:
            out.append(ch.name)
    return out


def _known_culprit(case: Case, step: Step, name: str) -> bool | None:
    """Whether the step reads, from earlier steps, that the suspect `name` is the culprit (every
    other suspect ruled out: True) or is not (False); None when it does not lean on either."""
    culprit = case.setting.culprit
    ids = {i.name: i.id for i in case.setting.categories[culprit].items}
    out = {f.value for f in step.facts if f.kind == "not" and f.subject == culprit}
    if ids.get(name) in out:
        return False
    if out and out == set(ids.values()) - {ids.get(name)}:
        return True
    return None


def _liar(case: Case, fact: Fact) -> str:
    who = person(case, fact.subject)
    return f"{who} is lying" if fact.kind == "lies" else f"{who} is telling the truth"
