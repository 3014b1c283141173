"""The domain model: settings, cases and casebooks, built from validated YAML."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Mapping

from ..diagnostics import Pos

ROLES_THAT_NEVER_LIE = ("inspector", "locator", "narrator")


class Level(StrEnum):
    """A difficulty level, easiest first: a case's `difficulty:`, the grade of its explanation
    (casetool.explain.grade says where each begins) and what `generate --difficulty` aims at.
    schemas/case.schema.json lists the same names (tests/test_api.py holds them together)."""
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    FIENDISH = "fiendish"


@dataclass(frozen=True)
class Attribute:
    id: str
    kind: str  # "enum" | "set" | "bool" | "code" | "number" | "item"
    values: list = field(default_factory=list)
    pos: Pos | None = None
    label: str = ""
    category: str = ""  # item-valued (`items: room`): the items' category; kind item, or set when multi
    unknown: bool = False  # `unknown: true`: the items give no value, the solver decides (a decided fact)
    counts: dict = field(default_factory=dict)  # unknown only: value -> how many items have it


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    category: str
    index: int
    attrs: dict[str, Any]
    pos: Pos
    image: str | None = None       # a file inside the casebook folder
    image_pos: Pos | None = None
    # a person's `pronoun:` ('she', 'he', 'they'; '' when not given): how a page refers to them
    # (english.names.pronoun); not an attribute, so no clue is ever drawn from it
    pronoun: str = ""


@dataclass(frozen=True)
class Category:
    id: str
    label: str
    ordered: bool
    items: list[Item]
    attributes: dict[str, Attribute]
    pos: Pos

    def item(self, item_id: str) -> Item | None:
        return next((i for i in self.items if i.id == item_id), None)

    @property
    def ids(self) -> list[str]:
        return [i.id for i in self.items]


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    role: str
    item: str | None
    decoder: str | None
    wheel: int | None
    pos: Pos

    @property
    def may_lie(self) -> bool:
        return self.role not in ROLES_THAT_NEVER_LIE


@dataclass(frozen=True)
class Decoder:
    id: str
    name: str
    kind: str


@dataclass(frozen=True)
class FixedRule:
    """A rule of the setting or of one case (`always:`): it always holds, so it is part of
    the model itself, never a clue: no conflict set names it and it is never redundant."""
    id: str
    text: str
    means: str
    pos: Pos
    means_pos: Pos
    origin: str = "setting"  # "setting" | "case"
    expr: Any = None         # the resolved expression (None until resolved: the builder gives a resolved copy)


@dataclass(frozen=True)
class Timeline:
    people: str
    places: str
    times: str
    together_excludes_crime: bool = False
    moves: str = ""        # a board: the places' attribute of adjacent places; pieces move one step or stay, never away
    objects: list = field(default_factory=list)  # categories of objects on the board, carried by people
    victim: str = ""       # the victim's category: stays at the crime place from the crime on

    @property
    def pieces(self) -> list[str]:
        """The categories whose items have whereabouts: the people, the objects, the victim."""
        return [self.people, *self.objects] + ([self.victim] if self.victim else [])


@dataclass(frozen=True)
class Pieces:
    """What a print-and-play edition cuts out (`pieces:`): a board with a centre space and a
    space at each corner for a token of the `corners` category, and numbered pawns."""
    centre: str = ""        # the middle space's name; "" (with corners ""): no board
    corners: str = ""       # the category with a corner space and a token per item
    pawn_label: str = ""    # "Detective": the pawns print Detective 1, Detective 2, ...
    pawns: int = 0          # 0: no pawns


@dataclass(frozen=True)
class Setting:
    id: str
    title: str
    rules: str
    answer: list[str]
    culprit: str
    categories: dict[str, Category]
    characters: dict[str, Character]
    decoders: dict[str, Decoder]
    liar_rule: "LiarRule"
    timeline: Timeline | None
    cards: bool
    codes: dict | None
    path: Path
    pos: Pos
    witnesses: list[str] = field(default_factory=list)  # named witnesses of every case (may be silent)
    always: list[FixedRule] = field(default_factory=list)  # the setting's fixed rules
    templates: dict[str, Any] = field(default_factory=dict)  # `templates:` as plain data: the words prose uses
    every_case: dict[str, Any] = field(default_factory=dict)  # `every_case:` the printed rules of every case, as data
    pieces: Pieces | None = None  # a print-and-play board and pieces (render/pieces.py)

    @property
    def people_category(self) -> str:
        """The category whose items are the people a sentence names as the culprit: a
        timeline's people, else the culprit category."""
        return self.timeline.people if self.timeline else self.culprit

    def find_item(self, item_id: str) -> Item | None:
        for cat in self.categories.values():
            found = cat.item(item_id)
            if found:
                return found
        return None

    def all_items(self) -> list[Item]:
        return [i for c in self.categories.values() for i in c.items]

    # The display names every page, report and explanation prints: an unknown id is shown as it is.
    def item_name(self, item_id: str) -> str:
        item = self.find_item(item_id)
        return item.name if item else str(item_id)

    def person_name(self, who: str) -> str:
        ch = self.characters.get(who)
        return ch.name if ch else str(who)


