"""Clues read against the case's answer (L017, L018: the text, as a player reads it, is false there):

* an either/or true on both sides ("The murderer either used a poisoned teacup or struck in
  the Orchard", both so, said by someone who tells the truth; or a liar's "neither A nor B"
  turned round): a player reads "either A or B" as one or the other (english.forms.both_sides;
  the generator says such a clue "A or B, perhaps both"); a text that says "perhaps both" is not flagged;
* the victim "with" a guest after the crime ("Lord Ashdown was with Dr Crane at ten
  o'clock", dead at nine): a body is with nobody.

The answer is the case's `solution:` where it names every part, else the one the solver finds
(no finding when the clues leave more than one, or the solver runs out of time). An either/or
is judged where its sides speak of the answer alone; a timeline's whereabouts are not read.
"""

from __future__ import annotations

import re

from ..diagnostics import Diagnostic, warning
from ..english.forms import both_sides
from ..language import ir
from ..language.evaluate import Evaluator, is_pure
from ..load.model import Case, World
from .texts import Text

# "either A or B" reads as one or the other, "neither A nor B" turned round as well; "A or B,
# perhaps both" says it is not (the supercluedo sample's counter 25)
EXCLUSIVE = re.compile(r"\b(either|neither)\b", re.I)
BOTH = re.compile(r"\bboth\b", re.I)
SECONDS = 5.0   # the whole solve: a case's clues settle its answer in well under a second


def findings(case: Case, texts: list[Text], english) -> list[Diagnostic]:
    clues = [(t, t.clue) for t in texts if t.field == "clue" and t.clue is not None and t.clue.expr is not None
             and not t.clue.synthetic]
    wanted = [(t, c.expr) for t, c in clues if _either(c.expr) or _with_victim(case, c.expr)]
    if not wanted:
        return []
    answer = the_answer(case)
    if answer is None:
        return []
    world = World(dict(answer))
    evaluator = Evaluator(case.setting)
    out: list[Diagnostic] = []
    for t, expr in wanted:
        if _either(expr) and _answer_only(expr) and EXCLUSIVE.search(t.value) and not BOTH.search(t.value):
            truth = evaluator.holds(expr, world)
            if both_sides(expr, truth, lambda side: evaluator.holds(side, world)):
                out.append(warning(t.pos(max(t.value.lower().find("either"), 0)), "L017",
                                   "an either/or true on both sides in the case's answer: a player reads it as one "
                                   f"or the other, so as false; the meaning reads: '{english(expr)}'",
                                   "choose two things only one of which holds, or say the one that matters"))
        hour = _with_victim(case, expr)
        if hour and _after(case, answer, hour) and re.search(r"\bwith\b", t.value):
            victim = case.setting.item_name(_victim_of(case, expr))
            out.append(warning(t.pos(max(t.value.find(" with "), 0)), "L018",
                               f"{victim} was dead by then, and a body is with nobody; the meaning reads: "
                               f"'{english(expr)}'", "say where the body lay, or choose an hour before the crime"))
    return out


def _either(expr: object) -> bool:
    """An or, a denied or, a 'neither ... nor' of positive sides (a negated side is L010's)."""
    if isinstance(expr, ir.Or):
        return not any(isinstance(a, ir.Not) or (isinstance(a, ir.Compare) and a.op == ir.CompareOp.NE)
                       for a in expr.args)
    return isinstance(expr, (ir.And, ir.Not))


# what the answer alone does not settle: who lies, where people were, the cards, a count over them
NOT_ANSWER = (ir.LiesOf, ir.HoldsOf, ir.Contains, ir.Quant, ir.Count, ir.Var)


def _answer_only(expr: object) -> bool:
    return is_pure(expr) and not any(isinstance(n, NOT_ANSWER) for n in ir.walk(expr))


def _victims(case: Case) -> set[str]:
    tl = case.setting.timeline
    return set(case.setting.categories[tl.victim].ids) if tl and tl.victim else set()


def _with_victim(case: Case, expr: object) -> str:
    """The hour of `at(victim, t) == at(guest, t)` (or `!=`), else ''."""
    victims = _victims(case)
    if not victims or not (isinstance(expr, ir.Compare) and isinstance(expr.left, ir.At)
                           and isinstance(expr.right, ir.At)):
        return ""
    people = {getattr(side.person, "item", None) for side in (expr.left, expr.right)}
    hour = getattr(expr.left.time, "item", None)
    return hour if people & victims and hour else ""


def _victim_of(case: Case, expr) -> str:
    return next(side.person.item for side in (expr.left, expr.right) if side.person.item in _victims(case))


def _after(case: Case, answer: dict[str, str], hour: str) -> bool:
    tl = case.setting.timeline
    when = answer.get(tl.times) if tl else None
    times = case.setting.categories[tl.times].ids if tl else []
    return when in times and hour in times and times.index(hour) > times.index(when)


def the_answer(case: Case) -> dict[str, str] | None:
    """The case's declared solution when it names every part, else the solver's one answer."""
    if case.solution and all(c in case.solution for c in case.setting.answer):
        return dict(case.solution)
    from ..solver.budget import Budget
    from ..solver.session import Session
    try:
        session = Session.open(case, Budget(SECONDS))
        worlds, complete = session.answers(session.clue_lits(c.id for c in case.clues), cap=2, whole=False)
    except TimeoutError:   # the solver's OutOfTime: no finding rather than a guess
        return None
    return worlds[0].answer if complete and len(worlds) == 1 else None
