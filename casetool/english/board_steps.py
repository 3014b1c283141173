"""One answer step of a board case (explain/steps.py), told as an argument a player can
follow, for `casetool explain` and a level-3 hint: where the generic sentence says "put the
fact “...” beside the fact “...”: the crime did not happen in the Hall", this says "Suppose
the murder had happened in the Hall. Then the fact “...” would put Lord Ashdown in the
Dining Room at nine o'clock; but that goes against the fact “...”. So the murder did not
happen in the Hall." The search is the board page's (english/board_chain.py): the
supposition's steps are facts few clues force, each with the ones before it, found on the
solver's SAT mirror (english/board_notes.py), read on until at most ARGUED clues clash; the
parts of the answer earlier steps found are what the argument leans on. A step on a motive
("Dr Crane's motive was greed, and the murderer's was revenge, so he is not the murderer")
needs no supposition.

Every sentence carries its claims, as the page's do, for tests/english/test_board_steps.py
to check against the brute force. '' (no sentence) when the search finds no argument: the
generic sentence stands.
"""

from __future__ import annotations

from ..explain.steps import Fact as Known
from ..explain.steps import Step as AnswerStep
from ..language import ir
from ..load.model import Case
from ..solver.budget import Budget, OutOfTime
from ..solver.session import Session
from .board_chain import LEMMAS, Supposed
from .board_notes import QUOTED, Found, Settled, Step
from .board_solution import _Page  # the page's words and its search for steps, reused
from .board_voice import LONG, Claim, Line
from .names import join
from .phrases import cap

ARGUED = 1       # clues the clash of an argument quotes, at most, when steps can bring it there
MOST_TOLD = 2    # parts of the answer one step may argue, each a supposition; more: the generic sentence
SECONDS = 20.0   # the session's budget; the work is bounded by SAT question counts (board_chain.py)


def is_board(case: Case) -> bool:
    """Whether the case is played on a board with a victim (`casetool generate --kind board`)."""
    tl = case.setting.timeline
    return bool(tl is not None and tl.moves and tl.victim)


def board_step_sentence(case: Case, step: AnswerStep, known: set[Known]) -> str:
    """The step's sentence(s) as an argument, or '' when there is none to tell."""
    lines = board_step_lines(case, step, known)
    return " ".join(line.text for line in lines) if lines else ""


def board_step_lines(case: Case, step: AnswerStep, known: set[Known]) -> list[Line] | None:
    """The step's lines with their claims, or None when the step is not one to argue."""
    if not is_board(case) or not step.derived or len(step.clues) + len(step.facts) < 2:
        return None   # one clue alone reads plainly already ("the fact “...” tells us that ...")
    arguer = _arguer(case)
    try:
        return None if arguer is None else arguer.lines(step, known)
    except OutOfTime:   # the session's seconds are spent (a loaded machine): the generic sentence stands
        return None


# one case's arguer at a time: explain asks step after step of the same case, and opening a
# session compiles the model (the large mansion's takes most of a second)
_LAST: list[tuple[Case, _Arguer | None]] = []


def _arguer(case: Case) -> _Arguer | None:
    if _LAST and _LAST[0][0] is case:
        return _LAST[0][1]
    for _, old in _LAST:
        if old is not None:
            old.settler.session.close()
    session = Session.open(case, Budget(SECONDS))
    arguer = _Arguer(case, session.world(), session) \
        if session.feasible(session.clue_lits([c.id for c in case.clues])) else None
    _LAST[:] = [(case, arguer)]
    return arguer


