"""The LSP base protocol's frames (`Content-Length: N` headers, a blank line, N bytes of
body), cut from the bytes the editor sends, without trusting them.

pygls's own reader waits for a blank line once it has seen a length, so one garbage
frame leaves it deaf until a stray blank line comes; here a broken frame (a second length
header before the blank line, a header block that never ends, a body cut short by the
next header) is given up, and reading starts again at the next `Content-Length` header.
Other header lines, junk or not, are let be. No valid JSON body can hold a
raw `Content-Length: N` line (CR and LF are not allowed in a JSON string, and the bare
word is not JSON), so a body that does is the tail of a broken frame.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

HEADER = re.compile(rb"Content-Length:[ \t]*(\d+)[ \t]*\r?\n", re.IGNORECASE)
END_OF_HEADERS = re.compile(rb"\r?\n\r?\n")
PARTIAL_VALUE = re.compile(rb"[ \t]*\d*[ \t]*\r?")
MAX_HEADERS = 8192  # bytes: real header blocks are under 100; more without a blank line is junk
OVERLAP = 64        # bytes of a body searched again, for a header split across two reads


class Frames:
    """Feed it bytes as they come; iterate it for the bodies of the frames completed so far.

    A broken frame comes out as the bytes it had (b"" when it had none), so the caller
    answers it with a parse error rather than leave it unanswered."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.searched = 0  # the body's bytes before this index hold no header

    def feed(self, data: bytes) -> None:
        self.buffer += data

    def __iter__(self) -> Iterator[bytes]:
        while (body := self._next()) is not None:
            yield body

    def _drop(self, count: int) -> None:
        del self.buffer[:count]
        self.searched = 0

    def _next(self) -> bytes | None:
        start = HEADER.search(self.buffer)
        if start is None:  # junk outside any frame; keep what may be a header's first half
            self._drop(_partial_header(self.buffer))
            return None
        length = int(start.group(1))  # read before the buffer moves under the match
        if start.start():
            self._drop(start.start())
        end = END_OF_HEADERS.search(self.buffer)
        again = HEADER.search(self.buffer, 1, end.end() if end else len(self.buffer))
        if again is not None:  # a second length before the blank line: the first frame is lost
            self._drop(again.start())
            return b""
        if end is None:
            if len(self.buffer) <= MAX_HEADERS:
                return None
            self._drop(1)
            return b""
        return self._body(length, end.end())

    def _body(self, length: int, begin: int) -> bytes | None:
        stop = begin + length
        cut = HEADER.search(self.buffer, max(begin, self.searched - OVERLAP), stop + OVERLAP)
        if cut is not None and cut.start() < stop:  # the next frame starts inside this body
            body = bytes(self.buffer[begin:cut.start()])
            self._drop(cut.start())
            return body
        if len(self.buffer) < stop:
            self.searched = len(self.buffer)
            return None
        body = bytes(self.buffer[begin:stop])
        self._drop(stop)
        return body


def _partial_header(data: bytearray) -> int:
    """Where a header that has not fully arrived starts in `data` (its length if none):
    "Content-Length" holds one C, so it starts at the last C."""
    start = max(data.rfind(b"C"), data.rfind(b"c"))
    if start < 0:
        return len(data)
    tail, name = bytes(data[start:]).lower(), b"content-length:"
    if name.startswith(tail) or (tail.startswith(name) and PARTIAL_VALUE.fullmatch(tail, len(name))):
        return start
    return len(data)
