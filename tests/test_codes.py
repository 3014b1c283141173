"""The diagnostic-code registry: every code the package writes is registered, once, and documented."""

import ast
import re
from pathlib import Path

from casetool import codes

from cli_support import run

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "casetool"
CODE = re.compile(r"^[A-Z]\d{3}$")


def _codes_in_source() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "codes.py" and path.parent == PACKAGE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.match(node.value):
                found.setdefault(node.value, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_code_written_in_the_package_is_registered():
    unregistered = {c: where for c, where in _codes_in_source().items() if c not in codes.REGISTRY}
    assert not unregistered


def test_every_registered_code_is_written_somewhere():
    used = _codes_in_source()
    assert sorted(set(codes.REGISTRY) - set(used)) == []


def test_each_code_is_registered_once_with_a_meaning():
    assert len(codes._CODES) == len(codes.REGISTRY)
    assert all(c.meaning and c.code[0] in codes.FAMILIES for c in codes._CODES)


def test_the_docs_table_is_generated_from_the_registry():
    assert (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8") == codes.markdown()


def test_codes_command_explains_a_code_and_refuses_an_unknown_one():
    result = run("codes", "w001")
    assert result.exit_code == 0
    assert result.output.startswith("W001  a clue is redundant")
    assert run("codes", "Z999").exit_code == 2
