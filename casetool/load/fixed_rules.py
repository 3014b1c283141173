"""Fixed rules (`always:` in a setting or a case): read, named and resolved.

A fixed rule is written like a clue (`text` and `means`) but is not one: it is part of
the world, so it always holds, no conflict set names it and no warning calls it
redundant. The setting's rules are resolved once, without a case (so they cannot name a
case's card players); a case's own rules are resolved with the case.
"""

from __future__ import annotations

from dataclasses import replace

from ..diagnostics import Diagnostic, Pos, error
from ..language.text import resolve_text
from .loader import LocStr
from .model import FixedRule


def read_rules(doc, origin: str) -> list[FixedRule]:
    """The `always:` list of a validated setting or case document."""
    rules = []
    for i, rdoc in enumerate(doc.get("always") or []):
        pos = doc["always"].item_pos[i]
        means = rdoc["means"]
        means_pos = means.pos if isinstance(means, LocStr) else rdoc.pos_of("means")
        rid = str(rdoc.get("id", f"rule-{i + 1}"))
        rules.append(FixedRule(rid, str(rdoc["text"]), means, pos, means_pos, origin))
    return rules


def resolve_rules(rules: list[FixedRule], setting, case, doc) -> tuple[list[FixedRule], list[Diagnostic]]:
    """The rules, each with its `means` resolved, and their problems: ids must be unique
    among the rules and apart from the clues' ids."""
    diags: list[Diagnostic] = []
    resolved: list[FixedRule] = []
    seen: dict[str, Pos] = {}
    clue_ids = {c.id for c in case.clues} if case is not None else set()
    for i, rule in enumerate(rules):
        expr, problem = resolve_text(rule.means, setting, case)
        resolved.append(replace(rule, expr=expr))
        if problem:
            diags.append(problem)
        where = doc["always"][i].pos_of("id") if "id" in doc["always"][i] else rule.pos
        if rule.id in seen:
            diags.append(error(where, "V071", f"fixed rule id '{rule.id}' is used twice (first at line {seen[rule.id].line})"))
        elif rule.id in clue_ids:
            diags.append(error(where, "V071", f"fixed rule id '{rule.id}' is also a clue id; rename one of them"))
        seen[rule.id] = rule.pos
    return resolved, diags
