"""Load the setting to generate for, and tell which kinds of case it supports."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import CasetoolError, Diagnostic, Pos, error
from ..english.phrases import Templates, voiced
from ..files import display_path
from ..language.text import resolve_text
from ..load.build_setting import build_setting
from ..load.loader import load_yaml, plain
from ..load.model import Setting
from ..load.project import SETTING_FILE
from ..load.schema import validate
from .board_check import board_problems

KINDS = ("traits", "liars", "timeline", "cards", "codes", "board")
LIAR_RULES = ("none", "inspector", "culprit", "exactly_one")


@dataclass
class Source:
    setting: Setting
    templates: Templates
    path: Path
    display: str
    data: bytes           # the setting file as it is, for the casebook's copy
    resolved: dict = field(default_factory=dict)   # clue text -> resolved expression (a cache)
    world: dict = field(default_factory=dict)      # the setting's `world:` facts (meals, counters)

    def resolve(self, means: str, case=None):
        """The resolved expression of a generated clue meaning (cached; a bug if it fails)."""
        key = means if case is None else (means, id(case))
        if key not in self.resolved:
            expr, problem = resolve_text(means, self.setting, case)
            if problem:
                raise AssertionError(f"generated clue does not resolve: {means!r}: {problem.message}")
            if case is not None:
                return expr
            self.resolved[key] = expr
        return self.resolved[key]


def load_source(path: Path) -> tuple[Source | None, list[Diagnostic]]:
    """The setting at `path` (a setting file, or a folder holding setting.yaml)."""
    path = Path(path)
    if path.is_dir():
        path = path / SETTING_FILE
    display = display_path(path)
    if not path.is_file():
        return None, [error(Pos(display), "G001", "no such setting file",
                            "pass --setting a setting.yaml or the folder that holds one")]
    try:
        doc = load_yaml(path, display)
    except CasetoolError as exc:
        return None, exc.diagnostics
    if not isinstance(doc, dict):
        return None, [error(Pos(display), "S010", "a setting file must be a mapping of keys (`setting: ...`)")]
    diags = validate(doc, "setting", display)
    if diags:
        return None, diags
    setting, diags = build_setting(doc, path, display)
    if any(d.is_error for d in diags):
        return None, diags
    world = plain(doc.get("world") or {})
    diags += _check_world(setting, world, doc) + board_problems(setting)
    templates = voiced(setting)
    if any(not why for kind, why in supported_kinds(setting).items() if kind != "board"):
        diags += phrase_problems(setting, templates, doc)   # board clues name no answer attribute
    if any(d.is_error for d in diags):
        return None, diags
    return Source(setting, templates, path, display, path.read_bytes(), world=world), diags


def phrase_problems(setting: Setting, templates: Templates, doc) -> list[Diagnostic]:
    """G008 for every attribute of an answer category that has no usable English phrase: none
    in the setting's `templates: attributes:` nor built in (which would print "has hair red"),
    or a number's phrase that does not name its unit after `{value}` ("happened in a room of
    size {value}"). Positioned at the setting's phrase when it gives one, else at the
    attribute."""
    out: list[Diagnostic] = []
    own = doc.get("templates", {}).get("attributes", {}) if hasattr(doc, "get") else {}
    for cid in setting.answer:
        cat = setting.categories[cid]
        for attr in cat.attributes.values():
            if attr.unknown:
                continue
            key = f"{cid}.{attr.id}"
            given = key if key in own else attr.id if attr.id in own else None
            pos = own.pos_of(given) if given and hasattr(own, "pos_of") else attr.pos or setting.pos
            for value in [True] if attr.kind == "bool" else attr.values:
                phrases = templates.attribute_phrases(cat, attr.id, value)
                why = ""
                if not phrases or len(phrases) < 2:
                    why = f"no phrase says how '{key}: {value}' reads in a clue"
                elif attr.kind == "number" and not re.search(r"\{value\}\s+[A-Za-z]", phrases[0]):
                    why = f"the phrase for '{key}' ({phrases[0]!r}) does not name the unit after {{value}}"
                if why:
                    out.append(error(pos, "G008", f"{why}: `templates: attributes: {key}`",
                                     f'e.g. `{key}: ["happened in {{value}} ...", "did not happen in {{value}} ..."]`'
                                     if attr.kind != "number" else
                                     f'e.g. `{key}: {{"*": ["weighed {{value}} pounds", "did not weigh {{value}} pounds"]}}`'))
                    break
    return out


def _check_world(setting: Setting, world: dict, doc) -> list[Diagnostic]:
    """The `world:` facts must name the setting's own times attribute and place."""
    meals = world.get("meals")
    if not meals:
        return []
    pos = doc["world"].pos_of("meals") if hasattr(doc["world"], "pos_of") else setting.pos
    tl = setting.timeline
    if tl is None:
        return [error(pos, "G005", "`world: meals:` needs a `timeline:`")]
    times, places = setting.categories[tl.times], setting.categories[tl.places]
    attr = times.attributes.get(meals["when"])
    if attr is None or attr.kind != "bool":
        return [error(pos, "G005", f"`meals: when: {meals['when']}` is not a yes/no attribute of '{tl.times}'",
                      f"attributes of '{tl.times}': {', '.join(times.attributes) or 'none'}")]
    if meals["place"] not in places.ids:
        return [error(pos, "G005", f"`meals: place: {meals['place']}` is not a place of '{tl.places}'",
                      f"places: {', '.join(places.ids)}")]
    return []


