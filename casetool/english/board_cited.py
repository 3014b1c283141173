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
from .board_notes import QUOTED, Fact, Found, Notes, Settled, Step
from .board_reason import Cell
from .board_voice import LONG, Voice, hour_list, hour_span
from .names import clue_ref, join
from .phrases import Templates, cap, number_word


class Citing(Voice):
    """The page's wordings that cite clues; the page supplies what they read."""
    case: Case
    setting: Setting
    tl: Timeline
    times: list[str]
    people: list[str]
    words: Templates
    settler: Notes
    victim: str
    found: list[Found]

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
        head, reason = ((f"Only {self.name(z)} is left for {self.name(x)} {at}", f"{refs} rule{s} out every other room"),
                        (f"{X} can only have been {where} {at}", self._other_room(by, refs)),
                        (f"{cap(at)}, {self.name(x)} was {where}", f"{refs} leave{s} nowhere else"))[self.turn("settled", 3)]
        return self.verdict(head, reason + given)

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
        if self._says_it(x, t, z, by):   # 'The fact “X was not in the Hall at ten o'clock” keeps him out of the Hall ...'
            return f"{self._fact_text(by.clues[0])}."
        way = self.turn("kept_out", 3)
        if way == 0:
            who = self.again_obj(x, refs) if self.name(x) in refs else self.name(x)   # named in the fact quoted
            one = f"{cap(refs)} keep{s} {who} out of {self.name(z)} {at}{given}."
            head = f"{X} cannot have been {where} {at}"
            return one if len(one) <= LONG else self.verdict(head, f"{refs} keep{s} {self.again_obj(x, head + refs)} out{given}")
        return self.verdict(*((f"{X} was not {where} {at}", f"{refs} allow{s} no such visit{given}"),
                              (f"{cap(at)}, {self.name(x)} was somewhere other than {self.name(z)}",
                               f"{refs} rule{s} it out{given}"))[way - 1])

    def _other_room(self, by: Settled, refs: str) -> str:
        """'any other room goes against the fact “...”'; 'in any other room, the fact “...” and
        the note “...” could not both be true' (they clash only together: not 'A or B')."""
        if len(by.clues) > 1:
            return f"in any other room, {refs} {self._not_all(by)}"
        return f"any other room goes against {refs}"

    def _fact_text(self, cid: str) -> str:
        return " ".join(next(c for c in self.case.clues if c.id == cid).text.split()).rstrip(".")

    def _says_it(self, x: str, t: str, z: str, by: Settled) -> bool:
        """Whether one fact alone says the room is ruled out, in so many words: it names the
        piece, the room (and no other), the hour, and nothing the page found is needed. Then
        it is said once as it stands, not 'keeps him out of' what it says."""
        if len(by.clues) != 1 or by.given or by.kept or by.found or \
                not clue_ref(self.case, by.clues[0]).startswith("the fact"):
            return False
        fact = self._fact_text(by.clues[0])
        return self.name(x) in fact and self.name(z) in fact and self.names_hour(fact, t) and \
            sum(self.name(r) in fact for r in self.rooms) == 1 and " not " in f" {fact} "

    def _answer_step(self, fact: Found, by: Settled) -> str:
        """'The note “...” and the note “...” rule out Colonel Ashby as the murderer'."""
        (refs, s), given = self._refs(by), self._given(by)
        return f"{cap(refs)} {self._part_words(fact, s)}{given}."

    def _part_words(self, fact: Found, s: str = "") -> str:
        """'rule out eight o'clock for the murder', 'leave only the Rope as the weapon' (the
        verb's ending `s`)."""
        cat, item, yes = fact
        if cat == self.tl.times:
            what = f"{self.words.moment(self.setting, item)} for the murder"
        elif cat == self.tl.places:
            what = f"{self.name(item)} as the scene of the murder"
        else:
            what = f"{self.name(item)} as the {self._role(cat)}"
        return f"leave{s} only {what}" if yes else f"rule{s} out {what}"

    def _role(self, cat: str) -> str:
        return "murderer" if cat == self.tl.people else (self.setting.categories[cat].label or cat).lower()

    def _supposed(self, goal: Fact, sup: Supposed) -> str:
        """'Suppose Colonel Ashby had not been in the Dining Room at eight o'clock. Then the
        fact “...” would put him in the Kitchen, with ...; the note “...” would then keep the
        Candlestick out of the Hall at eight o'clock. But that goes against the fact “...”.
        So ...': each step what few clues force, with what came before it; the supposition,
        its steps, the clash and the verdict each a sentence a player can follow aloud."""
        x, t, z, inside = goal
        X, where, at = self.name(x), self.where(z), self.at(t)
        way, no = self.turn("suppose", 3), "not " if inside else ""
        head = (f"Suppose {X} had {no}been {where} {at}", f"If {X} had {no}been {where} {at}",
                f"Picture {X} {'anywhere but' if inside else 'in'} {self.name(z)} {at}")[way]
        links, steps, alive = list(sup.links), [], self._alive_until(sup.links)
        if alive:   # the hours up to his are said by 'the murder came later': not named again
            steps.append(self._still_alive(*alive, sup.fact, way == 1, head))
            links = links[len(alive[1]):]
        said = self.times[:self.times.index(alive[0]) + 1] if alive else []
        for k, (f, by) in enumerate(links, start=len(steps)):
            (refs, _), given = self._refs(by), self._given(by, said)
            if len(f) == 3:
                did = self._part_words(f)
            else:
                y, u, r, yes = f
                did = f"put {self.name(y)} {self.where(r)} {self.at(u)}" if yes else \
                    f"keep {self.name(y)} out of {self.name(r)} {self.at(u)}"
            steps.append(self._apart(f"{refs} would {'then ' if k else ''}{did}{given}"))
        end = f"So {X} {'was' if inside else 'was not'} {where} {at} after all."
        clash = self._apart(self._clash_words(sup.clash, said, way == 1 and not steps))
        if not steps:
            return f"{head}{',' if way == 1 else ':'} {clash}. {end}"
        body = "; ".join(steps) if len("; ".join(steps)) <= LONG else ". ".join(steps[:1] + [cap(x) for x in steps[1:]])
        if way != 2:   # 'Then, since he was there ...'; 'If ..., then, since ...'
            body = ("Then" if way == 0 else "then") + ("," if body.startswith("since") else "") + " " + body
        return f"{head}{('.', ',', ':')[way]} {body}. But {clash}. {end}"

    def _apart(self, said: str) -> str:
        """A step or clash of a supposition too long to follow aloud, its tail of what it leans
        on said as a sentence of its own: '... or the fact “...”. It also needs where everyone
        we have placed was at nine and ten o'clock'."""
        k = said.find(", with ", said.rfind("\u201d") + 1)
        if k < 0 or len(said) <= 1.5 * LONG:
            return said
        lean = ("This leans on", "It also needs")[self.turn("lean", 2)]
        return f"{said[:k]}. {lean} {said[k + len(', with '):]}"

    def _clash_words(self, by: Settled, said: list[str], would: bool = False) -> str:
        """'that goes against the fact “...”, with ...'; 'the murder has been ruled out at ten
        and eleven o'clock, which leaves no hour for it' when the hours ruled out above are
        all it takes."""
        hours = [item for cat, item, yes in by.found if cat == self.tl.times and not yes and item not in said]
        if hours and not (by.clues or by.given or by.kept) and \
                all(cat == self.tl.times and not yes for cat, _, yes in by.found):
            later = hour_list([self.words.moment(self.setting, u) for u in sorted(hours, key=self.times.index)])
            return f"the murder has been ruled out at {later}, which leaves no hour for it"
        (refs, _), given = self._refs(by), self._given(by, said)
        if len(by.clues) > 1:   # the clash needs them all: not 'goes against A or B'
            return f"then {refs} {self._not_all(by)}{given}"
        against = ("would go against " if would else "goes against ") if by.clues else \
            ("would break " if would else "breaks ")
        return f"that {against}{refs}{given}"

    @staticmethod
    def _not_all(by: Settled) -> str:
        """'could not both be true', 'could not all be true': clues that clash only together."""
        return f"could not {'both' if len(by.clues) == 2 else 'all'} be true"

    def _alive_until(self, links: list[tuple[Step, Settled]]) -> tuple[str, list[Settled]] | None:
        """The hour the first steps of a supposition keep the victim alive until: the hour
        when they rule out, with the hours the page has, every hour up to it; and their sets."""
        hours = [f[1] for f, _ in links if len(f) == 3 and f[0] == self.tl.times and not f[2]]
        hours = hours[:next((k for k, (f, _) in enumerate(links) if len(f) != 3 or f[0] != self.tl.times or f[2]),
                            len(links))]
        if not hours:
            return None
        ruled = set(hours) | {item for cat, item, yes in self.found if cat == self.tl.times and not yes}
        last = max(self.times.index(u) for u in hours)
        if not set(self.times[:last + 1]) <= ruled:
            return None   # an hour before them is still open: no hour he was alive at
        return self.times[last], [s for _, s in links[:len(hours)]]

    def _still_alive(self, u: str, sets: list[Settled], supposed: Fact, would: bool, before: str) -> str:
        """'since he was there at nine o'clock, he came to it only after eight o'clock and was
        still alive at eight o'clock, so the murder came later': the hours the supposition
        rules out for the murder, said as the hour the victim was still alive at (and, when
        only his own rooms show it, the move the supposition makes him make); after 'If he had
        not been ...,' (`would`) in the conditional. `before`: the supposition, which named him."""
        when = lambda g: (self.times.index(g[0][1]), g[0][0], g[1])   # noqa: E731
        by = Settled(sorted({c for s in sets for c in s.clues}, key=self.settler.order.__getitem__),
                     sorted({g for s in sets for g in s.given}, key=when), list(dict.fromkeys(f for s in sets for f in s.found)),
                     sorted({g for s in sets for g in s.kept}, key=when))
        at = self.words.moment(self.setting, u)
        v, was = self.again(self.victim, before), ("would still have been" if would else "was still")
        then = f"{was} alive at {at}, so the murder {'would have come' if would else 'came'} later"
        if by.clues:
            refs, given = self._refs(by)[0], self._given(by)
            return f"{refs}{given}{',' if given else ''} would mean {self.again(self.victim, before + refs + given)} " \
                   f"was still alive at {at}, so the murder came later"
        if by.given and not by.kept and not by.found and all(y == self.victim for (y, _), _ in by.given):
            moved = self._moved(by.given, supposed, would)
            rooms = self._rooms_at(by.given)
            if moved:   # the room supposed away is the one he is in then: 'there'
                rooms = rooms.replace(self.where(supposed[2]), "there", 1)
            return f"since {v} was {rooms}, {v}{moved} {then}"
        given = self._given(by)
        return f"{given.removeprefix(', ')}, {v} {then}" if given else f"{v} {then}"

    def _moved(self, cells: list[tuple[Cell, str]], supposed: Fact, would: bool) -> str:
        """' left it by nine o'clock and', ' came to it only after eight o'clock and' (' would
        have left it ...', ' would have come to it ...' in the conditional): the
        move the victim makes when supposed out of the one room he is in at the hours given,
        all before the supposition's hour or all after it; else nothing."""
        _, t, z, inside = supposed
        k = self.times.index(t)
        if inside or any(r != z for _, r in cells):
            return ""
        if all(self.times.index(w) < k for (_, w), _ in cells):
            return f"{' would have' if would else ''} left it by {self.words.moment(self.setting, t)} and"
        if all(self.times.index(w) > k for (_, w), _ in cells):
            return f" {'would have come' if would else 'came'} to it only after {self.words.moment(self.setting, t)} and"
        return ""

    def _rooms_at(self, cells: list[tuple[Cell, str]]) -> str:
        """'in the Ballroom at ten and eleven o'clock and in the Hall at midnight': one piece's
        rooms, each with its hours."""
        rooms: dict[str, list[str]] = {}
        for (_, u), r in sorted(cells, key=lambda g: self.times.index(g[0][1])):
            rooms.setdefault(r, []).append(u)
        return join([f"{self.where(r)} {self.at(us[0])}" if len(us) == 1 else
                     f"{self.where(r)} at {hour_list([self.words.moment(self.setting, u) for u in us])}"
                     for r, us in rooms.items()], "and")

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

    def _given(self, by: Settled, hours_said: list[str] | None = None) -> str:
        """', with Dr Crane in the Hall at nine o'clock and the murder at nine o'clock': what
        the page has found above that the notes lean on; many rooms said by whose and when
        (hours ruled out for the murder that the sentence has said, `hours_said`, not again)."""
        said = []
        if len(by.given) + len(by.kept) > 2:
            said.append(self._rooms_found(by))
        elif by.given or by.kept:
            pieces = list(dict.fromkeys(y for (y, _), _ in by.given))
            given = sorted(by.given, key=lambda g: pieces.index(g[0][0]))   # a piece's hours together, named once
            said += [f"{self.name(y) if k == 0 or given[k - 1][0][0] != y else ''} {self.where(r)} {self.at(u)}".strip()
                     for k, ((y, u), r) in enumerate(given)]
            said += [f"{self.name(y)} not {self.where(r)} {self.at(u)}" for (y, u), r in by.kept]
        said += self._found(by, hours_said or [])
        return ", with " + join(said, "and") if said else ""

    def _rooms_found(self, by: Settled) -> str:
        """'where Dr Crane and the Rope were at nine o'clock', 'what we know of Dr Crane at
        seven and nine o'clock' (a room ruled out among them), 'where everyone we have placed
        was between six and ten o'clock' (more than three pieces): the rooms found above that the notes lean on."""
        cells = sorted(by.given + by.kept, key=lambda g: (self.times.index(g[0][1]), g[0][0]))
        pieces = list(dict.fromkeys(y for (y, _), _ in cells))
        hours = sorted({self.times.index(u) for (_, u), _ in cells})
        moments = [self.words.moment(self.setting, self.times[k]) for k in hours]
        when = self.at(self.times[hours[0]]) if len(hours) == 1 else f"at {hour_list(moments)}" if len(hours) <= 3 \
            else f"between {hour_span(moments[0], moments[-1])}"
        if len(pieces) > 3:
            return f"where everyone we have placed was {when}"
        names = join([self.name(y) for y in pieces], "and")
        if by.kept:
            return f"what we know of {names} {when}"
        return f"where {names} {'was' if len(pieces) == 1 else 'were'} {when}"

    def _found(self, by: Settled, said: list[str]) -> list[str]:
        """The parts of the answer the notes lean on: 'Mrs Bellamy as the murderer', 'the
        murder in the Hall at nine o'clock', 'the murder ruled out at seven and eight o'clock'
        (but not at the hours `said`)."""
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
        hours = [item for cat, item, yes in by.found if not yes and cat == self.tl.times and item not in said]
        left = [self.words.moment(self.setting, u) for u in self.times if u not in hours]
        ruled = {item for cat, item, yes in self.found if cat == self.tl.times and not yes}
        open_ = all(u not in ruled for u in self.times if u not in hours)   # 'but' names only hours still open
        if len(hours) > 3 and len(left) <= 2 and open_:   # "at every hour but nine o'clock", not seven hours named
            out.append(f"the murder ruled out at every hour but {hour_list(left)}")
        elif hours:
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
