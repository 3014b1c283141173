"""What a solution page may say in its own words rather than quote: a clue already used that
is one plain fact from someone who never lies ('Since the crime happened after dusk, ...'),
a clue that is its own result ('We are told that ...'), and what a step knows of whether a
clue's speaker lies (sentences.py reads these; kept apart so that it stays one module's size)."""

from __future__ import annotations

import re

from ..explain.steps import Fact, Step
from ..language import ir
from ..load.model import Case, Character, Clue
from .claims import Claim, item_test
from .names import clue_ref, join, quoted_already
from .verbs import told

SETTLED_WORDS = 14   # a fact said again in words is short; a longer one is pointed back to


def is_settled(case: Case, step: Step, clue: Clue) -> bool:
    """A clue the page has used already whose words are one plain fact from someone who
    never lies ("The crime happened after dusk"): a later step leans on it as known, in
    words, rather than quoting it again."""
    if not quoted_already(clue.id) or status(case, step, clue) != "never" or clue.expr is None:
        return False
    compound = (ir.Implies, ir.Or, ir.Xor, ir.Iff, ir.Count)
    words = " ".join(clue.text.split()).rstrip(".")
    short = len(words.split()) <= SETTLED_WORDS
    return short and one_sentence(clue) and not isinstance(clue.expr, compound) and not words.startswith(("If ", "Either "))


def one_sentence(clue: Clue) -> bool:
    """One sentence in the third person, which a page may say in its own sentence ('We are
    told that ...', 'Since ...'): a note with a scene-setting lead ("Under the orb in the
    garden. The murderer's card ...") or a witness's "I" is quoted, not restated."""
    words = " ".join(clue.text.split()).rstrip(".")
    return not re.search(r"[.;:!?](\s|$)", words) and not re.search(r"\b(I|we|my|me|our|us)\b", words, re.IGNORECASE)


def since_said(case: Case, settled: list[Clue], fresh: list[Clue], so: str, again: bool) -> str:
    """'Since the crime happened after dusk, the note “If ...” tells us that the crime did not
    happen at the Fountain.'; the steps after, leaning on the same fact (`again`), read on
    under it: 'The note “...” tells us ...' (a stock 'For the same reason' opened every other
    step of a run, 12 times on a page); with nothing new to read, 'We know that A and that B, so ...'."""
    facts = [clause_of(c) for c in settled]
    if not fresh:
        return f"we know that {' and that '.join(facts)}, so {so}."
    refs = join([clue_ref(case, c.id) for c in fresh], "and")
    said = told(case, fresh[0], refs, so) if len(fresh) == 1 else f"{refs} together tell us that {so}"
    return f"{said}." if again else f"since {join(facts, 'and')}, {said}."


def says_itself(clue: Clue, claims: list[Claim], case: Case | None = None) -> bool:
    """Whether the step's claims are the plain clue over again: items ruled out, the one item
    the clue names ("The weapon was the Rope": the weapon must be the Rope), or the order
    it gives ("The crime happened after dusk": it did not happen at dusk or earlier)."""
    named: set[tuple[str, str]] = set()
    ordered: set[str] = set()
    for n in ir.walk(clue.expr):
        tested = item_test(n)
        if tested and isinstance(n, ir.Compare) and n.op == ir.CompareOp.EQ:
            named.add(tested)
        elif tested and isinstance(n, ir.Compare) and n.op != ir.CompareOp.NE:
            ordered.add(tested[0])
    # an order alone that leaves one moment is said as that moment ('time < eight': "The crime
    # happened at seven o'clock", english.atoms), so its 'must' is the clue over again too
    # an order that leaves more moments by itself leaves one only with the page's findings, which
    # the page must then say ('before ten o'clock', with eight and nine out: seven, medium 95)
    alone = {cid for cid in ordered if case is None or _order_leaves(case, clue, cid) == 1}
    return all(c.how == "not" or (c.how == "must" and ((c.category, c.items[0]) in named or c.category in alone))
               or (c.how in ("before", "after") and c.category in ordered) for c in claims)


def clause_of(clue: Clue) -> str:
    """The clue's own words inside a sentence: 'The weapon ...' -> 'the weapon ...' (a name
    keeps its capital)."""
    words = " ".join(clue.text.split()).rstrip(".")
    first = words.split(" ", 1)[0]
    # 'Since all the fair-haired guests were ...' (was 'Since All ...', grange timeline hard 95)
    lower = ("The", "A", "An", "It", "There", "All", "Nobody", "Everyone", "Everybody", "No", "Whoever", "Each", "Every",
             "Both", "Neither", "Only", "None")
    return words[:1].lower() + words[1:] if first in lower else words


def speaker_of(case: Case, clue: Clue) -> Character | None:
    return case.setting.characters.get(clue.speaker) if clue.speaker else None


def status(case: Case, step: Step, clue: Clue) -> str:
    """What the step knows of whether the clue's speaker lies: 'lies', 'truthful', 'unknown'
    (the step holds either way), or 'never' (a speaker who cannot lie, or no speaker)."""
    ch = speaker_of(case, clue)
    if ch is None or ch.id not in case.who_can_lie():
        return "never"
    for kind in ("lies", "truthful"):
        if Fact(kind, ch.id) in step.facts:
            return kind
    return "unknown"


ORDER_OPS = {ir.CompareOp.LT: lambda k, n: k, ir.CompareOp.LE: lambda k, n: k + 1,
             ir.CompareOp.GT: lambda k, n: n - k - 1, ir.CompareOp.GE: lambda k, n: n - k}


def _order_leaves(case: Case, clue: Clue, cid: str) -> int:
    """How many of the category's items the clue's order on it leaves by itself ('time < ten':
    seven, eight and nine, three); 0 when it is not one plain order."""
    ids = case.setting.categories[cid].ids
    counts = [ORDER_OPS[n.op](ids.index(t[1]), len(ids)) for n in ir.walk(clue.expr)
              if isinstance(n, ir.Compare) and n.op in ORDER_OPS and (t := item_test(n)) and t[0] == cid and t[1] in ids]
    return counts[0] if len(counts) == 1 else 0
