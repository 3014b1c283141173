"""Helpers for the serve tests (a module of its own: conftest modules are not importable)."""


def without_clue(text: str, clue_id: str) -> str:
    """The case text with one clue (its `- id:` line up to the next clue or key) removed."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, ln in enumerate(lines) if ln.strip() == f"- id: {clue_id}")
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return "".join(lines[:start] + lines[end:])
