"""The fiction around the puzzle, as an editor reads a book of cases: the cases' dates run
in play order within the setting's season (L022), and a story or an event is story, never
talk about the puzzle ("Every clue below is needed", L023)."""

from __future__ import annotations

import re

from ..diagnostics import Diagnostic, warning
from ..english.dates import date_text, parse_date, season_days
from ..english.phrases import Templates
from ..load.model import Case
from .texts import Text

# a sentence about the puzzle rather than the night: its clues, its answer, its solving
META = re.compile(r"\b(?:every clue|the clues (?:below|above|here)|(?:this|the) (?:case|puzzle|mystery) (?:has|is|can)"
                  r"|the (?:answer|solution) (?:is|must|can)|to solve (?:this|the)|unique (?:answer|solution))\b",
                  re.IGNORECASE)


def dates(cases: list[Case], templates: dict) -> list[Diagnostic]:
    """L022 at the `date:` of a case dated before a case played ahead of it, or outside the
    setting's season (`templates: year:` and `season:`). Hand-written dates that are not
    days ("Midsummer's Eve") are left alone."""
    season = season_days(Templates(templates))
    out: list[Diagnostic] = []
    last = None
    for case in sorted(cases, key=lambda c: c.number):
        day = parse_date(case.date) if case.date else None
        if day is None:
            continue
        pos = case.positions.of("date") or case.pos
        if season and not season[0] <= day <= season[-1]:
            out.append(warning(pos, "L022", f"{case.date} is outside the setting's season "
                                            f"({date_text(season[0])} to {date_text(season[-1])})",
                               "date the case within the season, or widen the setting's `templates: season:`"))
        if last is not None and day < last[1]:
            out.append(warning(pos, "L022", f"{case.date} comes before case {last[0].number}'s {last[0].date}, "
                                            "which is played first",
                               "date the cases in play order, or renumber them"))
        last = (case, day)
    return out


def meta(texts: list[Text]) -> list[Diagnostic]:
    """L023 where a story or an event talks about the puzzle instead of telling the night."""
    out = []
    for t in texts:
        if t.field not in ("story", "event"):
            continue
        for m in META.finditer(t.value):
            out.append(warning(t.pos(m.start()), "L023", f"'{m.group(0)}': the {t.field} talks about the puzzle",
                               "tell the story here; what the player must find goes in the setting's rules"))
    return out
