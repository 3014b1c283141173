"""Write a case (or a casebook file) as commented YAML, byte for byte the same every time.

The text is emitted line by line from lists in a fixed order (never from a set or from
the order of an unordered mapping); every scalar is written plain when YAML reads it
back unchanged, else double-quoted; long texts are folded (`>-`), stories and solutions
are literal blocks. The result is read back and compared before it is returned.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TypedDict

import yaml

from ..load.model import Player

WIDTH = 88
PLAIN_FLOW = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_ .'-]*$")


class SuggestionDoc(TypedDict):
    """A card case's suggestion as the generator draws it and the case file writes it."""
    by: str                  # the player who asked
    cards: list[str]         # one card of each answer category
    passed: list[str]        # the players who had none of them
    shown_by: str | None     # the player who showed one (None: nobody could)
    shown: str | None        # the card shown, when you took part (else unseen)


@dataclass
class ClueDoc:
    id: str
    text: str
    means: str
    speaker: str | None = None
    kind: str | None = None
    wheel: int | None = None
    reveal: int | None = None
    comment: str = ""


@dataclass
class CaseDoc:
    number: int
    title: str
    setting: str
    story: str
    clues: list[ClueDoc]
    solution: dict[str, str]          # answer category -> item, in answer order
    solution_text: str
    liar_rule: str | None = None
    liars: list[str] | None = None
    difficulty: str | None = None
    date: str | None = None
    events: list[tuple[int, str]] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)
    suggestions: list[SuggestionDoc] = field(default_factory=list)
    header: list[str] = field(default_factory=list)       # comment lines at the top
    schema: str = "case.schema.json"
    unique: str | None = None                             # "world": check proves the whole world unique


def schema_line(kind: str, folder: Path | None) -> str:
    """The editor modeline for a file in `folder`, as `casetool new` writes it: the package's
    schema inside casetool's own repository, else the folder's copy in `.casetool/schemas`
    (scaffold.schema_files, which the caller writes). No folder: the installed schema."""
    if folder is None:
        target = Path(str(resources.files("casetool.schemas").joinpath(f"{kind}.schema.json")))
        return f"# yaml-language-server: $schema={target.as_posix()}"
    from ..scaffold import schema_ref
    return f"# yaml-language-server: $schema={Path(schema_ref(Path(folder), kind)).as_posix()}"


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load(text: str):
    return yaml.load(text, Loader=_Loader)


