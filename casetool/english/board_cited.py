"""The sentences of a board solution page (english/board_solution.py) that name the clues
settling a cell the page's propagation leaves open (english/board_notes.py finds them):
the clues quoted when they are few, after what the page found before that they lean on
(english/board_grounds.py: "Since Dr Crane was in the Hall at nine o'clock, the fact “...”
and the note “...” rule out every room but the Study for him"), else how many it takes and
where a player finds them. A mixin of the page, which gives the names, the hours and the
turn each wording takes.
"""

from __future__ import annotations

from ..load.model import Case, Setting, Timeline
from .board_chain import Supposed
from .board_grounds import Grounding
from .board_notes import QUOTED, Fact, Found, Notes, Settled, Step
from .board_reason import Cell
from .board_voice import LONG, hour_list, hour_span
from .names import clue_ref, join
from .phrases import Templates, cap, number_word


class Citing(Grounding):
    """The page's wordings that cite clues; the page supplies what they read."""
    weapons: list[str]   # the object categories in the answer
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
        scene = self._at_the_scene(x, t, z, by) or self._weapon_left(x, t, z, by)
        if scene:
            return scene
        if len(by.clues) > QUOTED:
            n, about = number_word(len(by.clues)), self._about(by)
            return (f"Only {self.name(z)} is left for {self.name(x)} {at}, though it takes {n} clues together to "
                    f"show it{about}.",
                    f"{X} can only have been {where} {at}; no short chain shows it, but {n} clues together leave "
                    f"nowhere else{about}.",
                    f"{cap(at)}, {self.name(x)} was {where}, as {n} clues show between them{about}.")[self.turn("settled_many", 3)]
        (refs, s), grounds = self._refs(by), self.grounds(by)
        way = self.turn("settled", 3)
        if grounds or self.just:   # what it leans on (or the sentences just before) first, then what the clues give
            did = (f"rule{s} out every room but {self.name(z)} for {self.name(x)} {at}",
                   f"leave{s} {self.name(x)} nowhere but {where} {at}",
                   f"allow{s} {self.name(x)} no room but {self.name(z)} {at}")[way]
            short = (f"{refs} rule{s} out every other room", f"only {self.name(z)} is left for {self.name(x)} {at}")
            return self.grounded(f"{refs} {did}", grounds, len(by.clues), short)
        head, reason = ((f"Only {self.name(z)} is left for {self.name(x)} {at}", f"{refs} rule{s} out every other room"),
                        (f"{X} can only have been {where} {at}", self._other_room(by, refs)),
                        (f"{cap(at)}, {self.name(x)} was {where}", f"{refs} leave{s} nowhere else"))[way]
        return self.verdict(head, reason)

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
        far = self._out_of_reach(x, t, z, by)
        if far:
            return far
        (refs, s), grounds = self._refs(by), self.grounds(by)
        if self._says_it(x, t, z, by):   # 'The fact “X was not in the Hall at ten o'clock” keeps him out of the Hall ...'
            return f"{self._fact_text(by.clues[0])}."
        way = self.turn("kept_out", 3)
        if grounds or self.just:   # what it leans on (or the sentences just before) first, then what the clues give
            did = (f"keep{s} {self.name(x)} out of {self.name(z)} {at}",
                   f"allow{s} {self.name(x)} no visit to {self.name(z)} {at}",
                   f"rule{s} out {self.name(z)} for {self.name(x)} {at}")[way]
            return self.grounded(f"{refs} {did}", grounds, len(by.clues))
        if way == 0:
            who = self.again_obj(x, refs) if self.name(x) in refs else self.name(x)   # named in the fact quoted
            one = f"{cap(refs)} keep{s} {who} out of {self.name(z)} {at}."
            head = f"{X} cannot have been {where} {at}"
            return one if len(one) <= LONG else self.verdict(head, f"{refs} keep{s} {self.again_obj(x, head + refs)} out")
        return self.verdict(*((f"{X} was not {where} {at}", f"{refs} allow{s} no such visit"),
                              (f"{cap(at)}, {self.name(x)} was somewhere other than {self.name(z)}",
                               f"{refs} rule{s} it out"))[way - 1])

    def _at_the_scene(self, x: str, t: str, z: str, by: Settled) -> str:
        """The victim's room at the hour of the murder from the room of the weapon found above,
        the board's rule said, never 'the rules printed with the case rule out
        every room but the Ballroom for Lord Ashdown at eight o'clock' (mansion medium hard seed
        97): 'By the rules, the weapon was in the room at the moment of the murder: the Dagger was
        the weapon, and it was in the Ballroom at eight o'clock, the hour of the murder, so Lord
        Ashdown was killed there.'"""
        times = self.tl.times
        ruled = {i for c, i, yes in by.found if c == times and not yes}
        crime = (times, t, True) in by.found or ruled == set(self.times) - {t}
        if x != self.victim or by.clues or by.kept or by.hyp or len(by.given) != 1 or not crime:
            return ""
        (y, u), r = by.given[0]
        weapon = any(c in self.weapons and i == y and yes for c, i, yes in by.found)
        if u != t or r != z or not weapon:
            return ""
        # the rule the step rests on, as the rules print it (cases/mansion: 'the weapon was in the room with them')
        return (f"By the rules, the weapon was in the room at the moment of the murder: {self.name(y)} was the "
                f"weapon, and it was {self.where(z)} {self.at(t)}, the hour of the murder, so {self.name(x)} was "
                f"killed there.")

    def _weapon_left(self, x: str, t: str, z: str, by: Settled) -> str:
        """A weapon's room at the hour of the murder when every other weapon was elsewhere then:
        the board's rule said, never 'Since the Candlestick was in the Dining Room at ten
        o'clock, the rules printed with the case allow the Dagger no room but the Kitchen at ten
        o'clock' (mansion medium seed 93): 'By the rules, the weapon was in the room at the
        moment of the murder: Lord Ashdown was in the Kitchen at ten o'clock, the hour of the
        murder, and the Candlestick, the Rope and the Wrench were in the Dining Room, so the
        Dagger was there too.'"""
        times, places = self.tl.times, self.tl.places
        ruled = {i for c, i, yes in by.found if c == times and not yes}
        crime = (times, t, True) in by.found or ruled == set(self.times) - {t}
        cat = next((c for c in self.weapons if x in self.setting.categories[c].ids), None)
        if cat is None or by.clues or by.kept or by.hyp or not crime:
            return ""
        others = [o for o in self.setting.categories[cat].ids if o != x]
        rooms = {c: r for c, r in by.given}
        victim = rooms.get((self.victim, t))
        scene = victim or next((i for c, i, yes in by.found if c == places and yes), None)
        if scene != z or set(rooms) - {(self.victim, t)} != {(o, t) for o in others} \
                or any(rooms[(o, t)] == z for o in others):
            return ""
        where = f"{self.name(self.victim)} was {self.where(z)} {self.at(t)}" if victim else \
            f"the murder happened {self.where(z)} {self.at(t)}"
        groups: dict[str, list[str]] = {}
        for o in others:
            groups.setdefault(rooms[(o, t)], []).append(self.name(o))
        apart = join([f"{join(names, 'and')} {'was' if len(names) == 1 else 'were'} {self.where(r)}"
                      if k == 0 else f"{join(names, 'and')} {self.where(r)}" for k, (r, names) in enumerate(groups.items())],
                     "and")
        return (f"By the rules, the weapon was in the room at the moment of the murder: {where}, the hour of the "
                f"murder, and {apart}, so {self.name(x)} was there too.")

    def _out_of_reach(self, x: str, t: str, z: str, by: Settled) -> str:
        """No note, only the piece's own room at another hour, too many steps from z to get
        there in time: the board's moves rule, said, never 'Since Lady Dunmore was in the
        Ballroom at eleven o'clock, the rules printed with the case allow Lady Dunmore no visit
        to the Kitchen at midnight' (mansion medium hard seed 91): 'From the Ballroom at eleven
        o'clock, Lady Dunmore could not have been in the Kitchen at midnight: it is more than a
        step away'; two hours or more: '... it is more than two steps away, and nobody moves
        more than a room an hour.'"""
        if by.clues or by.found or by.kept or by.hyp or not by.given or any(c[0] != x for c, _ in by.given):
            return ""
        k = self.times.index(t)
        for (_, u), y in by.given:
            hours = abs(self.times.index(u) - k)
            if hours == 1 and self._steps_apart(y, z) > 1:
                return self._too_far(x, t, z, y, u)
            if hours > 1 and self._steps_apart(y, z) > hours:
                kind = self.setting.categories[self.setting.find_item(x).category].label.lower()  # type: ignore[union-attr]
                rule = "nobody moves more" if x in self.people or x == self.victim else f"a {kind} moves no more"
                return (f"From {self.name(y)} {self.at(u)}, {self.name(x)} could not have been {self.where(z)} "
                        f"{self.at(t)}: it is more than {number_word(hours)} steps away, and {rule} than a room "
                        f"an hour.")
        return ""

    def _steps_apart(self, a: str, b: str) -> int:
        """The fewest moves from room a to room b (the board's doors)."""
        seen, edge, n = {a}, {a}, 0
        while b not in seen and edge:
            edge = {r for e in edge for r in self.reasoner.reach[e]} - seen
            seen |= edge
            n += 1
        return n if b in seen else len(self.rooms)

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
        refs, s = self._refs(by)
        return self.grounded(f"{refs} {self._part_words(fact, s)}", self.grounds(by), len(by.clues))

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
        """'We know that Dr Crane was in the Hall at nine o'clock. Suppose Colonel Ashby had not
        been in the Dining Room at eight o'clock. Then the fact “...” would put him in the
        Kitchen; the note “...” would then keep the Candlestick out of the Hall at eight o'clock.
        But that goes against the fact “...”. So ...': what the steps lean on recalled first
        (english/board_grounds.py), then each step what few clues force; the supposition, its
        steps, the clash and the verdict each a sentence a player can follow aloud."""
        x, t, z, inside = goal
        X, where, at = self.name(x), self.where(z), self.at(t)
        way, no = self.turn("suppose", 3), "not " if inside else ""
        head = (f"Suppose {X} had {no}been {where} {at}", f"If {X} had {no}been {where} {at}",
                f"Picture {X} {'anywhere but' if inside else 'in'} {self.name(z)} {at}")[way]
        links, steps, alive = list(sup.links), [], self._alive_until(sup.links)
        said = self.times[:self.times.index(alive[0]) + 1] if alive else []
        recall = self.recall(self.grounds(self._leaned(sup, alive, said), said))
        if alive:   # the hours up to his are said by 'the murder came later': not named again
            steps.append(self._still_alive(*alive, sup.fact, way == 1, head))
            links = links[len(alive[1]):]
        for k, (f, by) in enumerate(links, start=len(steps)):
            refs = self._refs(by)[0]
            if len(f) == 3:
                did = self._part_words(f)
            else:
                y, u, r, yes = f
                did = f"put {self.name(y)} {self.where(r)} {self.at(u)}" if yes else \
                    f"keep {self.name(y)} out of {self.name(r)} {self.at(u)}"
            steps.append(f"{refs} would {'then ' if k else ''}{did}")
        end = f"So {X} {'was' if inside else 'was not'} {where} {at} after all."
        clash = self._clash_words(sup.clash, said, way == 1 and not steps)
        head = f"{recall} {head}" if recall else head
        if not steps:
            return f"{head}{',' if way == 1 else ':'} {clash}. {end}"
        body = "; ".join(steps) if len("; ".join(steps)) <= LONG else ". ".join(steps[:1] + [cap(x) for x in steps[1:]])
        if way != 2:   # 'Then, since he was there ...'; 'If ..., then, since ...'
            body = ("Then" if way == 0 else "then") + ("," if body.startswith("since") else "") + " " + body
        return f"{head}{('.', ',', ':')[way]} {body}. But {clash}. {end}"

    def _leaned(self, sup: Supposed, alive: tuple[str, list[Settled]] | None, said: list[str]) -> Settled:
        """What a supposition's steps and clash lean on from above, each thing once: not the
        victim's own rooms that 'since he was there ...' says, nor the hours a clash of hours
        alone names."""
        sets = [s for _, s in sup.links]
        if alive and self._victim_rooms(self._alive_set(alive[1])):
            sets = sets[len(alive[1]):]
        if not self._hours_clash(sup.clash, said):
            sets.append(sup.clash)
        return self.merged_grounds(sets)

    def _victim_rooms(self, by: Settled) -> bool:
        """Whether the set is only the victim's own rooms: said as 'since he was there ...'."""
        return bool(not by.clues and by.given and not by.kept and not by.found
                    and all(y == self.victim for (y, _), _ in by.given))

    def _hours_clash(self, by: Settled, said: list[str]) -> list[str]:
        """The hours ruled out above when they are all a clash takes (else none)."""
        hours = [item for cat, item, yes in by.found if cat == self.tl.times and not yes and item not in said]
        if hours and not (by.clues or by.given or by.kept) and \
                all(cat == self.tl.times and not yes for cat, _, yes in by.found):
            return hours
        return []

    def _clash_words(self, by: Settled, said: list[str], would: bool = False) -> str:
        """'that goes against the fact “...”'; 'the murder has been ruled out at ten and eleven
        o'clock, which leaves no hour for it' when the hours ruled out above are all it takes.
        What it leans on is recalled before the supposition."""
        hours = self._hours_clash(by, said)
        if hours:
            later = hour_list([self.words.moment(self.setting, u) for u in sorted(hours, key=self.times.index)])
            return f"the murder has been ruled out at {later}, which leaves no hour for it"
        refs = self._refs(by)[0]
        if len(by.clues) > 1:   # the clash needs them all: not 'goes against A or B'
            return f"then {refs} {self._not_all(by)}"
        against = ("would go against " if would else "goes against ") if by.clues else \
            ("would break " if would else "breaks ")
        return f"that {against}{refs}"

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
        by = self._alive_set(sets)
        at = self.words.moment(self.setting, u)
        v, was = self.again(self.victim, before), ("would still have been" if would else "was still")
        then = f"{was} alive at {at}, so the murder {'would have come' if would else 'came'} later"
        if by.clues:   # what else it leans on is recalled before the supposition
            refs = self._refs(by)[0]
            return f"{refs} would mean {self.again(self.victim, before + refs)} was still alive at {at}, so the murder " \
                   f"came later"
        if self._victim_rooms(by):
            moved = self._moved(by.given, supposed, would)
            rooms = self._rooms_at(by.given)
            if moved:   # the room supposed away is the one he is in then: 'there'
                rooms = rooms.replace(self.where(supposed[2]), "there", 1)
            return f"since {v} was {rooms}, {v}{moved} {then}"
        return f"with that, {v} {then}" if by.given or by.kept or by.found else f"{v} {then}"

    def _alive_set(self, sets: list[Settled]) -> Settled:
        """The sets of the hours a supposition keeps the victim alive at, as one."""
        when = lambda g: (self.times.index(g[0][1]), g[0][0], g[1])   # noqa: E731
        return Settled(sorted({c for s in sets for c in s.clues}, key=self.settler.order.__getitem__),
                       sorted({g for s in sets for g in s.given}, key=when), list(dict.fromkeys(f for s in sets for f in s.found)),
                       sorted({g for s in sets for g in s.kept}, key=when))

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
