"""The printing layers (issue 15 item 2): the casebook (casetool.render) and the decoders
(casetool.decoders) share casetool.printing and never import each other; the printing
layer imports neither; `casetool wheels` and the preview server get the wheel facts from
the printing layer, not from the casebook's template context."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "casetool"


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, as absolute dotted names (relative imports resolved)."""
    names = {module for module, _ in imported_names(path)}
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
    return names


def offenders(layer: str, forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for module in sorted(imported_modules(path)):
            if any(module == f or module.startswith(f + ".") for f in forbidden):
                bad.append(f"{path.relative_to(ROOT)} imports {module}")
    return bad


@pytest.mark.parametrize("layer, forbidden", [
    ("render", ("casetool.decoders",)),
    ("decoders", ("casetool.render",)),
    ("printing", ("casetool.render", "casetool.decoders", "casetool.commands", "casetool.serve",
                  "casetool.playtest")),
])
def test_a_printing_layer_imports_no_layer_beside_or_above_it(layer, forbidden):
    assert offenders(layer, forbidden) == []


def imported_names(path: Path) -> set[tuple[str, str]]:
    """(module, name) for every `from module import name` in `path`."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1]).split(".")
    pairs = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            pairs |= {(module, a.name) for a in node.names}
    return pairs


def test_no_command_takes_the_wheel_facts_from_the_casebook_templates():
    """`casetool wheels`, the preview server and playtest used render.context.wheel_characters."""
    bad = [f"{path.relative_to(ROOT)} imports {name} from {module}"
           for path in sorted(PACKAGE.rglob("*.py")) if "render" not in path.relative_to(PACKAGE).parts
           for module, name in sorted(imported_names(path))
           if module.startswith("casetool.render") and name in ("wheel_characters", "value_text", "on_notepad")]
    assert bad == []


def test_the_import_reader_resolves_relative_imports():
    """The checks above are only as good as this: `from ..decoders.timed import x` inside
    casetool/render/ must read as casetool.decoders.timed."""
    probe = PACKAGE / "render" / "context.py"
    assert "casetool.load.model" in imported_modules(probe)
    assert "casetool.printing.book" in imported_modules(probe)
