"""The preview's "said and meant" table: each clue's text beside its meaning in English, and
where the two differ (lint's L008-L013), so an author sees what a player will read against
what the solver proves."""

from __future__ import annotations

from ..lint.clues import clue_report, english
from ..lint.meaning import READS
from ..load.model import Case


def meanings_view(case: Case) -> list[dict]:
    out = []
    for clue in case.clues:
        if clue.synthetic or clue.expr is None:
            continue
        unsaid = [{"code": d.code, "message": d.message.split(READS)[0], "line": d.pos.line, "col": d.pos.col}
                  for d in clue_report(case, clue.id)]
        out.append({"id": clue.id, "text": " ".join(clue.text.split()), "means": english(case.setting, clue.expr),
                    "unsaid": unsaid})
    return out
