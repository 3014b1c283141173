"""How the clues of one step combine, told as a supposition a player can follow: suppose what
the step rules out, read the step's clues one at a time under it, each saying what it then
means, until one cannot hold ('Suppose Duchess Cerulean were the murderer: then Sergeant
Olive's statement about the weapon would be true, meaning that the weapon was not made of
paper, so the weapon was not a leather-bound atlas; and Vicar Vermilion's statement about the
weapon and the murderer would be true, meaning that either the weapon was made of paper or
the murderer is short, but Duchess Cerulean is tall.'), never 'A and B would not fit together'.

The reading is unit propagation over the items each category may still be (the step's facts,
and the supposition), under the liar rule: a speaker known truthful (or never lying) says
what holds, one known lying its opposite, and under the culprit rule a suspect's words that
come out true or false say whether they could be the culprit. Each clue is read whole (every
answer the items left allow, by language/evaluate.py over the answer alone), so every 'so' is a consequence of
the supposition and the clues read before it; when the reading stops short of a clash the
page keeps its plain wording (None)."""

from __future__ import annotations

import copy
import itertools
import re
from dataclasses import replace
from typing import NamedTuple

from ..explain.steps import Fact, Step
from ..language import ir
from ..language.evaluate import Evaluator, Unknown, answer_only
from ..load.model import Case, Clue
from .claims import if_words, in_words, narrowed, nothing_left, opposite, paired
from .forms import they
from .names import join, name_item, possessive, role, whose
from .phrases import cap
from .reasons import clash_with, looks_said, trait_follows
from .whereabouts import Whereabouts, named_categories, whereabouts, within_reach


class Reading(NamedTuple):
    clue: Clue
    # "fact" (holds), "true" (holds by the supposition: 'would be true'), "lie" (its opposite holds),
    # or a suspect id (culprit rule: holds unless they did it)
    status: str


def with_known(step: Step, known: set[Fact] | frozenset[Fact]) -> Step:
    """The step as a supposition reads it: with everything the page has found so far, not only
    the facts the step's proof leans on (a reader who knows the Lead Piping is out is never told
    'so the weapon was the Candlestick or the Lead Piping')."""
    return replace(step, facts=list(step.facts) + sorted(f for f in known if f not in step.facts))


def readings(case: Case, step: Step) -> list[Reading] | None:
    """The step's clues with what is known of their speakers; None when a speaker's
    truthfulness is open outside the culprit rule."""
    chars, culprit_rule = case.setting.characters, case.effective_liar_rule.kind == "culprit"
    out = []
    for cid in step.clues:
        clue = next(c for c in case.clues if c.id == cid)
        ch = chars.get(clue.speaker) if clue.speaker else None
        if ch is None or ch.id not in case.who_can_lie():
            out.append(Reading(clue, "fact"))
        elif culprit_rule and ch.item:
            out.append(Reading(clue, ch.item))
        elif Fact("truthful", ch.id) in step.facts:
            out.append(Reading(clue, "fact"))
        elif Fact("lies", ch.id) in step.facts:
            out.append(Reading(clue, "lie"))
        else:
            return None
    return out


