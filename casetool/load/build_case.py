"""Build a Case from its validated YAML document and resolve its clues."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from ..diagnostics import Diagnostic, Pos, did_you_mean, error, warning
from ..language import ir
from ..language.syntax import KEYWORDS
from ..language.text import resolve_text
from .build_setting import check_witness_names, liar_rule
from .fixed_rules import read_rules, resolve_rules
from .loader import LocStr
from .model import Case, Clue, Event, Player, Positions, Setting, Suggestion


def build_case(doc, path: Path, display: str, setting: Setting) -> tuple[Case, list[Diagnostic]]:
    """The case of a schema-valid YAML document, built once against its setting, and its
    semantic errors and warnings (names, solution, cards, liars). The case comes whole:
    every clue and fixed rule resolved, the card clues added, the liar rule resolved;
    what the solver proves (casetool.solver.check.prove_case). Nothing is changed after."""
    draft = _read(doc, path, display, setting)  # the resolver reads its players; nothing else sees it
    diags = _check_solution(draft, setting, doc)
    diags += check_witness_names(setting, draft.witnesses or [], doc)
    named: list = []   # (position, character) of every `lies(name)`
    clues, found = _resolve_clues(draft, setting, doc, named)
    diags += found
    always, found = resolve_rules(draft.always, setting, draft, doc)
    diags += found
    diags += _check_cards(draft, setting, doc)
    rule, resolved_rule = draft.effective_liar_rule, None
    if rule.kind == "custom":
        expr, problem = resolve_text(rule.expression or "", setting, draft, named)   # custom: always given
        resolved_rule = replace(rule, resolved=expr)
        diags += [problem] if problem else []
    case = replace(draft, clues=clues + card_clues(setting, draft.players, draft.suggestions), always=always,
                   resolved_rule=resolved_rule)
    if not any(d.is_error for d in diags):
        diags += _check_liars(case, doc, named)
    return case, diags


def _read(doc, path: Path, display: str, setting: Setting) -> Case:
    solution = doc["solution"]
    cards = doc.get("cards") or {}
    return Case(
        number=int(doc["case"]), title=str(doc["title"]), date=str(doc.get("date", "") or ""),
        setting_id=str(doc["setting"]), story=str(doc["story"]),
        liar_rule=liar_rule(doc["liar_rule"], doc.pos_of("liar_rule")) if "liar_rule" in doc else None,
        clues=[_clue(c, doc["clues"].item_pos[i]) for i, c in enumerate(doc["clues"])],
        solution={k: str(v) for k, v in solution.items() if k not in ("text", "liars")},
        solution_liars=[str(x) for x in solution["liars"]] if "liars" in solution else None,
        solution_text=str(solution["text"]),
        players=[_player(p, cards["players"].item_pos[i]) for i, p in enumerate(cards.get("players", []))],
        suggestions=[_suggestion(s, i + 1, cards["suggestions"].item_pos[i])
                     for i, s in enumerate(cards.get("suggestions", []))],
        events=[Event(int(e["at"]), str(e["text"])) for e in doc.get("events", [])],
        path=path, display=display, pos=doc.pos, difficulty=doc.get("difficulty"),
        positions=Positions.of_document(doc),
        witnesses=[str(w) for w in doc["witnesses"]] if "witnesses" in doc else None,
        always=read_rules(doc, "case"), unique=str(doc.get("unique", "answer")), setting=setting, source=doc,
    )


def _clue(c, pos: Pos) -> Clue:
    means = c["means"]
    means_pos = means.pos if isinstance(means, LocStr) else c.pos_of("means")
    return Clue(id=str(c["id"]), text=str(c["text"]), means=means, speaker=c.get("speaker"),
                kind=str(c.get("kind", "statement" if c.get("speaker") else "fact")),
                reveal=c.get("reveal"), wheel=c.get("wheel"), room=c.get("room"),
                pos=pos, means_pos=means_pos)


def _player(p, pos: Pos) -> Player:
    return Player(str(p["id"]), str(p.get("name", p["id"])), int(p["hand"]), [str(x) for x in p.get("holds", [])], pos)


def _suggestion(s, number: int, pos: Pos) -> Suggestion:
    return Suggestion(number, str(s["by"]), [str(x) for x in s["cards"]], [str(x) for x in s.get("passed", [])],
                      s.get("shown_by"), s.get("shown"), pos)


# ---- semantic checks ----------------------------------------------------------
def _check_solution(case, setting, doc) -> list[Diagnostic]:
    diags, sdoc = [], doc["solution"]
    for cid in setting.answer:
        if cid not in case.solution:
            diags.append(error(sdoc.pos, "V020", f"solution names no {cid}", f"add `{cid}: <item>` to the solution"))
    for key, value in case.solution.items():
        cat = setting.categories.get(key) if key in setting.answer else None
        if cat is None:
            diags.append(error(sdoc.key_pos[key], "V021", f"'{key}' is not an answer category{did_you_mean(key, setting.answer)}"))
        elif cat.item(value) is None:
            diags.append(error(sdoc.pos_of(key), "V022", f"unknown {key} '{value}'{did_you_mean(value, cat.ids)}"))
    for i, liar in enumerate(case.solution_liars or []):
        if liar not in setting.characters:
            diags.append(error(sdoc["liars"].item_pos[i], "V023", f"unknown character '{liar}'{did_you_mean(liar, setting.characters)}"))
    return diags


# A clue id is a name (docs/case-format.md): ASCII lower-case letters, digits and _; one
# YAML reads as a number may start with a digit once quoted ('010').
CLUE_ID = re.compile(r"[a-z0-9][a-z0-9_]*")


def _clue_id_problems(clue_id: str, pos: Pos) -> list[Diagnostic]:
    if not CLUE_ID.fullmatch(clue_id):
        return [error(pos, "V035", f"clue id '{clue_id}' is not a name: use lower-case ASCII letters, digits "
                      "and _ only", f"e.g. '{_suggest_id(clue_id)}'")]
    if clue_id in KEYWORDS:
        return [error(pos, "V035", f"clue id '{clue_id}' is a keyword of the clue language",
                      f"rename it, e.g. '{clue_id}_clue'")]
    return []


def _suggest_id(clue_id: str) -> str:
    import unicodedata
    ascii_id = unicodedata.normalize("NFKD", clue_id).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9_]+", "_", ascii_id).strip("_") or "clue_1"


def _resolve_clues(case, setting, doc, named: list) -> tuple[list[Clue], list[Diagnostic]]:
    """The case's clues, each with its resolved expression, and what is wrong with them."""
    diags: list[Diagnostic] = []
    seen: dict[str, Pos] = {}
    wheel_speakers: dict[str, str] = {}
    clues: list[Clue] = []
    for i, clue in enumerate(case.clues):
        cdoc = doc["clues"][i]
        diags += _clue_id_problems(clue.id, cdoc.pos_of("id"))
        if clue.id in seen:
            diags.append(error(cdoc.pos_of("id"), "V030", f"clue id '{clue.id}' is used twice (first at line {seen[clue.id].line})"))
        seen[clue.id] = clue.pos
        if clue.speaker is not None:
            ch = setting.characters.get(clue.speaker)
            if ch is None:
                diags.append(error(cdoc.pos_of("speaker"), "V031", f"unknown character '{clue.speaker}'"
                                   f"{did_you_mean(clue.speaker, setting.characters)}"))
            elif ch.wheel and clue.speaker in wheel_speakers:
                diags.append(error(cdoc.pos_of("speaker"), "V032", f"{ch.name} already speaks clue "
                                   f"'{wheel_speakers[clue.speaker]}'; a wheel shows one statement per mystery"))
            elif ch.wheel and clue.wheel is not None and clue.wheel > ch.wheel:
                diags.append(error(cdoc.pos_of("wheel"), "V033", f"wheel position {clue.wheel} is beyond {ch.name}'s wheel (1-{ch.wheel})"))
            wheel_speakers.setdefault(clue.speaker, clue.id)
        if clue.room is not None and setting.find_item(clue.room) is None:
            diags.append(error(cdoc.pos_of("room"), "V034", f"unknown room '{clue.room}'"
                               f"{did_you_mean(clue.room, [i.id for i in setting.all_items()])}"))
        expr, problem = resolve_text(clue.means, setting, case, named)
        clues.append(replace(clue, expr=expr))
        if problem:
            diags.append(problem)
    return clues, diags


