"""Hover: on a setting name, its definition from setting.yaml; on a clue, its text beside its
meaning in English, where the two differ (lint's L008-L013), and what it rules out on its
own (one small solve per answer item)."""

from __future__ import annotations

from ..english.reading import Reader
from ..language.text import resolve_text
from ..load.model import Case, Setting
from .symbols import Symbol


def symbol_markdown(setting: Setting, symbol: Symbol, where: str) -> str:
    if symbol.kind == "character":
        ch = setting.characters[symbol.id]
        lies = "may lie" if ch.may_lie else "never lies"
        own = setting.find_item(ch.item) if ch.item else None
        is_item = f"; is the {own.category} `{ch.item}`" if own else ""
        return f"**{ch.name}**: character `{ch.id}`, {ch.role} ({lies}){is_item}\n\n{where}"
    if symbol.kind == "category":
        cat = setting.categories[symbol.id]
        part = "part of the answer" if cat.id in setting.answer else "not part of the answer"
        order = ", ordered" if cat.ordered else ""
        names = ", ".join(f"`{i.id}` {i.name}" for i in cat.items)
        return f"**{cat.label}**: category `{cat.id}` ({part}{order})\n\n{names}\n\n{where}"
    if symbol.kind == "attribute":
        return _attribute(setting, symbol) + f"\n\n{where}"
    item = setting.find_item(symbol.id)
    assert item is not None, symbol.id  # symbol_at names only defined items
    attrs = " · ".join(f"{k}: {_value(v)}" for k, v in item.attrs.items())
    label = setting.categories[item.category].label.lower()
    return f"**{item.name}**: {label} `{item.id}`" + (f"\n\n{attrs}" if attrs else "") + f"\n\n{where}"


def _attribute(setting: Setting, symbol: Symbol) -> str:
    if symbol.id == "code":
        return f"**code** of a {symbol.category} card: its colour corners and numbers (`has red`, `has 3`)"
    attr = setting.categories[symbol.category].attributes[symbol.id]
    if attr.kind == "bool":
        use = f"true or false: `{symbol.category}.{attr.id}`, `not {symbol.category}.{attr.id}`"
    elif attr.kind == "set":
        use = f"a set of {', '.join(map(str, attr.values))}: `{symbol.category}.{attr.id} has {attr.values[0]}`"
    else:
        use = f"one of {', '.join(map(str, attr.values))}: `{symbol.category}.{attr.id} == {attr.values[0]}`"
    return f"**{attr.label or attr.id}**: attribute `{attr.id}` of {symbol.category}, {use}"


def _value(v) -> str:
    if isinstance(v, list):
        return ", ".join(map(str, v)) or "none"
    return str(v).lower() if isinstance(v, bool) else str(v)


def clue_markdown(case: Case | None, setting: Setting | None, clue_doc, templates: dict | None) -> str | None:
    """The clue's reading; with a loaded case, also what it rules out on its own."""
    # english.explain imports the solver: not before the first clue hover
    from ..english.explain import Namer
    if setting is None or not isinstance(clue_doc, dict) or "means" not in clue_doc:
        return None
    cid = str(clue_doc.get("id", "?"))
    clue = next((c for c in case.clues if c.id == cid), None) if case else None
    expr = clue.expr if clue else resolve_text(clue_doc["means"], setting, case)[0]
    if expr is None:
        return f"**clue '{cid}'**: its `means:` does not resolve yet (see the diagnostic)"
    players = {p.id: p.name for p in case.players} if case else {}
    head = Namer(case).clue(cid) if clue else f"clue '{cid}'"
    said = " ".join(str(clue_doc.get("text") or "").split())
    lines = [f"**{head}**", "", f"Says: {said}", "", f"Means: {Reader(setting, templates, players).sentence(expr)}"]
    if clue is None:
        lines += ["", "*(fix the case's errors to see what it rules out)*"]
    elif case is not None:
        lines += unsaid_lines(case, cid) + ["", ruled_out_text(case, clue)]
    return "\n".join(lines)


def unsaid_lines(case: Case, cid: str) -> list[str]:
    """Where the text does not say what the meaning means (lint's L008-L013), so an author
    sees the difference beside the two."""
    # imported on a clue's hover only: lint judges a conditional with ortools
    from ..lint.clues import clue_report
    from ..lint.meaning import READS
    found = clue_report(case, cid)
    if not found:
        return []
    return ["", "The text does not say what it means:"] + [f"- {d.code}: {d.message.split(READS)[0]}" for d in found]


def ruled_out_text(case: Case, clue) -> str:
    # ortools: only once a hover needs it
    from ..english.explain import Namer
    from ..solver.compile import compile_case
    from ..solver.session import Oracle
    compiled = compile_case(case)
    oracle = Oracle(compiled)
    lits = [compiled.enables[clue.id]]
    speaker = compiled.lies.get(clue.speaker) if clue.speaker else None
    if speaker is not None:
        lits.append(~speaker)  # a witness who may lie: what the clue says if it is true
    try:
        if not oracle.feasible(lits, 2.0):
            return "On its own it cannot hold."
        out = [case.setting.item_name(i) for items in compiled.answer.values()
               for i, lit in items.items() if not oracle.feasible(lits + [lit], 2.0)]
    except TimeoutError:
        return "What it rules out is not known: the solver took too long."
    taken = f" (if {Namer(case).person(clue.speaker)} tells the truth)" if speaker is not None else ""
    return f"On its own{taken} it rules out: {', '.join(out) if out else 'nothing'}."
