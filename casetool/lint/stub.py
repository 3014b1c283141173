"""Placeholder text that `casetool generate` writes for the author to replace: a casebook
introduction still saying it is a stub is flagged (L021) by `casetool lint` and by
`casetool build`, so a generated book does not go to print with its stub."""

from __future__ import annotations

import re
from pathlib import Path

from ..diagnostics import Diagnostic, Pos, warning
from ..load.loader import LocStr

# what `generate --count` writes in casebook.yaml's intro (generate/casebook.py)
INTRO_STUB = "An introduction stub: replace it with the book's own story."
STUB = re.compile(r"\b(?:an? )?(introduction|story) stub\b", re.IGNORECASE)


def intro_stubs(casebook_docs: dict[Path, dict]) -> list[Diagnostic]:
    """L021 at the stub's own words in each casebook.yaml's `intro:`."""
    out: list[Diagnostic] = []
    for _, doc in sorted(casebook_docs.items()):
        intro = doc.get("intro") if hasattr(doc, "get") else None
        if not isinstance(intro, str):
            continue
        for m in STUB.finditer(intro):
            pos = intro.pos_at(m.start()) if isinstance(intro, LocStr) else getattr(doc, "pos", Pos("casebook.yaml"))
            out.append(warning(pos, "L021", "the introduction is still the stub `casetool generate` wrote",
                               "replace it with the book's own introduction"))
    return out
