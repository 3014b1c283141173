"""Load YAML with a source position on every node.

Mappings load as `LocDict`, sequences as `LocList`, strings as `LocStr`; each knows
where it came from, so later stages can point at the exact line and column.
Hostile input (binary, huge, alias bombs, deep nesting, duplicate keys) becomes a
`CasetoolError`, never a traceback.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import yaml

from ..diagnostics import CasetoolError, Diagnostic, Pos, error

MAX_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 64
MAX_EXPANDED_NODES = 200_000


class LocStr(str):
    pos: Pos
    style: str | None
    source_lines: list[str]

    def pos_at(self, offset: int) -> Pos:
        """Position in the file of character `offset` of this string's value."""
        if self.style in ("|", ">"):
            return self._block_pos(offset)
        line, col = self.pos.line, self.pos.col + (1 if self.style in ("'", '"') else 0)
        before = self[:offset]
        if "\n" in before:
            return Pos(self.pos.file, line + before.count("\n"), 1 + self._indent(line + before.count("\n")) + len(before.rsplit("\n", 1)[1]))
        return Pos(self.pos.file, line, col + offset)

    def _indent(self, line: int) -> int:
        if 0 < line <= len(self.source_lines):
            text = self.source_lines[line - 1]
            return len(text) - len(text.lstrip(" "))
        return 0

    def _block_pos(self, offset: int) -> Pos:
        before = self[:offset]
        line = self.pos.line + 1 + before.count("\n")
        indent = self._indent(line)
        return Pos(self.pos.file, line, indent + 1 + len(before.rsplit("\n", 1)[-1]))


class LocDict(dict):
    pos: Pos
    key_pos: dict
    value_pos: dict
    # key -> (source text, what YAML read it as) for plain values YAML did not read as a
    # text (`010` is the number 8, `yes` is true): an id written so must be quoted.
    read_as: dict

    def pos_of(self, key) -> Pos:
        return self.value_pos.get(key, self.pos)


class LocList(list):
    pos: Pos
    item_pos: list
    read_as: dict  # index -> (source text, what YAML read it as), as LocDict.read_as


def _pos(path: str, mark) -> Pos:
    return Pos(path, mark.line + 1, mark.column + 1)


def read_text(path: Path, display: str) -> str:
    data = read_bounded(path, display)
    if b"\0" in data:
        raise CasetoolError(error(Pos(display), "E003", "file is binary, not YAML text",
                                  "point casetool at .yaml case files"))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise CasetoolError(error(Pos(display, line, col), "E003",
                                  "file is not valid UTF-8 text", "save the file as UTF-8")) from None


