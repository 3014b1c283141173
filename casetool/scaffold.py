"""Scaffolds for `casetool new`: a case (or a whole setting) with every section present."""

from __future__ import annotations

import json
import os
import re
from importlib import resources
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined

from .load.model import Character, Setting

# The schemas an editor reads for a casebook outside casetool's own repository: a copy in
# the casebook folder, so the `$schema` path resolves wherever the casebook's repository is
# cloned (an installed package's path would differ per machine and per virtualenv).
SCHEMA_DIR = ".casetool/schemas"
KINDS = ("setting", "case", "casebook")


def _yaml_quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid YAML scalar


def _env() -> Environment:
    env = Environment(loader=PackageLoader("casetool.templates", "scaffold"),
                      undefined=StrictUndefined, keep_trailing_newline=True, autoescape=False)
    env.filters["yq"] = _yaml_quote
    return env


def package_schema(kind: str) -> bytes:
    return resources.files("casetool.schemas").joinpath(f"{kind}.schema.json").read_bytes()


def _repository_schema(folder: Path, kind: str) -> str | None:
    """Inside the tree casetool runs from (its own repository, installed editable): the
    relative path to the package's schema there. Decided from paths alone: nothing outside
    the casebook folder and the package is read."""
    shipped = resources.files("casetool.schemas").joinpath(f"{kind}.schema.json")
    if not isinstance(shipped, os.PathLike):
        return None  # a zipped install: no file to point at
    shipped = Path(shipped).resolve()
    if shipped.parent.parent not in [folder.resolve(), *folder.resolve().parents]:
        return None
    return os.path.relpath(shipped, folder.resolve())


def schema_ref(folder: Path, kind: str) -> str:
    """The `$schema` path, relative to a file in `folder`."""
    return _repository_schema(folder, kind) or f"{SCHEMA_DIR}/{kind}.schema.json"


def schema_files(folder: Path) -> dict[Path, bytes]:
    """The schema copies the casebook's `$schema` lines point at (none inside casetool's repository).

    `casetool new` rewrites them each time, so they follow the installed casetool."""
    return {folder / SCHEMA_DIR / f"{kind}.schema.json": package_schema(kind)
            for kind in KINDS if _repository_schema(folder, kind) is None}


def write_schemas(folder: Path) -> None:
    """Write the schema copies of `folder` (schema_files) that are missing or out of date:
    for `casetool new`, and for `casetool generate` writing into a folder."""
    from .files import write_atomic
    for path, data in schema_files(folder).items():
        if not path.exists() or path.read_bytes() != data:
            write_atomic(path, data)


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:50] or "untitled"


def example_for(setting: Setting, ch: Character) -> str:
    if ch.role == "inspector":
        witness = next((c.id for c in setting.characters.values() if c.may_lie), None)
        return f"lies({witness})" if witness else "liars == 0"
    if ch.role == "locator":
        cat = setting.categories[setting.answer[-1]]
        return f"{cat.id} == {cat.items[0].id}"
    return example(setting)


def example(setting: Setting) -> str:
    culprit = setting.categories[setting.culprit]
    for attr in culprit.attributes.values():
        if attr.kind == "enum":
            return f"{culprit.id}.{attr.id} == {attr.values[0]}"
        if attr.kind == "set":
            return f"{culprit.id}.{attr.id} has {attr.values[0]}"
    return f"{culprit.id} != {culprit.items[0].id}"


def case_text(setting: Setting, folder: Path, number: int, title: str, path: str) -> str:
    speakers = [c for c in setting.characters.values() if c.role != "narrator"]
    return _env().get_template("case.yaml.j2").render(
        schema=schema_ref(folder, "case"), setting=setting, number=number, title=title, path=path,
        speakers=speakers, answer=[setting.categories[c] for c in setting.answer],
        example=example(setting), example_for=lambda ch: example_for(setting, ch))


def setting_text(folder: Path, setting_id: str, title: str) -> str:
    return _env().get_template("setting.yaml.j2").render(
        schema=schema_ref(folder, "setting"), id=setting_id, title=title, folder=str(folder))


def casebook_text(folder: Path, setting_id: str, title: str) -> str:
    return _env().get_template("casebook.yaml.j2").render(
        schema=schema_ref(folder, "casebook"), id=setting_id, title=title)
