"""language/parser_cache: the shipped LALR tables are those of the grammar in the package, they
parse as freshly built tables do, and tables that do not fit are never used."""

from __future__ import annotations

import io

import pytest
from casetool.language import parser_cache, syntax

TEXTS = [
    "suspect == plum and not (room.size > 3)",
    "count(p in people where at(p, 9) == cellar) == 0 or weapon in [rope, knife]",
    "at(plum, dinner + 1).floor != at(scarlet, dinner).floor",
    "suspect == ",        # errors must come out the same too
    "or or",
]


def test_the_shipped_tables_are_those_of_this_grammar():
    data = (parser_cache.Path(parser_cache.__file__).parent / parser_cache.CACHE).read_bytes()
    saved = data.partition(b"\n")[0].split(b" ")[0]
    assert saved == parser_cache.key(parser_cache.grammar()).split(b" ")[0], (
        "grammar.lark changed: run `python -m casetool.language.parser_cache` and commit grammar.lalr")


def _outcome(parser, text):
    try:
        return repr(parser.parse(text))
    except Exception as exc:  # noqa: BLE001 - the error is the outcome compared
        expected = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or [])
        return f"{type(exc).__name__} at {getattr(exc, 'pos_in_stream', None)}: {expected}"


@pytest.mark.parametrize("text", TEXTS)
def test_the_saved_tables_parse_as_built_ones(text):
    built = parser_cache.build(parser_cache.grammar())
    assert _outcome(parser_cache.load(), text) == _outcome(built, text)


def test_tables_saved_for_another_grammar_or_lark_are_not_used(tmp_path, monkeypatch):
    data = parser_cache.write(tmp_path).read_bytes()
    text = parser_cache.grammar()
    loaded = []
    monkeypatch.setattr(parser_cache.Lark, "load", classmethod(lambda cls, f: loaded.append(f) or None))
    assert parser_cache.from_saved(data, text) is None and loaded           # they fit: loaded
    loaded.clear()
    assert parser_cache.from_saved(data, text + "\n// edited\n") is not None and not loaded
    monkeypatch.setattr(parser_cache, "__version__", "0.0.1")                # another Lark
    assert parser_cache.from_saved(data, text) is not None and not loaded


def test_syntax_parses_with_the_cached_parser():
    assert syntax.parse("suspect == plum").kind == "compare"
    assert isinstance(syntax._parser(), parser_cache.Lark)


def test_write_makes_a_file_load_accepts(tmp_path, monkeypatch):
    target = parser_cache.write(tmp_path)
    data = target.read_bytes()
    head, _, tables = data.partition(b"\n")
    assert head == parser_cache.key(parser_cache.grammar())
    assert _outcome(parser_cache.Lark.load(io.BytesIO(tables)), TEXTS[0]) == _outcome(parser_cache.load(), TEXTS[0])
