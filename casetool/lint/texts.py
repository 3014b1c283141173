"""Every text of a loaded case, with the loader's positions, so a finding inside a story
or a clue is reported at its own file:line:col."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..diagnostics import Pos
from ..load.loader import LocStr
from ..load.model import Case, Clue


@dataclass(frozen=True)
class Text:
    case: Case
    field: str          # "title", "story", "clue", "event", "solution"
    value: str
    node: LocStr | str  # the loader's LocStr (or a plain str when the case was built in memory)
    clue: Clue | None = None  # the Clue, for clue texts

    def pos(self, offset: int = 0) -> Pos:
        """The file position of character `offset` of the text."""
        node = self.node
        if not isinstance(node, LocStr):
            return self.case.pos
        if getattr(node, "style", None) == ">":
            return _folded_pos(node, offset)
        return node.pos_at(offset)


def _folded_pos(node, offset: int) -> Pos:
    """Folded blocks (`>-`) join lines with spaces: count words instead of characters."""
    words_before = len(node[:offset].split())
    line = node.pos.line + 1
    lines = node.source_lines
    seen = 0
    while line <= len(lines):
        text = lines[line - 1]
        for m in re.finditer(r"\S+", text):
            if seen == words_before:
                return Pos(node.pos.file, line, m.start() + 1)
            seen += 1
        line += 1
    return node.pos


def case_texts(case: Case) -> list[Text]:
    doc = case.source or {}
    out = []
    for key in ("title", "story"):
        if isinstance(doc.get(key), str) and doc.get(key):
            out.append(Text(case, key, str(doc[key]), doc[key]))
    for clue, cdoc in zip(case.clues, doc.get("clues") or [], strict=False):
        if clue.synthetic or not isinstance(cdoc, dict) or "text" not in cdoc:
            continue
        out.append(Text(case, "clue", str(cdoc["text"]), cdoc["text"], clue))
    for edoc in doc.get("events") or []:
        if isinstance(edoc, dict) and isinstance(edoc.get("text"), str):
            out.append(Text(case, "event", str(edoc["text"]), edoc["text"]))
    sdoc = doc.get("solution") or {}
    if isinstance(sdoc, dict) and isinstance(sdoc.get("text"), str):
        out.append(Text(case, "solution", str(sdoc["text"]), sdoc["text"]))
    return out


SENTENCE = re.compile(r"[^.!?]+[.!?]+[\"”’']?|[^.!?]+$")


ABBREVIATION = re.compile(r"\b(Mr|Mrs|Ms|Dr|St|Rev|Col|Capt|Prof|No|Sgt|Lt)\.$")


def sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) for each sentence of a text, whitespace trimmed; "Mrs. White"
    does not end a sentence."""
    out: list[tuple[int, str]] = []
    glue = False
    for m in SENTENCE.finditer(text):
        raw = m.group(0)
        lead = len(raw) - len(raw.lstrip())
        if not raw.strip():
            continue
        if glue and out:
            start, _ = out[-1]
            out[-1] = (start, text[start:m.end()].strip())
        else:
            out.append((m.start() + lead, raw.strip()))
        glue = bool(ABBREVIATION.search(out[-1][1]))
    return out
