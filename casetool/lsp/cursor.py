"""Where the cursor is in a YAML buffer: which key's value, under which parent key, in
which clue. Read from the text lines, so it works while the buffer does not parse."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..load.loader import LocList
from .positions import Lines

KEY = re.compile(r"^(\s*)(?:-\s+)?([A-Za-z_][\w-]*)\s*:(?=\s|$)")


@dataclass
class Cursor:
    line: int              # 0-based
    char: int              # 0-based, in characters
    key: str | None        # the key whose value holds the cursor (None: on a key, or no key)
    parent: str | None     # the key of the mapping that holds `key` (e.g. solution)
    prefix: str            # the value's text on this line, up to the cursor
    value: str             # the value's text on this line
    word: tuple[str, int, int] | None  # the identifier under the cursor


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _key_line(lines: Lines, line: int) -> tuple[int, re.Match | None]:
    """The line whose key owns `line` (itself, or the key above a block scalar's lines)."""
    text = lines.line(line)
    match = KEY.match(text)
    if match or not text.strip():
        return line, match
    indent = _indent(text)
    for i in range(line - 1, -1, -1):
        above = lines.line(i)
        if above.strip() and _indent(above) < indent:
            return i, KEY.match(above)
    return line, None


def _parent(lines: Lines, line: int, match: re.Match) -> str | None:
    indent = len(match.group(1))
    for i in range(line - 1, -1, -1):
        above = lines.line(i)
        m = KEY.match(above)
        if m and len(m.group(1)) < indent and not above.lstrip().startswith("-"):
            return m.group(2)
        if above.strip() and _indent(above) == 0 and m is None:
            return None
    return None


def cursor_at(lines: Lines, line: int, char: int) -> Cursor:
    text = lines.line(line)
    owner, match = _key_line(lines, line)
    key = parent = None
    prefix, value = text[:char], text
    if match is not None:
        key, parent = match.group(2), _parent(lines, owner, match)
        if owner == line:
            if char < match.end():
                key = None  # on the key itself
            start = match.end() + 1
            prefix, value = text[start:char], text[start:]
    return Cursor(line, char, key, parent, prefix, value, lines.word_at(line, char))


def clue_at(doc, line: int) -> int | None:
    """The index of the clue whose lines hold `line` (0-based), or None."""
    clues = doc.get("clues") if isinstance(doc, dict) else None
    if not isinstance(clues, LocList) or not clues:
        return None
    starts = [p.line - 1 for p in clues.item_pos]
    after = [p.line - 1 for k, p in doc.key_pos.items() if p.line - 1 > starts[-1]]
    end = min(after) if after else 10 ** 9
    for i, start in enumerate(starts):
        stop = starts[i + 1] if i + 1 < len(starts) else end
        if start <= line < stop:
            return i
    return None