class Chain:
    """One supposition read through: `events` are the sentences' parts, `clash` whether it ended
    in a clue that cannot hold or a category with nothing left."""

    def __init__(self, case: Case, step: Step, supposed: dict[str, list[str]]):
        self.case, self.step = case, step
        cats = case.setting.categories
        self.domains = {c: [i for i in cats[c].ids if Fact("not", c, i) not in step.facts] for c in case.setting.answer}
        self.ruled = {c: [i for i in cats[c].ids if i not in self.domains[c]] for c in case.setting.answer}   # known before
        self.domains.update(supposed)
        self.culprit = case.setting.culprit
        self.events: list[str] = []
        suspects = supposed.get(case.setting.culprit or "", [])
        self.named = suspects[0] if len(suspects) == 1 else ""   # the suspect 'Suppose X were ...' has just named
        self.clash = False
        self.but_at: int | None = None   # where the last event's ', but ...' begins
        self.evaluator = Evaluator(case.setting)
        self.where = Whereabouts(case) if Whereabouts.usable(case) else None   # who may have been where
        self.pending: list[str] = []   # notes read that narrowed only whereabouts: told with the next that says more

    def branch(self, suspects: list[str], named: str) -> Chain:
        """The reading so far, with the culprit one of `suspects` (a case of a split), told afresh;
        `named`: the suspect the case's 'If ...' has just named."""
        other = copy.copy(self)
        other.domains = {**self.domains, self.culprit or "": suspects}
        other.events, other.clash, other.but_at = [], False, None
        other.named = named
        other.where = self.where.copy() if self.where else None
        other.pending = list(self.pending)
        return other

    def run(self, reads: list[Reading]) -> bool:
        """Read until a clash (True) or until no clue says more (False)."""
        for _ in range(3 * len(reads) + 3):
            if not any(self._read(r) for r in reads):
                return False
            if self.clash:
                return True
        return False

    def _read(self, r: Reading) -> bool:
        """Read one clue under what is known; whether it said something new."""
        expr = r.clue.expr
        if self.where and r.status in ("fact", "true", "lie") and whereabouts(expr):
            return self._where(r, lie=r.status == "lie")
        if r.status not in ("fact", "true", "lie"):   # a suspect under the culprit rule
            suspects = self.domains.get(self.culprit, [])
            if r.status not in suspects:
                return self._holds(r, expr, lie=False)
            if suspects == [r.status]:
                return self._holds(r, ir.Not(expr), lie=True)
            value = self._settle(expr, self.domains)
            if value is None:
                return False
            who = name_item(self.case, r.status)
            words = _in_words(self.case, expr)
            said = f" (it says that {words})" if words else ""   # why it would be true or a lie: what it says
            if value:
                left = self.domains[self.culprit] = [s for s in suspects if s != r.status]
                last = f", and {name_item(self.case, left[0])} would be" if len(left) == 1 else ""
                self.events.append(f"{self._ref(r)} would be true{said}, so {who} would not be {role(self.case)}{last}")
            else:
                self.domains[self.culprit] = [r.status]
                self.events.append(f"{self._ref(r)} would be a lie{said}, so {who} would be {role(self.case)}")
            self._emptied(self.culprit)
            return True
        return self._holds(r, ir.Not(expr) if r.status == "lie" else expr, lie=r.status == "lie")

    def _holds(self, r: Reading, expr, lie: bool) -> bool:
        """The clue read as holding (`expr`, turned round for a liar): a clash, or the items it rules out."""
        words = opposite(self.case, r.clue) if lie else _in_words(self.case, r.clue.expr)
        ref = self._ref(r)
        note = r.status == "fact" and ("\u201c" in ref or not words)   # pointed at ('Counter 5'): what it means now
        if not words and not note:
            return False
        value = self._settle(expr, self.domains)
        suspects = self.domains.get(self.culprit or "", [])
        alone = suspects[0] if len(suspects) == 1 else ""   # one culprit supposed: their looks may say why
        if value is False:
            return self._clashed(r, lie, words, ref, note, self._clash_tail(expr))
        if value is True:
            return False
        found = []
        before = dict(self.domains)
        for cid in named_categories(expr):
            keep = [i for i in self.domains[cid] if self._settle(expr, {**self.domains, cid: [i]}) is not False]
            if keep != self.domains[cid]:
                gone = [i for i in self.case.setting.categories[cid].ids if i not in self.domains[cid]]
                found.append(narrowed(self.case, cid, gone, [i for i in self.domains[cid] if i not in keep]))
                self.domains[cid] = keep
        ruled = self._ruled() if found and self.where and self.where.touched and not (lie and self.pending) else []
        if ruled:   # what the narrower answer makes of the whereabouts read before
            found = self._found(before, named_categories(expr) + ruled)
            if self.pending:
                self.events.append(f"{join([*self.pending, ref], 'and')} would mean that {join(found, 'and')}")
                self.pending = []
                for cid in dict.fromkeys(named_categories(expr) + ruled):
                    self._emptied(cid, once=True)
                return True
        if not found:
            return False
        new = [f for f in found if not _said_in(f, words or "")]   # what the words said already is not said again
        so = join(new or found, "and")
        looks = looks_said(self.case, expr, alone) if alone and new else ""   # looks only to say what follows
        if note:
            self.events.append(f"{ref} would mean that {so}")
        elif looks:   # what the supposed culprit's looks make of the words: '..., and Sergeant Olive is tall, so ...'
            self.events.append(f"{self._said(r, lie, words)}, and {looks}, so {so}")
        else:
            said = self._said(r, lie, words)
            self.events.append(f"{said}, so {so}" if new and so != words else said)
        for cid in named_categories(expr):
            self._emptied(cid)
        for cid in ruled:
            self._emptied(cid, once=True)
        return True

    def _where(self, r: Reading, lie: bool) -> bool:
        """A clue of whereabouts read (whereabouts.py), with the rule that the culprit was at the
        crime place at the crime time: what it leaves of the answer ('the note “Nobody was in the
        Cellar at eight o'clock” would mean that the crime did not happen in the Cellar'), or a
        clash; one that narrows only the whereabouts is told with the next that says more ('the
        note A and the note B would mean that ...')."""
        assert self.where is not None
        expr = ir.Not(r.clue.expr) if lie else r.clue.expr
        words = opposite(self.case, r.clue) if lie else _in_words(self.case, r.clue.expr)
        ref = self._ref(r)
        note = not lie and ("\u201c" in ref or not words)
        if (not words and not note) or (lie and self.pending):   # a lie is not joined to notes read as true
            return False
        got = self.where.read(expr, self.domains)
        if got is None:
            return False
        refs = [*self.pending, ref]
        if got.status == "false" and self.pending:   # told as what the notes together leave: nothing
            if all(got.domains.values()):
                return False
        elif got.status == "false":
            return self._clashed(r, lie, words, ref, note, self._clash_tail(expr, self._where_fails(expr), self._answer_cats(expr)))
        cats = self._answer_cats(expr)
        found = self._found(self.domains, cats, got.domains)
        if not found:
            if got.cells == self.where.cells or lie:   # nothing new, or nothing a lie could be told with
                return False
            self.where.take(got)
            self.pending.append(ref)
            return True
        self.where.take(got)
        self.domains.update(got.domains)
        so = join(found, "and")
        if note or self.pending:
            self.events.append(f"{join(refs, 'and')} would mean that {so}")
        else:
            self.events.append(f"{self._said(r, lie, words)}, so {so}")
        self.pending = []
        for cid in cats:
            self._emptied(cid, once=True)
        return True

    def _answer_cats(self, expr) -> list[str]:
        """The answer categories a clue of whereabouts bears on: those it names, and the
        suspect, place and time of the rule, in the answer's order."""
        assert self.where is not None
        tied = {*named_categories(expr), self.where.people, self.where.places, self.where.times}
        return [c for c in self.case.setting.answer if c in tied]

    def _where_fails(self, expr):
        def fails(domains: dict[str, list[str]]) -> bool:
            assert self.where is not None
            got = self.where.read(expr, domains)
            return got is not None and got.status != "ok"
        return fails

    def _found(self, before: dict[str, list[str]], cats: list[str], after: dict[str, list[str]] | None = None) -> list[str]:
        """What each of `cats` is now ('the crime did not happen in the Cellar'), for those
        narrowed since `before`."""
        now = after if after is not None else self.domains
        out = []
        for cid in dict.fromkeys(cats):
            if now[cid] != before[cid]:
                gone = [i for i in self.case.setting.categories[cid].ids if i not in before[cid]]
                out.append(narrowed(self.case, cid, gone, [i for i in before[cid] if i not in now[cid]]))
        return out

    def _ruled(self) -> list[str]:
        """The rule (the culprit was at the crime place at the crime time) over the whereabouts
        read before: the categories it narrows further."""
        assert self.where is not None
        doms = dict(self.domains)
        self.where.rule(doms, self.where.cells)
        out = [c for c in self.case.setting.answer if doms[c] != self.domains[c]]
        self.domains.update(doms)
        return out

    def _emptied(self, cid: str, once: bool = False) -> None:
        if once and self.clash:
            return
        if not self.domains[cid]:
            label = self.case.setting.categories[cid].label.lower()
            if not self.events[-1].endswith(nothing_left(self.case, cid)):
                self.events[-1] += f", which leaves {'nobody to be ' + role(self.case) if cid == self.culprit else 'no ' + label}"
            self.clash = True

    def _clashed(self, r: Reading, lie: bool, words: str | None, ref: str, note: bool, tail: str) -> bool:
        """The clue cannot hold: a note pointed at 'could not be true, as ...', else its words and why not."""
        if note:
            self.events.append(f"{ref} could not be true" + (f", as {tail.removeprefix('but ')}" if tail.startswith("but ") else ""))
        else:
            said = self._said(r, lie, words)
            self.events.append(f"{said}, {tail}")
            if tail.startswith("but "):   # where the clash begins: a long reading says it as 'But ...'
                self.but_at = len(said)
        self.clash = True
        return True

    def _said(self, r: Reading, lie: bool, words: str | None) -> str:
        if r.status == "fact":
            return f"{self._ref(r)} tells us that {words}"
        return f"{self._ref(r)} would be {'a lie' if lie else 'true'}, meaning that {words}"

    def _ref(self, r: Reading) -> str:
        ref = whose(self.case, r.clue.id)
        if r.status == self.named and ref.startswith(f"{name_item(self.case, r.status)}'s "):
            # just named: 'her statement', unless another 'she' was named since
            ref = f"{possessive(self.case.setting, r.status, ' '.join(self.events))} {ref.split(chr(39) + 's ', 1)[1]}"
        return ref

    def _clash_tail(self, expr, fails=None, cats: list[str] | None = None) -> str:
        """Why the words cannot hold: what is known of the fewest categories they speak of that
        make them false (the one supposed culprit by their looks: 'Duchess Cerulean is tall'),
        'but the weapon was not a leather-bound atlas and Duchess Cerulean is tall'. `fails` (with
        `cats`): whether the words fail over some domains, for a clue not read on the answer alone
        (whereabouts, told without looks)."""
        cats = cats if cats is not None else named_categories(expr)
        by_looks = fails is None
        fails = fails or (lambda domains: self._settle(expr, domains) is False)
        full = {c: self.case.setting.categories[c].ids for c in cats}
        chosen = next((list(sub) for n in range(1, len(cats) + 1) for sub in itertools.combinations(cats, n)
                       if fails({**self.domains, **{c: full[c] for c in cats if c not in sub}})), cats)
        parts = []
        for cid in chosen:
            left, ids = self.domains[cid], full[cid]
            if by_looks and cid == self.culprit and len(left) == 1:
                looks = clash_with(self.case, expr, left[0]) or looks_said(self.case, expr, left[0])
                if looks:
                    parts.append(self._known_culprit(looks, left[0]))
                    continue
            if by_looks and cid == self.culprit and 1 < len(left) <= 3:   # each suspect left by their looks, not who is gone
                each = [looks_said(self.case, expr, s) for s in left]
                names = [name_item(self.case, s) for s in left]
                alike = {e.removeprefix(n + " ") for e, n in zip(each, names, strict=True)}
                if all(each) and len(alike) == 1:   # 'Duchess Cerulean and Professor Ochre both write with the left hand'
                    parts.append(f"{join(names, 'and')} {'both' if len(names) == 2 else 'all'} {they(alike.pop())}")
                    continue
                each = [clash_with(self.case, expr, s) for s in left]
                if all(e.startswith(n + " ") for e, n in zip(each, names, strict=True)):
                    # each by the looks that undo the words: 'the murderer is Ada Vane, who stands
                    # five foot four, or Basil Crane, who has fair hair' (grange liars hard 91 gave
                    # the two names alone, for the reader to look up their looks)
                    who = [f"{e[:len(n)]}, who {e[len(n) + 1:]}" for e, n in zip(each, names, strict=True)]
                    parts.append(f"{role(self.case)} is {', '.join(who[:-1])}, or {who[-1]}")
                    continue
            card = self._cards_said(expr, cid) if by_looks else ""
            if card:   # 'the suspect card, Captain Brown's or Mrs White's, has an orange corner'
                parts.append(card)
                continue
            if left != ids:   # what the supposition and the clues leave, beside what was known
                gone = [i for i in self.ruled[cid] if i not in left]
                out = [i for i in ids if i not in left and i not in gone]
                if len(left) <= 3 or not out:   # a few left: those, by name
                    gone, out = [], [i for i in ids if i not in left]
                parts.append(narrowed(self.case, cid, gone, out))
        if len(parts) == 1 and len(chosen) == 1 and chosen[0] != self.culprit and len(self.domains[chosen[0]]) == 1:
            parts[0] += trait_follows(self.case, expr, chosen[0], self.domains[chosen[0]][0])   # 'and so happened on a wooden floor'
        parts.sort(key=lambda part: " both " in part or " all " in part)   # 'A and B both ...' last: it reads to the end
        if any(", " in part for part in parts):   # a card's owners said between commas: the parts kept apart
            return "but " + ", and ".join(parts)
        if len(parts) == 2:   # one subject said once: 'the crime happened in the Rose Garden and at night'
            parts = [paired(self.case, parts, "", "and") or join(parts, "and")]
        return f"but {join(parts, 'and')}" if parts else "which cannot be"

    def _known_culprit(self, looks: str, item: str) -> str:
        """'Dev Marlow, the murderer, has dark hair': the looks of a culprit the page found
        before the supposition, said with who they are (never a bare 'Dev Marlow has dark hair',
        which leaves the reader to recall why his hair matters)."""
        name = name_item(self.case, item)
        known = len(self.case.setting.categories[self.culprit].ids) - len(self.ruled[self.culprit]) == 1
        return f"{name}, {role(self.case)}, {looks[len(name) + 1:]}" if known and looks.startswith(name + " ") else looks

    def _cards_said(self, expr, cid: str) -> str:
        """What the words ask of one category's card, said of the cards still left ('the suspect
        card, Captain Brown's or Mrs White's, has an orange corner', 'the Spanner's card does not
        show the number 4'): the clash itself, never only the items left, which leaves the reader
        to look up each card; '' when the words ask more than a card's corners, when the cards
        left differ, or when more than four are left and more than four were just put aside."""
        left = self.domains[cid]
        atoms = [n for n in ir.walk(expr) if isinstance(n, (ir.Has, ir.Truthy)) and n.term.term == ir.AnswerRef(cid)]
        others = [n for n in ir.walk(expr) if isinstance(n, ir.AnswerRef) and n.category == cid]
        ids = self.case.setting.categories[cid].ids
        out = [i for i in ids if i not in left and i not in self.ruled[cid]]   # beside what was known
        if not atoms or len(others) != len(atoms) or not left or (len(left) > 4 and not 1 <= len(out) <= 4):
            return ""
        said = []
        for atom in dict.fromkeys(atoms):
            value = self._settle(atom, self.domains)
            words = in_words(self.case, atom if value else ir.Not(atom)) if value is not None else None
            m = re.match(r"^(the [\w ]+? card) (.+)$", words or "")
            if not m:
                return ""
            said.append(m.groups())
        subject = said[0][0]
        if any(s != subject for s, _ in said):
            return ""
        what = join([w for _, w in said], "and")
        owners = [f"{name_item(self.case, i)}'s" for i in sorted(left, key=ids.index)]
        if len(owners) == 1:
            return f"{owners[0]} card {what}"
        if len(owners) > 4:   # many left: the few the reading has just put aside
            return f"{subject}, which is not {join([name_item(self.case, i) + chr(39) + 's' for i in out], 'or')}, {what}"
        return f"{subject}, {join(owners, 'or')}, {what}"

    def _settle(self, expr, domains: dict[str, list[str]]) -> bool | None:
        """True (False) when `expr` holds (fails) in every answer the domains allow; None when it
        depends, or cannot be read on the answer alone."""
        cats = named_categories(expr)
        if not within_reach(cats, domains):
            return None
        seen = set()
        try:
            for combo in itertools.product(*(domains[c] for c in cats)):
                seen.add(self.evaluator.holds(expr, answer_only(dict(zip(cats, combo, strict=True)))))
                if len(seen) > 1:
                    return None
        except Unknown:
            return None
        return seen.pop() if seen else None


