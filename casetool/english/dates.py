"""The day a case happens on, as a book prints it ("June 23rd, 1925"): the days of a
setting's season (`templates: year:` and `season: [June 1, August 31]`), and a printed
date read back, for the generator that picks the days and the lint that checks them."""

from __future__ import annotations

import datetime
import re

from .phrases import Templates

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def season_days(templates: Templates) -> list[datetime.date]:
    year = templates.get("year", None)
    if not isinstance(year, int):
        return []
    season = templates.get("season", None) or ["January 1", "December 31"]
    first, last = (_day(str(t), year) for t in season)
    return [first + datetime.timedelta(days=k) for k in range((last - first).days + 1)]


def _day(text: str, year: int) -> datetime.date:
    month, day = text.split()
    return datetime.date(year, MONTHS.index(month.capitalize()) + 1, int(day))


def date_text(day: datetime.date) -> str:
    return f"{MONTHS[day.month - 1]} {_ordinal(day.day)}, {day.year}"


def parse_date(text: str) -> datetime.date | None:
    """The day a date_text names; None for a hand-written date ("Midsummer's Eve")."""
    m = re.fullmatch(r"([A-Z][a-z]+) (\d+)(?:st|nd|rd|th), (\d{4})", text.strip())
    if not m or m.group(1) not in MONTHS:
        return None
    return datetime.date(int(m.group(3)), MONTHS.index(m.group(1)) + 1, int(m.group(2)))


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
