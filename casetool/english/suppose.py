"""Several suspects a step rules out at once under the culprit rule, told one supposition at a
time, each with the statement that undoes it (never 'whichever of them it were, ... does
not fit'): 'Suppose Vicar Vermilion were the murderer: then Professor Ochre's statement about
the murderer would be true, meaning that the murderer has hazel eyes, but Vicar Vermilion has
brown eyes. The same words clear Duchess Cerulean, who has blue eyes.'"""

from __future__ import annotations

from typing import NamedTuple

from ..explain.steps import Fact, Step
from ..language import ir
from ..load.model import Case, Clue
from .chain import Chain, readings, supposed_by_cases, supposed_chain, supposed_told
from .claims import in_words, kind_denied, kind_of, left_of, narrowed, opposite
from .names import name_item, possessive, quote, quoted_also, role, whose
from .reasons import clash_with, with_suspect


class Undone(NamedTuple):
    """Why one supposed culprit cannot be: the statement (`clue`), read as the supposition has
    it (a lie when it is the supposed culprit's own, else true), in `words`, and what it runs
    into: the suspect's looks ('Vicar Vermilion has brown eyes'), or '' for who they are."""
    clue: str
    lie: bool
    words: str
    clash: str


def undone(case: Case, step: Step, item: str) -> Undone | None:
    """The first statement of the step that, read as supposing `item` the culprit has it, is
    false by the suspect's own looks or name alone; None when none is."""
    chars = case.setting.characters
    suspect = case.setting.categories[case.setting.culprit].item(item) if case.setting.culprit else None
    if suspect is None:
        return None
    for cid in step.clues:
        clue: Clue = next(c for c in case.clues if c.id == cid)
        ch = chars.get(clue.speaker) if clue.speaker else None
        if ch is None or not ch.item or not ch.may_lie:   # a suspect's words only: theirs turn with the supposition
            continue
        lie = ch.item == item
        expr = ir.Not(clue.expr) if lie else clue.expr
        words = opposite(case, clue) if lie else in_words(case, clue.expr)
        if not words or with_suspect(expr, suspect) is not False:
            continue
        return Undone(cid, lie, words, clash_with(case, expr, item))
    return None


def each_supposed(case: Case, step: Step, items: list[str]) -> str:
    """The suppositions of `items` (suspect ids) one by one, with their reasons, as sentences
    ending before the step's 'So ...': one statement against the suspect's looks or name, else
    the step's clues read through under it (chain.py); '' when one of them has neither."""
    reasons: list[Undone | str] = []
    for item in items:
        why = undone(case, step, item) or supposed_chain(case, step, {case.setting.culprit: [item]})
        if not why:
            return ""
        reasons.append(why)
    out: list[str] = []
    last: Undone | None = None
    for item, why in zip(items, reasons, strict=True):
        name = name_item(case, item)
        if isinstance(why, str):   # the same reading again: said once
            same = why == (reasons[items.index(item) - 1] if item != items[0] else None)
            out.append(f"The same reading rules out {name}." if same else
                       f"Suppose{' instead' if out else ''} {name} were {role(case)}: then {why}.")
            last = None
            continue
        if last and (last.clue, last.lie, last.words) == (why.clue, why.lie, why.words) and why.clash:
            out.append(f"The same words clear {name}, who {why.clash.removeprefix(name + ' ')}.")
        else:
            ref = whose(case, why.clue)
            if why.lie and ref.startswith(f"{name}'s "):   # just named by the supposition: 'her statement'
                ref = f"{possessive(case.setting, item)} {ref.removeprefix(name + chr(39) + 's ')}"
            # against the looks: 'but ...'; against the name: 'after all' (it names them), else 'not them'
            tail = f", but {why.clash}" if why.clash else " after all" if name in why.words else f", not {name}"
            out.append(f"Suppose{' instead' if out else ''} {name} were {role(case)}: then {ref} would be "
                       f"{'a lie' if why.lie else 'true'}, meaning that {why.words}{tail}.")
        last = why
    return " ".join(out)