def _said_in(found: str, words: str) -> bool:
    """Whether the words say `found` outright: the whole of them, or one of their 'and' parts;
    a side of an 'either' is not said ('either the room card shows the number 3 or ...')."""
    if re.search(r"\b(either|or|if|neither|nor)\b", words):
        return found == words
    return found == words or found in words.split(" and ")


def _in_words(case: Case, expr) -> str | None:
    """A clue as a narrator says it, an 'if' too."""
    return if_words(case, expr) if isinstance(expr, ir.Implies) else in_words(case, expr)


def supposed_chain(case: Case, step: Step, supposed: dict[str, list[str]]) -> str:
    """'then A would be true, meaning that ..., so ...; and B ..., but ...': the supposition
    read through the step's clues to a clash; '' when the reading does not reach one."""
    reads = readings(case, step)
    if not reads:
        return ""
    chain = Chain(case, step, supposed)
    return _joined(chain.events) if chain.run(reads) else ""


LONG = 280   # a supposition longer than this, read aloud, loses its thread: said sentence by sentence
# what opens the reading of a supposition told apart, in turn: two running in one paragraph
# never open alike (the step leads of leads.LEADS include 'Then ')
THEN = ("Then", "If so,", "In that case,")


def supposed_told(case: Case, step: Step, head: str, supposed: dict[str, list[str]], turn: int = 0) -> str:
    """'Suppose S: then A; and B, but T.', or when that runs long, sentence by sentence: 'Suppose
    S. Then A. B. But T.' (a player reads each aloud; the 'but' is the clash; `turn` picks the
    'Then'); '' when the reading does not reach a clash."""
    reads = readings(case, step)
    if not reads:
        return ""
    chain = Chain(case, step, supposed)
    if not chain.run(reads):
        return ""
    one = f"Suppose {head}: then {_joined(chain.events)}."
    if len(one) <= LONG:
        return one
    *first, last = chain.events
    cut = chain.but_at
    parts = [*first, last] if cut is None else [*first, last[:cut], "But " + last[cut:].removeprefix(", but ")]
    return " ".join([f"Suppose {head}.", f"{THEN[turn % len(THEN)]} {parts[0]}.", *(f"{cap(p)}." for p in parts[1:])])


