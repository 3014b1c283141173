"""JSON Schema validation whose errors point at the offending YAML node.

A document the generated validator accepts (schema_valid.py) is valid as it stands; only
one it rejects is read again by jsonschema, imported then, for the errors and their wording."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from ..diagnostics import Diagnostic, Pos, did_you_mean, error
from .loader import LocDict, LocList
from .schema_valid import accepts

KINDS = ("setting", "case", "casebook")


@lru_cache(maxsize=None)
def load_schema(kind: str) -> dict:
    text = resources.files("casetool.schemas").joinpath(f"{kind}.schema.json").read_text()
    return json.loads(text)


@lru_cache(maxsize=None)
def _validator(kind: str):
    import jsonschema  # about 50 ms: paid only for a document with a mistake in it

    schema = load_schema(kind)
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def validate(document, kind: str, file: str) -> list[Diagnostic]:
    errors = [] if accepts(document, kind) else _schema_errors(document, kind, file)
    return _drop_misspelt_required(errors) + _ids_read_as_dates(document)


def _schema_errors(document, kind: str, file: str) -> list[Diagnostic]:
    from jsonschema.exceptions import best_match

    errors = []
    for err in _validator(kind).iter_errors(document):
        if err.context:
            err = best_match(err.context)
        errors.append(_diagnostic(err, document, file, kind))
    return errors


def _ids_read_as_dates(node) -> list[Diagnostic]:
    """`id: 2024-01-01` passes the schema (dates load as text) but is no name: PyYAML
    and ruamel.yaml (`wheels --write`) would read it differently. Ids must be quoted."""
    out: list[Diagnostic] = []
    stack: list[tuple[object, list]] = [(node, [])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, LocDict):
            source, kind = node.read_as.get("id", (None, None))
            if kind == "a date":
                out.append(_quote_it(node.pos_of("id"), _where(path + ["id"]), source, kind))
            stack.extend((v, path + [k]) for k, v in node.items())
        elif isinstance(node, LocList):
            stack.extend((v, path + [i]) for i, v in enumerate(node))
    return sorted(out)


def _quote_it(pos: Pos, where: str, source: str, kind: str) -> Diagnostic:
    return error(pos, "S003", f"{where} is {source}, which YAML reads as {kind}, not as a name",
                 f"put it in quotes: '{source}'")


def _read_as(document, path) -> tuple[str, str] | None:
    """How YAML read the plain value at `path`, when not as a text (see LocDict.read_as)."""
    if not path:
        return None
    try:
        parent = _walk(document, path[:-1])
    except (KeyError, IndexError, TypeError):
        return None
    return getattr(parent, "read_as", {}).get(path[-1])


def _drop_misspelt_required(errors: list[Diagnostic]) -> list[Diagnostic]:
    """`stroy:` is one mistake, not two: keep "unknown key (did you mean 'story'?)" only."""
    meant = {(e.message.split("did you mean '")[1].split("'")[0]) for e in errors
             if e.code == "S002" and "did you mean '" in e.message}
    return [e for e in errors if not (e.code == "S001" and e.message.split("'")[1] in meant)]


def _node_pos(document, path, file: str) -> Pos:
    node, pos = document, getattr(document, "pos", Pos(file))
    for key in path:
        if isinstance(node, LocDict) and key in node:
            pos = node.value_pos.get(key, pos)
        elif isinstance(node, LocList) and isinstance(key, int) and key < len(node):
            pos = node.item_pos[key]
        else:
            break
        node = node[key]
    return pos


def _where(path) -> str:
    return ".".join(str(p) for p in path) or "the document"


def _diagnostic(err, document, file: str, kind: str) -> Diagnostic:
    path = list(err.absolute_path)
    pos = _node_pos(document, path, file)
    where = _where(path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = list(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        node = _walk(document, path)
        if extra and isinstance(node, LocDict):
            key = extra[0]
            return error(node.key_pos.get(key, pos), "S002",
                         f"unknown key '{key}' in {where}{did_you_mean(key, allowed)}",
                         f"allowed keys: {', '.join(allowed)}")
    if err.validator == "required":
        missing = err.message.split("'")[1] if "'" in err.message else err.message
        return error(pos, "S001", f"missing required key '{missing}' in {where if path else 'the ' + kind}",
                     _required_hint(err.schema, missing))
    if err.validator == "type":
        want = err.validator_value if isinstance(err.validator_value, str) else " or ".join(err.validator_value)
        read_as = _read_as(document, path)
        if "string" in want and read_as:  # `id: 010`, `title: yes`: meant as text
            return _quote_it(pos, where, *read_as)
        return error(pos, "S003", f"{where} should be {_article(want)}, not {_describe(err.instance)}")
    if err.validator == "enum":
        options = ", ".join(map(str, err.validator_value))
        return error(pos, "S004", f"{where} is {err.instance!r}; expected one of: {options}"
                     f"{did_you_mean(str(err.instance), map(str, err.validator_value))}")
    if err.validator == "pattern":
        return error(pos, "S005", f"{where}: {err.instance!r} is not a valid id",
                     "use lower-case letters, digits and _ , starting with a letter")
    if err.validator == "propertyNames":
        return error(pos, "S005", f"{where}: key {err.instance!r} is not a valid id",
                     "use lower-case letters, digits and _ , starting with a letter")
    return error(pos, "S000", f"{where}: {err.message}")


def _walk(document, path):
    node = document
    for key in path:
        node = node[key]
    return node


def _required_hint(schema: dict, key: str) -> str:
    desc = schema.get("properties", {}).get(key, {}).get("description", "")
    return f"add `{key}:`, {desc[0].lower()}{desc[1:].rstrip('.')}" if desc else f"add `{key}:`"


def _article(word: str) -> str:
    names = {"object": "a mapping", "array": "a list", "string": "a text", "integer": "a whole number",
             "boolean": "true or false", "string or integer": "a name or a number"}
    return names.get(word, f"a {word}")


def _describe(value) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int):
        return f"the number {value}"
    return f"the text {str(value)[:40]!r}"