# ---- scalars ----------------------------------------------------------------------
def scalar(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _scalar_text(str(value))


@lru_cache(maxsize=65536)
def _scalar_text(text: str) -> str:
    """Plain when YAML reads it back as the same string, else double-quoted."""
    if text and text == text.strip() and text.isprintable():
        try:  # the loader casetool itself uses decides
            if yaml.load(f"k: {text}", Loader=yaml.SafeLoader) == {"k": text}:
                return text
        except yaml.YAMLError:
            pass
    return json.dumps(text, ensure_ascii=False)


def flow_scalar(value) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    return text if PLAIN_FLOW.match(text) and scalar(text) == text else json.dumps(text, ensure_ascii=False)


def flow_list(values) -> str:
    return "[" + ", ".join(flow_scalar(v) for v in values) + "]"


def text_field(key: str, value: str, indent: int) -> list[str]:
    """`key: value` for a one-paragraph text: inline when short, else folded."""
    pad = " " * indent
    value = " ".join(str(value).split())
    inline = f"{pad}{key}: {scalar(value)}"
    if len(inline) <= WIDTH:
        return [inline]
    lines = textwrap.wrap(value, WIDTH - indent - 2, break_long_words=False, break_on_hyphens=False)
    return [f"{pad}{key}: >-"] + [f"{pad}  {line}" for line in lines]


def block_field(key: str, value: str, indent: int) -> list[str]:
    """`key: |` with paragraphs wrapped; blank lines separate paragraphs."""
    pad = " " * indent
    out = [f"{pad}{key}: |"]
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", value.strip()) if p.strip()]
    for k, para in enumerate(paragraphs):
        if k:
            out.append("")
        out += [f"{pad}  {line}" for line in textwrap.wrap(para, WIDTH - indent - 2, break_long_words=False,
                                                             break_on_hyphens=False)]
    return out


def comment(text: str, indent: int = 0) -> list[str]:
    pad = " " * indent
    return [f"{pad}# {line}" if line else f"{pad}#" for line in
            (textwrap.wrap(text, WIDTH - indent - 2, break_long_words=False) or [""])]


# ---- a case ---------------------------------------------------------------------------
def case_yaml(doc: CaseDoc, schema: str) -> str:
    out = [schema]
    for line in doc.header:
        out += comment(line) if line else ["#"]
    out.append(f"case: {doc.number}")
    out += text_field("title", doc.title, 0)
    if doc.date:
        out += text_field("date", doc.date, 0)
    out.append(f"setting: {doc.setting}")
    if doc.difficulty:
        out.append(f"difficulty: {doc.difficulty}")
    out += ["# A story stub: rewrite it in your own words (the clues below do not depend on it)."]
    out += block_field("story", doc.story, 0)
    if doc.liar_rule:
        out.append(f"liar_rule: {doc.liar_rule}")
    if doc.unique:
        out.append(f"unique: {doc.unique}")
    out.append("clues:")
    if not doc.clues:
        out[-1] = "clues: []"
    for clue in doc.clues:
        if clue.comment:
            out += comment(clue.comment, 2)
        out.append(f"  - id: {scalar(clue.id)}")
        if clue.speaker:
            out.append(f"    speaker: {clue.speaker}")
        if clue.kind:
            out.append(f"    kind: {clue.kind}")
        out += text_field("text", clue.text, 4)
        out.append(f"    means: {scalar(clue.means)}")
        if clue.reveal is not None:
            out.append(f"    reveal: {clue.reveal}")
        if clue.wheel is not None:
            out.append(f"    wheel: {clue.wheel}")
    if doc.events:
        out.append("events:")
        for at, text in doc.events:
            out.append(f"  - at: {at}")
            out += text_field("text", text, 4)
    if doc.players:
        out.append("cards:")
        out.append("  players:")
        for p in doc.players:
            holds = f", holds: {flow_list(p.holds)}" if p.holds else ""
            out.append(f"    - {{id: {p.id}, name: {flow_scalar(p.name)}, hand: {p.hand}{holds}}}")
        if doc.suggestions:
            out.append("  suggestions:")
            for s in doc.suggestions:
                parts = [f"by: {s['by']}", f"cards: {flow_list(s['cards'])}"]
                if s.get("passed"):
                    parts.append(f"passed: {flow_list(s['passed'])}")
                if s.get("shown_by"):
                    parts.append(f"shown_by: {s['shown_by']}")
                if s.get("shown"):
                    parts.append(f"shown: {s['shown']}")
                out.append("    - {" + ", ".join(parts) + "}")
    out.append("solution:")
    for cid, item in doc.solution.items():
        out.append(f"  {cid}: {item}")
    if doc.liars is not None:
        out.append(f"  liars: {flow_list(doc.liars)}")
    out += ["  # The solution in the order a player reasons: rewrite it as the story's ending."]
    out += block_field("text", doc.solution_text, 2)
    text = "\n".join(out) + "\n"
    _verify(text, doc)
    return text


def _verify(text: str, doc: CaseDoc) -> None:
    """Read the text back: the fields must be what was meant (a writer bug fails loudly)."""
    data = _load(text)
    assert data["case"] == doc.number and data["title"] == " ".join(doc.title.split()), "title"
    for clue, back in zip(doc.clues, data["clues"], strict=True):
        assert back["means"] == clue.means, (back["means"], clue.means)
        assert back["text"] == " ".join(clue.text.split()), (back["text"], clue.text)
        assert str(back["id"]) == clue.id


# ---- a casebook file -------------------------------------------------------------------
def casebook_yaml(schema: str, book_id: str, title: str, setting: str, intro: str, cases: list[str], seed: int,
                  header: list[str]) -> str:
    out = [schema]
    for line in header:
        out += comment(line)
    out.append(f"casebook: {book_id}")
    out += text_field("title", title, 0)
    out.append(f"setting: {setting}")
    out += block_field("intro", intro, 0)
    out.append(f"seed: {seed}")
    out.append("cases:")
    out += [f"  - {scalar(name)}" for name in cases]
    return "\n".join(out) + "\n"


def with_schema_line(data: bytes, line: str) -> bytes:
    """A copy of a YAML file whose modeline (if any) is replaced by `line`."""
    text = data.decode("utf-8-sig")
    lines = text.split("\n")
    if lines and lines[0].startswith("# yaml-language-server:"):
        lines[0] = line
    else:
        lines.insert(0, line)
    return "\n".join(lines).encode("utf-8")