def supposed_by_cases(case: Case, step: Step, supposed: dict[str, list[str]]) -> tuple[str, list[str]] | None:
    """Under the culprit rule, a supposition whose reading stalls on suspects' words that turn on
    whether they did it, read once for each of those suspects as the culprit and once for none
    of them: (what is read before the split, '' for nothing, and one sentence per case, each
    to a clash: 'If Sergeant Olive were the murderer, her statement ... would be a lie, meaning
    that ..., but ...'); None when a case does not reach one."""
    reads = readings(case, step)
    if not reads or case.effective_liar_rule.kind != "culprit":
        return None
    chain = Chain(case, step, supposed)
    if chain.run(reads):
        return None
    left = chain.domains.get(chain.culprit or "", [])
    speakers = list(dict.fromkeys(r.status for r in reads if r.status in left))
    if not speakers or len(left) < 2 or len(speakers) > 3:
        return None
    rest = [s for s in left if s not in speakers]
    cases = [([s], s, f"{name_item(case, s)} were {role(case)}") for s in speakers]
    if rest:
        none = ("neither of them" if len(speakers) == 2 else "none of them") if len(speakers) > 1 else ""
        cases.append((rest, "" if none else speakers[0],
                      f"{none} were {role(case)}" if none else f"{name_item(case, speakers[0])} were not {role(case)}"))
    out = []
    for suspects, named, head in cases:
        branch = chain.branch(suspects, named)
        if not branch.run(reads):
            return None
        out.append(f"If {head}, {_joined(branch.events)}.")
    return _joined(chain.events) if chain.events else "", out


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else "; ".join(parts[:-1]) + "; and " + parts[-1]


