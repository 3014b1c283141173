"""The sentences of a board solution page (english/board_solution.py) that name the clues
settling a cell the page's propagation leaves open (english/board_notes.py finds them):
the clues quoted when they are few ("the fact “...” and the note “...” rule out every other
room, with Dr Crane in the Hall at nine o'clock"), else how many it takes and where a
player finds them; with what the page found before that they lean on. A mixin of the page,
which gives the names, the hours and the turn each wording takes.
"""

from __future__ import annotations

from ..load.model import Case, Setting, Timeline
from .board_chain import Supposed
from .board_notes import QUOTED, Fact, Found, Notes, Settled
from .names import clue_ref, join
from .phrases import NUMBERS, Templates, cap, number_word


class Citing:
    """The page's wordings that cite clues; the page supplies what they read."""
    case: Case
    setting: Setting
    tl: Timeline
    times: list[str]
    people: list[str]
    words: Templates
    settler: Notes

    def name(self, x: str) -> str:
        raise NotImplementedError

    def at(self, t: str) -> str:
        raise NotImplementedError

    def where(self, z: str) -> str:
        raise NotImplementedError

    def turn(self, kind: str, ways: int) -> int:
        raise NotImplementedError

    def _settled(self, x: str, t: str, z: str, by: Settled | None) -> str:
        """A cell the propagation does not settle: the notes that do, named (the brute
        force checks that they and the cells named with them force it)."""
        X, where, at = cap(self.name(x)), self.where(z), self.at(t)
        if by is None:   # out of time: no notes to name
            return f"{X} can only have been {where} {at}: any other room goes against one of the notes."
        if len(by.clues) > QUOTED:
            n, about = number_word(len(by.clues)), self._about(by)
            return (f"Only {self.name(z)} is left for {self.name(x)} {at}, though it takes {n} clues together to "
                    f"show it{about}.",
                    f"{X} can only have been {where} {at}; no short chain shows it, but {n} clues together leave "
                    f"nowhere else{about}.",
                    f"{cap(at)}, {self.name(x)} was {where}, as {n} clues show between them{about}.")[self.turn("settled_many", 3)]
        (refs, s), given = self._refs(by), self._given(by)
        return (f"Only {self.name(z)} is left for {self.name(x)} {at}: {refs} rule{s} out every other room{given}.",
                f"{X} can only have been {where} {at}: any other room goes against {self._refs(by, 'or')[0]}{given}.",
                f"{cap(at)}, {self.name(x)} was {where}; {refs} leave{s} nowhere else{given}.")[self.turn("settled", 3)]

    def _kept_out(self, x: str, t: str, z: str, by: Settled | None) -> str:
        """A room the propagation does not rule out for the cell: the notes that do, named."""
        X, where, at = cap(self.name(x)), self.where(z), self.at(t)
        if by is None:
            return f"{X} was not {where} {at}: that goes against one of the notes."
        if len(by.clues) > QUOTED:
            n, about = number_word(len(by.clues)), self._about(by)
            return (f"{X} was not {where} {at}, though it takes {n} clues together to show it{about}.",
                    f"{cap(n)} clues together keep {self.name(x)} out of {self.name(z)} {at}{about}.",
                    f"{cap(at)}, {self.name(x)} was somewhere other than {self.name(z)}: {n} clues rule it out "
                    f"between them{about}.")[self.turn("kept_out_many", 3)]
        (refs, s), given = self._refs(by), self._given(by)
        return (f"{cap(refs)} keep{s} {self.name(x)} out of {self.name(z)} {at}{given}.",
                f"{X} was not {where} {at}: {refs} allow{s} no such visit{given}.",
                f"{cap(at)}, {self.name(x)} was somewhere other than {self.name(z)}: {refs} rule{s} it "
                f"out{given}.")[self.turn("kept_out", 3)]

    def _answer_step(self, fact: Found, by: Settled) -> str:
        """'The note “...” and the note “...” rule out Colonel Ashby as the murderer'."""
        cat, item, yes = fact
        (refs, s), given = self._refs(by), self._given(by)
        if cat == self.tl.times:
            what = f"{self.words.moment(self.setting, item)} for the murder"
        elif cat == self.tl.places:
            what = f"{self.name(item)} as the scene of the murder"
        else:
            what = f"{self.name(item)} as the {self._role(cat)}"
        if yes:
            return f"{cap(refs)} leave{s} only {what}{given}."
        return f"{cap(refs)} rule{s} out {what}{given}."

    def _role(self, cat: str) -> str:
        return "murderer" if cat == self.tl.people else (self.setting.categories[cat].label or cat).lower()

    def _supposed(self, goal: Fact, sup: Supposed) -> str:
        """'Suppose Colonel Ashby had not been in the Dining Room at eight o'clock: then the
        fact “...” would put Colonel Ashby in the Kitchen, with ...; the note “...” would then
        keep the Candlestick out of the Hall at eight o'clock; but then the fact “...” could
        not hold. So ...': each step what few clues force, with what came before it."""
        x, t, z, inside = goal
        X, where, at = self.name(x), self.where(z), self.at(t)
        way = self.turn("suppose", 3)
        head, first = ((f"Suppose {X} had {'not ' if inside else ''}been {where} {at}:", "then "),
                       (f"If {X} had {'not ' if inside else ''}been {where} {at},", ""),
                       (f"Picture {X} {'anywhere but' if inside else 'in'} {self.name(z)} {at}:", ""))[way]
        steps = []
        for k, (f, by) in enumerate(sup.links):
            (refs, _), given = self._refs(by), self._given(by)
            y, u, r, yes = f
            did = f"put {self.name(y)} {self.where(r)} {self.at(u)}" if yes else \
                f"keep {self.name(y)} out of {self.name(r)} {self.at(u)}"
            steps.append(f"{first if k == 0 else ''}{refs} would {'then ' if k else ''}{did}{given}")
        (refs, _), given = self._refs(sup.clash, "or"), self._given(sup.clash)
        end = "was" if inside else "was not"
        against = f"goes against {refs}" if sup.clash.clues else f"breaks {refs}"
        clash = (f"{'but that ' if steps else first + 'that '}{against}{given}, so "
                 f"{self.name(x)} {end} {where} {at} after all.")
        return f"{head} " + "; ".join(steps + [clash])

    def _refs(self, by: Settled, word: str = "and") -> tuple[str, str]:
        """The notes named, and the ending of a verb after them ('the fact “...” rules', 'the
        fact “...” and the note “...” rule'). No note at all: the rules that always hold (the
        one such rule quoted when it alone, with no cell told, does it)."""
        if by.clues:
            return join([clue_ref(self.case, c) for c in by.clues], word), "s" if len(by.clues) == 1 else ""
        rules = self.case.fixed_rules
        if len(rules) == 1 and not (by.given or by.kept or by.hyp or by.found):
            return f"the rule \u201c{' '.join(rules[0].text.split()).rstrip('.')}\u201d", "s"
        return "the rules printed with the case", ""

    def _given(self, by: Settled) -> str:
        """', with Dr Crane in the Hall at nine o'clock and the murder at nine o'clock': what
        the page has found above that the notes lean on, named when it is short."""
        said = []
        if len(by.given) + len(by.kept) > 2:
            said.append("the rooms found so far")
        elif by.given or by.kept:
            pieces = list(dict.fromkeys(y for (y, _), _ in by.given))
            given = sorted(by.given, key=lambda g: pieces.index(g[0][0]))   # a piece's hours together, named once
            said += [f"{self.name(y) if k == 0 or given[k - 1][0][0] != y else ''} {self.where(r)} {self.at(u)}".strip()
                     for k, ((y, u), r) in enumerate(given)]
            said += [f"{self.name(y)} not {self.where(r)} {self.at(u)}" for (y, u), r in by.kept]
        said += self._found(by)
        if len(said) > 3:
            return ", with what we have found so far"
        return ", with " + join(said, "and") if said else ""

    def _found(self, by: Settled) -> list[str]:
        """The parts of the answer the notes lean on: 'Mrs Bellamy as the murderer', 'the
        murder in the Hall at nine o'clock', 'the murder ruled out at seven and eight o'clock'."""
        out, known = [], {cat: item for cat, item, yes in by.found if yes}
        scene = " ".join(([self.where(known[self.tl.places])] if self.tl.places in known else [])
                         + ([self.at(known[self.tl.times])] if self.tl.times in known else []))
        if scene:
            out.append(f"the murder {scene}")
        for cat, item in known.items():
            if cat == self.tl.people:
                out.append(f"{self.name(item)} as the murderer")
            elif cat not in (self.tl.places, self.tl.times):
                out.append(f"{self.name(item)} as the {self._role(cat)}")
        out += [f"{self.name(item)} ruled out as the {'scene' if cat == self.tl.places else self._role(cat)}"
                for cat, item, yes in by.found if not yes and cat != self.tl.times]
        hours = [item for cat, item, yes in by.found if not yes and cat == self.tl.times]
        if hours:
            at = [self.words.moment(self.setting, u) for u in sorted(hours, key=self.times.index)]
            out.append(f"the murder ruled out at {hour_list(at)}")
        return out

    def _about(self, by: Settled) -> str:
        """', all of them on Colonel Ashby and the Rope between eight o'clock and midnight':
        where a player finds the clues of a set too long to quote (the pieces they name, when
        every one names a piece and they are few, and the hours), 'or on the murder itself'
        for clues that name no piece at an hour."""
        cells = {c: self.settler.cells[c] for c in by.clues}
        pieces = list(dict.fromkeys(y for c in by.clues for y, _ in cells[c] if y is not None))
        hours = sorted({self.times.index(u) for c in by.clues for _, u in cells[c]})
        when = ""
        if hours and hours[-1] - hours[0] == len(self.times) - 1:
            pass   # the whole night: no place to look
        elif len(hours) > 1:
            first, last = (self.words.moment(self.setting, self.times[k]) for k in (hours[0], hours[-1]))
            when = f"between {hour_span(first, last)}"
        elif hours:
            when = self.at(self.times[hours[0]])
        named = all(any(y is not None for y, _ in cells[c]) for c in by.clues if cells[c])
        said = f"on {join([self.name(y) for y in pieces], 'and')} {when}".strip() if named and 0 < len(pieces) <= 4 \
            else f"about the night {when}" if when else ""
        if all(not cells[c] for c in by.clues):
            said = "on the murder itself"
        elif said and any(not cells[c] for c in by.clues):
            said += " or on the murder itself"
        return f", all of them {said}" if said else ""


def hour_list(hours: list[str]) -> str:
    """'seven and eight o'clock', 'eleven o'clock and midnight' (and 'eleven o'clock and one
    o'clock' across midnight)."""
    o = " o'clock"
    bare = [h.removesuffix(o) for h in hours]
    if all(h.endswith(o) and b in NUMBERS for h, b in zip(hours, bare, strict=True)) \
            and [NUMBERS.index(b) for b in bare] == sorted(NUMBERS.index(b) for b in bare):
        return join(bare[:-1] + [hours[-1]], "and")
    return join(hours, "and")


def hour_span(first: str, last: str) -> str:
    """'six and eight o'clock', as the clues say it; 'ten o'clock and one o'clock' across
    midnight, where 'ten and one o'clock' would read as a quarter past."""
    o = " o'clock"
    a, b = first.removesuffix(o), last.removesuffix(o)
    if first.endswith(o) and last.endswith(o) and a in NUMBERS and b in NUMBERS and NUMBERS.index(a) < NUMBERS.index(b):
        return f"{a} and {last}"
    return f"{first} and {last}"
