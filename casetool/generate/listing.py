"""List a generated case in its casebook.yaml's `cases:`, changing nothing else there.

A casebook that lists its cases prints only those (a case it leaves out is warning
R004 at build), so a case generated into the folder is added at the end of the list:
what `casetool generate -o` into a casebook folder is for. A casebook without `cases:`
prints every case already, and one that lists it needs nothing. The name is written in
as text, beside the last entry and in its style (a `- name` line, or `, name` inside
the brackets), so comments and layout stay as the author wrote them; the result is read
back and must differ from the old file in that one entry."""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import CasetoolError
from ..load.loader import LocList, load_yaml_text


def listed(text: str, name: str, folder: Path) -> str | None:
    """casebook.yaml's `text` with `name` added to `cases:`; `text` itself when nothing is
    to be added; None when it cannot be added without changing the rest of the file."""
    doc = _read(text)
    cases = doc.get("cases") if isinstance(doc, dict) else None
    if cases is None:
        return text
    if not isinstance(cases, LocList) or not cases:
        return None
    if any((folder / str(c)).resolve() == (folder / name).resolve() for c in cases):
        return text
    new = _added(text.split("\n"), cases.item_pos[-1], name)
    again = _read(new) if new is not None else None
    if not isinstance(again, dict) or [str(c) for c in again.get("cases") or []] != [*map(str, cases), name]:
        return None
    return new if {k: v for k, v in again.items() if k != "cases"} == {k: v for k, v in doc.items() if k != "cases"} \
        else None


def _added(lines: list[str], last, name: str) -> str | None:
    line = lines[last.line - 1]
    before = line[:last.col - 1]
    if before.strip() == "-":  # a block list: a new `- name` line after the last one
        return "\n".join(lines[:last.line] + [before + name] + lines[last.line:])
    close = line.find("]", last.col - 1)
    if close < 0 or "[" not in before:
        return None  # a flow list over several lines: left to the author
    lines[last.line - 1] = line[:close].rstrip() + f", {name}" + line[close:]
    return "\n".join(lines)


def _read(text: str):
    try:
        return load_yaml_text(text, "<casebook>")
    except CasetoolError:
        return None