def on_the_cards(case: Case, step: Step, clues: list[Clue], so: str) -> str:
    """One counter's 'if', 'either' or 'exactly one' read with the cards the page has left: the
    sides the cards settle, said of those cards, then the side that must hold, then the step's
    `so`: 'if the room card shows the number 5, the weapon card shows the number 3; the weapon
    card, the Dagger's or the Poison's, does not show the number 3, so the room card does not
    show the number 5, and so the crime must have happened in the Library' (supercluedo codes
    hard 83 said '..., so the crime must have happened in the Library' with nothing between).
    '' when a side speaks of two cards, or the cards do not settle it."""
    reads = readings(case, step)
    expr = clues[0].expr if len(clues) == 1 else None
    if not reads or reads[0].status != "fact" or not step.facts:
        return ""
    if isinstance(expr, ir.Implies):
        sides, one = [ir.Not(expr.left), expr.right], False
    elif isinstance(expr, ir.Or) and len(expr.args) == 2:
        sides, one = list(expr.args), False
    elif isinstance(expr, ir.Count) and expr.op == ir.CountOp.EXACTLY and expr.n == 1:
        sides, one = list(expr.args), True
    else:
        return ""
    chain = Chain(case, step, {})
    if any(len(named_categories(side)) != 1 for side in sides):
        return ""
    value = [chain._settle(side, chain.domains) for side in sides]
    settled = [k for k, v in enumerate(value) if v is not None]
    if one and True in value:   # the one that holds: the others do not
        settled = [value.index(True)]
        must = [in_words(case, ir.Not(sides[k])) for k in range(len(sides)) if k not in settled]
    elif len(settled) == len(sides) - 1 and True not in value:   # all but one fail: that one holds
        must = [in_words(case, sides[k]) for k in range(len(sides)) if k not in settled]
    else:
        return ""
    cards = [_cards_of(chain, sides[k], named_categories(sides[k])[0]) for k in settled]
    if not all(cards) or None in must:
        return ""
    then = join(must, "and")   # type: ignore[arg-type]
    # a count has no narrator's words: the counter's own, less its number ('of the three murder cards, ...')
    words = _in_words(case, expr) or re.sub(r"^\s*Counter \d+\.\s*", "", " ".join(clues[0].text.split())).rstrip(".")
    against = _neither(chain, [sides[k] for k in settled]) if one and len(settled) == 2 else ""
    against = against or (", and ".join(cards) if any(", " in c for c in cards) else join(cards, "and"))   # 'X, whose card ..., and Y'
    return f"{words[:1].lower()}{words[1:]}; {against}, so " + (so if _said_in(so, then) else f"{then}, and so {so}")