def rule_witnesses(setting: Setting) -> list[str]:
    """The characters the liar rule ranges over: the setting's `witnesses:`, else every
    character with `role: witness`."""
    return list(setting.witnesses) or [c.id for c in setting.characters.values() if c.role == "witness"]


def truthful_if(setting: Setting, speaker: str | None, answer: dict[str, str]) -> bool | None:
    """Under "the culprit lies": whether `speaker`'s words are true in a world with this
    answer (false only for the culprit's own character), None for a speaker the rule does
    not touch (the narrator, the inspector)."""
    ch = setting.characters.get(speaker) if speaker else None
    if ch is None or not ch.may_lie or not ch.item:
        return None
    return ch.item != answer[setting.culprit]


def liar_witnesses(setting: Setting) -> list[str]:
    """Characters who may lie and are an item of the culprit category (culprit-lies cases)."""
    culprits = set(setting.categories[setting.culprit].ids)
    return [c.id for c in setting.characters.values() if c.may_lie and c.item in culprits]


def supported_kinds(setting: Setting) -> dict[str, str]:
    """kind -> '' when supported, else why not."""
    out = {}
    attrs = any(setting.categories[c].attributes for c in setting.answer)
    witnesses = [c for c in setting.characters.values() if c.role == "witness"]
    out["traits"] = "" if attrs and witnesses else "no answer category has attributes" if not attrs else \
        "it has no witnesses (`role: witness`) to make statements about the culprit's traits"
    out["liars"] = _liars_kind(setting)
    out["timeline"] = "" if setting.timeline and all(
        getattr(setting.timeline, k) in setting.answer for k in ("people", "places", "times")) else \
        "it has no `timeline:` whose people, places and times are all answer categories"
    out["cards"] = "" if setting.cards else "it is not a card setting (`cards: true`)"
    out["codes"] = "" if setting.codes else "it has no `codes:`"
    if setting.liar_rule.kind not in LIAR_RULES and not out["traits"]:
        out["traits"] = f"its liar rule is custom; generate supports {', '.join(LIAR_RULES)}"
    tl = setting.timeline
    if tl and (tl.objects or tl.victim) and not out["timeline"]:
        out["timeline"] = ("its board moves objects or a victim (`timeline: objects:` or `victim:`); the generator "
                           "draws whereabouts for people only")
    few = [c for c in (tl.places, tl.times) if len(setting.categories[c].ids) < 3] if tl and not out["timeline"] else []
    if few:   # the notes list two places or times the answer's was not: fewer than three leaves no such list
        out["timeline"] = (f"its timeline needs at least three places and three times ('{few[0]}' has "
                           f"{len(setting.categories[few[0]].ids)})")
    decided = sorted(f"{c.id}.{a.id}" for c in setting.categories.values() for a in c.attributes.values() if a.unknown)
    if decided:   # only a board's night draws decided facts: other worlds have no value for them
        why = f"its attribute {decided[0]} is `unknown: true` (a decided fact), which the generator does not draw"
        out = {kind: out[kind] or why for kind in out}
    out["board"] = _board_kind(setting)
    return out


