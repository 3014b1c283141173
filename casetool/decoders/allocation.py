"""Wheel allocation: which statement sits at which numbered position of each wheel.

Numbers pinned in a case (`wheel: 51`) are kept. The other statements get free
positions drawn by a generator seeded with the casebook's seed and the character, in
book order: the same casebook always gets the same numbers, a case added at the end
leaves the earlier numbers alone, and a number says nothing about the answer (not the
mystery's order, not whether the speaker lies, not the text: the same text in two
mysteries gets two numbers), and pinning a statement at the number it was given changes
no other (a half-pinned casebook prints as the unpinned one did). Every position left
over holds a decoy (see `decoys`).

Two cases pinning one position is an error when the casebook is loaded (V060 in
casetool.load.project); here, more statements than positions is an error (R040).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from ..diagnostics import Diagnostic, error
from ..load.model import Case, Casebook, Character, Clue
from .decoys import decoys


@dataclass(frozen=True)
class Statement:
    number: int
    text: str
    case: int | None = None       # the mystery's number; None for a decoy
    clue: Clue | None = None
    pinned: bool = False

    @property
    def decoy(self) -> bool:
        return self.case is None


@dataclass
class WheelPlan:
    character: Character
    statements: dict[int, Statement] = field(default_factory=dict)  # every position, 1..N

    def real(self) -> list[Statement]:
        return [s for s in self.statements.values() if not s.decoy]


@dataclass
class Allocation:
    wheels: list[WheelPlan] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    cases: dict[int, Case] = field(default_factory=dict)  # by mystery number

    def assigned(self) -> list[tuple[Case, Clue, int]]:
        """(case, clue, number) for every statement whose number was not pinned, in file order."""
        found = [(self.cases[s.case], s.clue, s.number) for plan in self.wheels for s in plan.real()
                 if not s.pinned and s.case is not None and s.clue is not None]
        return sorted(found, key=lambda t: (t[0].display, t[1].pos))

    def numbers(self) -> dict[tuple[int, str], int]:
        """The number of every statement the allocation placed (its case did not pin it), by
        (mystery number, clue id)."""
        return {(case.number, clue.id): number for case, clue, number in self.assigned()}

    def plan(self, character_id: str) -> WheelPlan | None:
        return next((p for p in self.wheels if p.character.id == character_id), None)


def wheel_characters(book: Casebook) -> list[Character]:
    return [c for c in book.setting.characters.values() if c.wheel]


def allocate(book: Casebook, reserved: dict[str, set[int]] | None = None) -> Allocation:
    """The allocation of every wheel of `book`. `reserved`: positions pinned by case files
    of the folder that are not in the book, kept free so that adding them back is safe."""
    alloc = Allocation(cases={c.number: c for c in book.cases})
    for character in wheel_characters(book):
        plan, diags = _plan(book, character, (reserved or {}).get(character.id, set()))
        alloc.wheels.append(plan)
        alloc.diagnostics += diags
    return alloc


def reserved_positions(cases: list[Case], book: Casebook) -> dict[str, set[int]]:
    """Positions pinned by the folder's case files that the book leaves out, by character."""
    printed = {id(c) for c in book.cases}
    out: dict[str, set[int]] = {}
    for case in cases:
        if id(case) in printed or case.path.parent.resolve() != book.folder.resolve():
            continue
        for clue in case.clues:
            if clue.speaker and clue.wheel is not None:
                out.setdefault(clue.speaker, set()).add(clue.wheel)
    return out


def numbered(book: Casebook, alloc: Allocation) -> Casebook:
    """`book` with every unpinned statement at the number `alloc` gave it, so the casebook
    prints the numbers the wheels show: a new Casebook (`book` and its cases stay as read)."""
    numbers = alloc.numbers()
    if not numbers:
        return book

    def number(case: Case, clue: Clue) -> Clue:
        found = numbers.get((case.number, clue.id))
        return clue if found is None else replace(clue, wheel=found)
    return replace(book, cases=[replace(case, clues=[number(case, clue) for clue in case.clues]) for case in book.cases])


def _plan(book: Casebook, character: Character, reserved: set[int]) -> tuple[WheelPlan, list[Diagnostic]]:
    plan = WheelPlan(character)
    spoken = [(case, clue) for case in book.cases for clue in case.clues if clue.speaker == character.id]
    loose = []
    for case, clue in spoken:
        if clue.wheel is not None and clue.wheel not in plan.statements:
            plan.statements[clue.wheel] = Statement(clue.wheel, clue.text.strip(), case.number, clue, True)
        else:
            loose.append((case, clue))  # unpinned (or a collision, already reported when loading)
    # One fixed order of all the positions, then the taken ones skipped: each unpinned
    # statement gets the first position in that order that no pin and no earlier
    # statement holds. Pinning a statement at the number it was given therefore changes
    # no other number (an interrupted `--write`, rerun, gives the same book).
    order = list(range(1, (character.wheel or 0) + 1))  # (only wheel characters are planned)
    random.Random(f"wheel/{book.seed}/{character.id}").shuffle(order)
    free = [n for n in order if n not in plan.statements and n not in reserved]
    if len(loose) > len(free):
        return plan, [error(character.pos, "R040", f"{character.name}'s wheel has {character.wheel} positions, too few "
                            f"for the {len(spoken)} statements of this casebook", "give the wheel more positions (`wheel:`)")]
    for (case, clue), number in zip(loose, free, strict=False):
        plan.statements[number] = Statement(number, clue.text.strip(), case.number, clue, False)
    _fill_decoys(book, plan)
    plan.statements = dict(sorted(plan.statements.items()))
    return plan, []


def _fill_decoys(book: Casebook, plan: WheelPlan) -> None:
    gaps = [n for n in range(1, (plan.character.wheel or 0) + 1) if n not in plan.statements]
    rng = random.Random(f"decoys/{book.seed}/{plan.character.id}")
    texts = decoys(book.setting, plan.character, len(gaps), rng, {s.text for s in plan.real()})
    for number, text in zip(gaps, texts, strict=False):
        plan.statements[number] = Statement(number, text)

