"""The solution page of a board case whose whole night is unique (`unique: world`): the
story's ending (who, how, why), then the night hour by hour as a player follows it, each
hour ruled in or out for the murder by what the board says of it: the victim moved on
(still alive), nobody or several people were with him (the murderer was alone with him),
no weapon lay there, or a note about the hour; the cells each reason reads are settled
first, with their own reasons (english/board_reason.py).

Every sentence carries its claims (a cell's room, an hour ruled out, a part of the answer)
so that tests/english/test_board_solution.py checks each against the brute force of
tests/solver. The night told is the solver's one world of the clues.
"""

from __future__ import annotations

from ..load.model import Case, World
from ..solver.budget import Budget
from ..solver.session import Session
from .board_carry import Carrying
from .board_chain import Chaining, Supposed
from .board_cited import Citing
from .board_ending import Ending, crime_notes
from .board_grounds import Told
from .board_notes import QUOTED, Fact, Found, Notes, Settled
from .board_reason import Cell, Reasoner
from .board_voice import Claim, Line
from .names import join
from .phrases import Templates, cap, item_name


def board_page(case: Case, seconds: float = 30.0) -> str | None:
    """The page, or None when the case is not a board case with a unique night."""
    paragraphs = board_paragraphs(case, seconds)
    return None if paragraphs is None else "\n\n".join(" ".join(line.text for line in p) for p in paragraphs)


def board_paragraphs(case: Case, seconds: float = 30.0) -> list[list[Line]] | None:
    tl = case.setting.timeline
    if tl is None or not tl.moves or not tl.victim or case.unique != "world":
        return None
    session = Session.open(case, Budget(seconds))
    try:
        if not session.feasible(session.clue_lits([c.id for c in case.clues])):
            return None
        # the night told is the solver's one world; the same session then finds which
        # notes settle a cell the propagation leaves open
        return _Page(case, session.world(), session).paragraphs()
    finally:
        session.close()