def supposed_against(case: Case, step: Step, so: str = "") -> str:
    """A step that reads several clues together, told as how they combine: 'suppose the crime
    happened on the Jetty: then ... . Suppose the weapon was ...: then ... .' (what the step
    rules out of each category, supposed, and read through its clues to a clash, chain.py),
    split by who did it where the suspects' words turn on it; '' when the reading of one
    stops short."""
    found = _each_category(case, step)
    if not found or not all(told for _, _, told, _ in found):
        return ""
    # each supposition closes on what it rules out, the last on the step's own `so` (given):
    # never a second 'Suppose' while the first is still open, and a kind supposed ('the weapon
    # card has a purple corner') is said to be refuted before what is left ('So the weapon card
    # has no purple corner, and the weapon must have been the Candlestick'; supercluedo 80)
    # with two or more closed one by one, the last closes on its own category alone: the step's
    # 'so' would find the first category's answer a second time
    apart = len(found) > 1 and all(ruled for *_, ruled in found)
    last = len(found) if apart else len(found) - 1
    out = " ".join(f"{told} So {_refuted_kind(case, step, cid)}{ruled if k < last else so}."
                   if (ruled if k < last else so) else told for k, (cid, _, told, ruled) in enumerate(found))
    return "s" + out[1:]


def _refuted_kind(case: Case, step: Step, cid: str) -> str:
    """'the weapon card has no purple corner, and ' when the step supposed a kind of `cid`, else ''."""
    items = [f.value for f in step.derived if f.kind == "not" and f.subject == cid]
    denied = kind_denied(case.setting, cid, items) if kind_of(case.setting, cid, items) else ""
    return f"{denied}, and " if denied else ""


def what_to_suppose(case: Case, step: Step) -> str:
    """For a hint: the first thing the page supposes in a step it tells as clues combining
    ('the crime happened on the Jetty'), or ''."""
    found = _each_category(case, step)
    return found[0][1] if found and all(told for _, _, told, _ in found) else ""


def _each_category(case: Case, step: Step) -> list[tuple[str, str, str, str]]:
    """(the category, what is supposed, the sentences that read it through, what it rules out) for each
    category the step rules items out of."""
    if len(step.clues) < 2 and not any(c.speaker for c in case.clues if c.id in step.clues):
        return []
    out: list[tuple[str, str, str, str]] = []
    refuted: dict[str, list[str]] = {}   # what the suppositions before have left, which the page has said
    for k, cid in enumerate(dict.fromkeys(f.subject for f in step.derived if f.kind == "not")):
        items = [f.value for f in step.derived if f.kind == "not" and f.subject == cid]
        supposed = _supposed_words(case, step, cid, items)
        gone = [i for i in case.setting.categories[cid].ids if Fact("not", cid, i) in step.facts]
        # 2n + k: three steps running (a paragraph) turn to three different openings; a later
        # supposition reads on from what the earlier ones closed with, never finds it again
        # ('So Captain Brown is the murderer. Suppose the weapon was the Dagger. Then ..., so
        # Captain Brown is the murderer', supercluedo codes hard 83)
        with quoted_also(_quoted(case, step, " ".join(t for *_, t, _ in out))):   # a note given whole once, then pointed to
            told = _told(case, step, supposed, {**refuted, cid: items}, 2 * step.number + k) if supposed else ""
        out.append((cid, supposed, told, narrowed(case, cid, gone, items)))
        refuted[cid] = left_of(case, cid, step.facts, items)
    return out


def _quoted(case: Case, step: Step, said: str) -> frozenset[str]:
    """The step's clues the page has quoted whole: before the step, or in `said` (the step's
    suppositions so far), which the next points back to ('the note “The thief struck either
    after dusk…”', tudor timeline hard 71 gave it whole in two suppositions running)."""
    return frozenset(c.id for c in case.clues if c.id in step.clues and quote(c.text) in said)


