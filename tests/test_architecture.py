"""docs/architecture.md is the map of the package, and the import graph keeps to it: imports
run down the layers only, no module takes part in an import circle, no module passes 600
lines, and every package and top-level module has a row (issue 28)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "casetool"
PAGE = ROOT / "docs" / "architecture.md"
MAX_LINES = 600


def layers(text: str) -> dict[str, int]:
    """The page's table: module prefix -> rank."""
    table = text.split("<!-- layers:", 1)[1]
    ranks = {}
    for rank, modules in re.findall(r"^\|\s*(\d+)\s*\|([^|]*)\|", table, re.M):
        for name in re.findall(r"`([\w.]+)`", modules):
            ranks[name] = int(rank)
    return ranks


LAYERS = layers(PAGE.read_text())


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The casetool modules `path` imports (a name imported from a package counts as the
    submodule when there is one, else as the package)."""
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            stem = ".".join(base + (node.module.split(".") if node.module else []))
            targets = [f"{stem}.{a.name}" if _is_module(f"{stem}.{a.name}") else stem for a in node.names]
        else:
            continue
        found |= {t for t in targets if t.split(".")[0] == "casetool"}
    return found - {module_name(path)}


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
GRAPH = {name: imports(path) for name, path in MODULES.items()}


def rank_of(name: str) -> int | None:
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        if prefix in LAYERS:
            return LAYERS[prefix]
    return None


def test_every_package_and_top_level_module_has_a_row():
    tops = {module_name(p) for p in PACKAGE.glob("*.py")}
    tops |= {f"casetool.{p.name}" for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    unnamed = sorted(t for t in tops if t not in LAYERS)
    assert not unnamed, f"docs/architecture.md's layer table does not name {unnamed}: give each a row"


def test_every_row_names_something_that_exists():
    gone = sorted(name for name in LAYERS if not _is_module(name))
    assert not gone, f"docs/architecture.md names modules that do not exist: {gone}"


def test_imports_run_down_the_layers():
    upward = sorted(f"{src} (rank {rank_of(src)}) imports {dst} (rank {rank_of(dst)})"
                    for src, dsts in GRAPH.items() for dst in dsts
                    if rank_of(dst) is not None and rank_of(dst) > rank_of(src))
    assert not upward, "imports from a lower layer to a higher one:\n" + "\n".join(upward)


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle():
    assert circles(GRAPH) == []


def test_the_circle_finder_finds_one():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_passes_600_lines():
    long = sorted(f"{name}: {n} lines" for name, path in MODULES.items()
                  if (n := len(path.read_text().splitlines())) > MAX_LINES)
    assert not long, "split these by job (docs/architecture.md):\n" + "\n".join(long)


# Every command is a thin layer over casetool.api (issue 28 item 6): a command module imports
# the api, its sibling command modules (edge.py's exit codes, _cases.py, progress.py) and the
# Diagnostic type, and nothing else of casetool below the api. The front ends above the api
# (the LSP, the live preview) are what `casetool lsp` and `casetool serve` start.
COMMANDS_MAY_IMPORT = ("casetool.api", "casetool.commands", "casetool.diagnostics")


def below_the_api(graph: dict[str, set[str]]) -> list[str]:
    """Each import of a command module that is neither on the allow-list nor above the api."""
    top = LAYERS["casetool.api"]
    return sorted(f"{src} imports {dst}" for src, dsts in graph.items()
                  if src == "casetool.commands" or src.startswith("casetool.commands.")
                  for dst in dsts
                  if not any(dst == ok or dst.startswith(ok + ".") for ok in COMMANDS_MAY_IMPORT)
                  and (rank_of(dst) is None or rank_of(dst) <= top))


def test_commands_import_nothing_below_the_api():
    found = below_the_api(GRAPH)
    assert not found, ("a command reaches past casetool.api; move the work into an api function "
                       "(docs/api.md) and call that:\n" + "\n".join(found))


def test_the_command_rule_finds_an_import_below_the_api():
    graph = {"casetool.commands.x": {"casetool.api", "casetool.commands.edge", "casetool.diagnostics",
                                     "casetool.lsp.server", "casetool.explain.pacing", "casetool.report"},
             "casetool.api.cases": {"casetool.solver.check"}}
    assert below_the_api(graph) == ["casetool.commands.x imports casetool.explain.pacing",
                                    "casetool.commands.x imports casetool.report"]
