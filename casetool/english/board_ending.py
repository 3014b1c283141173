"""The board page's opening (english/board_solution.py): the story's ending, who killed whom
with what, where and when, and the murderer's decided fact ("The motive was greed."); and
the murderer named before any hour when the notes give that fact for him and the suspects
("The murderer's motive was revenge, and so was Dr Crane's; nobody else's was, ..."). Also
the notes the page reads of the crime: the hours the victim was alive or dead by, the
weapons cleared, the decided facts given. A mixin of the page, which gives the night."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..language import ir
from ..language.facts import decided_facts
from ..load.model import Case, World
from .board_voice import Claim, Line, Voice
from .claims import item_test
from .names import join


class Ending(Voice):
    """The page's ending and its murderer named by a decided fact (a mixin of english/board_solution._Page)."""
    night: World
    notes: CrimeNotes
    weapons: list[str]

    def ending(self) -> list[Line]:
        ans = self.night.answer
        culprit, scene, when = ans[self.tl.people], ans[self.tl.places], ans[self.tl.times]
        tools = [self.name(ans[c]) for c in self.weapons]
        claims: list[Claim] = [("answer", c, ans[c]) for c in self.setting.answer]
        how = f" with {join(tools, 'and')}" if tools else ""
        lines = [Line(f"{self.name(culprit)} killed {self.name(self.victim)}{how} {self.where(scene)} "
                      f"{self.at(when)}.", claims)]
        for fact in decided_facts(self.setting):
            if fact.category == self.tl.people and (culprit, fact.attribute) in self.night.facts:
                attr = self.setting.categories[fact.category].attributes[fact.attribute]
                value = self.night.facts[(culprit, fact.attribute)]
                # "The motive was greed", not the culprit's name again a sentence later
                lines.append(Line(f"The {(attr.label or attr.id).lower()} was "
                                  f"{self._value(value)}.", [("fact", culprit, fact.attribute, value)]))
        return lines

    def _value(self, value) -> str:
        return self.name(value) if self.setting.find_item(str(value)) else str(value).replace("_", " ")

    def murderer_by_fact(self) -> list[Line]:
        """'The murderer's motive was revenge, and so was Dr Crane's; nobody else's was':
        the murderer told by a decided fact the notes give for him and for the suspects,
        directly (a value only one person has, by the setting's counts) or by elimination."""
        culprit = self.night.answer[self.tl.people]
        attrs = self.setting.categories[self.tl.people].attributes
        for attr, value in self.notes.murderers.items():
            label, said = (attrs[attr].label or attr).lower(), self._value(value)
            claim: list[Claim] = [("answer", self.tl.people, culprit)]
            if self.notes.stated.get((culprit, attr)) == value and attrs[attr].counts.get(str(value)) == 1:
                return [Line(f"The murderer's {label} was {said}, and so was {self.name(culprit)}'s; nobody "
                             f"else's was, so {self.name(culprit)} was the murderer.", claim)]
            others = [q for q in self.people if q != culprit]
            if all(self.notes.stated.get((q, attr), value) != value or value in self.notes.denied.get((q, attr), ())
                   for q in others):
                return [Line(f"The murderer's {label} was {said}; {_none_of([self.name(q) for q in others])}, "
                             f"so {self.name(culprit)} was the murderer.", claim)]
        return []


def _none_of(names: list[str]) -> str:
    """"neither Colonel Ashby's nor Dr Crane's was": whose value it was not."""
    owned = [n + "'s" for n in names]
    if len(owned) == 1:
        return f"{owned[0]} was not"
    if len(owned) == 2:
        return f"neither {owned[0]} nor {owned[1]} was"
    return f"none of {join(owned, 'or')} was"


@dataclass
class CrimeNotes:
    alive: tuple[str, str] | None = None    # (hour, who noted it): the victim still alive then
    dead: tuple[str, str] | None = None     # dead by then
    spotless: set[str] = field(default_factory=set)   # weapons the notes say were not used
    dead_clue: tuple[str, str] | None = None  # (hour, clue id) of `dead`
    murderers: dict[str, object] = field(default_factory=dict)   # decided fact -> the murderer's value
    stated: dict[tuple[str, str], object] = field(default_factory=dict)   # (person, fact) -> its value
    denied: dict[tuple[str, str], set] = field(default_factory=dict)      # (person, fact) -> values it is not


def crime_notes(case: Case, times_cat: str) -> CrimeNotes:
    """The latest hour the clues say the victim was still alive at, the earliest they say he
    was dead by, and the weapons they say were not used."""
    out = CrimeNotes()
    order = case.setting.categories[times_cat].ids
    for clue in case.clues:
        e = clue.expr
        if isinstance(e, ir.Compare) and e.op == ir.CompareOp.EQ and isinstance(e.left, ir.FactOf) \
                and isinstance(e.left.term, ir.AnswerRef) and isinstance(e.right, ir.ValueConst):
            out.murderers[e.left.attribute] = e.right.value   # "the murderer's motive was greed"
            continue
        if isinstance(e, ir.Compare) and isinstance(e.left, ir.FactOf) and isinstance(e.left.term, ir.ItemConst) \
                and isinstance(e.right, ir.ValueConst) and e.op in (ir.CompareOp.EQ, ir.CompareOp.NE):
            key = (e.left.term.item, e.left.attribute)   # "Dr Crane's motive was (not) revenge"
            if e.op == ir.CompareOp.EQ:
                out.stated[key] = e.right.value
            else:
                out.denied.setdefault(key, set()).add(e.right.value)
            continue
        tested = item_test(e)   # the answer's item against one item: the one home of that test (claims.py)
        if tested is None:
            continue
        item = tested[1]
        who = case.setting.characters[clue.speaker].name if clue.speaker in case.setting.characters else "the notes"
        if e.left.category == times_cat and e.op == ir.CompareOp.GT:
            if out.alive is None or order.index(item) > order.index(out.alive[0]):
                out.alive = (item, who)
        elif e.left.category == times_cat and e.op == ir.CompareOp.LE:
            if out.dead is None or order.index(item) < order.index(out.dead[0]):
                out.dead, out.dead_clue = (item, who), (item, clue.id)
        elif e.op == ir.CompareOp.NE:
            out.spotless.add(item)
    return out
