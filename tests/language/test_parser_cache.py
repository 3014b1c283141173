"""language/parser_cache: the shipped standalone parser (clue_parser.py) is that of the grammar in
the package, it parses every clue as Lark's own parser built from the grammar does, and one made
from another grammar is never used."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from casetool.language import parser_cache, syntax

ROOT = Path(__file__).resolve().parents[2]
TEXTS = [
    "suspect == plum and not (room.size > 3)",
    "count(p in people where at(p, 9) == cellar) == 0 or weapon in [rope, knife]",
    "at(plum, dinner + 1).floor != at(scarlet, dinner).floor",
    "suspect == ",        # errors must come out the same too
    "or or",
    "suspect == plum $",
    "(suspect == plum",
]
# Every clue meaning written in the samples and the fixtures, as the YAML line has it.
MEANINGS = sorted({m.strip().strip("'\"") for path in [*(ROOT / "cases").rglob("*.yaml"), *(ROOT / "tests").rglob("*.yaml")]
                   for m in re.findall(r"^\s*-?\s*means:\s*(.+)$", path.read_text(errors="replace"), re.M)})


def _plain(node):
    """A tree as nested tuples with every token's type, text and place (Lark names a rule by a
    Token where the standalone parser has a str: the same name)."""
    if hasattr(node, "children"):
        return str(node.data), node.meta.start_pos, [_plain(c) for c in node.children]
    return node.type, str(node), node.start_pos, node.end_pos


def _outcome(parser, text):
    try:
        return _plain(parser.parse(text))
    except Exception as exc:  # noqa: BLE001 - the error is the outcome compared
        expected = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or [])
        return f"{type(exc).__name__} at {getattr(exc, 'pos_in_stream', None)}: {expected}"


@pytest.fixture
def fresh_runtime():
    parser_cache.runtime.cache_clear()
    yield
    parser_cache.runtime.cache_clear()


def test_the_shipped_parser_is_that_of_this_grammar():
    from casetool.language import clue_parser
    assert clue_parser.GRAMMAR_KEY == parser_cache.key(parser_cache.grammar()), (
        "grammar.lark changed: run `python -m casetool.language.parser_cache` and commit clue_parser.py")


def test_the_shipped_parser_parses_every_clue_as_lark_does():
    assert len(MEANINGS) > 200
    built, shipped = parser_cache.build(parser_cache.grammar()), parser_cache.load()
    assert type(shipped).__module__ == "casetool.language.clue_parser"
    differ = [t for t in TEXTS + MEANINGS if _outcome(shipped, t) != _outcome(built, t)]
    assert not differ, differ[:5]


def test_a_parser_made_from_another_grammar_is_not_used(monkeypatch, fresh_runtime):
    text = parser_cache.grammar()
    monkeypatch.setattr(parser_cache, "grammar", lambda: text + "\n// edited\n")
    assert parser_cache.runtime().__name__ == "lark"
    assert type(parser_cache.load()).__module__ == "lark.lark"


def test_syntax_parses_with_the_shipped_parser():
    assert syntax.parse("suspect == plum").kind == "compare"
    assert type(syntax._parser()).__module__ == "casetool.language.clue_parser"
    assert syntax.Transformer.__module__ == "casetool.language.clue_parser"


def test_write_makes_a_module_runtime_accepts(tmp_path):
    target = parser_cache.write(tmp_path)
    spec = importlib.util.spec_from_file_location("written_clue_parser", target)
    written = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(written)
    assert written.GRAMMAR_KEY == parser_cache.key(parser_cache.grammar())
    assert "import regex" not in target.read_text()
    assert [_outcome(written.Lark_StandAlone(), t) for t in TEXTS] == [_outcome(parser_cache.load(), t) for t in TEXTS]
