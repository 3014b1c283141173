"""Pin assigned wheel numbers into the case files, keeping every comment and layout choice.

ruamel.yaml's round-trip mode keeps comments, quoting and flow or block style, but not
every spacing choice, and it must be told the file's indentation. So each file is first
round-tripped unchanged with a few usual indentations; the one that gives back the file
byte for byte is used. After adding the numbers, the change is checked to be exactly the
added `wheel:` entries. A file that cannot be rewritten that faithfully is left alone and
reported (R050) with the numbers to pin by hand.
"""

from __future__ import annotations

import difflib
import io
import re
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml import YAML

from ..diagnostics import Diagnostic, Pos, error
from ..files import write_atomic

INDENTS = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (4, 4, 0), (3, 5, 2))  # (mapping, sequence, offset)
WHEEL_LINE = re.compile(r"^\s*(- )?wheel: \d+\s*$")


@dataclass(frozen=True)
class Pin:
    path: Path
    display: str
    clue_id: str
    number: int
    pos: Pos


def pin_files(pins: list[Pin]) -> tuple[list[str], list[Diagnostic]]:
    """Write the pins; returns the files written and the problems with the others."""
    by_file: dict[Path, list[Pin]] = {}
    for p in pins:
        by_file.setdefault(p.path, []).append(p)
    written, diags = [], []
    for path, file_pins in sorted(by_file.items()):
        text = path.read_text(encoding="utf-8")
        new = pinned_text(text, {p.clue_id: p.number for p in file_pins})
        if new is None:
            diags.append(error(Pos(file_pins[0].display), "R050", "cannot add the wheel numbers without changing "
                               "this file's layout; add them by hand: " + ", ".join(
                                   f"clue '{p.clue_id}' (line {p.pos.line}): wheel: {p.number}" for p in file_pins)))
            continue
        write_atomic(path, new.encode("utf-8"))
        written.append(file_pins[0].display)
    return written, diags


def pinned_text(text: str, numbers: dict[str, int]) -> str | None:
    """`text` with `wheel: N` added to the clues named in `numbers`; None if that would
    change anything else."""
    yaml = _faithful(text)
    if yaml is None:
        return None
    doc = yaml.load(text)
    for clue in doc.get("clues") or []:
        cid = str(clue.get("id"))
        if cid in numbers and "wheel" not in clue:
            keys = list(clue.keys())
            at = keys.index("means") + 1 if "means" in keys else len(keys)
            clue.insert(at, "wheel", numbers[cid])
    out = io.StringIO()
    yaml.dump(doc, out)
    new = out.getvalue()
    return new if _only_wheels_added(text, new) else None


def _faithful(text: str) -> YAML | None:
    for mapping, sequence, offset in INDENTS:
        yaml = YAML()
        yaml.preserve_quotes = True
        yaml.width = 1 << 16  # never re-wrap a long line
        yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
        out = io.StringIO()
        yaml.dump(yaml.load(text), out)
        if out.getvalue() == text:
            return yaml
    return None


def _only_wheels_added(old: str, new: str) -> bool:
    a, b = old.splitlines(), new.splitlines()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag == "insert" and all(WHEEL_LINE.match(line) for line in b[j1:j2]):
            continue
        if tag == "replace" and i2 - i1 == j2 - j1 and all(
                re.sub(r", wheel: \d+", "", nb, count=1) == na for na, nb in zip(a[i1:i2], b[j1:j2])):
            continue  # a flow mapping {..., wheel: N} on one line
        return False
    return True
