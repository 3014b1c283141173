"""Write output files atomically: a reader never sees half a file.

Every command's outputs go through here, so an output that cannot be written (a file
where a folder should be, a read-only or full file system) is one diagnostic naming the
path (E020, OutputError), never a traceback; the command line exits 2 on it (cli.py).
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import tempfile
from pathlib import Path
from typing import Iterator

from .diagnostics import CasetoolError, Pos, error

TEMP_SUFFIX = ".tmp"
STAGING_PREFIX = ".casetool-"


class OutputError(CasetoolError):
    """An output that cannot be written; carries one E020 diagnostic at its path."""


def display_path(path: Path) -> str:
    """Relative to the working folder when below it; otherwise as given."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel


def write_atomic(path: Path, data: bytes, mode: int | None = None) -> None:
    """Write `data` to `path` through a temporary file beside it and a rename.

    `mode`: the new file's permission bits (an author's 0600 case file stays 0600);
    by default an ordinary file (0666 less the umask). The temporary file is removed
    on any failure, Ctrl-C included.
    """
    path = Path(path)
    try:
        _write(path, data, mode)
    except OSError as exc:
        raise output_error(path, exc) from None


def _write(path: Path, data: bytes, mode: int | None) -> None:
    make_folder(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        os.chmod(tmp, (0o666 & ~_umask()) if mode is None else mode)  # mkstemp makes 0600
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_outputs(folder: Path, outputs: dict[str, bytes]) -> None:
    """Write a set of files into `folder`: all of them, or none.

    Each is first written into a temporary folder inside `folder` (the same file system,
    so the final renames cannot run out of space); only when every one is written are
    they moved into place. All of it happens under a lock, so that two runs writing into
    one folder cannot mix their outputs (the second waits for the first to finish). On
    any failure, Ctrl-C included, the temporary folder is removed and the old outputs are
    left as they were; one left by a killed run is removed by the next.
    """
    folder = Path(folder)
    try:
        make_folder(folder)
        with locked(folder):
            _remove_stale_staging(folder)
            staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, suffix=TEMP_SUFFIX, dir=folder))
            try:
                for name, data in outputs.items():
                    write_file(staging / name, data)
                for name in outputs:
                    os.replace(staging / name, folder / name)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
    except OSError as exc:
        raise output_error(folder, exc) from None


def _remove_stale_staging(folder: Path) -> None:
    """Temporary folders a killed run (SIGKILL, power cut) could not remove. Only called
    under the lock, so no other run is using one."""
    for stale in folder.glob(f"{STAGING_PREFIX}*{TEMP_SUFFIX}"):
        if stale.is_dir() and not stale.is_symlink():
            shutil.rmtree(stale, ignore_errors=True)


def write_file(path: Path, data: bytes, mode: int | None = None) -> None:
    """Create `path` (it must not exist) holding `data`, flushed to disk."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        os.chmod(path, (0o666 & ~_umask()) if mode is None else mode)
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on `folder` itself; waits while another run holds it.

    flock on the folder's own descriptor: no lock file is left among the outputs.
    """
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock, each file is still replaced atomically
        yield
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def check_output_folder(folder: Path) -> None:
    """OutputError now, before any work, when `folder` cannot be a folder (a file is in the way)."""
    try:
        _no_file_in_the_way(Path(folder))
    except OSError as exc:
        raise output_error(Path(folder), exc) from None


def make_folder(folder: Path) -> None:
    """`folder` and its parents; a file in the way is an OSError(ENOTDIR) naming it."""
    _no_file_in_the_way(folder)
    folder.mkdir(parents=True, exist_ok=True)


def _no_file_in_the_way(folder: Path) -> None:
    for parent in [folder, *folder.parents][::-1]:
        if parent.exists() and not parent.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(parent))


def output_error(path: Path, exc: OSError) -> OutputError:
    """The one-line diagnostic for an output that could not be written."""
    return OutputError(error(Pos(str(path)), "E020", f"cannot write this output: {_reason(path, exc)}",
                             "choose another output path (-o), or free or fix the disk"))


def _reason(path: Path, exc: OSError) -> str:
    temporary = exc.filename and str(exc.filename).endswith(TEMP_SUFFIX)
    where = path if temporary or not exc.filename else exc.filename  # the user's name, not ours
    reasons = {
        errno.ENOTDIR: f"'{where}' is a file, not a folder",
        errno.EEXIST: f"'{where}' is a file, not a folder",
        errno.EISDIR: f"'{where}' is a folder, not a file",
        errno.EACCES: f"permission denied for '{where}'",
        errno.EPERM: f"permission denied for '{where}'",
        errno.EROFS: "the file system is read-only",
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
    }
    known = reasons.get(exc.errno) if exc.errno is not None else None
    return known or f"{exc.strerror or exc} ('{where}')"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
