"""Pin assigned wheel numbers into the case files, keeping every comment and layout choice.

ruamel.yaml's round-trip mode keeps comments, quoting and flow or block style, but not
every spacing choice, and it must be told the file's indentation. So each file is first
round-tripped unchanged with a few usual indentations; the one that gives back the file
byte for byte is used. After adding the numbers, the change is checked to be exactly the
added `wheel:` entries. A file that cannot be rewritten that faithfully is left alone and
reported (R050) with the numbers to pin by hand. The file keeps its permission bits and
its line endings (CRLF stays CRLF); a symlinked case file is written through to its
target; a read-only file is refused (R052), not replaced.
"""

from __future__ import annotations

import difflib
import io
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml import YAML

from ..diagnostics import CasetoolError, Diagnostic, Pos, error
from ..fileset import replace_files
from ..load.loader import LocList, load_yaml_text

INDENTS = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (4, 4, 0), (3, 5, 2))  # (mapping, sequence, offset)
WHEEL_LINE = re.compile(r"^\s*(- )?wheel: \d+\s*$")


@dataclass(frozen=True)
class Pin:
    path: Path
    display: str
    clue_id: str
    number: int
    pos: Pos


def pin_files(folder: Path, pins: list[Pin]) -> tuple[list[str], list[Diagnostic]]:
    """Write the pins into the case files of the casebook `folder`, all or none; returns
    the files written, or (and then nothing is written) the problems."""
    by_file: dict[Path, list[Pin]] = {}
    for p in pins:
        by_file.setdefault(p.path, []).append(p)
    news: dict[Path, tuple[bytes, int | None]] = {}
    diags: list[Diagnostic] = []
    for path, file_pins in sorted(by_file.items()):
        try:
            target, data = _pinned_file(path, file_pins)
        except CasetoolError as exc:
            diags += exc.diagnostics
            continue
        news[target] = (data, stat.S_IMODE(target.stat().st_mode))
    if diags:
        return [], diags
    replace_files(folder.resolve(), news)
    return [file_pins[0].display for _, file_pins in sorted(by_file.items())], []


def _pinned_file(path: Path, pins: list[Pin]) -> tuple[Path, bytes]:
    """The file to rewrite and its pinned bytes: its line endings and its symlink are kept
    (the link's target, inside the casebook, is the file rewritten)."""
    display = pins[0].display
    target = _writable_target(path, display)
    raw = target.read_bytes()
    crlf = b"\r\n" in raw
    mixed = crlf and raw.count(b"\r\n") != raw.count(b"\n") or b"\r" in raw.replace(b"\r\n", b"")
    text = raw.decode("utf-8").replace("\r\n", "\n")
    new = None if mixed else pinned_text(text, {p.clue_id: p.number for p in pins})
    if new is None:
        raise CasetoolError(error(Pos(display), "R050", "cannot add the wheel numbers without changing "
                                  "this file's layout; add them by hand: " + ", ".join(
                                      f"clue '{p.clue_id}' (line {p.pos.line}): wheel: {p.number}" for p in pins)))
    return target, (new.replace("\n", "\r\n") if crlf else new).encode("utf-8")


def _writable_target(path: Path, display: str) -> Path:
    """The file to rewrite: `path`, or the file it links to when that is in the casebook."""
    target = path.resolve()
    if path.parent.resolve() not in target.parents:
        raise CasetoolError(error(Pos(display), "R051", f"'{display}' links to '{target}', outside the casebook "
                                  "folder; casetool writes nothing outside it", "pin the numbers by hand"))
    if not target.stat().st_mode & stat.S_IWUSR:  # checked by hand: a rename would replace it even so
        raise CasetoolError(error(Pos(display), "R052", "the file is read-only; its wheel numbers were not pinned",
                                  f"make it writable (chmod u+w {display}) and run `casetool wheels --write` again"))
    return target


def pinned_text(text: str, numbers: dict[str, int]) -> str | None:
    """`text` with `wheel: N` added to the clues named in `numbers`; None if that would
    change anything else.

    Clues are found by where the loader (PyYAML) sees them, not by ruamel's reading of
    their ids (YAML 1.2 reads `0o10` as 8, YAML 1.1 as a text); the result is read back
    with the loader and must give exactly these numbers to these clues.
    """
    yaml = _faithful(text)
    if yaml is None:
        return None
    at = _clue_positions(text)
    wanted = {at[cid]: n for cid, n in numbers.items() if cid in at}
    doc = yaml.load(text)
    for clue in doc.get("clues") or []:
        number = wanted.get((clue.lc.line + 1, clue.lc.col + 1))
        if number is not None and "wheel" not in clue:
            keys = list(clue.keys())
            clue.insert(keys.index("means") + 1 if "means" in keys else len(keys), "wheel", number)
    out = io.StringIO()
    yaml.dump(doc, out)
    new = out.getvalue()
    return new if _only_wheels_added(text, new) and _loader_reads(new, numbers) else None


def _clue_positions(text: str) -> dict[str, tuple[int, int]]:
    """Clue id -> (line, col) of its clue, as the loader reads the file."""
    try:
        doc = load_yaml_text(text, "<pin>")
    except CasetoolError:
        return {}
    clues = doc.get("clues") if isinstance(doc, dict) else None
    if not isinstance(clues, LocList):  # the loader's list, which knows where each entry is
        return {}
    return {str(c["id"]): (pos.line, pos.col) for c, pos in zip(clues, clues.item_pos, strict=False)
            if isinstance(c, dict) and "id" in c}


def _loader_reads(text: str, numbers: dict[str, int]) -> bool:
    """Does the loader read back each clue of `numbers` with its number?"""
    doc = load_yaml_text(text, "<pin>")
    wheels = {str(c["id"]): c.get("wheel") for c in doc.get("clues") or [] if isinstance(c, dict) and "id" in c}
    return all(wheels.get(cid) == n for cid, n in numbers.items())


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
                re.sub(r", wheel: \d+", "", nb, count=1) == na for na, nb in zip(a[i1:i2], b[j1:j2], strict=False)):
            continue  # a flow mapping {..., wheel: N} on one line
        return False
    return True
