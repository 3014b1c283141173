"""The playtest's findings, per mystery and per component, as text or JSON."""

from __future__ import annotations

import json

from .play import Check


def text(checks: list[Check], title: str) -> list[str]:
    lines = [f"{title}: playtest"]
    current = object()
    for c in checks:
        if c.mystery != current:
            current = c.mystery
            lines.append("book" if c.mystery is None else f"Mystery {c.mystery}")
        lines.append(f"  {'ok  ' if c.ok else 'FAIL'} {c.component}: {c.detail}")
    failed = sum(not c.ok for c in checks)
    lines.append(f"{len(checks)} checks, {failed} failed" if failed else f"{len(checks)} checks, all ok")
    return lines


def as_json(checks: list[Check], title: str) -> str:
    mysteries: dict = {}
    for c in checks:
        key = "book" if c.mystery is None else str(c.mystery)
        mysteries.setdefault(key, []).append({"component": c.component, "ok": c.ok, "detail": c.detail,
                                              "measures": c.measures})
    return json.dumps({"casebook": title, "ok": all(c.ok for c in checks), "checks": len(checks),
                       "failed": sum(not c.ok for c in checks), "mysteries": mysteries}, indent=2, sort_keys=True)
