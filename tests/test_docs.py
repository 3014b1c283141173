"""Every example in docs/clue-language.md parses, resolves, and is used by a sample case."""

import re
from pathlib import Path

import pytest
from casetool.language.syntax import parse
from casetool.language.text import resolve_text
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "clue-language.md"
BLOCK = re.compile(r"```clue (\w+)\n(.*?)```", re.S)


def examples():
    for setting, body in BLOCK.findall(DOC.read_text()):
        for line in body.strip().splitlines():
            yield setting, line.strip()


def squash(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def samples():
    out = {}
    for setting in {s for s, _ in examples()}:
        loaded = load_paths([ROOT / "cases" / setting])
        out[setting] = loaded
    return out


@pytest.mark.parametrize("setting, text", list(examples()))
def test_example_resolves_and_comes_from_a_sample(samples, setting, text):
    loaded = samples[setting]
    users = [case for case in loaded.cases
             if any(squash(str(c.means)) == squash(text) for c in [*case.clues, *case.fixed_rules])]
    assert users, f"{text!r} is not used by any valid case in cases/{setting}"
    expr, problem = resolve_text(text, users[0].setting, users[0])
    assert problem is None, problem.text()


def kinds(node, out):
    if node is None or not hasattr(node, "kind"):
        if isinstance(node, list):
            for n in node:
                kinds(n, out)
        return out
    out.add(node.kind + (":" + node.op.split()[0] if node.kind in ("quantifier", "counting", "compare") else ""))
    for arg in node.args:
        kinds(arg, out)
    return out


def test_examples_cover_every_construct():
    seen = set()
    for _, text in examples():
        kinds(parse(text), seen)
    needed = {"and", "or", "not", "xor", "iff", "implies", "member", "has", "between", "bool_term", "attr",
              "at", "away", "together", "lies", "liars", "number", "holds", "counting:exactly", "counting:at",
              "quantifier:all", "quantifier:no", "quantifier:any", "compare:==", "compare:!=", "compare:<",
              "compare:<=", "compare:>", "arith"}
    assert needed <= seen, f"constructs without an example: {sorted(needed - seen)}"


API_DOC = ROOT / "docs" / "api.md"


@pytest.mark.parametrize("number, code", list(enumerate(re.findall(r"```python\n(.*?)```", API_DOC.read_text(), re.S))))
def test_api_examples_run(number, code, monkeypatch):
    """docs/api.md's examples run as written, from the repository's root (their asserts hold)."""
    monkeypatch.chdir(ROOT)
    exec(compile(code, f"{API_DOC}:example {number + 1}", "exec"), {})