@dataclass(frozen=True)
class LiarRule:
    kind: str  # "none" | "inspector" | "exactly_one" | "culprit" | "custom"
    expression: str | None = None
    pos: Pos | None = None
    resolved: Any = None  # the custom expression's IR (the builder gives each case its resolved copy)


@dataclass(frozen=True)
class Clue:
    id: str
    text: str
    means: str
    speaker: str | None
    kind: str
    reveal: int | None
    wheel: int | None
    room: str | None
    pos: Pos
    means_pos: Pos
    expr: Any = None  # the resolved expression (casetool.language.ir)
    synthetic: bool = False  # made from a known hand or a suggestion


@dataclass(frozen=True)
class Player:
    """A card player: the case's `cards: players:` entry (`holds`: the cards known to be in
    the hand), and the generator's player too (it knows the whole hand)."""
    id: str
    name: str
    hand: int
    holds: list[str]
    pos: Pos | None = None  # None: made in code (a generated case's player before it is written)


@dataclass(frozen=True)
class World:
    """One complete world: the answer and a value for every unknown the clues can speak of.
    The solver reads one off a feasible solve (solver.session), the generator draws one
    (generate.world.Plan.complete) and evaluates its clues in it (language.evaluate); what
    check shows of it is solver.check.ShownWorld."""
    answer: dict[str, str]
    liars: frozenset[str] = frozenset()                               # the witnesses who lie
    loc: dict[tuple[str, str], str] = field(default_factory=dict)     # (person, time) -> place | AWAY
    owner: dict[str, str] = field(default_factory=dict)               # card -> player; envelope cards absent
    facts: dict[tuple[str, str], Any] = field(default_factory=dict)   # (item, attribute) -> decided value


@dataclass(frozen=True)
class Suggestion:
    number: int
    by: str
    cards: list[str]
    passed: list[str]
    shown_by: str | None
    shown: str | None
    pos: Pos


@dataclass(frozen=True)
class Event:
    at: int
    text: str


KeyPath = tuple[str, ...]  # a key path in a case document: ("solution", "liars")


