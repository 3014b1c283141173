"""The verb a solution page reads one clue with, chosen by what the clue is and what the step
finds, as a casebook says it: a note that clears suspects 'clears Ada Vane and Cora Lisle,
which leaves only Dev Marlow'; one that strikes places or hours off 'rules out the Hall and the
Cellar'; a count that leaves one 'leaves only the Kitchen'; a fact read with what the page
knows 'means that the crime happened in the Library'. A witness's statement keeps 'tells us
that' (the page reports it as true, and says so). The same connective on every step of a
page ('tells us that' 55 times over nine pages in the editor's read) reads as a program."""

from __future__ import annotations

import re

from ..language import ir
from ..load.model import Case, Clue
from .claims import in_words
from .names import join, name_item, role
from .whereabouts import whereabouts

# what may follow a list of items struck off: what that leaves (claims.leaves_only's words)
_LEFT = r"(?P<left>, which leaves only .+|, and [^,]+ is the only [\w ]+ left)?"


def told(case: Case, clue: Clue, ref: str, so: str, sure: bool = True) -> str:
    """'REF clears ...', 'REF rules out ...', 'REF leaves only ...', 'REF means that ...', or
    'REF tells us that ...' when the clue is a witness's words (a statement the step knows is
    true clears those it names: 'Colonel Mustard (wheel 71) clears Lady Coral'; an 'if' read
    with what the page knows is what they say: 'Mrs. White (wheel 77) says that if ...; it is
    the Parade, so ...') or the step finds more than one verb can carry. `sure`: the step knows
    the speaker tells the truth."""
    struck = _struck(case, so)
    if struck is not None and struck[0] == case.setting.culprit and sure and _said_by(ref):
        return f"{ref} clears {_names(case, struck)}"
    if not ref.lower().startswith(("the note ", "the fact ")):   # a witness's words: what they say, or tell us
        one = _clears_one(case, so) if sure and _said_by(ref) else None
        if one:   # whom the 'if' clears first, then why: 'Reverend Green (wheel 69) clears Miss Scarlet: if ...'
            return f"{ref} clears {one[0]}: {one[1]}"
        backwards = sure and so.startswith("if ") and "; it " in so   # an 'if' turned by a finding: what they say
        return f"{ref} {'says' if backwards else 'tells us'} that {so}"
    if clue.speaker in case.who_can_lie():
        return f"{ref} tells us that {so}"
    if _is_fact(ref):
        return f"{ref} means that {so}"
    only = _only(case, so)
    if only and isinstance(clue.expr, (ir.Count, ir.Quant)):   # 'All ... were in', 'were all empty'
        return f"{ref} leaves only {only}"
    if struck is not None and not whereabouts(clue.expr):   # a note on the crime itself, or a rule read with it
        return f"{ref} rules out {_names(case, struck)}"
    seen = {n.person for n in ir.walk(clue.expr) if isinstance(n, ir.At)}
    put = _puts(case, struck) if struck is not None and len(seen) == 1 else ""   # one person seen
    if put:   # a sighting of the culprit at the crime's hour: where it puts the crime
        return f"{ref} puts {put}"
    return f"{ref} means that {so}" if only or struck else f"{ref} tells us that {so}"


def _clears_one(case: Case, so: str) -> tuple[str, str] | None:
    """(the one suspect, why) when `so` reads an 'if' backwards to clear one suspect: 'if the
    culprit has red hair, the hiding place is the Cart; it is the Parade, so the culprit does not
    have red hair, and so Miss Scarlet is not the culprit': ('Miss Scarlet', 'if ...; it is the
    Parade, so the culprit does not have red hair'); None otherwise."""
    the = re.escape(role(case))
    m = re.fullmatch(rf"(?P<why>if [^;]+; [^;]+?, so [^;]+?), and so (?:is not (?P<a>[^,;]+)|(?P<b>[^,;]+) is not {the})", so)
    who = (m.group("a") or m.group("b")) if m else None
    culprit = case.setting.culprit
    if not m or not who or not culprit or not _items(case, who, culprit) or " or " in who:
        return None
    return who, m.group("why")


def _puts(case: Case, struck: tuple[str, list[str], str]) -> str:
    """'the crime in the Library': when a sighting leaves the crime one place ('..., and the
    Library is the only place left'), that place as the sighting puts the crime there; ''."""
    tl = case.setting.timeline
    m = re.fullmatch(r", and (.+) is the only [\w ]+ left", struck[2])
    if tl is None or struck[0] != tl.places or not m:
        return ""
    place = next((i for i in case.setting.categories[tl.places].ids if name_item(case, i) == m.group(1)), None)
    said = in_words(case, ir.Compare(ir.CompareOp.EQ, ir.AnswerRef(tl.places), ir.ItemConst(tl.places, place))) if place else None
    subject, _, where = (said or "").partition(" happened ")
    return f"{subject} {where}" if subject and where else ""


def _names(case: Case, struck: tuple[str, list[str], str]) -> str:
    return join([name_item(case, i) for i in struck[1]], "and") + struck[2]


def _said_by(ref: str) -> bool:
    """A note, a fact or a witness's wheel: what clears (a card's suggestion or hand is read as
    cards.py reads it)."""
    return ref.lower().startswith(("the note ", "the fact ")) or bool(re.search(r"\(wheel \d+\)$", ref))


def _is_fact(ref: str) -> bool:
    return ref.lower().startswith("the fact ")


def _struck(case: Case, so: str) -> tuple[str, list[str], str] | None:
    """(category, items, what that leaves) when `so` says only that those items of one category
    are out: 'the crime did not happen in the Hall or the Cellar', 'the murderer is not Basil
    Crane or Cora Lisle, which leaves only Dev Marlow', 'Ada Vane is not the murderer'."""
    culprit = case.setting.culprit
    if culprit:
        m = re.fullmatch(rf"(?P<items>[^,;]+?) is not {re.escape(role(case))}{_LEFT}", so)
        items = _items(case, m.group("items"), culprit) if m else None
        if m and items:
            return culprit, items, m.group("left") or ""
    m = re.fullmatch(rf"(?P<subject>the [\w ]+?|{re.escape(role(case))}) (?:did not happen|was not|is not|were not) "
                     rf"(?P<items>[^;]+?){_LEFT}", so)
    if not m or ", and " in m.group("items") or " nor " in m.group("items"):
        return None
    for cid in case.setting.answer:
        items = _items(case, m.group("items"), cid)
        if items:
            return cid, items, m.group("left") or ""
    return None


def _items(case: Case, words: str, cid: str) -> list[str] | None:
    """The items of `cid` that `words` lists ('in the Hall or the Cellar', 'Basil Crane or Cora
    Lisle', 'at seven o'clock'); None unless every part is one of them."""
    words = re.sub(r"^(?:in|at|on|during) ", "", words)
    by_name = {name_item(case, i).lower(): i for i in case.setting.categories[cid].ids}
    parts = re.split(r", | or ", words)
    got = [by_name.get(re.sub(r"^(?:in|at|on|during) ", "", p).lower()) for p in parts]
    return got if got and all(got) else None   # type: ignore[return-value]


def _only(case: Case, so: str) -> str:
    """The one item `so` finds, when that is all it says ('the crime must have happened in
    the Library': 'the Library'); ''."""
    m = re.fullmatch(r"(?:the [\w ]+?|[A-Z][\w. ]+?) (?:must have happened|must have been|must be) (?P<items>[^,;]+)", so)
    if not m:
        return ""
    for cid in case.setting.answer:
        items = _items(case, m.group("items"), cid)
        if items and len(items) == 1:
            return name_item(case, items[0])
    return ""
