"""Go to definition (a speaker, item, category or attribute -> its key in setting.yaml)
and rename of a clue id within its case."""

from __future__ import annotations

import re

from lsprotocol import types
from pygls.uris import from_fs_path

from ..diagnostics import Pos
from ..load.loader import LocDict
from .cursor import clue_at
from .documents import Analysis
from .positions import Lines
from .symbols import Symbol, definition_pos

CLUE_ID = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")


def definition(analysis: Analysis, symbol: Symbol, codec) -> types.Location | None:
    info = analysis.setting
    if info is None or info.doc is None:
        return None
    pos = definition_pos(info.doc, symbol)
    if pos is None:
        return None
    lines = Lines(info.text, codec)
    return types.Location(uri=from_fs_path(str(info.path)), range=lines.token_range(pos))


def clue_id_at(analysis: Analysis, line: int, char: int) -> tuple[str, Pos] | None:
    """The clue id whose `id:` value holds the cursor: the id and where it is written."""
    doc = analysis.doc
    index = clue_at(doc, line)
    if index is None:
        return None
    clue = doc["clues"][index]
    if not isinstance(clue, LocDict) or "id" not in clue:
        return None
    pos = clue.pos_of("id")
    text = str(clue["id"])
    start = pos.col - 1
    if pos.line - 1 != line or not start <= char <= start + len(text) + 2:
        return None
    return text, pos


def rename(analysis: Analysis, lines: Lines, line: int, char: int, new_name: str, uri: str) -> types.WorkspaceEdit:
    found = clue_id_at(analysis, line, char)
    if found is None:
        raise ValueError("put the cursor on a clue's id (`- id: ...`) to rename it")
    old, pos = found
    if not CLUE_ID.match(new_name):
        raise ValueError(f"'{new_name}' is not a clue id: use letters, digits, _ and -")
    taken = {str(c.get("id")) for c in analysis.doc["clues"] if isinstance(c, dict)} - {old}
    if new_name in taken:
        raise ValueError(f"this case already has a clue '{new_name}'")
    edit = types.TextEdit(range=lines.token_range(pos), new_text=new_name)
    return types.WorkspaceEdit(changes={uri: [edit]})
