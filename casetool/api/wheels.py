"""Every mystery's wheel numbers, and pinning them into the case files: the library face of
`casetool wheels`.

Numbers not pinned in a case are drawn at random from the free positions, seeded by the
casebook's seed, so they are the same on every run; `pin_wheels` writes them into the case
files (`wheel:`), keeping comments and layout, all or nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic, printable

if TYPE_CHECKING:
    from ..decoders.allocation import Allocation
    from ..load.model import Casebook


@dataclass
class Wheels:
    """A casebook's wheels: `book` and its `allocation`, or None when it has input errors;
    `diagnostics` are what loading found (errors and warnings)."""
    folder: Path
    book: Casebook | None = None
    allocation: Allocation | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.book is not None and not any(d.is_error for d in self.diagnostics)

    @property
    def assigned(self) -> list:
        """(case, clue, number) for every statement whose number is not pinned, in file order."""
        return self.allocation.assigned() if self.allocation is not None else []

    def _loaded(self) -> tuple[Casebook, Allocation]:
        if self.book is None or self.allocation is None:
            raise ValueError(f"the casebook in {self.folder} has input errors: see `diagnostics`")
        return self.book, self.allocation

    def summary(self) -> list[str]:
        """The book's title line, then the index's wheel columns (`table`), then one line per wheel."""
        book, alloc = self._loaded()
        lines = [f"{printable(book.title)}: {len(book.cases)} mysteries, {len(alloc.wheels)} wheels"]
        lines += self.table()
        for plan in alloc.wheels:
            real, positions = len(plan.real()), plan.character.wheel or 0  # (a character with a wheel has its size)
            lines.append(f"{plan.character.name}: {positions} positions, {real} statements, {positions - real} decoys")
        return lines

    def table(self) -> list[str]:
        """The mystery index's wheel columns: one row per mystery, `*` after an assigned number."""
        from ..printing.book import wheel_characters
        book, alloc = self._loaded()
        heads = wheel_characters(book.setting)
        numbers = {(s.case, plan.character.id): f"{s.number}{'' if s.pinned else '*'}"
                   for plan in alloc.wheels for s in plan.real()}
        titles = {c.number: printable(c.title) for c in book.cases}
        title_width = max([len("Mystery")] + [len(t) for t in titles.values()])
        widths = [max(len(h["short"]), 4) for h in heads]
        lines = ["No.  " + "Mystery".ljust(title_width)
                 + "".join("  " + h["short"].rjust(w) for h, w in zip(heads, widths, strict=True))]
        for case in book.cases:
            cells = [numbers.get((case.number, h["id"]), "-").rjust(w) for h, w in zip(heads, widths, strict=True)]
            lines.append(f"{case.number:>3}  " + titles[case.number].ljust(title_width) + "".join("  " + c for c in cells))
        return [line.rstrip() for line in lines]


def wheels(folder: Path) -> Wheels:
    """The wheel number of every statement of the casebook in `folder` (a folder: else
    NotADirectoryError): pinned numbers kept, the others assigned. When the casebook has
    input errors, they are in `diagnostics` and `ok` is False."""
    folder = Path(folder)
    if not folder.is_dir():
        raise NotADirectoryError(f"no such folder: {folder}")
    from .book import load_book  # the printing layer: kept out of `import casetool.api`

    book, alloc, diags = load_book(folder)
    return Wheels(folder, book, alloc, diags)


@dataclass
class Pinned:
    """What `pin_wheels` wrote: per case file (as displayed), the numbers pinned in it; or
    `problems`, and nothing written."""
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def pin_wheels(found: Wheels) -> Pinned:
    """Pin every assigned number into its case file, as one set: one file that cannot be
    pinned stops them all (as `build` writes its outputs)."""
    from ..decoders.pinning import Pin, pin_files
    pins = [Pin(case.path, case.display, clue.id, number, clue.pos) for case, clue, number in found.assigned]
    written, problems = pin_files(found.folder, pins)
    return Pinned({display: sum(1 for p in pins if p.display == display) for display in written}, problems)
