"""Check results as text, JSON, JUnit XML or GitHub annotations. Same input, same bytes,
but JUnit's `time=` attributes: the seconds each case took, which dashboards chart."""

from __future__ import annotations

import json
import re

from .diagnostics import Diagnostic, sort_diagnostics
from .solver.status import Status
from .solver.verdicts import details, verdict_lines

FAILING = Status.failing()


def summary(results, input_errors: int = 0) -> str:
    counts = {s: sum(1 for r in results if r.status == s) for s in Status}
    text = f"{len(results)} case{'s' if len(results) != 1 else ''} checked: " + ", ".join(f"{n} {s}" for s, n in counts.items())
    if input_errors:
        text += f"; {input_errors} input error{'s' if input_errors != 1 else ''}"
    return text


def format_text(results, diags: list[Diagnostic]) -> str:
    return text_head(diags) + "".join(text_of(r) for r in results) + text_tail(results, diags)


# The text report in three parts, so that `casetool check` can print each case's verdict as
# it comes in: the input diagnostics, then each result in order, then the summary line.
def text_head(diags: list[Diagnostic]) -> str:
    return "".join(d.text() + "\n" for d in sort_diagnostics(diags))


def text_of(result) -> str:
    return "".join(line + "\n" for line in verdict_lines(result) + [w.text() for w in result.warnings])


def text_tail(results, diags: list[Diagnostic]) -> str:
    return summary(results, sum(1 for d in diags if d.is_error)) + "\n"


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
    # imported here: it imports urllib.request, 30-80 ms no other format needs
    from xml.sax import saxutils

    return saxutils.escape(_xml_safe(text))


def quoteattr(text: str) -> str:
    from xml.sax import saxutils

    return saxutils.quoteattr(_xml_safe(text))


def format_junit(results, diags: list[Diagnostic]) -> str:
    failures = sum(1 for r in results if r.status != Status.OK)
    errors = [d for d in sort_diagnostics(diags) if d.is_error]
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           f'<testsuite name="casetool check" tests="{len(results) + len(errors)}" '
           f'failures="{failures}" errors="{len(errors)}" time="{sum(r.seconds for r in results):.3f}">']
    for r in results:
        out.append(f'  <testcase classname={quoteattr(r.file)} name={quoteattr(f"case {r.number}: {r.title}")} '
                   f'time="{r.seconds:.3f}">')
        if r.status != Status.OK:
            body = escape("\n".join([r.message] + details(r)))
            out.append(f'    <failure type={quoteattr(r.status)} message={quoteattr(r.message)}>{body}</failure>')
        out.append("  </testcase>")
    for d in errors:
        out.append(f'  <testcase classname={quoteattr(d.pos.file)} name={quoteattr("input " + d.code)} time="0.000">')
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
