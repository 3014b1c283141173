"""The checks on how each clue is said, beside the prose checks of rules.py: does the text
carry its meaning (meaning.py: L008, L009), is it sayable (sayable.py: L010, L011, L013),
is a conditional's premise open, and can its conclusion hold beside another of its premise
(premise.py: L012, L027), does another clue make it padding
(padding.py: L014), is a list or an either/or a shape no wording saves (sayable.py: L015,
L016)."""

from __future__ import annotations

from ..diagnostics import Diagnostic, Pos
from ..english.reading import Reader
from ..load.loader import LocStr
from ..load.model import Case, Clue, Setting
from . import answer, meaning, padding, premise, sayable
from .texts import Text, case_texts
from .vocabulary import Vocabulary

_TOOLS: dict[int, tuple[Setting, Vocabulary, Reader]] = {}


def _tools(setting: Setting) -> tuple[Vocabulary, Reader]:
    """One vocabulary and one reader per setting (a reader resolves every atom once); a
    setting holds dicts, so it is kept by identity, not hashed."""
    kept = _TOOLS.get(id(setting))
    if kept is None or kept[0] is not setting:
        if len(_TOOLS) > 8:
            _TOOLS.clear()
        kept = _TOOLS[id(setting)] = (setting, Vocabulary(setting), Reader(setting, setting.templates or {}))
    return kept[1], kept[2]


def clue_findings(case: Case, texts: list[Text]) -> list[Diagnostic]:
    vocab, reader = _tools(case.setting)
    players = {p.id: p.name for p in case.players}
    out: list[Diagnostic] = []
    found: list[padding.Padding] | None = None   # asked once a case, when a clue has sides
    for t in texts:
        out += sayable.raw_words(t, case.setting)
        if t.field != "clue" or t.clue is None or t.clue.expr is None:
            continue
        english = _short(reader.sentence(t.clue.expr))
        out += meaning.carried(t.value, t.clue, vocab, players, _means_pos(case, t.clue), english)
        out += sayable.notation(t) + sayable.frame(t) + sayable.shapes(t, case.setting)
        out += premise.premise(t, case, reader.read) + premise.clash(t, case, reader.read)
        if padding.sides(t.clue.expr):
            found = padding.padded(case) if found is None else found
            out += padding.lint(t, found, reader.read)
    return out + answer.findings(case, texts, lambda expr: _short(reader.sentence(expr)))


def clue_report(case: Case, clue_id: str) -> list[Diagnostic]:
    """The findings on one clue of a loaded case (the LSP hover and the preview show them
    beside the clue's text and its meaning in English)."""
    clue = next((c for c in case.clues if c.id == clue_id), None)
    if clue is None or clue.synthetic:
        return []
    texts = [t for t in case_texts(case) if t.clue is not None and t.clue.id == clue_id]
    return clue_findings(case, texts or [Text(case, "clue", clue.text, clue.text, clue)])


def english(setting: Setting, expr) -> str:
    """A meaning in English, with the setting's phrases (english.reading)."""
    return _tools(setting)[1].sentence(expr)


def _short(english: str, limit: int = 160) -> str:
    """A message quotes the meaning's English; an unrolled quantifier's is cut short."""
    return english if len(english) <= limit else english[:limit].rsplit(" ", 1)[0] + " ..."


def _means_pos(case: Case, clue: Clue):
    """Where character `offset` of the clue's `means:` is in the file."""
    node = next((c.get("means") for c in (case.source or {}).get("clues") or []
                 if isinstance(c, dict) and c.get("id") == clue.id), None)

    def pos_at(offset: int) -> Pos:
        return node.pos_at(offset) if isinstance(node, LocStr) else clue.means_pos
    return pos_at
