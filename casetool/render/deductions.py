""""How to deduce it" under each solution: the solution page's sentences (english/), with
each clue named as the printed book shows it: the wheel and the number it was set to, the
numbered clue on the mystery page, the note in the inspector's notepad, the hand or
suggestion of the card game.
"""

from __future__ import annotations

from ..english.names import named_as
from ..english.solution import page_sentences
from ..explain.grade import grade
from ..explain.steps import explain_case
from ..load.model import Case, Casebook
from ..printing.book import on_notepad, wheel_characters
from .context import clue_numbers

NoteNumbers = dict[tuple[int, str], int]  # (mystery number, clue id) -> the note's number in the notepad


def clue_references(case: Case, wheel_ids: set[str], notes: NoteNumbers) -> dict[str, str]:
    """How the printed book names each of the case's clues."""
    numbers = clue_numbers(case, wheel_ids)
    names = {p.id: p.name for p in case.players}
    refs = {}
    for clue in case.clues:
        who = case.setting.characters[clue.speaker].name if clue.speaker in case.setting.characters else None
        if clue.speaker in wheel_ids:
            refs[clue.id] = f"{who}'s wheel at {clue.wheel}" if clue.wheel is not None else f"{who}'s wheel"
        elif clue.id in numbers:
            refs[clue.id] = f"clue {numbers[clue.id]}"
        elif on_notepad(clue, wheel_ids) and (case.number, clue.id) in notes:
            refs[clue.id] = f"note {notes[(case.number, clue.id)]}"
        elif clue.synthetic:
            refs[clue.id] = _card_reference(clue.id, names)
    return refs


def _card_reference(clue_id: str, players: dict[str, str]) -> str:
    """Card clues (build_case.card_clues): `hand-<player>` and `suggestion-<n>`."""
    kind, _, rest = clue_id.partition("-")
    if kind == "suggestion":
        return f"suggestion {rest}"
    name = players.get(rest, "")
    return "your hand" if name.lower() == "you" else f"{name}'s hand" if name else "a hand of cards"


def insights(book: Casebook, statuses: dict[str, str], notes: NoteNumbers) -> dict:
    """Grades and player-worded deductions of the ok cases (for --with-deductions/--with-difficulty)."""
    wheel_ids = {w["id"] for w in wheel_characters(book.setting)}
    out = {}
    for case in book.cases:
        if statuses.get(case.display) != "ok":
            continue
        explanation = explain_case(case)
        with named_as(clue_references(case, wheel_ids, notes)):
            steps = page_sentences(explanation)
        out[case.number] = {"level": grade(explanation).level, "steps": steps}
    return out

