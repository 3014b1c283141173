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
from .board_reason import Reasoner
from .board_voice import LONG, Line, Voice, hour_list, hour_span
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
        self.para: set = set()   # told in this paragraph: in mind still, not recalled in it
        self.ever: set = set()   # a cell taken out while its own steps are found, and put back, is not new

    def add(self, item) -> None:
        if item not in self.ever:
            self.fresh.add(item)
            self.para.add(item)
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
    reasoner: Reasoner
    told: set
    kept: set
    said: set
    just = ""
    leaned: tuple[set, set] = (set(), set())
    # a page's paragraph (None: an explain step, which has none): the rooms its sentences leaned
    # on or recalled, the parts of the answer it recalled, and where its own finds begin in
    # `found`; none is recalled twice in one paragraph (the editor's 'say less twice')
    here: tuple[set, set] | None = None
    parts_here: set = set()
    found_at: int | None = None

    def _role(self, cat: str) -> str:
        raise NotImplementedError

    def _open(self, fact: tuple[str, str, str, bool], out: list, busy: set) -> None:
        raise NotImplementedError

    def away(self, cells: list[tuple[str, str]], z: str, before: list[Line]) -> list[Line]:
        """The grounds of pieces a verdict keeps out of room z ('nobody was with him', 'they
        were all kept out of the Study; the murderer was with him there') that the paragraph
        so far (`before`) does not speak of: a room a fact states and the page never said,
        as that fact; a room or a room ruled out the page found above, recalled; a room a
        clue rules out outright, with that clue (and what it leans on)."""
        said = {(c[1], c[2]) for line in before for c in line.claims if c[0] in ("cell", "not_cell")}
        said |= {(d[0], d[1]) for line in before if line.kind == "placed" for d in line.data}
        quoted = {c for line in before for claim in line.claims if claim[0] in ("by", "if") for c in claim[1]}
        reasoner, told, kept = self.reasoner, self.told, self.kept
        out: list[Line] = []
        recalled: list[tuple[str, str, str, bool]] = []
        opened: list[tuple[str, str]] = []
        for x, t in cells:
            why, r = reasoner.why.get((x, t)), self.room(x, t)
            if (x, t) in said or r == z or (why is not None and why.rule == "clue" and set(why.clues) <= quoted):
                continue   # said in the paragraph, or the fact that says it quoted there
            if (x, t) in told and why is not None and why.rule == "clue" and (x, t) not in self.said:
                claim = ("cell", x, t, r)
                self.said.add((x, t))   # said now: what comes next may lean on it
                out.append(self.placed(x, t, r, why.clues[0], [claim, ("by", tuple(why.clues), (), (), claim)]))
            elif (x, t) in told:
                recalled.append((x, t, r, True))
            elif ((x, t), z) in kept:
                recalled.append((x, t, z, False))
            else:
                opened.append((x, t))
        for x, t in opened:   # after the rooms the facts give, which they may lean on
            self._open((x, t, z, False), out, set())
        if not recalled:
            return out
        if self.here is not None:   # in mind for the rest of the paragraph
            self.here[0].update((x, t) for x, t, _, yes in recalled if yes)
            self.here[1].update(((x, t), r) for x, t, r, yes in recalled if not yes)
        hours = {t for _, t, _, _ in recalled}
        groups: dict[tuple[str, str, bool], list[str]] = {}   # pieces in one room (or not in it) named together
        for x, t, r, yes in recalled:
            groups.setdefault((t, r, yes), []).append(self.name(x))
        clauses = [f"{join(xs, 'and')} {'was' if len(xs) == 1 else 'were'} {'' if yes else 'not '}{self.where(r)}"
                   f"{'' if len(hours) == 1 else ' ' + self.at(t)}" for (t, r, yes), xs in groups.items()]
        at = f" {self.at(recalled[0][1])}" if len(hours) == 1 else ""
        lead = ("We know", "Recall", "We have seen")[self.turn("recall", 3)]
        claims = [("cell" if yes else "not_cell", x, t, r) for x, t, r, yes in recalled]
        return [Line(f"{lead} that {join(clauses, 'and')}{at}.", claims)] + out

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
        self.here, self.parts_here, self.found_at = (set(), set()), set(), len(self.found)
        for log in (getattr(self, "told", None), getattr(self, "kept", None)):
            if isinstance(log, Told):
                log.fresh.clear()
                log.para.clear()

    def _unsaid(self, by: Settled) -> Settled:
        """The set without the rooms told since the page's last cited sentence (the sentences
        just before say them: 'Dr Crane was with Mr Everett, so he was in the Kitchen too') or
        leaned on by it (it recalled them): `just` says which, for 'With that' or 'Likewise'."""
        told, kept = getattr(self, "told", None), getattr(self, "kept", None)
        new = (set(told.fresh) if isinstance(told, Told) else set(), set(kept.fresh) if isinstance(kept, Told) else set())
        before = self.leaned
        cells, out_of = {c for c, _ in by.given}, set(by.kept)
        here = self._here()
        self.just = "told" if new[0] & cells or new[1] & out_of else \
            "again" if before[0] & cells or before[1] & out_of else \
            "para" if here[0] & cells or here[1] & out_of else ""
        self.leaned = (cells, out_of)   # in mind for the next cited sentence
        if self.here is not None:
            self.here[0].update(cells)
            self.here[1].update(out_of)
        for log in (told, kept):
            if isinstance(log, Told):
                log.fresh.clear()
        said = (new[0] | before[0] | here[0], new[1] | before[1] | here[1])
        return Settled(by.clues, [g for g in by.given if g[0] not in said[0]], by.found,
                       [g for g in by.kept if g not in said[1]], by.hyp)

    def _here(self) -> tuple[set, set]:
        """The rooms this paragraph has told, leaned on or recalled (none for an explain step)."""
        if self.here is None:
            return set(), set()
        told, kept = getattr(self, "told", None), getattr(self, "kept", None)
        return (self.here[0] | (told.para if isinstance(told, Told) else set()),
                self.here[1] | (kept.para if isinstance(kept, Told) else set()))

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
        by = Settled(by.clues, by.given, self._unrecalled(by.found), by.kept, by.hyp)
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

    def _unrecalled(self, found: list[Found]) -> list[Found]:
        """The parts of the answer a sentence leans on, less those its paragraph found or
        recalled already; hours ruled out said as the murder's hour once the page knows it."""
        hour = next((item for cat, item, yes in self.found if cat == self.tl.times and yes), None)
        if hour is not None and any(cat == self.tl.times for cat, _, _ in found):
            found = [f for f in found if f[0] != self.tl.times] + [(self.tl.times, hour, True)]
        if self.found_at is None:
            return found
        mine = set(self.found[self.found_at:]) | self.parts_here
        left = [f for f in found if f not in mine]
        self.parts_here |= set(left)
        if len(left) < len(found) and not self.just:
            self.just = "para"   # what it leans on was said in this paragraph
        return left

    def grounded(self, result: str, grounds: list[Ground], quoted: int, short: tuple[str, str] | None = None) -> str:
        """The result (a clause: 'the fact “...” keeps Colonel Ashby out of the Study at ten
        o'clock') after its grounds: as 'Since ..., ' when they and the `quoted` clues are few
        enough for one sentence, else recalled first in sentences of their own. `short`: the
        clues' clause and the verdict, said as two sentences when the result is past a breath
        ('..., the fact “...” rule out every other room. Only the Hall is left for him ...')."""
        if not grounds:   # what it leans on, if anything, was just said
            again = ("Likewise, ", "In the same way, ")[self.turn("again", 2)] if self.just == "again" else ""
            return self._result({"told": "With that, ", "again": again, "para": "Then "}.get(self.just, ""), result, short)
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
