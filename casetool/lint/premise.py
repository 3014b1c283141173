"""L012: a conditional whose premise the setting already makes false, or whose premise and
conclusion the setting makes impossible together ("If the crime happened in the Library,
then it happened in a room four paces across" when the Library is three): the clue only
says "not the premise", as a riddle. Judged by the solver on the setting's rules alone
(its items, fixed rules, timeline and liar rule), never on the case's other clues.

L027: two conditionals of one premise whose conclusions cannot hold together ("Whoever struck
in the Library used a heavy weapon." beside "Whoever struck in the Library used a poisoned
teacup", which is light): together they only say the premise is false, and a player reads a
contradiction. Judged, like L012, by the solver on the setting's rules alone. The generator
never keeps such a pair (minimize.Chooser.clashes).

L024: a suspect's conditional whose premise describes the suspect who says it ("Should the
culprit have gray hair, they are not lying low at the Fair", said by gray-haired Professor
Plum): a player hears the witness talking about themselves, a plea, not a sighting. The
generator never draws one (candidates.builder.own_premise); this flags a hand-written one."""

from __future__ import annotations

from dataclasses import replace

from ..diagnostics import Diagnostic, warning
from ..english.reasons import with_suspect
from ..language import ir
from ..load.model import Case, Clue
from .texts import Text

SECONDS = 2.0  # per question: a setting's rules alone solve in milliseconds


def premise(t: Text, case: Case, english) -> list[Diagnostic]:
    clue = t.clue
    if t.field != "clue" or clue is None or not isinstance(clue.expr, ir.Implies):
        return []
    if clue.expr.left == ir.Const(True):
        return []
    out = own(t, clue, case, english)
    verdict = _judge(case, clue)
    if verdict == "":
        return out
    return out + [warning(t.pos(_if_at(t)), "L012", f"{verdict}: the clue only says that {english(_negated(clue.expr.left))}",
                          "say that plainly, or choose a premise the setting leaves open")]


def clash(t: Text, case: Case, english) -> list[Diagnostic]:
    """L027 at the later of two conditionals of one premise that no world makes true together
    with it (each pair once: this clue against the clues before it)."""
    clue = t.clue
    if t.field != "clue" or clue is None or not isinstance(clue.expr, ir.Implies) or clue.expr.left == ir.Const(True):
        return []
    before = case.clues[:next(n for n, c in enumerate(case.clues) if c.id == clue.id)]
    for other in before:
        if not other.synthetic and isinstance(other.expr, ir.Implies) and other.expr.left == clue.expr.left \
                and _apart(case, other, clue):
            return [warning(t.pos(0), "L027", f"this clue and '{other.id}' share the premise ({english(clue.expr.left)}) "
                            f"but their conclusions cannot both hold: together they only say that "
                            f"{english(_negated(clue.expr.left))}, and a player reads a contradiction",
                            "say that plainly, or give one of them another premise")]
    return []


def _apart(case: Case, a: Clue, b: Clue) -> bool:
    """The setting allows the premise, but not the premise with both conclusions."""
    from ..solver.compile import compile_case
    from ..solver.session import Oracle
    parts = [_part(a, "premise", a.expr.left), _part(a, "conclusion", a.expr.right), _part(b, "conclusion", b.expr.right)]
    try:
        compiled = compile_case(replace(case, clues=parts, always=list(case.always)))
        oracle = Oracle(compiled)
        ons = [compiled.enables[p.id] for p in parts]
        return oracle.feasible(ons[:1], SECONDS) and not oracle.feasible(ons, SECONDS)
    except TimeoutError:   # the solver's OutOfTime: no finding rather than a guess
        return False


def own(t: Text, clue: Clue, case: Case, english) -> list[Diagnostic]:
    """L024: the speaker is a suspect and the premise holds with them as the culprit, by
    who they are and their looks alone (english.reasons.with_suspect, the generator's test)."""
    setting = case.setting
    ch = setting.characters.get(clue.speaker) if clue.speaker else None
    culprit = setting.categories.get(setting.culprit) if setting.culprit else None
    suspect = culprit.item(ch.item) if ch is not None and ch.item and culprit is not None else None
    if ch is None or suspect is None or not isinstance(clue.expr, ir.Implies) \
            or with_suspect(clue.expr.left, suspect) is not True:
        return []
    return [warning(t.pos(_if_at(t)), "L024", f"the premise ({english(clue.expr.left)}) describes {ch.name}, who says it: "
                    "a suspect's 'if' about themselves reads as a plea, not a sighting",
                    "give the clue to a witness it does not describe, or choose a premise that does not fit the speaker")]


def _if_at(t: Text) -> int:
    """Where the clue's 'if' is (a finding points at it), else its start."""
    return max(t.value.lower().find("if "), 0)


def _judge(case: Case, clue: Clue) -> str:
    """'' when the premise is open and can hold with its conclusion; else why not."""
    # ortools is imported only when a case has a conditional
    from ..solver.compile import compile_case
    from ..solver.session import Oracle
    parts = [_part(clue, "premise", clue.expr.left), _part(clue, "conclusion", clue.expr.right)]
    try:
        compiled = compile_case(replace(case, clues=parts, always=list(case.always)))
        oracle = Oracle(compiled)
        first, both = [compiled.enables[parts[0].id]], [compiled.enables[p.id] for p in parts]
        if not oracle.feasible(first, SECONDS):
            return "the setting makes the premise false"
        if not oracle.feasible(both, SECONDS):
            return "the setting makes the premise and its conclusion impossible together"
    except TimeoutError:   # the solver's OutOfTime: no finding rather than a guess
        return ""
    return ""


def _negated(expr):
    """`room != library` for `room == library` (the reader has the setting's phrase for it)."""
    if isinstance(expr, ir.Compare) and expr.op in (ir.CompareOp.EQ, ir.CompareOp.NE):
        op = ir.CompareOp.NE if expr.op == ir.CompareOp.EQ else ir.CompareOp.EQ
        return replace(expr, op=op)
    return ir.Not(expr)


def _part(clue: Clue, name: str, expr) -> Clue:
    return replace(clue, id=f"{clue.id}:{name}", speaker=None, expr=expr, synthetic=True)
