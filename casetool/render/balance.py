"""A mystery on two pages shares its clues between them, as a publisher balances a spread.

A mystery too long for one page starts on a left-hand page and runs onto the right-hand
one; left to the browser, the right-hand page held only what did not fit: mansion/medium's
'Solution appears on page 7' alone above the ruled lines, mansion/large's last ten clues
on a page a third full (issue 26). After a layout this module finds each such mystery
whose second page is nearly empty and names the clue to turn the page before, so that
the two pages hold about the same; the next layout breaks there (`mystery.html`).
"""

from __future__ import annotations

from weasyprint.document import Document

from .front import FILLED, depth

Break = tuple[int, int]   # (mystery number, the clue the second page starts with)


def clue_anchor(mystery: int, clue: int) -> str:
    return f"mystery-{mystery}-clue-{clue}"


def balanced_breaks(document: Document, numbers, done: tuple[Break, ...]) -> tuple[Break, ...]:
    """`done` and a break for each two-page mystery whose second page is under FILLED,
    chosen so that its second page is filled about halfway between the two pages."""
    broken = {m for m, _ in done}
    found = list(done)
    where: dict[str, tuple[int, float]] = {}
    for index, page in enumerate(document.pages):
        for name, position in page.anchors.items():
            if name.startswith("mystery-") and name not in where:
                where[name] = (index, depth(page, position[1]))
    for n in numbers:
        start, end = where.get(f"mystery-{n}"), where.get(f"mystery-{n}-end")
        if n in broken or not start or not end or end[0] != start[0] + 1 or end[1] >= FILLED:
            continue
        level = (1.0 + end[1]) / 2   # where the first page ends for both to end about level
        clues = sorted((at, int(name.rsplit("-", 1)[1])) for name, (page, at) in where.items()
                       if name.startswith(f"mystery-{n}-clue-") and page == start[0])
        later = [clue for at, clue in clues[1:] if at >= level]
        if later:
            found.append((n, later[0]))
    return tuple(sorted(found))
