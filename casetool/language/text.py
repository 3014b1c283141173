"""One clue-language text, parsed and resolved against a setting (and a case), or the
diagnostic saying why it cannot be: what a clue's, a fixed rule's and an editor's `means`
all go through."""

from __future__ import annotations

from ..diagnostics import Diagnostic, Pos, error
from ..load.loader import LocStr
from ..load.model import Case, Setting
from .ir import Formula
from .resolve import ResolveError, Resolver
from .syntax import ClueSyntaxError, parse


def resolve_text(text: str, setting: Setting, case: Case | None,
                 named: list[tuple[Pos, str]] | None = None) -> tuple[Formula, None] | tuple[None, Diagnostic]:
    """Parse and resolve one clue-language text; (expr, None) or (None, diagnostic).
    `named` collects (position, character) for each `lies(name)` in the text."""
    def pos_at(offset: int) -> Pos:
        return text.pos_at(offset) if isinstance(text, LocStr) else Pos(case.display if case else "<clue>")
    try:
        resolver = Resolver(setting, case)
        expr = resolver.condition(parse(str(text)))
        if named is not None:
            named.extend((pos_at(offset), who) for offset, who in resolver.lies_named)
        return expr, None
    except ClueSyntaxError as exc:
        return None, error(pos_at(exc.offset), "C001", exc.message)
    except ResolveError as exc:
        return None, error(pos_at(exc.offset), exc.code, exc.message)
