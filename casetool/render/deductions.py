""""How to deduce it" under each solution, in the words a player has at the table.

`casetool explain` names clues by their ids (`clue 'evening'`), which only the author
knows. The printed book names them as the player found them: the wheel and the number
it was set to, the numbered clue on the mystery page, the note in the inspector's
notepad, the hand or suggestion of the card game.
"""

from __future__ import annotations

from ..explain.describe import Namer, origins, step_text
from ..explain.grade import grade
from ..explain.steps import Fact, explain_case
from ..model import Case, Casebook, Clue
from ..printing.book import on_notepad, wheel_characters
from .context import clue_numbers

NoteNumbers = dict[tuple[int, str], int]  # (mystery number, clue id) -> the note's number in the notepad


class PlayerNamer(Namer):
    """A Namer that never prints an id: each clue is named by where the player reads it."""

    def __init__(self, case: Case, references: dict[str, str]):
        super().__init__(case)
        self.references = references

    def clue(self, clue_id: str) -> str:
        clue = self.clues[clue_id]
        quote = "\u201c" + " ".join(clue.text.split()) + "\u201d"
        where = self.references.get(clue_id) or self._source(clue)
        who = self.person(clue.speaker) if clue.speaker else None
        return f"{where} ({who}: {quote})" if who and who not in where else f"{where} ({quote})"

    def ruled_out(self, facts: list[Fact]) -> list[str]:
        """'the times Dawn and Dusk', where `casetool explain` writes 'time: not Dawn or Dusk'."""
        return [f"the {label} {names[0]}" if len(names) == 1 else f"the {plural(label)} {_and(names)}"
                for label, names in self.ruled_out_by_category(facts)]

    def _source(self, clue: Clue) -> str:
        """A clue with no place of its own (none is expected): its speaker, never its id."""
        return f"{self.person(clue.speaker)}'s statement" if clue.speaker else "a fact of the mystery"


def plural(noun: str) -> str:
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


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
        namer = PlayerNamer(case, clue_references(case, wheel_ids, notes))
        origin = origins(explanation)
        out[case.number] = {"level": grade(explanation).level,
                            "steps": [step_text(s, namer, origin) for s in explanation.steps]}
    return out


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