def _supposed_words(case: Case, step: Step, cid: str, items: list[str]) -> str:
    """What is supposed, said by the shorter side: 'the weapon was the Rope or the Dagger', and
    for many items against a few, 'the weapon was not the Revolver' (never seven names)."""
    kind = kind_of(case.setting, cid, items)
    if kind:   # 'Suppose the crime happened in the north wing'
        return kind
    rest = [i for i in left_of(case, cid, step.facts) if i not in items]
    if len(items) > 3 and 1 <= len(rest) < len(items):
        kept = [ir.Compare(ir.CompareOp.EQ, ir.AnswerRef(cid), ir.ItemConst(cid, i)) for i in rest]
        return in_words(case, ir.Not(kept[0] if len(kept) == 1 else ir.Or(tuple(kept)))) or ""
    ruled = [ir.Compare(ir.CompareOp.EQ, ir.AnswerRef(cid), ir.ItemConst(cid, i)) for i in items]
    return in_words(case, ruled[0] if len(ruled) == 1 else ir.Or(tuple(ruled))) or ""


def _told(case: Case, step: Step, supposed: str, domains: dict[str, list[str]], turn: int = 0) -> str:
    """'Suppose S: then ... .', or by cases: 'Suppose S. If X were the murderer, ... .'"""
    # one clue read under a supposition is that clue over again: only a split by who did it says more
    told = supposed_told(case, step, supposed, domains, turn) if len(step.clues) > 1 else ""
    if told:
        return told
    cases = supposed_by_cases(case, step, domains)
    if cases is None:
        return ""
    before, each = cases
    return " ".join([f"Suppose {supposed}: then {before}." if before else f"Suppose {supposed}.", *each])


# a reading once the supposition is refuted is of what is so, not what would be
SETTLED = ((" would be a lie, meaning that ", " is a lie, meaning that "), (" would be true, meaning that ", " is true, meaning that "),
           (" would mean that ", " means that "), (" would be true (", " is true ("), (" would be a lie (", " is a lie ("))


def with_cleared(case: Case, step: Step, out: list[str]) -> tuple[str, str]:
    """What the step finds besides who it clears, with its reason: the step's statements read
    again with the suspects `out` (ids) cleared, under the culprit rule ('her statement about
    the place is a lie, meaning that the crime did not happen on the grass, so ...'), and what
    the reading finds of the rest ('the crime must have happened on the Jetty'), as chain.py
    reads them; ('', '') when the reading does not give all the step finds."""
    culprit = case.setting.culprit
    reads = readings(case, step)
    if not reads or not culprit:
        return "", ""
    cats = case.setting.categories
    left = [i for i in cats[culprit].ids if i not in out and Fact("not", culprit, i) not in step.facts]
    ruled = [f for f in step.derived if f.kind == "not" and f.subject != culprit]

    def read(clues: list) -> Chain | None:
        chain = Chain(case, step, {culprit: left})
        chain.run(clues)
        short = chain.clash or not chain.events or any(f.value in chain.domains[f.subject] for f in ruled)
        return None if short else chain

    chain = read(reads) if ruled else None
    if chain is None:
        return "", ""
    for r in list(reads):   # only the statements the step's findings need: what the next step finds is its own
        fewer = [x for x in reads if x is not r]
        trial = read(fewer) if fewer else None
        if trial is not None:
            reads, chain = fewer, trial
    said = chain.events[0] if len(chain.events) == 1 else "; ".join(chain.events[:-1]) + "; and " + chain.events[-1]
    for would, now in SETTLED:
        said = said.replace(would, now)
    gone = {c: [i for i in cats[c].ids if Fact("not", c, i) in step.facts] for c in dict.fromkeys(f.subject for f in ruled)}
    found = [narrowed(case, c, gone[c], [f.value for f in ruled if f.subject == c]) for c in gone]
    return said, " and ".join(found)


def and_then(case: Case, step: Step, out: list[str], ruled: str, rest: str) -> str:
    """'Vicar Vermilion is not the murderer. With that, Sergeant Olive's statement about the place
    is a lie, meaning that ..., so the crime happened on the Jetty': what a refuted supposition's
    step finds besides who it clears (`out`, ids; `step` read with the page's findings), with its
    reason (with_cleared), never a bare '...; the crime must have happened on the Jetty'. Not
    'Then': a supposition told apart opens its reading so."""
    said, found = with_cleared(case, step, out)
    if not said:
        return f"{ruled}, and {rest}"
    return f"{ruled}. With that, {said}" + ("" if found in said else f", so {found}")
