"""textDocument/documentSymbol: the outline of a case (the case, its clues by id and
speaker, the solution) or of a setting (its categories with their items, its
characters), as Inky and Yarn Spinner show a story's structure.

The ranges come from the YAML nodes' start and end marks (PyYAML's composer: the loaded
document keeps where a value starts, not where it ends). The buffer is composed again
only once the loader has accepted it, so the hostile cases are already refused.
"""

from __future__ import annotations

import yaml
from lsprotocol import types

from .documents import Analysis
from .positions import Lines

Kind = types.SymbolKind


def outline(analysis: Analysis, lines: Lines) -> list[types.DocumentSymbol]:
    if analysis.doc is None or analysis.kind not in ("case", "setting"):
        return []
    root = yaml.compose(analysis.text, Loader=yaml.SafeLoader)
    if not isinstance(root, yaml.MappingNode):
        return []
    if analysis.kind == "setting":
        return [s for s in (_categories(root, lines), _characters(root, lines)) if s]
    return [_case(root, lines)]


# ---- a case -------------------------------------------------------------------------------
def _case(root: yaml.MappingNode, lines: Lines) -> types.DocumentSymbol:
    number, title = _scalar(root, "case"), _scalar(root, "title")
    name = f"case {number}" if number else "case"
    children = [_clue(i, item, lines) for i, item in enumerate(_items(_value(root, "clues")))]
    solution = _pair(root, "solution")
    if solution is not None:
        children.append(_symbol("solution", Kind.Key, lines, solution[0], solution[1], _answer(solution[1])))
    key = _pair(root, "case")
    return _symbol(name, Kind.Module, lines, key[0] if key else root, root, title, children)


def _clue(index: int, item: yaml.Node, lines: Lines) -> types.DocumentSymbol:
    clue_id = _value(item, "id")
    name = clue_id.value if isinstance(clue_id, yaml.ScalarNode) and clue_id.value else f"clue {index + 1}"
    return _symbol(name, Kind.Event, lines, clue_id or item, item, _scalar(item, "speaker"))


def _answer(node: yaml.Node) -> str:
    """'suspect plum, scene fair; liars: white', as the check's ok note reads."""
    if not isinstance(node, yaml.MappingNode):
        return ""
    parts = [f"{k.value} {v.value}" for k, v in node.value
             if isinstance(v, yaml.ScalarNode) and k.value not in ("text", "liars")]
    liars = [n.value for n in _items(_value(node, "liars")) if isinstance(n, yaml.ScalarNode)]
    return ", ".join(parts) + (f"; liars: {', '.join(liars)}" if liars else "")


# ---- a setting ----------------------------------------------------------------------------
def _categories(root: yaml.MappingNode, lines: Lines) -> types.DocumentSymbol | None:
    found = _pair(root, "categories")
    if found is None:
        return None
    children = []
    for key, category in _mapping(found[1]):
        items = [_symbol(k.value, Kind.EnumMember, lines, k, v, _scalar(v, "name"))
                 for k, v in _mapping(_value(category, "items"))]
        children.append(_symbol(key.value, Kind.Enum, lines, key, category, _scalar(category, "label"), items))
    return _symbol("categories", Kind.Namespace, lines, found[0], found[1], "", children)


def _characters(root: yaml.MappingNode, lines: Lines) -> types.DocumentSymbol | None:
    found = _pair(root, "characters")
    if found is None:
        return None
    children = [_symbol(k.value, Kind.Object, lines, k, v, ", ".join(filter(None, (_scalar(v, "name"), _scalar(v, "role")))))
                for k, v in _mapping(found[1])]
    return _symbol("characters", Kind.Namespace, lines, found[0], found[1], "", children)


# ---- YAML nodes ---------------------------------------------------------------------------
def _mapping(node: yaml.Node | None) -> list[tuple[yaml.ScalarNode, yaml.Node]]:
    if not isinstance(node, yaml.MappingNode):
        return []
    return [(k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value]


def _items(node: yaml.Node | None) -> list[yaml.Node]:
    return list(node.value) if isinstance(node, yaml.SequenceNode) else []


def _pair(node: yaml.Node, key: str) -> tuple[yaml.ScalarNode, yaml.Node] | None:
    return next(((k, v) for k, v in _mapping(node) if k.value == key), None)


def _value(node: yaml.Node | None, key: str) -> yaml.Node | None:
    found = _pair(node, key) if node is not None else None
    return found[1] if found else None


def _scalar(node: yaml.Node, key: str) -> str:
    value = _value(node, key)
    return value.value if isinstance(value, yaml.ScalarNode) else ""


def _symbol(name: str, kind: types.SymbolKind, lines: Lines, head: yaml.Node, body: yaml.Node,
            detail: str = "", children: list[types.DocumentSymbol] | None = None) -> types.DocumentSymbol:
    """A symbol named at `head` (a key, an id) that spans `head` and `body` (a key's value,
    or the clue whose id `head` is)."""
    start = min((head.start_mark, body.start_mark), key=lambda m: m.index)
    return types.DocumentSymbol(
        name=name, kind=kind, detail=detail or None, children=children,
        range=types.Range(_at(lines, start), _at(lines, body.end_mark)),
        selection_range=types.Range(_at(lines, head.start_mark), _at(lines, head.end_mark)))


def _at(lines: Lines, mark: yaml.Mark) -> types.Position:
    return lines.to_client(mark.line, mark.column)
