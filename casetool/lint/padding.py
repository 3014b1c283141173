"""L014: a clue another clue makes padding (EDITOR.md item 2). An alternative of an
either/or, or the premise of a conditional ("If the crime happened after the late morning,
then ..."), that one other clue of the case settles outright ("The crime happened after
dusk."): the clue is then the rest said the long way, or nothing. Only a clue that cannot be a lie settles: a fact,
a note, an oracle's word; a statement by someone who may lie settles nothing by itself
(deducing across several clues is the puzzle). Judged by the solver on the setting's
rules and the one settling clue, never on the case's other clues.

A premise an oracle names true is a chain, not padding: "Whoever is lying low in the Cart is
not young" beside Mr. Boddy's CART, which the player decodes on his wheel, reads forward ("he
puts the culprit in the Cart, so the culprit is not young"), when the premise and the
conclusion are about different things (`chain`). A premise settled false stays padding, as
does an either/or's settled alternative. The other way round is flagged too (`backwards`): a
conditional whose conclusion the oracle settles ("If the culprit is young, they are not
lying low in the Cart" beside CART) is only usable read backwards, "it is the Cart, so the
culprit is not young", the plain fact said as a riddle.

The generator asks `padded` of every case it writes (generate/engine.py) and steers its
choice with the same question asked in plain Python (generate/padding.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from ..diagnostics import Diagnostic, warning
from ..language import ir
from ..load.model import Case, Clue, LiarRule, Setting
from .texts import Text

SECONDS = 2.0  # per question: one clue and the setting's rules solve in milliseconds


@dataclass(frozen=True)
class Padding:
    clue: str        # the padded clue's id
    side: int        # which side: 0 the premise (or the first alternative), 1 the next ...
    by: str          # the settling clue's id
    holds: bool      # what `by` settles the side to
    conclusion: bool = False   # the side is a conditional's conclusion (backwards())


def sides(expr: object) -> tuple[object, ...]:
    """The parts of a clue another clue must not settle: an either/or's (or a list's)
    alternatives, a conditional's premise. (A conclusion that another clue denies is an
    alibi, "Plum never left the billiard room" beside "nothing happened there": the
    puzzle, not padding; one it affirms leaves the clue redundant, which check finds.)"""
    if isinstance(expr, ir.Or):
        return tuple(expr.args)
    if isinstance(expr, ir.Implies) and expr.left != ir.Const(True):
        return (expr.left,)
    return ()


def conclusion(expr: object) -> tuple[object, ...]:
    """A conditional's conclusion, the part an oracle must not settle (backwards())."""
    if isinstance(expr, ir.Implies) and expr.left != ir.Const(True):
        return (expr.right,)
    return ()


def chain(setting: Setting, speaker: str | None, expr: object, holds: bool) -> bool:
    """Is a conditional whose premise the clue of `speaker` settles to `holds` a chain rather
    than padding? Yes when it settles it true, the speaker is an oracle the player decodes on
    their own (a locator: Mr. Boddy's wheel) and the premise and the conclusion are about
    different things: "Whoever is lying low in the Cart is not young" read after his CART."""
    return holds and isinstance(expr, ir.Implies) and _oracle(setting, speaker) and \
        not (_categories(expr.left) & _categories(expr.right))


def certain(case: Case, clue: Clue) -> bool:
    """Can the clue not be a lie? (a fact, a note, or a speaker the liar rule never lets lie)"""
    return clue.expr is not None and (clue.speaker is None or clue.speaker not in case.who_can_lie())


def padded(case: Case) -> list[Padding]:
    """Every side of a clue of `case` that another single clue, which cannot be a lie,
    settles outright (a side the setting alone settles is L012's, not counted here)."""
    composite = [c for c in case.clues if c.expr is not None and sides(c.expr)]
    if not composite:
        return []
    settling = [c for c in case.clues if certain(case, c)]
    try:
        return _Judge(case, composite, settling).findings()
    except TimeoutError:   # the solver's OutOfTime: no finding rather than a guess
        return []


def backwards(case: Case) -> list[Padding]:
    """Every conditional of `case` whose conclusion an oracle's word settles, naming an item of
    a category the conclusion is about: "If the culprit is young, they are not lying low in
    the Cart" beside CART reads backwards ("it is the Cart, so the culprit is not young"), and
    beside BUS says nothing. (A narrator's fact that names the weapon beside "Whoever struck at
    eight used the Candlestick" is the same riddle, not judged: only an oracle's word is.)"""
    composite = [c for c in case.clues if c.expr is not None and conclusion(c.expr)]
    settling = [c for c in case.clues if certain(case, c) and _oracle(case.setting, c.speaker)]
    if not composite or not settling:
        return []
    try:
        judge = _Judge(case, composite, settling, conclusion)
        return [replace(p, conclusion=True) for p in judge.findings()
                if judge.names(p.by, _categories(conclusion(judge.clue(p.clue).expr)[0]))]
    except TimeoutError:   # the solver's OutOfTime: no finding rather than a guess
        return []


def _oracle(setting: Setting, speaker: str | None) -> bool:
    ch = setting.characters.get(speaker) if speaker else None
    return ch is not None and ch.role == "locator"


