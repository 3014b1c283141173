"""A check verdict (a CaseResult) as the CLI prints it and as diagnostics: the one
conversion that report, the pytest plugin, `serve`, `build`, `explain` and the editor's
server all use.

The text form is `casetool check`'s: a headline naming the status, then indented lines
that explain it (alternatives, the conflict set). The diagnostic form carries a registered
code per status (K001-K005, casetool/codes.py) at the case, or at each clue of a conflict
set, followed by the result's warnings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic, Pos, printable
from .status import Status

if TYPE_CHECKING:  # only the types: importing the api must not load OR-Tools (tests/test_api.py)
    from .check import CaseResult, ShownWorld

# The registered code of each verdict (docs/diagnostics.md, family K).
CODES = {Status.OK: "K001", Status.AMBIGUOUS: "K002", Status.CONTRADICTION: "K003", Status.WRONG: "K004",
         Status.UNKNOWN: "K005"}
# ok is news, unknown a warning (nothing is proven wrong), the rest errors.
SEVERITY = {Status.OK: "note", Status.UNKNOWN: "warning"}


def _answer(answer: dict[str, str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in answer.items())


def _world_line(world: ShownWorld) -> str:
    parts = [_answer(world.answer)]
    if world.liars is not None:
        parts.append("liars: " + (", ".join(world.liars) or "nobody"))
    if world.whereabouts:
        parts.append("whereabouts: " + ", ".join(f"{p} at {t}: {z}" for p, t, z in world.whereabouts))
    if world.cards:
        parts.append("cards: " + ", ".join(f"{c} with {o}" for c, o in world.cards))
    if getattr(world, "facts", None):
        parts.append("facts: " + ", ".join(f"{i}.{a} {v}" for i, a, v in world.facts))
    return "; ".join(parts)


def details(result: CaseResult) -> list[str]:
    """Indented lines that explain a result: alternatives or the conflict set."""
    lines = []
    if result.status == Status.AMBIGUOUS:
        differs = getattr(result, "differs", [])
        if differs:   # --world: one answer, two worlds; the cells that tell them apart
            lines.append(f"answer (both worlds): {_answer(result.answers[0].answer)}")
            lines.append("cells that differ (world 1 | world 2):")
            lines += [f"  {cell}: {a} | {b}" for cell, a, b in differs]
            return lines + _count(result)
        for i, w in enumerate(result.answers, 1):
            lines.append(f"answer {i}: {_world_line(w)}")
        if not result.complete:
            lines.append("(more answers not shown; raise --max-alternatives or use --count)")
    elif result.status == Status.CONTRADICTION:
        for c in result.conflict:
            lines.append(f"{c.file}:{c.line}:{c.col}: clue '{c.id}': {c.text.strip()}")
    elif result.status == Status.WRONG:
        lines.append(f"declared: {_answer(result.declared)}")
        lines.append(f"found:    {_world_line(result.answers[0])}")
    return lines + _count(result)


def _count(result: CaseResult) -> list[str]:
    return [f"consistent answers: {result.count}"] if result.count is not None else []


def headline(result: CaseResult) -> str:
    name = f"case {result.number} '{printable(result.title)}'"
    if result.status == Status.OK:
        return f"{result.file}: ok: {name}: {_answer(result.answers[0].answer)}"
    return f"{result.file}:{result.line}:{result.col}: error[{result.status}]: {name}: {result.message}"


def verdict_lines(result: CaseResult) -> list[str]:
    """The verdict as `casetool check` prints it: the headline, then its indented details."""
    return [headline(result)] + ["    " + line for line in details(result)]


def verdict_diagnostics(result: CaseResult) -> list[Diagnostic]:
    """The verdict as diagnostics (a contradiction: one at each clue of its conflict set),
    then the result's warnings."""
    code, severity = CODES[result.status], SEVERITY.get(result.status, "error")
    where = Pos(result.file, result.line, result.col)
    out: list[Diagnostic] = []
    if result.status == Status.OK:
        out.append(Diagnostic(where, severity, code, f"check: ok, exactly one answer fits: {_answer(result.answers[0].answer)}"))
    elif result.status == Status.CONTRADICTION and result.conflict:
        ids = ", ".join(f"'{c.id}'" for c in result.conflict)
        out += [Diagnostic(Pos(c.file, c.line, c.col), severity, code,
                           f"contradiction: clue '{c.id}' is one of the clues that cannot all hold ({ids})")
                for c in result.conflict]
    elif result.status == Status.CONTRADICTION:
        out.append(Diagnostic(where, severity, code, result.message))
    else:
        out.append(Diagnostic(where, severity, code, "\n".join([f"{result.status}: {result.message}"] + details(result))))
    return list(result.warnings) + out
