"""load/schema_valid: the shipped validators are those of the schemas in the package, they never
accept a document jsonschema rejects, and one that no longer fits its schema is never used."""

from __future__ import annotations

import copy
import functools
from pathlib import Path

import jsonschema
import pytest
from casetool.diagnostics import CasetoolError
from casetool.load import schema, schema_valid
from casetool.load.loader import load_yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tiers import examples

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"


def _kind(path: Path) -> str:
    return path.stem if path.stem in ("setting", "casebook") else "case"


def _documents():
    for path in sorted([*(ROOT / "cases").rglob("*.yaml"), *(ROOT / "tests" / "fixtures").rglob("*.yaml")]):
        try:
            yield path, _kind(path), load_yaml(path)
        except CasetoolError:
            continue  # not YAML at all: the schema never sees it


def _plain(node):
    """The document as plain dicts and lists: what both validators are shown."""
    if isinstance(node, dict):
        return {k: _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    return node


@functools.cache
def _jsonschema(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema.load_schema(kind))


def _jsonschema_valid(document, kind: str) -> bool:
    return _jsonschema(kind).is_valid(document)


DOCUMENTS = list(_documents())
VALID = [(path, kind, doc) for path, kind, doc in DOCUMENTS if _jsonschema_valid(doc, kind)]
PLAIN = [(_plain(doc), kind) for _, kind, doc in DOCUMENTS]   # valid and invalid, to mutate


@pytest.mark.parametrize("kind", schema_valid.KINDS)
def test_the_shipped_validators_are_those_of_these_schemas(kind):
    shipped = (SCHEMAS / f"{kind}_valid.py").read_text()
    fresh = schema_valid.code(kind)
    rewrite = f"{kind}.schema.json changed: run `python -m casetool.load.schema_valid` and commit schemas/*_valid.py"
    assert shipped.splitlines()[3] == fresh.splitlines()[3], rewrite   # SCHEMA_SHA256 = "..."
    if shipped.splitlines()[4] == fresh.splitlines()[4]:                # VERSION: the same fastjsonschema
        assert shipped == fresh, rewrite


def test_every_valid_document_in_the_repository_is_accepted_without_jsonschema():
    assert {kind for _, kind, _ in VALID} == set(schema_valid.KINDS)
    refused = [str(p) for p, kind, doc in VALID if not schema_valid.accepts(doc, kind)]
    assert not refused, f"the generated validators refuse valid documents (no speed-up for them): {refused}"


VALUES = [None, True, False, 0, 1, -1, 2.5, 1.0, "", "a", "Plum", "2024-01-01", "a b", "a\n",
          [], ["a"], [1], {}, {"a": 1}, {"id": "a"}, ("a",), ()]  # a tuple is no JSON array


def _mutate(document, data) -> None:
    """One change at a random place: a value replaced, a key removed or added, a list item doubled."""
    node = document
    for _ in range(data.draw(st.integers(0, 6))):
        children = list(node.values()) if isinstance(node, dict) else node if isinstance(node, list) else []
        inner = [c for c in children if isinstance(c, (dict, list))]
        if not inner:
            break
        node = data.draw(st.sampled_from(inner))
    change = data.draw(st.sampled_from(["replace", "remove", "add", "double"]))
    if isinstance(node, dict) and node and change in ("replace", "remove"):
        key = data.draw(st.sampled_from(sorted(node)))
        if change == "remove":
            del node[key]
        else:
            node[key] = copy.deepcopy(data.draw(st.sampled_from(VALUES)))
    elif isinstance(node, dict):
        node[data.draw(st.sampled_from(["zzz", "id", "name", "title", "kind"]))] = copy.deepcopy(
            data.draw(st.sampled_from(VALUES)))
    elif isinstance(node, list) and node:
        at = data.draw(st.integers(0, len(node) - 1))
        node.append(copy.deepcopy(node[at]) if change == "double" else copy.deepcopy(data.draw(st.sampled_from(VALUES))))
        if change == "replace":
            node[at] = node.pop()


def _paths(node, path=()):
    yield path
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        yield from _paths(child, (*path, key))


_GONE = object()


def _at(document, path):
    for key in path:
        document = document[key]
    return document


def _wrongly_accepted(document, kind: str) -> bool:
    return schema_valid.accepts(document, kind) and not _jsonschema_valid(document, kind)


@pytest.mark.parametrize("kind", schema_valid.KINDS)
def test_no_single_change_to_a_valid_document_gets_past_the_generated_code_wrongly(kind):
    """Every node of the smallest valid document of each kind, replaced by each of VALUES or
    removed, and an unknown key added to every mapping: wherever the generated code accepts the
    result, jsonschema must too. (Changed in place and put back: copying a setting per change
    would cost seconds.)"""
    document = min((_plain(doc) for _, k, doc in VALID if k == kind), key=lambda d: len(repr(d)))
    wrong = []
    for path in [p for p in _paths(document) if p]:
        parent, key = _at(document, path[:-1]), path[-1]
        kept = parent[key]
        for value in [*VALUES, _GONE]:
            if value is _GONE and isinstance(parent, list):
                parent.pop(key)
            elif value is not _GONE:
                parent[key] = copy.deepcopy(value)
            else:
                del parent[key]
            if _wrongly_accepted(document, kind):
                wrong.append((path, value))
            if isinstance(parent, list) and value is _GONE:
                parent.insert(key, kept)
            else:
                parent[key] = kept
        if isinstance(kept, dict):
            kept["zzz"] = 1
            if _wrongly_accepted(document, kind):
                wrong.append(((*path, "zzz"), 1))
            del kept["zzz"]
    assert _jsonschema_valid(document, kind)  # every change was put back
    assert not wrong, f"the generated code accepts what jsonschema rejects: {wrong[:5]}"


@settings(max_examples=examples(500))  # the tier's share: a fifth in ci, all nightly
@given(st.data())
def test_the_generated_code_never_accepts_what_jsonschema_rejects(data):
    document, kind = copy.deepcopy(data.draw(st.sampled_from(PLAIN)))
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(document, data)
    if schema_valid.accepts(document, kind):
        assert _jsonschema_valid(document, kind), "the generated validator accepted an invalid document"


@pytest.fixture
def fresh_validators():
    """The validators judged again from schema_text, before and after: a test that changes
    the schema mid-process must not see (or leave behind) the cached judgement."""
    schema_valid.validator.cache_clear()
    yield
    schema_valid.validator.cache_clear()


def test_a_validator_for_another_schema_is_not_used(monkeypatch, fresh_validators):
    _, kind, document = VALID[0]
    assert schema_valid.accepts(document, kind)
    schema_valid.validator.cache_clear()
    monkeypatch.setattr(schema_valid, "schema_text", lambda kind: "{}")  # as if the schema were edited
    assert not schema_valid.accepts(document, kind)
    assert schema.validate(document, kind, "x.yaml") == []                # jsonschema decides instead


def test_each_schema_is_read_and_hashed_once_per_process(monkeypatch, fresh_validators):
    read = []
    text = schema_valid.schema_text
    monkeypatch.setattr(schema_valid, "schema_text", lambda kind: read.append(kind) or text(kind))
    for _, kind, document in VALID * 3:
        assert schema_valid.accepts(document, kind)
    assert sorted(read) == sorted(schema_valid.KINDS)


def test_a_rejected_document_gets_jsonschema_s_diagnostics(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text((ROOT / "tests" / "fixtures" / "mini" / "001-ok.yaml").read_text().replace("title:", "titel:", 1))
    document = load_yaml(path)
    assert not schema_valid.accepts(document, "case")
    found = schema.validate(document, "case", str(path))
    assert [d.code for d in found] == ["S002"] and "did you mean 'title'" in found[0].message
