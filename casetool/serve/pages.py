"""The served pages: plain view dicts built from the workspace, rendered by the
templates in templates/serve/ with autoescaping on (story text can never become markup).

The mystery itself is built by casetool.render.context (the same views the printed
casebook uses), so the preview shows what the book will print.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2

from .. import api
from ..diagnostics import Diagnostic
from ..english.ending import in_brief
from ..printing.book import wheel_characters
from ..printing.environment import package_templates
from ..render.context import mystery, solution
from ..solver.status import Status
from .meanings import meanings_view
from .workspace import Entry, Workspace, entry_stamp

EXCERPT_CONTEXT = 1  # lines shown before and after a diagnostic's line
PAGE_WAIT = 0.5      # seconds a case page waits for its explanation before saying it is on the way


def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(package_templates() / "serve")),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True,
    )


class Pages:
    """Renders the index and the case pages of one workspace."""

    def __init__(self, workspace: Workspace):
        self.ws = workspace
        self.env = environment()

    def index(self, nonce: str = "") -> str:
        ws = self.ws
        with ws.lock:
            stamp = ws.stamp_of(None)
            cases = [case_row(e) for e in ws.ordered()]
            context = {
                "title": ws.title, "folder": str(ws.folder), "key": None, "stamp": stamp, "nonce": nonce,
                "cases": cases,
                "book_diagnostics": [diagnostic_view(d, ws.folder) for d in ws.book_diagnostics],
                "error": ws.error,
                "subfolders": [] if cases else subfolders(ws.folder),
                "has_setting": (ws.folder / "setting.yaml").is_file(),
                "counts": counts(cases),
            }
        return self.env.get_template("index.html").render(context)

    def case(self, name: str, nonce: str = "") -> tuple[int, str]:
        """(HTTP status, page) for the case file `name` of the folder."""
        ws = self.ws
        with ws.lock:
            entry = ws.entries.get(name)
            base = {"title": ws.title, "folder": str(ws.folder), "key": name, "stamp": ws.stamp_of(name),
                    "nonce": nonce, "name": name,
                    "book_errors": [diagnostic_view(d, ws.folder) for d in ws.book_diagnostics if d.is_error],
                    "book_error": ws.error}
            gone = name in ws.gone
        if entry is None:
            return 404, self.env.get_template("missing.html").render(base, gone=gone)
        analysis = ws.analysis(entry, wait=PAGE_WAIT)  # a moment, not the seconds a timed case may take
        with ws.lock:  # the stamp says what this page shows: a newer save or the analysis reloads it
            context = dict(base, stamp=entry_stamp(entry, analysis), **case_view(entry, ws.folder),
                           analysis=analysis_view(analysis, entry),
                           analysis_pending=analysis is None and entry.status == Status.OK)
        return 200, self.env.get_template("case.html").render(context)


def new_nonce() -> str:
    return secrets.token_urlsafe(16)


def case_url(name: str) -> str:
    return "/case/" + quote(name)


def counts(rows: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for row in rows:
        out[row["status"]] = out.get(row["status"], 0) + 1
    return out


def subfolders(folder: Path) -> list[str]:
    """Casebook folders below `folder`: a hint when `casetool serve cases/` was meant as one of them."""
    try:
        return sorted(p.name for p in folder.iterdir() if (p / "setting.yaml").is_file())
    except OSError:
        return []


def case_row(entry: Entry) -> dict:
    result = entry.result
    return {
        "name": entry.name, "url": case_url(entry.name), "number": entry.number,
        "title": entry.title or (entry.last_good.title if entry.last_good else ""),
        "status": entry.status,
        "summary": _summary(entry),
        "errors": len(entry.errors),
        "warnings": len([d for d in entry.diagnostics if not d.is_error]) + (len(result.warnings) if result else 0),
    }


def _summary(entry: Entry) -> str:
    if entry.error:
        return "internal error while loading or checking (see the case page)"
    if entry.errors:
        first = entry.errors[0]
        more = f" (and {len(entry.errors) - 1} more)" if len(entry.errors) > 1 else ""
        return f"{first.pos}: {first.message}{more}"
    if entry.result is None:
        return ""
    if entry.result.status == Status.OK:
        return answer_text(entry.case, entry.result.answers[0].answer)
    return entry.result.message


def diagnostic_view(d: Diagnostic, folder: Path | None = None) -> dict:
    return {"where": str(d.pos), "file": d.pos.file, "line": d.pos.line, "col": d.pos.col,
            "severity": d.severity, "code": d.code, "message": d.message, "hint": d.hint,
            "text": d.text(), "excerpt": excerpt(d, folder) if folder is not None else None}


def excerpt(d: Diagnostic, folder: Path) -> dict | None:
    """The lines around a diagnostic, read from its file when that file is in the folder."""
    path = Path(d.pos.file)
    try:
        if path.resolve().parent != folder.resolve():
            return None
        lines = path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    except OSError:
        return None
    if d.pos.line < 1 or d.pos.line > len(lines) + 1:
        return None
    lines.append("")  # an error at the end of the file points just past its last line
    first = max(1, d.pos.line - EXCERPT_CONTEXT)
    last = min(len(lines) - 1, d.pos.line + EXCERPT_CONTEXT)
    last = max(last, d.pos.line)
    return {"lines": [{"number": n, "text": lines[n - 1], "here": n == d.pos.line} for n in range(first, last + 1)],
            "col": d.pos.col}


# ---- answers and worlds, by display name ----------------------------------------------

def answer_pairs(case, answer: dict) -> list[dict]:
    cats = case.setting.categories
    return [{"label": cats[c].label if c in cats else c, "name": case.setting.item_name(i), "id": i}
            for c, i in answer.items()]


def answer_text(case, answer: dict) -> str:
    """The answer as the solution page's last line names it (english.ending.in_brief): one
    writer for every reader, not a field list of this page's own."""
    return in_brief(case, answer)