def _check_liars(case: Case, doc, named: list) -> list[Diagnostic]:
    """`lies(x)` on someone who cannot lie is always false: say so where it is written.
    A liar rule that needs a liar in a case with no witness who can lie gets a warning
    here that says why (the solver can only report a contradiction with no clue in it)."""
    can_lie = case.who_can_lie()
    rule = case.effective_liar_rule
    diags = []
    for pos, who in named:
        if who not in can_lie:
            diags.append(warning(pos, "W020", f"lies({who}) is always false: {_why_not_liar(case, who)}",
                                 _liar_hint(case)))
    needs = rule.kind == "exactly_one" or (rule.kind == "custom" and _with_no_liars(rule.resolved) is False)
    if needs and not can_lie:
        pos = doc.pos_of("liar_rule") if "liar_rule" in doc else (doc.key_pos.get("clues") or case.pos)
        what = "exactly_one" if rule.kind == "exactly_one" else f"`{rule.expression}`"
        diags.append(warning(pos, "W021", f"the liar rule {what} needs a liar, but no witness of this case can lie, "
                             "so no answer fits", "name the witnesses in `witnesses: [...]` (they may say nothing)"))
    return diags


def _why_not_liar(case: Case, who: str) -> str:
    ch = case.setting.characters[who]
    rule = case.effective_liar_rule.kind
    if not ch.may_lie:
        return f"{ch.name} is the {ch.role}, who never lies"
    if rule == "none":
        return "the liar rule is none"
    if rule == "culprit":
        return f"under the culprit rule only a suspect's character lies, and {ch.name} has no `item:` among the {case.setting.culprit} items"
    return f"{ch.name} is not a witness of this case (says nothing and is not in `witnesses:`)"


