"""A case's verdict: the one list of statuses the check gives (report, serve, lsp and the API read it).

A `StrEnum`, so each status is also its text: JSON output, reports and templates
show `ok`, `wrong-solution`, ... exactly as before."""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    OK = "ok"                        # exactly one answer fits, the declared one
    AMBIGUOUS = "ambiguous"          # more than one answer fits
    CONTRADICTION = "contradiction"  # no answer fits
    WRONG = "wrong-solution"         # one answer fits, not the declared one
    UNKNOWN = "unknown"              # not decided within the time limit

    @classmethod
    def failing(cls) -> tuple["Status", ...]:
        """Every status but ok, in report order."""
        return tuple(s for s in cls if s is not cls.OK)
