"""Replace a set of files in one folder as one change: after any interruption (SIGKILL,
power cut) the next run finds either every old file or every new one.

A rename replaces one file atomically, never several. So the new contents are first
written, flushed, into a journal folder inside `root`, then a manifest naming where each
goes is written into it atomically: the commit point. Only then are the files renamed
into place and the journal removed. A journal without its manifest is a change that
never happened and is removed; one with its manifest is finished (`recover`). Every
command that reads a casebook folder recovers it first (project.load_paths), so none
ever reads half a change.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

from .files import TEMP_SUFFIX, locked, output_error, write_atomic, write_file

JOURNAL = ".casetool-journal" + TEMP_SUFFIX  # not `.casetool-*.tmp`: build's staging clean-up must not take it
MANIFEST = "manifest.json"
STALE_SECONDS = 60  # a write_atomic temporary file this old belongs to no running command


def replace_files(root: Path, files: dict[Path, tuple[bytes, int | None]]) -> None:
    """Replace each `path: (data, mode)` of `files` (all inside `root`; mode None: a new
    file's, 0666 less the umask): all of them, or none.

    OutputError (E020) when something cannot be written; the old files are then kept."""
    root = Path(root)
    journal = root / JOURNAL
    try:
        with locked(root):
            _recover(root)
            try:
                _stage(root, journal, files)
            except BaseException:  # Ctrl-C included: not committed, so the old files stand
                shutil.rmtree(journal, ignore_errors=True)
                raise
            _finish(root, journal)  # committed: if this fails, the next run finishes it
    except OSError as exc:
        raise output_error(root, exc) from None


def _stage(root: Path, journal: Path, files: dict[Path, tuple[bytes, int | None]]) -> None:
    journal.mkdir()
    moves = []
    for i, (path, (data, mode)) in enumerate(sorted(files.items())):
        write_file(journal / f"{i}.new", data, mode)
        moves.append([f"{i}.new", os.path.relpath(path, root)])
    _sync(journal)
    write_atomic(journal / MANIFEST, json.dumps(moves).encode("utf-8"))  # the commit point


def recover(root: Path) -> None:
    """Finish or drop a change a killed run left in `root`; remove its stray temporary files.

    Cheap when there is nothing to do (one stat). OutputError when it cannot be finished."""
    root = Path(root)
    if not (root / JOURNAL).exists() and not _stray(root):
        return
    try:
        with locked(root):
            _recover(root)
    except OSError as exc:
        raise output_error(root, exc) from None


def _recover(root: Path) -> None:
    """Under the lock: no other run is writing in `root`."""
    journal = root / JOURNAL
    if journal.is_dir() and not journal.is_symlink():
        if (journal / MANIFEST).is_file():
            _finish(root, journal)
        else:
            shutil.rmtree(journal)
    for stray in _stray(root):
        stray.unlink(missing_ok=True)


def _finish(root: Path, journal: Path) -> None:
    """Rename every staged file into place (those already moved are gone), then drop the journal."""
    for staged, target in json.loads((journal / MANIFEST).read_text("utf-8")):
        if (journal / staged).exists():
            os.replace(journal / staged, root / target)
    _sync(root)
    shutil.rmtree(journal)


def _stray(root: Path) -> list[Path]:
    """write_atomic's temporary files (`.NAME.XXXX.tmp`) of a killed run, beside the YAML files."""
    now = time.time()
    out = []
    for path in root.glob(f".*.yaml.*{TEMP_SUFFIX}"):
        try:
            if path.is_file() and not path.is_symlink() and now - path.stat().st_mtime > STALE_SECONDS:
                out.append(path)
        except FileNotFoundError:  # its own run finished meanwhile
            continue
    return sorted(out)


def _sync(folder: Path) -> None:
    """Flush the folder's entries (the renames) to disk, where the OS allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