class _Page(Citing, Chaining, Carrying, Ending):
    def __init__(self, case: Case, night: World, session: Session):
        setting = case.setting
        self.case, self.night, self.setting = case, night, setting
        tl = setting.timeline
        assert tl is not None and tl.victim
        self.tl = tl
        self.words = Templates(setting.templates)
        self.notes = crime_notes(case, tl.times)
        self.reasoner = Reasoner(case, self.notes.dead_clue)
        self.times = setting.categories[tl.times].ids
        self.people = setting.categories[tl.people].ids
        self.victim = setting.categories[tl.victim].ids[0]
        self.weapons = [c for c in tl.objects if c in setting.answer]
        self.told: set[Cell] = Told()   # its cells told since the last cited sentence: not recalled in it
        self.kept: set[tuple[Cell, str]] = Told()   # rooms told as not a cell's
        self.said: set[Cell] = set()   # cells told with a sentence of their own
        self.rooms = setting.categories[tl.places].ids
        self.work = session.sat_calls
        self.settler = Notes(case, session, self.times)
        self.found: list[Found] = []   # the parts of the answer the page has found so far (not its ending)
        self.stoning = False   # telling a step on the way (english/board_chain.py): no steps for it
        self.target: Cell | None = None   # the cell the steps are for: never a premise of theirs
        self.turns: dict[str, int] = {}
        self.named = self.murderer_by_fact()   # the murderer named before any hour, when the notes do

    def learn(self, lines: list[Line]) -> list[Line]:
        """The lines, once said: the parts of the answer they find are known from here on."""
        for line in lines:
            for claim in line.claims:
                if claim[0] == "answer":
                    self.found.append((claim[1], claim[2], True))
                elif claim[0] == "not_time":
                    self.found.append((self.tl.times, claim[1], False))
                elif claim[0] == "not_answer":
                    self.found.append((claim[1], claim[2], False))
        return lines

    def turn(self, kind: str, ways: int) -> int:
        """Which of `ways` wordings a sentence of this kind takes: each in turn down the
        page, so no skeleton comes back more than the page needs (the editor's 'same
        three connectives in every page'), and the same case always reads the same."""
        n = self.turns.get(kind, 0)
        self.turns[kind] = n + 1
        return n % ways

    # ---- words --------------------------------------------------------------------
    def name(self, x: str) -> str:
        return item_name(self.setting, x, self.setting.find_item(x).category  # type: ignore[union-attr]
                         if x in self.people or x == self.victim else None)

    def at(self, t: str) -> str:
        return self.words.when(self.setting, t)

    def where(self, z: str) -> str:
        return self.words.where(self.setting, z)

    def room(self, x: str, t: str) -> str:
        return self.night.loc[(x, t)]

    # ---- the page -----------------------------------------------------------------
    def paragraphs(self) -> list[list[Line]]:
        """The ending, every other hour ruled out in the night's order, then the crime's
        hour: the one left, so that who was there follows from when (the murderer was
        alone with the victim) without leaning on anything the page has not yet shown.
        An hour where only many clues together place the victim comes after the later
        hours: with those ruled out, his room then is where he must have been ("else he
        was still alive then, and no later hour is left for the murder")."""
        out = [self.ending()]
        if self.named:
            out.append(self.learn(self.named))
        crime = self.night.answer[self.tl.times]
        done: set[str] = {crime}
        later: list[str] = []
        for t in self.times + [None]:
            if t is None:   # the hours put off, now that the later ones are ruled out
                hours, later = later, []
            else:
                hours = [t]
            for u in hours:
                if u in done or (self.tl.times, u, False) in self.found:   # a step on the way ruled it out
                    continue
                self.new_paragraph()
                lines = self.bound(u, done)
                if not lines and t is not None and self.put_off(u, done):
                    later.append(u)
                    continue
                lines = lines or self.hour(u)
                done.add(u)
                if lines:
                    out.append(self.learn(lines))
        self.new_paragraph()
        out.append(self.crime_hour(crime))
        return [self.merged(p) for p in out]

    def put_off(self, t: str, done: set[str]) -> bool:
        """Whether the hour waits for the later ones: the victim's room then is one only many
        clues together settle, and later hours are still open."""
        return not all(u in done for u in self.times[self.times.index(t) + 1:]) and self.hard((self.victim, t))

    def hard(self, cell: Cell) -> bool:
        """Whether only many clues together settle the cell's room, as the page stands."""
        if self.known(cell):
            return False
        by = self._core(cell, self.room(*cell), True)
        return by is None or len(by.clues) > QUOTED

    def bound(self, t: str, done: set[str]) -> list[Line]:
        """The notes' hours: still alive at u rules out u and every hour before it; dead by
        u every hour after it. Said once, at the first hour it rules out."""
        k, v = self.times.index(t), self.name(self.victim)
        alive, dead = self.notes.alive, self.notes.dead
        if alive is not None and k <= self.times.index(alive[0]):
            hours = self.times[:self.times.index(alive[0]) + 1]
            done |= set(hours)
            return [Line(f"{v} was still alive at {self.words.moment(self.setting, alive[0])}, as {alive[1]} noted, "
                         f"so the murder came later.", [("not_time", u) for u in hours])]
        moved = [j for j in range(len(self.times) - 1)
                 if self.room(self.victim, self.times[j]) != self.room(self.victim, self.times[j + 1])]
        if moved and k <= moved[-1]:
            m = moved[-1]
            hours, first, then = self.times[:m + 1], self.times[m], self.times[m + 1]
            done |= set(hours)
            cells = [(self.victim, first), (self.victim, then)]
            # his room after the move first, when it is what shows the one before (a step from both)
            lines = self.tell(cells[::-1] if self.hard(cells[0]) else cells)
            return lines + [Line(f"{v} went from {self.name(self.room(self.victim, first))} to "
                                 f"{self.name(self.room(self.victim, then))} after "
                                 f"{self.words.moment(self.setting, first)}, so the murder came later.",
                                 [("not_time", u) for u in hours])]
        if dead is not None and k > self.times.index(dead[0]):
            hours = self.times[self.times.index(dead[0]) + 1:]
            done |= set(hours)
            return [Line(f"{v} was dead by {self.words.moment(self.setting, dead[0])}, as {dead[1]} noted, "
                         f"so the murder did not happen later.", [("not_time", u) for u in hours])]
        return []

    def known(self, cell: Cell) -> bool:
        return cell in self.told or cell in self.reasoner.why

    # ---- an hour ruled out ----------------------------------------------------------
    def hour(self, t: str) -> list[Line]:
        """The hour's verdict, after the cells it reads."""
        v = self.victim
        here = self.room(v, t)
        out = ("not_time", t)
        culprit = self.night.answer[self.tl.people]
        if self.named and self.known((v, t)) and self.known((culprit, t)) and self.room(culprit, t) != here:
            lines = self.tell([(v, t), (culprit, t)])
            return lines + [Line(f"{cap(self.at(t))}, {self.name(culprit)} was {self.where(self.room(culprit, t))} "
                                 f"and {self.name(v)} {self.where(here)}, so the murder did not happen then.", [out])]
        with_him = [p for p in self.people if self.room(p, t) == here]
        if len(with_him) >= 2:
            lines = self.tell([(v, t)] + [(p, t) for p in with_him])
            who = join([self.name(p) for p in with_him], 'and')
            said = (f"{who} were {'both' if len(with_him) == 2 else 'all'} with {self.name(v)} {self.at(t)}, and the "
                    f"murderer was alone with the victim, so the murder did not happen then.",
                    f"{cap(self.at(t))}, {self.name(v)} had company: {who}; but the murderer was alone with the "
                    f"victim, so the murder did not happen then.")[self.turn("company", 2)]
            return lines + [Line(said, [out])]
        if not with_him:
            lines = self.tell([(v, t)])
            lines += self.tell_not([(p, t) for p in self.people], here, lines)
            return lines + [Line(self._alone(v, t, here), [out])]
        tools = [o for c in self.weapons for o in self.setting.categories[c].ids if self.room(o, t) == here]
        if self.weapons and not tools:
            cells = [(o, t) for c in self.weapons for o in self.setting.categories[c].ids]
            lines = self.tell([(v, t)])
            return lines + self.tell_not(cells, here, lines) + [Line(f"No weapon lay {self.where(here)} {self.at(t)}, so the "
                                                                     f"murder did not happen then.", [out])]
        if len(with_him) == 1:
            motive = self._other_motive(with_him[0], t)
            if motive:   # alone with him: everyone else kept out, with their grounds
                lines = self.tell([(v, t), (with_him[0], t)])
                lines += self.tell_not([(p, t) for p in self.people if p != with_him[0]], here, lines)
                return lines + [Line(motive + ", so the murder did not happen then.", [out])]
        return [Line(f"The murder did not happen {self.at(t)}: no other hour fits the rest of the clues.", [out])]

    def _alone(self, v: str, t: str, here: str) -> str:
        """Nobody with the victim at the hour: the murder was not then."""
        head = f"{cap(self.name(v))} was alone {self.where(here)} {self.at(t)}"
        return (f"Nobody was with {self.name(v)} {self.where(here)} {self.at(t)}, so the murder did not happen then.",
                f"{head}, so nobody could have killed {self.again_obj(v, head)} then.",
                f"{cap(self.at(t))}, nobody was with {self.name(v)} {self.where(here)}: the murder did not happen "
                f"then.")[self.turn("alone", 3)]

    def _other_motive(self, p: str, t: str) -> str | None:
        """'Lady Dunmore's motive was greed, and the murderer's was revenge', when a note
        gives the murderer's decided fact and p's differs."""
        for attr, value in self.notes.murderers.items():
            own = self.night.facts.get((p, attr))
            if own is not None and own != value:
                label = (self.setting.categories[self.tl.people].attributes[attr].label or attr).lower()
                head = f"{cap(self.at(t))}, {self.name(p)} was alone with {self.name(self.victim)}"
                return f"{head}, but {self.again_s(p, head)} {label} was {self._value(own)} and the murderer's " \
                    f"was {self._value(value)}"
        return None

    # ---- the crime hour ----------------------------------------------------------------
    def crime_hour(self, t: str) -> list[Line]:
        ans = self.night.answer
        culprit, v, scene = ans[self.tl.people], self.victim, ans[self.tl.places]
        lines = self.learn([Line(f"That leaves {self.words.moment(self.setting, t)} for the murder.",
                                 [("answer", self.tl.times, t)])])
        placed = (culprit, t) in self.reasoner.why
        lines += self.fell(t) + self.tell([(v, t)] + ([(culprit, t)] if placed else []))
        claims: list[Claim] = [("cell", culprit, t, scene), ("cell", v, t, scene)]
        if self.named:
            # who is known already: where he was follows from when, and the others do not matter
            self.told.add((culprit, t))
            lines.append(Line(f"{cap(self.name(culprit))}, the murderer, was with {self.name(v)} {self.where(scene)} then.",
                              claims))   # not 'alone': who else was there does not matter now
            return lines + [x for cid in self.weapons for x in self.weapon(cid, t, culprit)]
        lines += self.tell_not([(p, t) for p in self.people if p != culprit], scene, lines)
        if placed:
            lines.append(Line(f"{self.at(t).capitalize()}, {self.name(culprit)} was alone with {self.name(v)} "
                              f"{self.where(scene)}.", claims))
        else:
            # the clues leave the culprit's room open: the murder puts someone beside the
            # victim, and everyone else has just been kept out
            self.told.add((culprit, t))
            lines += self.learn([Line(self._only_one(culprit, t, scene), claims + [("answer", self.tl.people, culprit)])])
        for cid in self.weapons:
            lines += self.weapon(cid, t, culprit)
        who, last = self.name(culprit), lines[-1]
        if len(lines) > 1 and lines[-2].text.endswith(f"so it was {who}.") and last.text.startswith(f"So {who} killed"):
            # just named: 'so it was Mrs Bellamy. She killed Lord Ashdown then', not 'So Mrs Bellamy' again
            lines[-1] = Line(cap(self.again(culprit, lines[-2].text)) + last.text[len(f"So {who}"):], last.claims)
        return lines

    def _only_one(self, culprit: str, t: str, scene: str) -> str:
        """'Lady Dunmore, Dr Crane and Mrs Bellamy were all kept out of the Study at nine
        o'clock; the murderer was with Lord Ashdown there, so it was Colonel Ashby': who was
        kept out (just told above) before whom that leaves."""
        others = [self.name(p) for p in self.people if p != culprit]
        kept = f"{others[0]} was" if len(others) == 1 else f"{join(others, 'and')} were {'both' if len(others) == 2 else 'all'}"
        return f"{kept} kept out of {self.name(scene)} {self.at(t)}; the murderer was with {self.name(self.victim)} " \
               f"there, so it was {self.name(culprit)}."

    def weapon(self, cid: str, t: str, culprit: str) -> list[Line]:
        """The weapon: by the notes alone when they clear every other one (where each lay
        does not matter then), else by which lay at the scene and were not cleared."""
        ans, v, scene = self.night.answer, self.victim, self.night.answer[self.tl.places]
        ids = self.setting.categories[cid].ids
        cleared = [o for o in ids if o in self.notes.spotless]
        verdict = Line(f"So {self.name(culprit)} killed {self.name(v)} then, with {self.name(ans[cid])}.",
                       [("answer", self.tl.people, culprit), ("answer", cid, ans[cid])])
        if len(ids) - len(cleared) == 1:
            ruled = {(cid, o, False) for o in cleared}
            if ruled <= set(self.found[self.found_at or 0:]) | self.parts_here:   # said in this paragraph
                return [verdict]
            if ruled <= set(self.found):   # ruled out above: not said again
                return [Line(f"{verdict.text[:-1]}, the only {self._role(cid)} not ruled out.", verdict.claims)]
            return [Line(f"The notes say {join([self.name(o) for o in cleared], 'and')} "
                         f"{'was' if len(cleared) == 1 else 'were'} not the weapon.", []), verdict]
        lines: list[Line] = []
        there = [o for o in ids if self.room(o, t) == scene]
        lines += self.tell([(o, t) for o in there])
        lines += self.tell_not([(o, t) for o in self.setting.categories[cid].ids if o not in there], scene)
        spotless = [o for o in there if o != ans[cid] and o in self.notes.spotless]
        if spotless:
            lines.append(Line(f"{cap(join([self.name(o) for o in spotless], 'and'))} lay there too, but the "
                              f"notes say {'it was' if len(spotless) == 1 else 'they were'} not the weapon.",
                              [("cell", o, t, scene) for o in spotless]))
        if len(there) - len(spotless) == 1:
            lines.append(verdict)
        return lines

    def fell(self, t: str) -> list[Line]:
        """The victim's room at the murder read off a later hour's, once the hour is known:
        the body lay where it fell. Said when the clues do not place him at the hour itself."""
        v = self.victim
        if (v, t) in self.told or (v, t) in self.reasoner.why:
            return []
        later = next((u for u in self.times[self.times.index(t) + 1:]
                      if (v, u) in self.told or (v, u) in self.reasoner.why), None)
        if later is None:
            return []
        z = self.room(v, t)
        self.told.add((v, t))
        return self.tell([(v, later)]) + self.learn([Line(
            f"The body lay where it fell from then on, and {self.name(v)} was {self.where(z)} {self.at(later)}: "
            f"the murder happened {self.where(z)}.", [("cell", v, t, z), ("answer", self.tl.places, z)])])

    # ---- the cells a verdict reads -------------------------------------------------------
    def tell(self, cells: list[Cell]) -> list[Line]:
        """Sentences that settle these cells (and first the cells their reasons lean on),
        each once a page; a cell a clue states outright is not said again."""
        out: list[Line] = []
        for cell in cells:
            self._tell(cell, out, set())
        return out

    def _tell(self, cell: Cell, out: list[Line], busy: set[Cell]) -> None:
        if cell in self.told or cell in busy:
            return
        busy.add(cell)
        why = self.reasoner.why.get(cell)
        if why is not None:
            for dep in why.cells:
                self._tell(dep, out, busy)
        self.told.add(cell)
        x, t = cell
        z = self.room(x, t)
        claim: list[Claim] = [("cell", x, t, z)]
        if why is None:
            self._open((x, t, z, True), out, busy)
        elif why.rule == "with":
            other = why.cells[0][0]
            verb = "was with" if x in self.people + [self.victim] and other in self.people + [self.victim] \
                else "was in the same room as"
            before = f"{cap(self.name(x))} {verb} {self.name(other)} {self.at(t)}"
            said = (f"{before}, so {self.again(x, before)} was {self.where(z)} too.",
                    f"{cap(self.name(other))} had company {self.where(z)} {self.at(t)}: {self.name(x)}.")
            out.append(Line(said[self.turn("with", 2)] if verb == "was with" else said[0], claim))
        elif why.rule == "lay":
            u, dead = why.cells[0][1], self.notes.dead
            assert dead is not None   # a victim's cells are linked only under a note that he was dead by then
            out.append(Line("", claim, "lay", [(x, t, z, dead[0], u)]))   # said with the body's other hours
        elif why.rule == "ruled":
            out.append(Line(self._ruled(x, t, z, why.ruled_out, why.clues), claim))
        elif why.rule == "reach":
            out.append(Line(self._reach(x, t, z, why.cells, why.ruled_out, why.clues), claim))

    def tell_not(self, cells: list[Cell], z: str, before: list[Line] | None = None) -> list[Line]:
        """Sentences that keep these cells out of room z: its room when settled, else an
        hour next to it whose room is more than a step from z; a clue's own ruling is not
        said again. `before`: the paragraph so far, when a verdict leans on them all ('nobody
        was with him'): a cell it does not speak of is given its ground too (english/board_grounds.py)."""
        out: list[Line] = []
        for x, t in cells:
            if (x, t) in self.told or ((x, t), z) in self.kept or self.reasoner.ruled_by((x, t), z):
                continue
            if (x, t) in self.reasoner.why:
                self._tell((x, t), out, set())
                continue
            k = self.times.index(t)
            near = [(x, self.times[j]) for j in (k - 1, k + 1) if 0 <= j < len(self.times)]
            far = [c for c in near if c in self.reasoner.why and z not in self.reasoner.reach[self.room(*c)]]
            claim: list[Claim] = [("not_cell", x, t, z)]
            if far:
                self._tell(far[0], out, set())
                y, u = self.room(*far[0]), far[0][1]
                out.append(Line(self._too_far(x, t, z, y, u), claim))
            else:
                self._open((x, t, z, False), out, set())
        return out if before is None else out + self.away(cells, z, before + out)

    def _open(self, fact: Fact, out: list[Line], busy: set[Cell]) -> None:
        """A fact the propagation does not settle: the notes that do, after the cells they
        lean on (and the facts on the way, english/board_chain.py), or a supposition."""
        x, t, z, inside = fact
        if self._carries(fact, out, busy):
            return
        by = self.settle((x, t), z, inside, out)
        sets = [] if by is None else [by] if isinstance(by, Settled) else [s for _, s in by.links] + [by.clash]
        for c in sorted({c for s in sets for c, _ in s.given}, key=lambda c: (self.times.index(c[1]), c[0])):
            self._tell(c, out, busy)
        if not inside and (x, t) in self.told and self.room(x, t) != z:   # its room, just told, keeps it out
            self.kept.add(((x, t), z))
            return
        claim: Claim = ("cell" if inside else "not_cell", x, t, z)
        if isinstance(by, Supposed):
            out.append(Line(self._supposed(fact, by), [claim, ("suppose", *by.fact)] + self.ifs(by)))
            if not inside:
                self.kept.add(((x, t), z))
            return
        self._say(fact, by, out)

    def _say_found(self, fact: Found, by: Settled, out: list[Line]) -> None:
        """A part of the answer a few notes show on the way: 'the note “...” and the note
        “...” rule out Colonel Ashby as the murderer'."""
        claim = self._part(fact)
        out += self.learn([Line(self._answer_step(fact, by), [claim] + self.by(by, claim))])

    def _carries(self, fact: Fact, out: list[Line], busy: set[Cell]) -> bool:
        """Whether a carry the board's rule leaves one carrier for tells the fact (english/board_carry.py)."""
        x, t, z, inside = fact
        if not (self.carry((x, t), out, busy) or (not inside and (self.carry_near((x, t), z, out, busy)
                                                                  or self.not_carried((x, t), z, out, busy)))):
            return False
        if not inside:
            self.kept.add(((x, t), z))
        return True

    def _say(self, fact: Fact, by: Settled | None, out: list[Line]) -> None:
        x, t, z, inside = fact
        if by is not None and by.clues and self._carries(fact, out, set()):   # not the facts that hide it
            return
        if inside:
            self.told.add((x, t))
            self.said.add((x, t))
            claim: Claim = ("cell", x, t, z)
            stated = getattr(self.reasoner.why.get((x, t)), "clues", None)
            if by is not None and by.clues == stated and not (by.given or by.kept or by.found):   # a clue says it
                out.append(self.placed(x, t, z, by.clues[0], [claim] + self.by(by, claim)))
                return
            if by is not None and _between(x, t, self.times, by):   # the board's doors alone: say so
                out.append(Line(self._reach(x, t, z, [c for c, _ in by.given], []), [claim] + self.by(by, claim)))
                return
            out.append(Line(self._settled(x, t, z, by), [claim] + self.by(by, claim)))
        else:
            self.kept.add(((x, t), z))
            claim = ("not_cell", x, t, z)
            out.append(Line(self._kept_out(x, t, z, by), [claim] + self.by(by, claim)))

    @staticmethod
    def by(settled: Settled | None, claim: Claim) -> list[Claim]:
        """("by", clue ids, told cells, claim): these clues and cells alone force the claim."""
        if settled is None:
            return []
        return [("by", tuple(settled.clues), _given(settled), tuple(settled.found), claim)]

    def ifs(self, sup: Supposed) -> list[Claim]:
        """("if", clues, facts, found, claim) for each step of a supposition and its clash
        (claim ("clash",)): the facts are the told ones, (x, t, z) or (x, t, z, False) for a
        room ruled out, and what the supposition has, (x, t, z, inside, "supposed"); the
        parts of the answer are those found above, (category, item, is), and those the
        supposition has, (category, item, is, "supposed")."""
        out: list[Claim] = []
        for fact, s in sup.links:
            claim = self._part(fact) if len(fact) == 3 else ("cell" if fact[3] else "not_cell", *fact[:3])
            out.append(("if", tuple(s.clues), _given(s), _found(s), claim))
        return out + [("if", tuple(sup.clash.clues), _given(sup.clash), _found(sup.clash), ("clash",))]

    def _part(self, fact: Found) -> Claim:
        """The claim of a part of the answer: ("answer", category, item), ("not_time", hour)
        or ("not_answer", category, item)."""
        cat, item, yes = fact
        return ("answer", cat, item) if yes else ("not_time", item) if cat == self.tl.times else \
            ("not_answer", cat, item)


def _between(x: str, t: str, times: list[str], by: Settled) -> bool:
    """Whether the set is only the piece's own rooms the hour before and the hour after."""
    k = times.index(t)
    return not (by.clues or by.kept or by.found or by.hyp) and 0 < k < len(times) - 1 and \
        sorted(c for c, _ in by.given) == sorted([(x, times[k - 1]), (x, times[k + 1])])


def _given(s: Settled) -> tuple:
    return (tuple((x, t, z) for (x, t), z in s.given) + tuple((x, t, z, False) for (x, t), z in s.kept)
            + tuple((*f, "supposed") for f in s.hyp if len(f) == 4))


def _found(s: Settled) -> tuple:
    return tuple(s.found) + tuple((*f, "supposed") for f in s.hyp if len(f) == 3)