def _categories(expr: object) -> set[str]:
    return {n.category for n in ir.walk(expr) if isinstance(n, ir.AnswerRef)}


class _Judge:
    """One small model: each settling clue, and each side and its denial, as switched clues."""

    def __init__(self, case: Case, composite: list[Clue], settling: list[Clue], parts=sides):
        # ortools is imported only when a case has an either/or or a conditional
        from ..solver.compile import compile_case
        from ..solver.session import Oracle
        self.case, self.composite, self.settling, self.parts = case, composite, settling, parts
        switched = [_part(c, f"by:{c.id}", c.expr) for c in settling]
        for c in composite:
            for k, side in enumerate(parts(c.expr)):
                switched += [_part(c, f"{c.id}:{k}:yes", side), _part(c, f"{c.id}:{k}:no", ir.Not(cast(ir.Formula, side)))]
        plain = replace(case, clues=switched, always=list(case.always), liar_rule=LiarRule("none"), resolved_rule=None)
        self.compiled = compile_case(plain)
        self.oracle = Oracle(self.compiled)

    def can(self, *ids: str) -> bool:
        return self.oracle.satisfiable([self.compiled.enables[i] for i in ids], SECONDS)

    def findings(self) -> list[Padding]:
        out = []
        for c in self.composite:
            for k in range(len(self.parts(c.expr))):
                yes, no = f"{c.id}:{k}:yes", f"{c.id}:{k}:no"
                if not (self.can(yes) and self.can(no)):
                    continue   # the setting settles it: L012 (a premise that cannot hold)
                found = (Padding(c.id, k, d.id, not self.can(f"by:{d.id}", no)) for d in self.settling
                         if d.id != c.id and self.settles(d.id, yes, no))
                p = next((p for p in found if self.parts is not sides or not self.chained(c, p)), None)
                if p is not None:
                    out.append(p)
        return out

    def chained(self, clue: Clue, p: Padding) -> bool:
        """Is the premise `p` settles read forward from an oracle (`chain`)?"""
        by = next(d for d in self.settling if d.id == p.by)
        return chain(self.case.setting, by.speaker, clue.expr, p.holds)

    def clue(self, cid: str) -> Clue:
        return next(c for c in self.composite if c.id == cid)

    def names(self, by: str, categories: set[str]) -> bool:
        """Does clue `by` leave one item of one of these answer categories (it names it)?"""
        answer = self.compiled.answer
        return any(sum(self.oracle.satisfiable([self.compiled.enables[f"by:{by}"], lit], SECONDS)
                       for lit in answer[cat].values()) == 1 for cat in categories if cat in answer)

    def settles(self, by: str, yes: str, no: str) -> bool:
        """Does clue `by`, possible on its own, leave the side only one way?"""
        with_yes, with_no = self.can(f"by:{by}", yes), self.can(f"by:{by}", no)
        return with_yes != with_no


def _part(clue: Clue, name: str, expr) -> Clue:
    return replace(clue, id=name, speaker=None, expr=expr, synthetic=True)


def lint(t: Text, found: list[Padding], english) -> list[Diagnostic]:
    """L014 on the text of a padded clue: its first side settled (one is enough to rewrite it),
    or a conditional read backwards from an oracle's word (`backwards`)."""
    clue = t.clue
    if t.field != "clue" or clue is None:
        return []
    p = next((f for f in found if f.clue == clue.id), None)
    if p is None:
        return _backwards(t, clue, english)
    side = sides(clue.expr)[p.side]
    said = english(side if p.holds else _negated(side))
    return [warning(t.pos(0), "L014", f"clue '{p.by}' already settles that {said}: this clue is padding",
                    "say what is left plainly, or choose a clue that no single other clue settles")]


def _backwards(t: Text, clue: Clue, english) -> list[Diagnostic]:
    """L014, the conclusion's side: an oracle names what the conditional concludes, so a player
    reads it backwards (or, the conclusion settled true, it says nothing)."""
    p = next((f for f in _backwards_of(t.case) if f.clue == clue.id), None) if conclusion(clue.expr) else None
    if p is None:
        return []
    assert isinstance(clue.expr, ir.Implies)
    settled = english(clue.expr.right if p.holds else _negated(clue.expr.right))
    said = "this conditional says nothing" if p.holds else \
        f"this conditional reads backwards: it only says that {english(_negated(clue.expr.left))}"
    return [warning(t.pos(0), "L014", f"clue '{p.by}' already settles that {settled}: {said}",
                    "say the fact plainly, or read it forward: the oracle's word as the premise "
                    "(\"Whoever is lying low in the Cart is not young\")")]


_LAST: list = [None, []]   # (case, backwards(case)): lint asks once a clue, the answer is the case's


def _backwards_of(case: Case) -> list[Padding]:
    if _LAST[0] is not case:
        _LAST[:] = [case, backwards(case)]
    return _LAST[1]


def _negated(expr):
    if isinstance(expr, ir.Compare) and expr.op in (ir.CompareOp.EQ, ir.CompareOp.NE):
        return replace(expr, op=ir.CompareOp.NE if expr.op == ir.CompareOp.EQ else ir.CompareOp.EQ)
    return ir.Not(expr)