def world_view(case, world) -> dict:
    return {
        "answer": answer_pairs(case, world.answer),
        "liars": None if world.liars is None else [case.setting.person_name(w) for w in world.liars],
        "whereabouts": [{"person": case.setting.person_name(p), "time": case.setting.item_name(t),
                         "place": "away" if z == "away" else case.setting.item_name(z)} for p, t, z in world.whereabouts],
        "cards": [{"card": case.setting.item_name(c), "holder": "the envelope" if o == "envelope" else case.setting.person_name(o)}
                  for c, o in world.cards],
    }


# ---- the case page ------------------------------------------------------------------

def case_view(entry: Entry, folder: Path) -> dict:
    shown = entry.case or entry.last_good
    view: dict[str, Any] = {
        "entry": {"name": entry.name, "display": entry.display, "status": entry.status,
                  "number": entry.number, "title": entry.title or (shown.title if shown else entry.name)},
        "diagnostics": [diagnostic_view(d, folder) for d in entry.diagnostics],
        "error": entry.error,
        "stale": entry.case is None and shown is not None,
        "mystery": None, "wheels": [], "wheel_clues": [], "solution": None, "check": None, "meanings": [],
    }
    if shown is not None:
        wheels = wheel_characters(shown.setting)
        view["wheels"] = wheels
        view["mystery"] = mystery(shown, wheels, entry.status)
        view["wheel_clues"] = wheel_clues(shown, wheels)
        view["meanings"] = meanings_view(shown)
        view["solution"] = solution(shown)
        view["solution"]["liars"] = ([shown.setting.person_name(w) for w in shown.solution_liars]
                                     if shown.solution_liars is not None else None)
    if entry.result is not None and entry.case is not None:
        view["check"] = check_view(entry.case, entry.result, folder)
    return view


def wheel_clues(case, wheels: list[dict]) -> list[dict]:
    """The statements a player reads on the wheels (the book prints only their numbers)."""
    ids = {w["id"] for w in wheels}
    return [{"id": c.id, "speaker": case.setting.person_name(c.speaker), "wheel": c.wheel, "text": " ".join(c.text.split())}
            for c in case.clues if c.speaker in ids and not c.synthetic]


def check_view(case, result, folder: Path) -> dict:
    return {
        "status": result.status, "message": result.message,
        "answer": answer_text(case, result.answers[0].answer) if result.status == Status.OK else "",
        "cli": api.verdict_lines(result),
        "answers": [world_view(case, w) for w in result.answers] if result.status != Status.OK else [],
        "complete": result.complete, "count": result.count,
        "conflict": [{"where": f"{c.file}:{c.line}:{c.col}", "id": c.id, "text": " ".join(c.text.split())}
                     for c in result.conflict],
        "declared": answer_pairs(case, result.declared) if result.status == Status.WRONG else [],
        "warnings": [diagnostic_view(w, folder) for w in result.warnings],
        "seconds": result.seconds,
    }


def analysis_view(analysis, entry: Entry) -> dict | None:
    if analysis is None:
        return None
    view: dict[str, Any] = {"error": analysis.error, "steps": [], "complete": False, "closing": "", "grade": None,
                            "text": analysis.explanation_text, "pacing": None}
    case = entry.case
    assert case is not None  # only an ok case is analysed (Workspace.analysis), and an ok case loaded
    if analysis.explanation:
        e = analysis.explanation
        view["complete"] = e["complete"]
        view["closing"] = e["closing"]   # the page's own last line (english.solution.closing)
        view["steps"] = [{"number": s["step"], "text": s["text"],
                          "clues": [{"id": c["id"], "where": f"{entry.display}:{c['line']}:{c['col']}"} for c in s["clues"]]}
                         for s in e["steps"]]
    if analysis.grade is not None:
        g = analysis.grade
        view["grade"] = {"level": g.level, "score": g.score, "steps": g.steps, "most_clues": g.most_clues,
                         "liar_analysis": g.liar_analysis, "timeline": g.timeline, "cards": g.cards}
    if analysis.pacing is not None:
        p = analysis.pacing
        cats = list(case.setting.answer)
        view["pacing"] = {
            "categories": [case.setting.categories[c].label for c in cats],
            "stages": [{"event": s.event, "answers": f">{s.answers}" if s.capped else str(s.answers),
                        "unique": s.answers == 1 and not s.capped,
                        "candidates": [s.candidates.get(c, 0) for c in cats], "clues": s.clues} for s in p.stages],
            "warnings": [diagnostic_view(w) for w in p.warnings],
        }
    return view
