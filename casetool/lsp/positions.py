"""Between casetool's positions (1-based line and column, in characters) and LSP ranges
(0-based, in the client's code units: UTF-16 unless the client asked for another)."""

from __future__ import annotations

import re

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from ..diagnostics import Pos

# A token of the case format: an id, a dotted attribute, a number, a quoted scalar, a
# two-character comparison, or any other one character.
TOKEN = re.compile(r'"[^"\n]*"|\'[^\'\n]*\'|[A-Za-z0-9_][A-Za-z0-9_.\-]*|[=!<>]=|\S')
WORD = re.compile(r"[A-Za-z0-9_]+")


class Lines:
    """A document's lines, and the codec that converts columns for this client."""

    def __init__(self, text: str, codec: PositionCodec | None = None):
        self.lines = text.splitlines(True) or [""]
        self.codec = codec or PositionCodec()

    def line(self, index: int) -> str:
        """Line `index` (0-based) without its line break; '' past the end."""
        return self.lines[index].rstrip("\r\n") if 0 <= index < len(self.lines) else ""

    def to_client(self, line: int, char: int) -> types.Position:
        return self.codec.position_to_client_units(self.lines, ServerTextPosition(line, char))

    def from_client(self, position: types.Position) -> tuple[int, int]:
        """(line, character in code points), both 0-based."""
        server = self.codec.position_from_client_units(self.lines, position)
        return server.line, server.character

    def range(self, line: int, start: int, end: int) -> types.Range:
        return types.Range(self.to_client(line, start), self.to_client(line, end))

    def token_range(self, pos: Pos) -> types.Range:
        """The token that starts at `pos`, from the column the CLI reports: a name, a quoted
        scalar, an operator or one character (a clue's `)` or `=` out of place), or nothing
        past the end of the text (a clue that ends too early). A position at a line's start
        that names no token (a document-level diagnostic) is the whole line."""
        line, col = pos.line - 1, pos.col - 1
        text = self.line(line)
        match = TOKEN.match(text, col) if col < len(text) else None
        if col == 0 and (match is None or text.startswith("#")):
            return self.range(line, len(text) - len(text.lstrip()), len(text))
        if match is None:
            return self.range(line, min(col, len(text)), min(col, len(text)))
        return self.range(line, col, match.end())

    def word_at(self, line: int, char: int) -> tuple[str, int, int] | None:
        """The identifier under (line, char), with its start and end; None on blank space."""
        text = self.line(line)
        for match in WORD.finditer(text):
            if match.start() <= char <= match.end():
                return match.group(), match.start(), match.end()
        return None
