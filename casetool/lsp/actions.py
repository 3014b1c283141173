"""Quick fixes for what the diagnostics already suggest: take the did-you-mean name, and
put a text that contains ': ' in quotes."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from lsprotocol import types

from .cursor import KEY
from .diagnostics import SOURCE
from .positions import Lines

DID_YOU_MEAN = re.compile(r"'([^']+)'[^']*\(did you mean '([^']+)'\?\)")
QUOTES_HINT = "must be put in quotes"


def code_actions(uri: str, lines: Lines, diagnostics: Sequence[types.Diagnostic]) -> list[types.CodeAction]:
    out = []
    for diag in diagnostics:
        if diag.source != SOURCE:
            continue
        action = _did_you_mean(uri, lines, diag) or _quote(uri, lines, diag)
        if action:
            out.append(action)
    return out


def _fix(title: str, uri: str, edit: types.TextEdit, diag: types.Diagnostic) -> types.CodeAction:
    return types.CodeAction(title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[diag],
                            is_preferred=True, edit=types.WorkspaceEdit(changes={uri: [edit]}))


def _did_you_mean(uri: str, lines: Lines, diag: types.Diagnostic) -> types.CodeAction | None:
    match = DID_YOU_MEAN.search(diag.message)
    if not match:
        return None
    wrong, right = match.groups()
    line, start = lines.from_client(diag.range.start)
    text = lines.line(line)
    at = text.find(wrong, start)
    if at < 0:
        return None
    edit = types.TextEdit(range=lines.range(line, at, at + len(wrong)), new_text=right)
    return _fix(f"Change '{wrong}' to '{right}'", uri, edit, diag)


def _quote(uri: str, lines: Lines, diag: types.Diagnostic) -> types.CodeAction | None:
    if QUOTES_HINT not in diag.message:
        return None
    line, _ = lines.from_client(diag.range.start)
    text = lines.line(line)
    match = KEY.match(text)
    if not match:
        return None
    start = match.end() + 1
    value = text[start:].strip()
    if not value or value[0] in "\"'|>":
        return None
    begin = start + (len(text[start:]) - len(text[start:].lstrip()))
    edit = types.TextEdit(range=lines.range(line, begin, len(text.rstrip())),
                          new_text=json.dumps(value, ensure_ascii=False))  # a JSON string is a YAML scalar
    return _fix("Put the text in quotes", uri, edit, diag)