def _liar_hint(case: Case) -> str:
    if case.effective_liar_rule.kind in ("inspector", "exactly_one", "custom"):
        return "add them to the case's `witnesses: [...]`, or drop the clue"
    return ""


def _with_no_liars(expr):
    """The custom rule's value when nobody can lie (liars == 0, every lies(x) false),
    or None when it also reads the answer or the world."""
    if isinstance(expr, ir.Const):
        return expr.value
    if isinstance(expr, ir.Lies):
        return False
    if isinstance(expr, ir.Not):
        v = _with_no_liars(expr.arg)
        return None if v is None else not v
    if isinstance(expr, (ir.And, ir.Or)):
        vals = [_with_no_liars(a) for a in expr.args]
        stop = isinstance(expr, ir.Or)  # a True in an Or (a False in an And) decides it
        if stop in vals:
            return stop
        return None if None in vals else not stop
    if isinstance(expr, ir.Compare) and all(isinstance(t, (ir.Liars, ir.Number)) for t in (expr.left, expr.right)):
        a, b = (0 if isinstance(t, ir.Liars) else t.value for t in (expr.left, expr.right))
        return {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[expr.op]
    return None


def _check_cards(case, setting, doc) -> list[Diagnostic]:
    if not case.players and not case.suggestions:
        return []
    cdoc = doc["cards"]
    if not setting.cards:
        return [error(doc.key_pos["cards"], "V040", "this case has `cards:` but the setting is not a card setting",
                      "set `cards: true` in setting.yaml")]
    diags = []
    deck = [i.id for c in setting.answer for i in setting.categories[c].items]
    players = [p.id for p in case.players]
    total = sum(p.hand for p in case.players)
    if total != len(deck) - len(setting.answer):
        diags.append(error(cdoc.pos_of("players"), "V041", f"hand sizes add up to {total}, but {len(deck)} cards "
                           f"minus {len(setting.answer)} in the envelope leaves {len(deck) - len(setting.answer)}"))
    for p in case.players:
        for card in p.holds:
            if card not in deck:
                diags.append(error(p.pos, "V042", f"unknown card '{card}'{did_you_mean(card, deck)}"))
    for s in case.suggestions:
        names = [s.by, *s.passed] + ([s.shown_by] if s.shown_by else [])
        for name in names:
            if name not in players:
                diags.append(error(s.pos, "V043", f"suggestion {s.number}: unknown player '{name}'{did_you_mean(name, players)}"))
        for card in s.cards + ([s.shown] if s.shown else []):
            if card not in deck:
                diags.append(error(s.pos, "V042", f"suggestion {s.number}: unknown card '{card}'{did_you_mean(card, deck)}"))
        if s.shown and s.shown not in s.cards:
            diags.append(error(s.pos, "V044", f"suggestion {s.number}: shown card '{s.shown}' was not suggested"))
    return diags


def card_clues(setting: Setting, players: list[Player], suggestions: list[Suggestion]) -> list[Clue]:
    """Known hands and suggestions as clues, so a conflict can name them (none unless a card setting)."""
    if not setting.cards:
        return []
    clues = []
    for p in players:
        if p.holds:
            expr = ir.And(tuple(ir.Holds(p.id, c) for c in p.holds))
            verb = "hold" if p.name.lower() == "you" else "holds"
            text = f"{p.name} {verb} {_names(setting, p.holds)}."
            clues.append(_synthetic(f"hand-{p.id}", text, expr, p.pos or Pos("<cards>")))  # (a player made in code has no pos)
    names = {p.id: p.name for p in players}
    for s in suggestions:
        parts: list = [ir.Not(ir.Holds(q, c)) for q in s.passed for c in s.cards]
        if s.shown_by:
            parts.append(ir.Holds(s.shown_by, s.shown) if s.shown else ir.Or(tuple(ir.Holds(s.shown_by, c) for c in s.cards)))
        clues.append(_synthetic(f"suggestion-{s.number}", suggestion_text(s, names, setting),
                                ir.And(tuple(parts)), s.pos))
    return clues


def _names(setting: Setting, ids: list[str]) -> str:
    return ", ".join(map(setting.item_name, ids))


def suggestion_text(s: Suggestion, players: dict[str, str], setting: Setting) -> str:
    def name(p):
        return players.get(p, p)
    text = f"{name(s.by)} suggested {_names(setting, s.cards)}"
    if s.passed:
        text += f"; {', '.join(map(name, s.passed))} could not disprove it"
    if s.shown_by:
        text += f"; {name(s.shown_by)} showed " + (_names(setting, [s.shown]) if s.shown else "a card")
    return text + "."


def _synthetic(cid: str, text: str, expr, pos: Pos) -> Clue:
    return Clue(id=cid, text=text, means="", speaker=None, kind="fact", reveal=None, wheel=None, room=None,
                pos=pos, means_pos=pos, expr=expr, synthetic=True)