class _Arguer(_Page):
    """The page's machinery with nothing told: an answer step leans only on its clues and on
    the parts of the answer the steps before it found, never on a cell the page would have
    told (explain tells none)."""

    def __init__(self, case, night, session):
        super().__init__(case, night, session)
        self.reasoner.why = {}   # the page's propagated cells are not known to an explain reader

    def lines(self, step: AnswerStep, known: set[Known]) -> list[Line] | None:
        self.found = _parts(self.case, known)
        self.work = self.started = self.settler.session.sat_calls   # each step its own share of questions
        motive = self._motive(step)
        if motive is not None:
            return [motive]
        goals = _goals(self.case, step, known)
        if not goals or len(goals) > MOST_TOLD:
            return None
        out = []
        self.recalled: set[str] = set()
        for goal in goals:
            # steps that each rest on few facts first; failing that, any the search finds
            self.light = True
            sup = self._argue(goal, step.clues)
            self.light = False
            sup = sup or self._argue(goal, step.clues)
            if sup is None:
                return None
            claim = self._part(goal)
            out.append(Line(self._argued(goal, sup), [claim] + self.ifs(sup)))
        return out

    # ---- the search ------------------------------------------------------------------
    def _argue(self, goal: Found, pool: list[str]) -> Supposed | None:
        """Suppose the goal false; facts few of the step's clues force follow, each told
        if it brings the clash down, until at most ARGUED clues clash (or no step does)."""
        supposed = (goal[0], goal[1], not goal[2])
        hour = goal[1] if goal[0] == self.tl.times else self.night.answer[self.tl.times]
        focus = (self.victim, hour, "", False)   # where steps are looked for: the victim about the hour
        hyp: list[Step] = [supposed]
        links: list[tuple[Step, Settled]] = self._left(goal, supposed)
        hyp += [f for f, _ in links]
        clash = self.settler.why([], hour, self._known(None), self.found, [], hyp, pool)
        while clash is not None and len(clash.clues) > ARGUED and len(links) < 2 * LEMMAS:
            step = self._step(None, clash, pool, hyp, focus)
            if step is None:
                break
            fact, own, clash = step
            hyp.append(fact)
            links.append((fact, own))
        if clash is None or len(clash.clues) > QUOTED:
            return None
        need, kept = set(clash.hyp), list[tuple[Step, Settled]]()
        for fact, own in reversed(links):   # only the steps the clash leans on, and theirs
            if fact in need:
                kept.insert(0, (fact, own))
                need |= set(own.hyp)
        # a Supposed is a cell's: its fact is where the steps were looked for; what is
        # supposed is the goal's opposite, which the words say (`_argued`)
        # the steps that do not lean on the supposition first: they are said as plain facts
        return Supposed(focus, [k for k in kept if not k[1].hyp] + [k for k in kept if k[1].hyp], clash)

    def _left(self, goal: Found, supposed: Found) -> list[tuple[Step, Settled]]:
        """What supposing the weapon away leaves at once, said before the clues that lean on it
        (sub-results first, so no step rests on the weapons ruled out, the scene, the hour and
        the murderer all at once): the murderer at the scene then, a plain fact ('the rules
        printed with the case put Lady Dunmore in the Library at nine o'clock'); the one other
        weapon not ruled out ('only the Wrench would be left as the weapon') and that it lay at
        the scene then ('the rules printed with the case would then put the Wrench in the
        Library at nine o'clock'). Only when the scene and the hour are known."""
        cat, item, yes = goal
        ids = self.setting.categories[cat].ids
        out_ = [f for f in self.found if f[0] == cat and not f[2]]
        left = [i for i in ids if i != item and (cat, i, False) not in self.found]
        if not yes or len(left) != 1 or cat not in self.weapons:   # a murderer left is said as 'which leaves nobody'
            return []
        known = {f[0]: f[1] for f in self.found if f[2]}
        scene, when = known.get(self.tl.places), known.get(self.tl.times)
        if scene is None or when is None:
            return []
        at = [(self.tl.places, scene, True), (self.tl.times, when, True)]
        links: list[tuple[Step, Settled]] = []
        murderer = known.get(self.tl.people)
        if murderer is not None and cat != self.tl.people:   # a plain fact: the murderer was at the scene
            links.append(((murderer, when, scene, True), Settled([], [], [(self.tl.people, murderer, True)] + at)))
        other = (cat, left[0], True)
        links.append((other, Settled([], [], out_, [], [supposed])))
        links.append(((left[0], when, scene, True), Settled([], [], at, [], [other])))
        return links

    # ---- the words -------------------------------------------------------------------
    def _argued(self, goal: Found, sup: Supposed) -> str:
        """'Suppose the murder had happened in the Hall. Then ... would ...; ... But that
        goes against .... So the murder did not happen in the Hall.'"""
        plain = "".join(self.grounded(f"{refs} {self._did(f, s)}", self._fresh(self.grounds(by)), len(by.clues)) + " "
                        for f, by in sup.links if not by.hyp for refs, s in [self._rule_refs(f, by) or self._refs(by)])
        steps = [f"only {self.name(f[1])} would be left as the {self._role(f[0])}" if len(f) == 3 and f[2] and not by.clues
                 else f"{(self._rule_refs(f, by) or self._refs(by))[0]} would {'then ' if k else ''}{self._did(f)}"
                 for k, (f, by) in enumerate([link for link in sup.links if link[1].hyp])]
        none_left = self._none_left(sup, goal)
        clash = none_left or self._clash_words(sup.clash, [], not steps)
        # what the steps and the clash lean on from before, recalled once before the supposition
        hours = self._hours_clash(sup.clash, [])   # the clash names them: not recalled too
        leaned = [by for _, by in sup.links if by.hyp] + ([] if none_left or hours else [sup.clash])
        grounds = self._fresh(self.grounds(self.merged_grounds(leaned), hours))
        recall = self.recall(grounds)
        head = f"{plain}{recall + ' ' if recall else ''}Suppose {self._had((goal[0], goal[1], not goal[2]))}"
        end = f"So {self._was(goal)}."
        if not steps:
            return f"{head}: {clash}. {end}"
        body = "; ".join(steps) if len("; ".join(steps)) <= LONG else ". ".join(steps[:1] + [cap(s) for s in steps[1:]])
        return f"{head}. Then {body}. But {clash}. {end}"

    def _rule_refs(self, f: Step, by: Settled) -> tuple[str, str] | None:
        """The printed rule a step at the scene rests on, named ('the rule that the weapon was in
        the room at the moment of the murder would then put the Rope in the Hall at seven
        o'clock'), never 'the rules printed with the case', which leaves the reader to find
        which; None for a step of clues, or of more than the murder's own room and hour."""
        if by.clues or by.given or by.kept or len(f) != 4 or not f[3]:
            return None
        y, u, r, _ = f
        parts = list(by.found) + [h for h in by.hyp if len(h) == 3]
        at = {(self.tl.places, r, True), (self.tl.times, u, True)}
        if not at <= set(parts) or any(p[1:] != (y, True) for p in parts if p not in at):
            return None   # more than the scene, the hour and the piece's own part
        if y in self.people:
            return f"the rule that the murderer was with {self.name(self.victim)} at the moment of the murder", "s"
        return "the rule that the weapon was in the room at the moment of the murder", "s"

    def _fresh(self, grounds: list) -> list:
        """The grounds the step has not yet named: a step (of two suppositions, or a plain fact
        and a supposition) recalls a thing once."""
        out = [g for g in grounds if g.bare not in self.recalled]
        self.recalled |= {g.bare for g in out}
        return out

    def _did(self, f: Step, s: str = "") -> str:
        """'put Dr Crane in the Hall at nine o'clock', 'rule out eight o'clock for the
        murder' (the verb's ending `s`)."""
        if len(f) == 3:
            return self._part_words(f, s)
        y, u, r, yes = f
        return f"put{s} {self.name(y)} {self.where(r)} {self.at(u)}" if yes else \
            f"keep{s} {self.name(y)} out of {self.name(r)} {self.at(u)}"

    def _none_left(self, sup: Supposed, goal: Found) -> str:
        """'Colonel Ashby and Dr Crane have been ruled out, which leaves nobody to be the
        murderer': a clash of no clue, only the items of one category ruled out (hours: the
        page's words); every one named but the one supposed, so what is left is plain."""
        by = sup.clash
        parts = list(by.found) + [f for f in by.hyp if len(f) == 3]
        cats = {f[0] for f in parts}
        if by.clues or by.given or by.kept or len(cats) != 1 or any(f[2] for f in parts) or self.tl.times in cats:
            return ""
        (cat,) = cats
        ruled = [self.name(f[1]) for f in parts if f[:2] != goal[:2]]   # the one supposed is not 'ruled out'
        if not ruled:
            return ""
        left = "nobody to be the murderer" if cat == self.tl.people else "no room for the murder" \
            if cat == self.tl.places else f"no {self._role(cat)}"
        # every other one named, those ruled out before the step and those its steps rule out
        return f"{join(ruled, 'and')} {'has' if len(ruled) == 1 else 'have'} been ruled out, which leaves {left}"

    def _had(self, f: Found) -> str:
        """'the murder had happened in the Hall', 'Dr Crane had not been the murderer'."""
        cat, item, yes = f
        no = "" if yes else "not "
        if cat == self.tl.times:
            return f"the murder had {no}happened {self.at(item)}"
        if cat == self.tl.places:
            return f"the murder had {no}happened {self.where(item)}"
        return f"{self.name(item)} had {no}been the {self._role(cat)}"

    def _was(self, f: Found) -> str:
        """'the murder did not happen in the Hall', 'the Rope was the weapon after all'."""
        cat, item, yes = f
        after = " after all" if yes else ""
        if cat in (self.tl.times, self.tl.places):
            place = self.at(item) if cat == self.tl.times else self.where(item)
            return f"the murder happened {place}{after}" if yes else f"the murder did not happen {place}"
        return f"{self.name(item)} {'was' if yes else 'was not'} the {self._role(cat)}{after}"

    # ---- a motive --------------------------------------------------------------------
    def _motive(self, step: AnswerStep) -> Line | None:
        """'Dr Crane's motive was greed, and the murderer's was revenge, so he is not the
        murderer': a step of two notes, the suspect's value of a fact and the murderer's."""
        if len(step.clues) != 2 or step.facts or len(step.derived) != 1 or step.derived[0].subject != self.tl.people:
            return None
        said = [_valued(c.expr) for c in self.case.clues if c.id in step.clues]
        murderer = [v for v in said if v is not None and v[0] is None]
        suspect = [v for v in said if v is not None and v[0] == step.derived[0].value]
        if len(murderer) != 1 or len(suspect) != 1:
            return None
        (_, attr, theirs), (who, attr2, own) = murderer[0], suspect[0]
        if attr != attr2 or theirs == own or who is None:
            return None
        label = (self.setting.categories[self.tl.people].attributes[attr].label or attr).lower()
        head = f"{self.name(who)}'s {label} was {self._value(own)}, and the murderer's was {self._value(theirs)}"
        claim: Claim = ("not_answer", self.tl.people, who)
        by: Claim = ("by", tuple(sorted(step.clues, key=self.settler.order.__getitem__)), (), (), claim)
        return Line(f"{cap(head)}, so {self.again(who, head)} is not the murderer.", [claim, by])


