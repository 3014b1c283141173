"""A clue's meaning in words (the hover's "Means:"): quantifiers kept whole (ir.Quant)
read like every other clue, their variables by name, never as the tree's own text."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from casetool.english.reading import Reader
from casetool.language import ir
from casetool.language.text import resolve_text
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "solver"))
from reach_settings import BOARD  # noqa: E402
from test_quantifiers_whole import MOVES, kept_whole, quantified  # noqa: E402

RAW = re.compile(r"\b[A-Z][A-Za-z]+\(\w+=")   # a dataclass's repr: Quant(word=..., Var(name=...
TEXTS = quantified("amy", "bob", "hall", "noon", "<", "+ 1", 2)


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    folder = tmp_path_factory.mktemp("board")
    (folder / "setting.yaml").write_text(BOARD)
    return next(iter(load_paths([folder / "setting.yaml"]).settings.values()))


def reading(setting, means: str, whole: bool) -> tuple[str, object]:
    with kept_whole(0 if whole else 10**6):
        expr, problem = resolve_text(means, setting, None)
    assert problem is None, problem
    return Reader(setting).sentence(expr), expr


@pytest.mark.parametrize("means", TEXTS)
@pytest.mark.parametrize("whole", [True, False], ids=["kept whole", "unrolled"])
def test_every_quantified_clue_reads_in_words(board, means, whole):
    text, expr = reading(board, means, whole)
    assert any(isinstance(n, ir.Quant) for n in ir.walk(expr)) == whole
    assert not RAW.search(text), text


@pytest.mark.parametrize("means, words", [
    ("no p in suspect: at(p, noon) == hall", "There is no suspect p such that p was at the Hall at Noon."),
    ("exactly 1 p in suspect: at(p, noon) == hall", "Exactly 1 suspect p is such that p was at the Hall at Noon."),
    ("at least 2 q in room: q.size < suspect.height",
     "At least 2 rooms q are such that q's size is less than the culprit's height."),
    ("any p in suspect: lies(p) and p.hair == suspect.hair", "For some suspect p, p lies and p's hair is the culprit's hair."),
    ("no t in time: at(amy, t - 1) == hall and at(amy, t) != hall",
     "There is no time t other than Dawn such that Amy was at the Hall at the time before t and Amy was not at the Hall at t."),
    (MOVES, "For every suspect p, for every time t other than Dusk, for every room q, if p was at q at t, then p was at q "
            "at the time after t or q's adjacent include where p was at the time after t."),
])
def test_a_quantifier_kept_whole_names_its_variable(board, means, words):
    assert reading(board, means, whole=True)[0] == words