def _cards_of(chain: Chain, side, cid: str) -> str:
    """What the cards left of one category say against `side`, with whose they are: 'the weapon
    card, the Dagger's or the Poison's, does not show the number 3'; when the category is
    found, said with it: 'the crime happened in the Ballroom, whose card does not show the
    number 8'; past four cards, by the few that would fit and are out: 'the weapon card does
    not show the number 3, as only the Rope's card does, and the weapon was not the Rope'."""
    said, left = chain._cards_said(side, cid), chain.domains[cid]
    case, ids = chain.case, chain.case.setting.categories[cid].ids
    if said and len(left) == 1 and len(ids) > 1:
        found = in_words(case, ir.Compare(ir.CompareOp.EQ, ir.AnswerRef(cid), ir.ItemConst(cid, left[0])))
        owner = f"{name_item(case, left[0])}'s card "
        return f"{found}, whose card {said[len(owner):]}" if found and said.startswith(owner) else said
    if said and len(left) <= 4:
        return said
    fit = [i for i in ids if chain._settle(side, {**chain.domains, cid: [i]})]
    denied = in_words(case, ir.Not(side)) if not isinstance(side, ir.Not) else None
    if not re.match(r"the [\w ]+? card ", denied or "") or not 1 <= len(fit) <= 2 or any(i in left for i in fit):
        return ""
    owners = join([f"{name_item(case, i)}'s" for i in fit], "and")
    return f"{denied}, as only {owners} {'card does' if len(fit) == 1 else 'cards do'}, and {narrowed(case, cid, [], fit)}"


def _neither(chain: Chain, sides: list) -> str:
    """Two cards found, neither of which has what a count asks, said once: 'neither Professor
    Plum's card nor the Dining Room's shows the number 3' (never each card with its own
    'whose card does not show the number 3', twice in a sentence past reading aloud); ''."""
    owners, said = [], set()
    for side in sides:
        cid = named_categories(side)[0]
        words = in_words(chain.case, side) or ""
        m = re.match(r"the [\w ]+? card (.+)$", words)
        if len(chain.domains[cid]) != 1 or not m:
            return ""
        owners.append(f"{name_item(chain.case, chain.domains[cid][0])}'s")
        said.add(m.group(1))
    return f"neither {owners[0]} card nor {owners[1]} {said.pop()}" if len(said) == 1 else ""