def _valued(expr) -> tuple[str | None, str, object] | None:
    """(suspect or None for the murderer, attribute, value) of a note 'X's motive was greed'."""
    if not (isinstance(expr, ir.Compare) and expr.op == ir.CompareOp.EQ and isinstance(expr.left, ir.FactOf)
            and isinstance(expr.right, ir.ValueConst)):
        return None
    term = expr.left.term
    if isinstance(term, ir.AnswerRef):
        return None, expr.left.attribute, expr.right.value
    if isinstance(term, ir.ItemConst):
        return term.item, expr.left.attribute, expr.right.value
    return None


def _parts(case: Case, known: set[Known]) -> list[Found]:
    """The parts of the answer known before the step: each item ruled out, and a
    category's item when every other one is."""
    out: list[Found] = []
    for cat in case.setting.answer:
        left = [i for i in case.setting.categories[cat].ids if Known("not", cat, i) not in known]
        # a category settled is said as its item ("with the Dagger as the weapon"), not its rule-outs
        out += [(cat, left[0], True)] if len(left) == 1 else \
            [(cat, i, False) for i in case.setting.categories[cat].ids if i not in left]
    return out


def _goals(case: Case, step: AnswerStep, known: set[Known]) -> list[Found]:
    """What the step argues: the item a category is left with, when the step leaves one
    ('the murder must have happened at nine'), else each item it rules out."""
    after = known | set(step.derived)
    goals: list[Found] = []
    for cat in dict.fromkeys(f.subject for f in step.derived if f.kind == "not"):
        left = [i for i in case.setting.categories[cat].ids if Known("not", cat, i) not in after]
        if len(left) == 1:
            goals.append((cat, left[0], True))
        else:
            goals += [(cat, f.value, False) for f in step.derived if f.kind == "not" and f.subject == cat]
    return goals