@dataclass(frozen=True)
class Positions:
    """Where a case's parts are written: the file position of the value at each key path of
    its YAML document (the mappings' keys, lists not entered), read once when the case is
    built; empty for a case made in code, which has no file positions."""
    at: Mapping[KeyPath, Pos] = field(default_factory=dict)

    @classmethod
    def of_document(cls, doc) -> Positions:
        """The positions of a loaded document (a casetool.load.loader.LocDict)."""
        at: dict[KeyPath, Pos] = {}

        def walk(node, path: KeyPath) -> None:
            if path == () and hasattr(node, "pos"):
                at[()] = node.pos
            for key, value in node.items():
                if key in getattr(node, "value_pos", {}):
                    at[(*path, key)] = node.value_pos[key]
                if isinstance(value, dict):
                    walk(value, (*path, key))
        walk(doc, ())
        return cls(at)

    def of(self, *keys: str) -> Pos | None:
        """Where the value at the key path `keys` is written (`of("solution")`,
        `of("difficulty")`); None when the case has no file or does not write it."""
        return self.at.get(keys)


@dataclass(frozen=True)
class Case:
    number: int
    title: str
    date: str
    setting_id: str
    story: str
    liar_rule: LiarRule | None
    clues: list[Clue]
    solution: dict[str, str]
    solution_liars: list[str] | None
    solution_text: str
    players: list[Player]
    suggestions: list[Suggestion]
    events: list[Event]
    path: Path
    display: str
    pos: Pos
    difficulty: str | None = None
    positions: Positions = field(default_factory=Positions)  # where the YAML writes each part
    witnesses: list[str] | None = None  # the case's `witnesses:`; None: the setting's list
    always: list[FixedRule] = field(default_factory=list)  # the case's own fixed rules, resolved
    unique: str = "answer"  # `unique: world`: check proves the whole world unique, as with --world
    setting: Setting = field(kw_only=True)
    # The liar rule in force (the case's, else the setting's), its custom expression resolved
    # for this case; None: `liar_rule`, else the setting's, as it is (none of them custom).
    resolved_rule: LiarRule | None = field(default=None, kw_only=True)
    # The YAML document the case was read from (lint quotes its texts at their own
    # positions); None for a case made in code. Nothing else reads it: see `positions`.
    source: Any = field(default=None, kw_only=True, compare=False, repr=False)

    @property
    def fixed_rules(self) -> list[FixedRule]:
        """The setting's fixed rules, then the case's: they hold in every world of the case."""
        return list(self.setting.always) + list(self.always)

    def pos_of(self, *keys: str) -> Pos:
        """Where the case writes the value at `keys`; the case's own position when it does not
        (or was made in code, without YAML): a diagnostic always has somewhere to point."""
        return self.positions.of(*keys) or self.pos

    @property
    def effective_liar_rule(self) -> LiarRule:
        return self.resolved_rule or self.liar_rule or self.setting.liar_rule

    @property
    def named_witnesses(self) -> list[str]:
        """The witnesses named in the case's `witnesses:`, else in the setting's."""
        return list(self.witnesses if self.witnesses is not None else self.setting.witnesses)

    def speakers_who_may_lie(self) -> list[str]:
        """Characters of this case that the liar rule lets lie: the named witnesses (who
        may say nothing), then the other speakers, in first-speaking order. Oracles
        (inspector, locator, narrator) never lie, even when named."""
        seen: list[str] = []
        speakers = [clue.speaker for clue in self.clues if clue.speaker]
        for cid in self.named_witnesses + speakers:
            ch = self.setting.characters.get(cid)
            if ch and ch.may_lie and ch.id not in seen:
                seen.append(ch.id)
        return seen

    def who_can_lie(self) -> list[str]:
        """Every character for whom `lies(x)` can be true under this case's liar rule."""
        rule = self.effective_liar_rule.kind
        if rule == "none":
            return []
        if rule == "culprit":
            culprits = self.setting.categories[self.setting.culprit].ids if self.setting.culprit in self.setting.categories else []
            return [ch.id for ch in self.setting.characters.values() if ch.may_lie and ch.item in culprits]
        return self.speakers_who_may_lie()


@dataclass(frozen=True)
class Casebook:
    id: str
    title: str
    intro: str
    seed: int
    setting: Setting
    cases: list[Case]
    folder: Path
    pos: Pos | None = None