def read_bounded(path: Path, display: str) -> bytes:
    """The bytes of a regular file of at most MAX_BYTES.

    st_size says nothing about a FIFO or a device (it is 0 there), and opening a FIFO
    waits for a writer: so the file is opened without blocking, refused unless fstat says
    it is a regular file, and read only up to the limit plus one byte.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise CasetoolError(error(Pos(display), "E001", f"cannot read file: {exc.strerror}")) from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise CasetoolError(error(Pos(display), "E005", "not a regular file (a pipe, device or socket)",
                                      "name a .yaml case file"))
        try:
            data = f.read(MAX_BYTES + 1)
        except OSError as exc:
            raise CasetoolError(error(Pos(display), "E001", f"cannot read file: {exc.strerror}")) from None
    if len(data) > MAX_BYTES:
        raise CasetoolError(too_large(display, max(info.st_size, len(data))))
    return data


def too_large(display: str, size: int) -> Diagnostic:
    """E002 for a text of `size` bytes, over MAX_BYTES (a file, or an editor's buffer)."""
    return error(Pos(display), "E002",
                 f"file is too large ({size / 1e6:.1f} MB; the limit is {MAX_BYTES // 1024 // 1024} MB)",
                 "split the casebook into one file per case")


def load_yaml(path: Path, display: str | None = None):
    """Load one YAML document from `path`, positions included."""
    display = display or str(path)
    text = read_text(path, display)
    return load_yaml_text(text, display)


def load_yaml_text(text: str, display: str):
    if not text.strip() or all(ln.lstrip().startswith("#") or not ln.strip() for ln in text.splitlines()):
        raise CasetoolError(error(Pos(display), "E004", "file is empty",
                                  "write a setting, casebook or case document here"))
    node = _compose(text, display)
    _check_size(node, display)
    return _Builder(display, text.splitlines()).build(node, 0)


# libyaml composes 20-30x faster than PyYAML's Python parser (most of a small check's load),
# with the same nodes and marks. It recurses in C with no limit, and a deep enough nesting
# crashes the process, so it is used only below this bound on the depth a text can have.
_C_LOADER = getattr(yaml, "CSafeLoader", None)
_C_DEPTH_BOUND = 2000
_NESTING = str.maketrans("", "", "".join(ch for ch in map(chr, range(128)) if ch not in "[{-?:"))


def _depth_bound(text: str) -> int:
    """More than any nesting `text` can have: each level needs an indent, a bracket, or a
    `-`, `?` or `:` indicator, and indents can only deepen by one level a line."""
    return len(text.translate(_NESTING)) + text.count("\n") + 1


def _compose_fast(text: str) -> list | None:
    """The nodes as libyaml composes them; None when it cannot be used or finds an error (PyYAML
    then composes again, for its messages and its depth check)."""
    if _C_LOADER is None or _depth_bound(text) > _C_DEPTH_BOUND:
        return None
    try:
        return list(yaml.compose_all(text, Loader=_C_LOADER))
    except (yaml.YAMLError, RecursionError, ValueError):
        return None


def _compose(text: str, display: str):
    try:
        nodes = _compose_fast(text)
        if nodes is None:
            nodes = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = _pos(display, mark) if mark else Pos(display)
        raise CasetoolError(error(pos, "E010", _yaml_message(exc, text, mark))) from None
    except yaml.YAMLError as exc:
        raise CasetoolError(error(Pos(display), "E010", f"invalid YAML: {exc}")) from None
    except RecursionError:
        raise CasetoolError(error(Pos(display), "E012", "document is nested too deeply",
                                  f"keep nesting under {MAX_DEPTH} levels")) from None
    nodes = [n for n in nodes if n is not None]
    if not nodes:
        raise CasetoolError(error(Pos(display), "E004", "file is empty"))
    if len(nodes) > 1:
        raise CasetoolError(error(_pos(display, nodes[1].start_mark), "E011",
                                  "more than one YAML document in the file", "put each case in a file of its own"))
    return nodes[0]


def _yaml_message(exc: yaml.MarkedYAMLError, text: str, mark) -> str:
    problem = exc.problem or "invalid YAML"
    if mark is not None:
        lines = text.splitlines()
        if mark.line < len(lines) and "\t" in lines[mark.line][: mark.column + 1]:
            return "tab character in indentation; YAML indents with spaces only (replace the tab with spaces)"
    if "\t" in problem or "'\\t'" in problem:
        return "tab character in indentation; YAML indents with spaces only (replace the tab with spaces)"
    context = f" {exc.context}" if exc.context else ""
    if "mapping values are not allowed" in problem:
        return f"invalid YAML: {problem}; a text that contains ': ' must be put in quotes"
    return f"invalid YAML: {problem}{context}"


def _check_size(root, display: str) -> None:
    """Reject alias bombs: count nodes as if every alias were expanded."""
    memo: dict[int, int] = {}
    stack = [(root, 0, False)]
    while stack:
        node, depth, done = stack.pop()
        if depth > MAX_DEPTH:
            raise CasetoolError(error(_pos(display, node.start_mark), "E012",
                "document is nested too deeply", f"keep nesting under {MAX_DEPTH} levels"))
        if id(node) in memo:
            continue
        children = _children(node)
        if not done:
            stack.append((node, depth, True))
            stack.extend((c, depth + 1, False) for c in children if id(c) not in memo)
            continue
        memo[id(node)] = 1 + sum(memo.get(id(c), 1) for c in children)
        if memo[id(node)] > MAX_EXPANDED_NODES:
            raise CasetoolError(error(_pos(display, node.start_mark), "E013",
                "YAML aliases expand to too many nodes (an alias bomb?)",
                "use fewer nested aliases (&anchor / *alias)"))


def _children(node) -> list:
    if isinstance(node, yaml.MappingNode):
        return [x for pair in node.value for x in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


class _Builder:
    def __init__(self, display: str, lines: list[str]):
        self.display = display
        self.lines = lines

    def build(self, node, depth: int):
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, depth)
        if isinstance(node, yaml.SequenceNode):
            out = LocList(self.build(v, depth + 1) for v in node.value)
            out.pos = _pos(self.display, node.start_mark)
            out.item_pos = [_pos(self.display, v.start_mark) for v in node.value]
            out.read_as = {i: r for i, r in enumerate(map(_read_as, node.value)) if r}
            return out
        return self._scalar(node)

    def _mapping(self, node, depth: int) -> LocDict:
        out = LocDict()
        out.pos = _pos(self.display, node.start_mark)
        out.key_pos, out.value_pos, out.read_as = {}, {}, {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise CasetoolError(error(_pos(self.display, key_node.start_mark), "E014",
                                          "merge keys (<<) are not supported", "write the keys out"))
            key = self._scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            kpos = _pos(self.display, key_node.start_mark)
            if key is None or isinstance(key, (list, dict)):
                raise CasetoolError(error(kpos, "E014", "mapping keys must be plain names"))
            key = str(key) if not isinstance(key, str) else key
            if key in out:
                first = out.key_pos[key]
                raise CasetoolError(error(kpos, "E015",
                    f"duplicate key '{key}' (first defined at line {first.line})",
                    "remove or rename one of them"))
            out.key_pos[key] = kpos
            out.value_pos[key] = _pos(self.display, value_node.start_mark)
            out[key] = self.build(value_node, depth + 1)
            if _read_as(value_node):
                out.read_as[key] = _read_as(value_node)
        return out

    def _scalar(self, node):
        try:
            value = _typed(node)
        except (ValueError, KeyError, TypeError, OverflowError):  # `!!int x`, `!!bool maybe`
            kind = node.tag.rsplit(":", 1)[-1]
            raise CasetoolError(error(_pos(self.display, node.start_mark), "E016",
                                      f"'{node.value}' is not a valid !!{kind} value",
                                      f"remove the !!{kind} tag or write a valid {kind}")) from None
        if value is None or not isinstance(value, str):
            return value
        out = LocStr(value)
        out.pos = _pos(self.display, node.start_mark)
        out.style = node.style or None   # libyaml says '' for plain, PyYAML None
        out.source_lines = self.lines
        return out


def _typed(node):
    """The scalar's value: None, bool, int or float as its tag says, else its text.

    Dates (`!!timestamp`) stay text: a case's dates are words printed in the story.
    """
    tag = node.tag
    if tag.endswith(":null"):
        return None
    if tag.endswith(":bool"):
        return _CONSTRUCTOR.construct_yaml_bool(node)
    if tag.endswith(":int"):
        return _CONSTRUCTOR.construct_yaml_int(node)
    if tag.endswith(":float"):
        return _CONSTRUCTOR.construct_yaml_float(node)
    return yaml.SafeLoader.construct_scalar(_CONSTRUCTOR, node)


READ_AS = {"bool": "true/false", "int": "a number", "float": "a number", "timestamp": "a date"}


def _read_as(node) -> tuple[str, str] | None:
    """(source text, 'a number' / 'true/false' / 'a date') for an unquoted scalar that
    YAML 1.1 does not read as a text; None otherwise (texts, empty values, containers)."""
    if not isinstance(node, yaml.ScalarNode) or node.style:
        return None
    kind = READ_AS.get(node.tag.rsplit(":", 1)[-1])
    return (node.value, kind) if kind else None


_CONSTRUCTOR = yaml.SafeLoader("")


def plain(value):
    """Loader nodes (positioned dicts, lists and strings) as plain dicts, lists and strings."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value
