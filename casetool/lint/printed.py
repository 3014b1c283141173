"""The setting's printed rules about every case (`every_case:` in setting.yaml), checked on
a hand-written case: who speaks, how many statements each makes, which roles are heard
(L020, docs/lint.md). The casebook prints these rules to the player, so a case that breaks
one is a case the player cannot trust."""

from __future__ import annotations

from collections import Counter

from ..diagnostics import Diagnostic, Pos, warning
from ..load.model import Case


def every_case(case: Case) -> list[Diagnostic]:
    setting = case.setting
    rules = setting.every_case if setting is not None else {}
    if not rules:
        return []
    each = int(rules.get("statements_each", 1))
    spoken = [c for c in case.clues if c.speaker and not c.synthetic]
    said = Counter(c.speaker for c in spoken)
    out: list[Diagnostic] = []
    for who in rules.get("speakers") or []:
        name = setting.person_name(who)
        if said[who] > each:   # the first statement over the count is the one to cut
            extra = [c for c in spoken if c.speaker == who][each]
            out.append(warning(extra.pos, "L020", f"{name} makes {said[who]} statements; the setting's rules "
                               f"print {_statements(each)} by each of {_names(case, rules['speakers'])}",
                               "keep one statement per speaker (the setting's `every_case:`)"))
        elif said[who] < each:
            out.append(warning(_clues_pos(case), "L020", f"{name} makes {_statements(said[who])}; the setting's "
                               f"rules print {_statements(each)} by each of {_names(case, rules['speakers'])}",
                               f"give {name} a statement (the setting's `every_case:`)"))
    heard = {setting.characters[s].role for s in said if s in setting.characters}
    for role in rules.get("roles") or []:
        if role not in heard:
            out.append(warning(_clues_pos(case), "L020", f"no {role} speaks in this case; the setting's rules "
                               f"print that one does in every case", f"add a clue with a {role} as its speaker"))
    return out


def _statements(n: int) -> str:
    return "no statement" if n == 0 else "one statement" if n == 1 else f"{n} statements"


def _names(case: Case, ids: list[str]) -> str:
    names = [case.setting.person_name(i) for i in ids]
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def _clues_pos(case: Case) -> Pos:
    """The case's `clues:` key (where a missing statement belongs), else the case."""
    doc = case.source
    if doc is not None and "clues" in getattr(doc, "key_pos", {}):
        return doc.key_pos["clues"]
    return case.pos
