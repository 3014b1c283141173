"""Re-use decoder work between builds: a content-hash cache in the output folder.

`casetool build` keeps, in `<output>/.casetool-cache/`, each wheel's drawn ring and the
last decoders.pdf, each under the SHA-256 of everything it was made from (the inputs,
and casetool's own decoder code and templates, so an upgrade never re-uses stale work).
An unchanged wheel is not drawn again; an unchanged decoders.pdf is not laid out again.
Entries are written atomically; an unreadable entry is a miss, never an error.
"""

from __future__ import annotations

import hashlib
import pickle
from functools import lru_cache
from pathlib import Path

from ..files import write_atomic

FOLDER = ".casetool-cache"
KEEP_PDFS = 2   # decoders.pdf entries kept (the newest), so the folder does not grow without end


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hash of the decoder code, the printing code that writes the PDF and the templates:
    a new casetool version misses the cache."""
    here = Path(__file__).parent
    templates = here.parent.parent / "templates" / "decoders"
    digest = hashlib.sha256()
    for path in sorted([*here.glob("*.py"), *(here.parent / "printing").glob("*.py"), *templates.glob("*")]):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def key(*parts) -> str:
    digest = hashlib.sha256(code_fingerprint().encode())
    for part in parts:
        digest.update(b"\0" + (part if isinstance(part, bytes) else repr(part).encode()))
    return digest.hexdigest()[:32]


class Cache:
    def __init__(self, folder: Path | None):
        self.folder = folder

    def get(self, kind: str, name: str):
        if self.folder is None:
            return None
        try:
            return pickle.loads((self.folder / f"{kind}-{name}").read_bytes())
        except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError, ValueError):
            return None

    def put(self, kind: str, name: str, value) -> None:
        if self.folder is None:
            return
        try:
            write_atomic(self.folder / f"{kind}-{name}", pickle.dumps(value))
            if kind == "pdf":
                self._trim(self.folder, kind)
        except OSError:
            pass  # a cache that cannot be written only costs time

    @staticmethod
    def _trim(folder: Path, kind: str) -> None:
        entries = sorted(folder.glob(f"{kind}-*"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[KEEP_PDFS:]:
            old.unlink(missing_ok=True)