def _board_kind(setting: Setting) -> str:
    """'' when the setting is a board whose crime the generator can draw (generate/night.py)."""
    tl = setting.timeline
    if tl is None or not tl.moves:
        return "it has no board (`timeline: moves:`)"
    missing = [c for c in (tl.people, tl.places, tl.times) if c not in setting.answer]
    if missing:
        return f"its board's crime needs {missing[0]} in the answer"
    rule = setting.liar_rule.kind
    if rule == "culprit" and len(liar_witnesses(setting)) < 2:
        return ("under `liar_rule: culprit` its board needs at least two guests who speak (characters with "
                "`role: witness` and `item:` a suspect)")
    if rule not in ("none", "culprit"):
        return (f"its liar rule is '{rule}'; board cases are told by truthful narrators, or by guests of whom "
                "the murderer lies (`liar_rule: culprit`)")
    return ""


def _liars_kind(setting: Setting) -> str:
    """'' when `liars` cases fit the setting's printed liar rule, else why not."""
    rule = setting.liar_rule.kind
    if rule == "culprit":
        return "" if len(liar_witnesses(setting)) >= 2 else \
            "it needs at least two witness characters who are suspects (`role: witness`, `item:`)"
    if rule == "inspector":
        witnesses = [c for c in setting.characters.values() if c.role == "witness"]
        inspector = any(c.role == "inspector" for c in setting.characters.values())
        if len(witnesses) >= 2 and inspector:
            return ""
        return "under the inspector rule it needs an inspector and at least two witnesses"
    if rule == "exactly_one":
        return "" if len(rule_witnesses(setting)) >= 2 else "under the exactly-one rule it needs at least two witnesses"
    return f"its printed liar rule is '{rule}': nobody lies in its cases"


ALL_LEVELS = ("easy", "medium", "hard", "fiendish")
FIENDISH_GRID = 5   # the fewest places and times a timeline offers fiendish cases on


def offered_levels(setting: Setting, kind: str) -> tuple[str, ...]:
    """The difficulty levels (explain/grade.py) the generator reaches for this kind, as
    measured on the samples (docs/generate.md, 'Which levels a setting reaches'); only these
    are offered.

    Codes cases tie murder cards together ("if the weapon card has a red corner, then the
    room card shows a 4"): counters that settle only in a chain, several at once, reach
    every level. Under the inspector rule the inspector's note settles who lies and (with a
    locator) the locator names the scene, each in one clue; what is left is one condition
    on the culprit per statement, read alone, or with the scene when the statement ties the
    two together (a chain, depth 1): easy and medium, never a step of depth 2. A card step
    always reads a hand with another clue, so cards start at medium. A culprit-rule case
    always supposes someone the culprit, but when that supposition clashes with one clue
    alone the step is shallow: 4 of 16 murdle drafts grade easy, so every level is offered.
    Under "exactly one witness lies" nobody's word settles the liar."""
    if kind == "timeline" and setting.timeline and min(
            len(setting.categories[c].ids) for c in (setting.timeline.places, setting.timeline.times)) < FIENDISH_GRID:
        # a fiendish step reads four clues at once, two of them chained conditionals; on a
        # 4 x 4 board the notes settle place and time sooner (grange: 1 fiendish in 140
        # fiendish-style drafts, 2026-12-05), so the level is refused (G006), not mislabelled
        return ALL_LEVELS[:3]
    if kind in ("timeline", "codes", "board") or setting.liar_rule.kind == "culprit":
        return ALL_LEVELS
    if setting.liar_rule.kind == "exactly_one":
        # any witness may be the liar, so a speaking liar always needs the case split over who
        # lies: grange liars seeds 1-8 grade 2 medium, 2 hard, 4 fiendish; traits 2 of each
        return ALL_LEVELS[1:] if kind == "liars" else ALL_LEVELS
    if kind == "cards":
        return ALL_LEVELS[1:]
    if setting.liar_rule.kind == "inspector" and any(c.role == "locator" for c in setting.characters.values()):
        return ALL_LEVELS[:2]
    return ALL_LEVELS[:1]


def default_kind(setting: Setting) -> str | None:
    ok = supported_kinds(setting)
    order = ["board", "cards", "codes", "timeline", "liars" if setting.liar_rule.kind == "culprit" else "traits", "traits", "liars"]
    return next((k for k in order if not ok[k]), None)
