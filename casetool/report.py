"""Check results as text, JSON, JUnit XML or GitHub annotations. Same input, same bytes."""

from __future__ import annotations

import json
import re
from xml.sax import saxutils

from .diagnostics import Diagnostic, sort_diagnostics
from .solver.status import Status

FAILING = Status.failing()


def _answer(answer: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in answer.items())


def _world_line(world) -> str:
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


def details(result) -> list[str]:
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


def _count(result) -> list[str]:
    return [f"consistent answers: {result.count}"] if result.count is not None else []


def headline(result) -> str:
    name = f"case {result.number} '{result.title}'"
    if result.status == Status.OK:
        return f"{result.file}: ok: {name}: {_answer(result.answers[0].answer)}"
    return f"{result.file}:{result.line}:{result.col}: error[{result.status}]: {name}: {result.message}"


def summary(results, input_errors: int = 0) -> str:
    counts = {s: sum(1 for r in results if r.status == s) for s in Status}
    text = f"{len(results)} case{'s' if len(results) != 1 else ''} checked: " + ", ".join(f"{n} {s}" for s, n in counts.items())
    if input_errors:
        text += f"; {input_errors} input error{'s' if input_errors != 1 else ''}"
    return text


def format_text(results, diags: list[Diagnostic]) -> str:
    out = [d.text() for d in sort_diagnostics(diags)]
    for r in results:
        out.append(headline(r))
        out += ["    " + line for line in details(r)]
        out += [w.text() for w in r.warnings]
    out.append(summary(results, sum(1 for d in diags if d.is_error)))
    return "\n".join(out) + "\n"


def to_json(result) -> dict:
    return {
        "file": result.file, "line": result.line, "col": result.col, "case": result.number, "title": result.title, "status": result.status,
        "message": result.message, "declared": result.declared,
        "answers": [{"answer": w.answer, "liars": w.liars,
                     "whereabouts": [{"person": p, "time": t, "place": z} for p, t, z in w.whereabouts],
                     "cards": [{"card": c, "holder": o} for c, o in w.cards],
                     **({"facts": [{"item": i, "attribute": a, "value": v} for i, a, v in w.facts]} if w.facts else {})}
                    for w in result.answers],
        "complete": result.complete, "count": result.count,
        "conflict": [vars(c) for c in result.conflict],
        **({"differs": [{"cell": c, "first": a, "second": b} for c, a, b in result.differs]} if result.differs else {}),
        "warnings": [w.to_json() for w in result.warnings],
    }


def format_json(results, diags: list[Diagnostic]) -> str:
    data = {"cases": [to_json(r) for r in results],
            "diagnostics": [d.to_json() for d in sort_diagnostics(diags)],
            "summary": summary(results, sum(1 for d in diags if d.is_error))}
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


# Characters XML 1.0 forbids even as references (C0 controls but tab, newline and
# return; lone surrogates; U+FFFE, U+FFFF): a title may hold them ("\x07" in YAML).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_safe(text: str) -> str:
    """`text` with each character XML cannot hold written as its \\xNN / \\uNNNN escape."""
    return NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                       else f"\\u{ord(m.group()):04x}", text)


def escape(text: str) -> str:
    return saxutils.escape(_xml_safe(text))


def quoteattr(text: str) -> str:
    return saxutils.quoteattr(_xml_safe(text))


def format_junit(results, diags: list[Diagnostic]) -> str:
    failures = sum(1 for r in results if r.status != Status.OK)
    errors = [d for d in sort_diagnostics(diags) if d.is_error]
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           f'<testsuite name="casetool check" tests="{len(results) + len(errors)}" '
           f'failures="{failures}" errors="{len(errors)}">']
    for r in results:
        out.append(f'  <testcase classname={quoteattr(r.file)} name={quoteattr(f"case {r.number}: {r.title}")}>')
        if r.status != Status.OK:
            body = escape("\n".join([r.message] + details(r)))
            out.append(f'    <failure type={quoteattr(r.status)} message={quoteattr(r.message)}>{body}</failure>')
        out.append("  </testcase>")
    for d in errors:
        out.append(f'  <testcase classname={quoteattr(d.pos.file)} name={quoteattr("input " + d.code)}>')
        out.append(f'    <error type={quoteattr(d.code)} message={quoteattr(d.message)}>{escape(d.text())}</error>')
        out.append("  </testcase>")
    out.append("</testsuite>")
    return "\n".join(out) + "\n"


def _gh(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_prop(value: str) -> str:
    return _gh(value).replace(":", "%3A").replace(",", "%2C")


def format_github(results, diags: list[Diagnostic]) -> str:
    out = []
    for d in sort_diagnostics(diags):
        level = "error" if d.is_error else "warning"
        out.append(f"::{level} file={_gh_prop(d.pos.file)},line={d.pos.line},col={d.pos.col},"
                   f"title={_gh_prop('casetool ' + d.code)}::{_gh(d.message)}")
    for r in results:
        if r.status != Status.OK:
            msg = "\n".join([r.message] + details(r))
            out.append(f"::error file={_gh_prop(r.file)},line={r.line},col={r.col},title={_gh_prop('casetool ' + r.status)}::{_gh(msg)}")
        for w in r.warnings:
            out.append(f"::warning file={_gh_prop(w.pos.file)},line={w.pos.line},col={w.pos.col},"
                       f"title={_gh_prop('casetool ' + w.code)}::{_gh(w.message)}")
    out.append(summary(results, sum(1 for d in diags if d.is_error)))
    return "\n".join(out) + "\n"


FORMATS = {"text": format_text, "json": format_json, "junit": format_junit, "github": format_github}
