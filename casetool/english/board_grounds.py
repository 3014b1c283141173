"""What a cited step of a board page (english/board_cited.py) leans on, told as grounds before
the result, never as a bare list after it ("... keep the Colonel out. It also needs Mrs
Bellamy in the Library at ten o'clock and ..."): a few grounds as a reason in front ("Since
Mrs Bellamy was in the Library at ten o'clock, the fact “...” keeps Colonel Ashby out of the
Study then"); more, recalled in sentences of their own first, at most GROUNDS facts a sentence
("We know that Mrs Bellamy was in the Library at ten o'clock and that the Dagger was the
weapon. With that, the fact “...” and the fact “...” keep Colonel Ashby out of the Study at
ten o'clock"), so no sentence asks a reader to hold more than a few facts at once. A
supposition's grounds are recalled once, before it is supposed. A mixin of the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..load.model import Setting, Timeline
from .board_notes import Found, Settled
from .board_voice import LONG, Voice, hour_list, hour_span
from .names import join
from .phrases import Templates, cap

GROUNDS = 3   # facts one sentence names, at most: the clues quoted and the grounds recalled
BUNDLE = 3    # the weight of 'where everyone we have placed was ...': many facts in a phrase


@dataclass
class Ground:
    """One thing a step leans on, said as a clause: bare ('the Dagger was the weapon') and
    after 'we know' ('that the Dagger was the weapon', 'where Dr Crane was at nine o'clock')."""
    bare: str
    known: str
    weight: int = 1


class Told(set):
    """The cells (or rooms ruled out) a page has told, with those told since its last cited
    sentence (`fresh`): what the sentences just before it said is not recalled again."""
    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.fresh: set = set()
        self.ever: set = set()   # a cell taken out while its own steps are found, and put back, is not new

    def add(self, item) -> None:
        if item not in self.ever:
            self.fresh.add(item)
            self.ever.add(item)
        super().add(item)


class Grounding(Voice):
    """The page's grounds, said before what they give; the page supplies what they read."""
    setting: Setting
    tl: Timeline
    times: list[str]
    words: Templates
    found: list[Found]
    # whether the last set asked for leaned on rooms the sentences just before told ("told") or
    # the cited sentence before it leaned on ("again"); and the rooms that one leaned on
    just = ""
    leaned: tuple[set, set] = (set(), set())

    def _role(self, cat: str) -> str:
        raise NotImplementedError

    def grounds(self, by: Settled, hours_said: list[str] | None = None) -> list[Ground]:
        """What the page found above that the set leans on: the rooms (many said by whose and
        when), then the parts of the answer (hours ruled out that the sentence says, `hours_said`,
        not again)."""
        out: list[Ground] = []
        by = self._unsaid(by)
        if len(by.given) + len(by.kept) > 2:
            out.append(self._bundle(by))
        else:
            pieces = list(dict.fromkeys(y for (y, _), _ in by.given))
            for y in pieces:   # a piece's hours together, named once
                rooms = join([f"{self.where(r)} {self.at(u)}" for (p, u), r in by.given if p == y], "and")
                out.append(_clause(f"{self.name(y)} was {rooms}"))
            out += [_clause(f"{self.name(y)} was not {self.where(r)} {self.at(u)}") for (y, u), r in by.kept]
        return out + self._parts_known(by, hours_said or [])

    def new_paragraph(self) -> None:
        """A paragraph starts: what the one before told or leaned on is recalled, not assumed."""
        self.leaned = (set(), set())
        for log in (getattr(self, "told", None), getattr(self, "kept", None)):
            if isinstance(log, Told):
                log.fresh.clear()

    def _unsaid(self, by: Settled) -> Settled:
        """The set without the rooms told since the page's last cited sentence (the sentences
        just before say them: 'Dr Crane was with Mr Everett, so he was in the Kitchen too') or
        leaned on by it (it recalled them): `just` says which, for 'With that' or 'Likewise'."""
        told, kept = getattr(self, "told", None), getattr(self, "kept", None)
        new = (set(told.fresh) if isinstance(told, Told) else set(), set(kept.fresh) if isinstance(kept, Told) else set())
        before = self.leaned
        cells, out_of = {c for c, _ in by.given}, set(by.kept)
        self.just = "told" if new[0] & cells or new[1] & out_of else \
            "again" if before[0] & cells or before[1] & out_of else ""
        self.leaned = (cells, out_of)   # in mind for the next cited sentence
        for log in (told, kept):
            if isinstance(log, Told):
                log.fresh.clear()
        said = (new[0] | before[0], new[1] | before[1])
        return Settled(by.clues, [g for g in by.given if g[0] not in said[0]], by.found,
                       [g for g in by.kept if g not in said[1]], by.hyp)

    def _bundle(self, by: Settled) -> Ground:
        """'where Dr Crane and the Rope were at nine o'clock'; 'where everyone we have placed
        was between six and ten o'clock' (more than three pieces); with a room ruled out among
        them, 'where Dr Crane and Colonel Ashby were, or were not, at seven and nine o'clock'."""
        cells = sorted(by.given + by.kept, key=lambda g: (self.times.index(g[0][1]), g[0][0]))
        pieces = list(dict.fromkeys(y for (y, _), _ in cells))
        hours = sorted({self.times.index(u) for (_, u), _ in cells})
        moments = [self.words.moment(self.setting, self.times[k]) for k in hours]
        when = self.at(self.times[hours[0]]) if len(hours) == 1 else f"at {hour_list(moments)}" if len(hours) <= 3 \
            else f"between {hour_span(moments[0], moments[-1])}"
        if len(pieces) > 3:
            said = f"where everyone we have placed was {when}"
        else:
            was = "was" if len(pieces) == 1 else "were"
            said = f"where {join([self.name(y) for y in pieces], 'and')} {was}{f', or {was} not,' if by.kept else ''} {when}"
        return Ground(f"we know {said}", said, BUNDLE)

    def _parts_known(self, by: Settled, said: list[str]) -> list[Ground]:
        """'the murder happened in the Hall at nine o'clock', 'Mrs Bellamy was the murderer',
        'the Rope was not the weapon', 'the murder has been ruled out at every hour but nine o'clock'."""
        out, known = [], {cat: item for cat, item, yes in by.found if yes}
        scene = " ".join(([self.where(known[self.tl.places])] if self.tl.places in known else [])
                         + ([self.at(known[self.tl.times])] if self.tl.times in known else []))
        if scene:
            out.append(_clause(f"the murder happened {scene}"))
        out += [_clause(f"{self.name(item)} was the {self._role(cat)}") for cat, item in known.items()
                if cat not in (self.tl.places, self.tl.times)]
        out_of: dict[str, list[str]] = {}   # a category's items ruled out, said as one fact
        for cat, item, yes in by.found:
            if not yes and cat != self.tl.times:
                out_of.setdefault(cat, []).append(item)
        for cat, items in out_of.items():
            if cat == self.tl.places:
                out.append(_clause(f"the murder did not happen {join([self.where(i) for i in items], 'or')}"))
            else:
                names = join([self.name(i) for i in items], "or")
                out.append(_clause(f"{names} was not the {self._role(cat)}" if len(items) == 1
                                   else f"the {self._role(cat)} was not {names}"))
        hours = [item for cat, item, yes in by.found if not yes and cat == self.tl.times and item not in said]
        left = [self.words.moment(self.setting, u) for u in self.times if u not in hours]
        ruled = {item for cat, item, yes in self.found if cat == self.tl.times and not yes}
        open_ = all(u not in ruled for u in self.times if u not in hours)   # 'but' names only hours still open
        if len(hours) > 3 and len(left) <= 2 and open_:   # "at every hour but nine o'clock", not seven hours named
            out.append(_clause(f"the murder has been ruled out at every hour but {hour_list(left)}"))
        elif hours:
            at = [self.words.moment(self.setting, u) for u in sorted(hours, key=self.times.index)]
            out.append(_clause(f"the murder has been ruled out at {hour_list(at)}"))
        return out

    def grounded(self, result: str, grounds: list[Ground], quoted: int, short: tuple[str, str] | None = None) -> str:
        """The result (a clause: 'the fact “...” keeps Colonel Ashby out of the Study at ten
        o'clock') after its grounds: as 'Since ..., ' when they and the `quoted` clues are few
        enough for one sentence, else recalled first in sentences of their own. `short`: the
        clues' clause and the verdict, said as two sentences when the result is past a breath
        ('..., the fact “...” rule out every other room. Only the Hall is left for him ...')."""
        if not grounds:   # what it leans on, if anything, was just said
            return self._result({"told": "With that, ", "again": "Likewise, "}.get(self.just, ""), result, short)
        one = f"Since {join([g.bare for g in grounds], 'and')}, {result}."
        if quoted + sum(g.weight for g in grounds) <= GROUNDS + 1 and len(one) <= LONG:
            return one
        then = ("With that, ", "Then ", "So ")[self.turn("grounded", 3)]
        return f"{self.recall(grounds)} {self._result(then, result, short)}"

    @staticmethod
    def _result(then: str, result: str, short: tuple[str, str] | None) -> str:
        said = f"{then}{result}." if then else f"{cap(result)}."
        if short is None or len(said) <= 1.5 * LONG:
            return said
        return f"{then}{short[0]}. {cap(short[1])}." if then else f"{cap(short[0])}. {cap(short[1])}."

    def recall(self, grounds: list[Ground]) -> str:
        """'We know that Mrs Bellamy was in the Library at ten o'clock and that the Dagger was the
        weapon.' Sentences of at most GROUNDS facts each (a bundle alone); '' for none."""
        chunks: list[list[Ground]] = []
        for g in grounds:
            if chunks and sum(h.weight for h in chunks[-1]) + g.weight <= GROUNDS:
                chunks[-1].append(g)
            else:
                chunks.append([g])
        lead = ("We know", "Recall", "We have seen")[self.turn("recall", 3)] if chunks else ""
        said = [f"{lead if k == 0 else 'We also know'} {join([g.known for g in c], 'and')}." for k, c in enumerate(chunks)]
        return " ".join(said)

    @staticmethod
    def merged_grounds(sets: list[Settled]) -> Settled:
        """One set of what several sets lean on (a supposition's steps and clash), each thing once."""
        when = lambda g: (g[0][1], g[0][0], g[1])   # noqa: E731
        return Settled([], sorted({g for s in sets for g in s.given}, key=when),
                       list(dict.fromkeys(f for s in sets for f in s.found)),
                       sorted({g for s in sets for g in s.kept}, key=when))


def _clause(bare: str) -> Ground:
    return Ground(bare, f"that {bare}")
