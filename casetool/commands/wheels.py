"""`casetool wheels CASEBOOK_DIR [--write]`: every mystery's wheel numbers, pinned on request."""

from __future__ import annotations

from pathlib import Path

import click

from ..decoders.allocation import Allocation
from ..decoders.pinning import Pin, pin_files
from ..diagnostics import printable
from ..printing.book import wheel_characters
from ._cases import load_book
from .edge import ExitCode, Stop


@click.command("wheels")
@click.argument("casebook_dir", type=click.Path(path_type=Path, file_okay=False))
@click.option("--write", is_flag=True,
              help="Pin the assigned numbers into the case files (`wheel:`), keeping comments and layout.")
def command(casebook_dir: Path, write: bool) -> ExitCode:
    """Show the wheel number of every statement; pinned numbers are kept, the others assigned.

    Numbers not pinned in a case are drawn at random from the free positions, seeded by
    the casebook's seed, so they are the same on every run; `--write` pins them.
    """
    book, alloc = _allocate(casebook_dir)
    click.echo(f"{printable(book.title)}: {len(book.cases)} mysteries, {len(alloc.wheels)} wheels")
    for line in table(alloc, book):
        click.echo(line)
    for plan in alloc.wheels:
        real = len(plan.real())
        click.echo(f"{plan.character.name}: {plan.character.wheel} positions, {real} statements, "
                   f"{plan.character.wheel - real} decoys")
    assigned = alloc.assigned()
    if not assigned:
        click.echo("every number is pinned in its case file")
    elif not write:
        click.echo(f"* {len(assigned)} numbers assigned here; `casetool wheels {casebook_dir} --write` pins them")
    else:
        return _write(casebook_dir, assigned)
    return ExitCode.OK


def _allocate(folder: Path):
    if not folder.is_dir():
        raise Stop(ExitCode.INPUT, f"casetool wheels: no such folder: {folder}")
    book, alloc, diags = load_book(folder)
    for d in diags:
        click.echo(d.text(), err=True)
    if book is None or any(d.is_error for d in diags):
        raise Stop(ExitCode.INPUT, "casetool wheels: the casebook has input errors")
    return book, alloc


def table(alloc: Allocation, book) -> list[str]:
    """The mystery index's wheel columns: one row per mystery, `*` after an assigned number."""
    heads = wheel_characters(book.setting)
    numbers = {(s.case, plan.character.id): f"{s.number}{'' if s.pinned else '*'}"
               for plan in alloc.wheels for s in plan.real()}
    titles = {c.number: printable(c.title) for c in book.cases}
    title_width = max([len("Mystery")] + [len(t) for t in titles.values()])
    widths = [max(len(h["short"]), 4) for h in heads]
    lines = ["No.  " + "Mystery".ljust(title_width) + "".join("  " + h["short"].rjust(w) for h, w in zip(heads, widths, strict=True))]
    for case in book.cases:
        cells = [numbers.get((case.number, h["id"]), "-").rjust(w) for h, w in zip(heads, widths, strict=True)]
        lines.append(f"{case.number:>3}  " + titles[case.number].ljust(title_width) + "".join("  " + c for c in cells))
    return [line.rstrip() for line in lines]


def _write(folder: Path, assigned) -> ExitCode:
    """All or nothing, as `build` writes its outputs: one file that cannot be pinned stops the rest."""
    pins = [Pin(case.path, case.display, clue.id, number, clue.pos) for case, clue, number in assigned]
    written, problems = pin_files(folder, pins)
    for d in problems:
        click.echo(d.text(), err=True)
    if problems:
        click.echo(f"casetool wheels: nothing pinned; fix the above and run `casetool wheels {folder} --write` again",
                   err=True)
    for display in written:
        count = sum(1 for p in pins if p.display == display)
        click.echo(f"{display}: pinned {count} wheel number{'s' if count != 1 else ''}")
    return ExitCode.INPUT if problems else ExitCode.OK
