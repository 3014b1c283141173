"""The clue parser's LALR tables, built once and shipped beside the grammar.

Lark builds the tables from `grammar.lark` in about 80 ms, paid by every process that reads a
clue: most of a small `casetool check` beyond importing CP-SAT (bench/startup.py). The tables
depend only on the grammar, the parser options and Lark's version, so they are saved in the
package (`grammar.lalr`) under a key made of those three. A process loads them when the key
matches and builds them in memory when it does not (a newer Lark, a grammar being edited);
nothing is ever written at run time. `python -m casetool.language.parser_cache` writes the
file again; tests/language/test_parser_cache.py fails when the shipped file is out of date.
"""

from __future__ import annotations

import hashlib
import io
from importlib import resources
from pathlib import Path

from lark import Lark, __version__

from ..files import write_atomic

OPTIONS = {"parser": "lalr", "lexer": "basic", "propagate_positions": True, "maybe_placeholders": False}
CACHE = "grammar.lalr"


def grammar() -> str:
    return resources.files(__package__).joinpath("grammar.lark").read_text()


def key(text: str) -> bytes:
    """What the saved tables were built from: the grammar's hash, the options, Lark's version."""
    version = __version__
    digest = hashlib.sha256(text.encode()).hexdigest()
    return f"{digest} {sorted(OPTIONS.items())} lark {version}".encode()


def build(text: str) -> Lark:
    # The basic lexer keeps keywords reserved: `or or` is an error, not `or` and a name "or".
    return Lark(text, **OPTIONS)


def load() -> Lark:
    """The parser: from the shipped tables when they fit this grammar and this Lark, else built."""
    text = grammar()
    try:
        data = resources.files(__package__).joinpath(CACHE).read_bytes()
    except OSError:
        return build(text)
    return from_saved(data, text)


def from_saved(data: bytes, text: str) -> Lark:
    """The parser from saved tables `data` if they were built from `text` by this Lark, else built."""
    saved, _, tables = data.partition(b"\n")
    if saved != key(text):
        return build(text)
    return Lark.load(io.BytesIO(tables))


def write(folder: Path | None = None) -> Path:
    """Save the tables of the current grammar (run after editing grammar.lark)."""
    text = grammar()
    tables = io.BytesIO()
    build(text).save(tables)
    target = (folder or Path(__file__).parent) / CACHE
    write_atomic(target, key(text) + b"\n" + tables.getvalue())
    return target


if __name__ == "__main__":
    print(f"wrote {write()}")
