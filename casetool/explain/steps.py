"""Greedy step-wise explanation: at each step the simplest set of clues and known facts
that rules something out (after Bogaerts, Gamba, Guns et al.; OCUS in CPMpy).

A fact is a literal of the compiled model: "the suspect is not Plum", "White lies",
"White tells the truth". A step is a minimal unsatisfiable set: its clues and facts
together with the negation of what it derives cannot hold.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Any

from ..language import ir
from ..load.model import Case
from ..solver.budget import Budget
from ..solver.compile import Compiled
from ..solver.session import Session

# A CP-SAT literal (or a bool constant): typed loosely, only compile.py imports ortools.
Lit = Any


@dataclass(frozen=True, order=True)
class Fact:
    kind: str      # "not" (answer category is not item) | "lies" | "truthful"
    subject: str   # category id or character id
    value: str = ""


@dataclass
class Step:
    number: int
    clues: list[str]          # clue ids used
    facts: list[Fact]         # facts from earlier steps used
    derived: list[Fact]       # what this step establishes
    assumption: Fact | None   # the fact whose negation was refuted (for case analysis)
    cost: int = 0
    kinds: list[str] = field(default_factory=list)  # "liar", "timeline", "cards", "counting"
    clash: bool = False       # the step's clues cannot all be true with nobody lying (culprit rule)


@dataclass
class Explanation:
    case: Case
    steps: list[Step]
    answer: dict[str, str]
    solver_calls: int
    complete: bool
    reused: int = 0   # questions answered from an earlier solve's world, without a solve


class _Explainer:
    def __init__(self, case: Case, budget: Budget):
        self.case = case
        self.session = Session.open(case, budget)
        self.compiled: Compiled = self.session.compiled
        self.enables: dict[str, Lit] = self.compiled.enables
        self.clue_by_id = {c.id: c for c in case.clues}
        self.kinds = {c.id: _clue_kinds(c) for c in case.clues}
        self.lit_of: dict[Fact, Lit] = {}
        self.neg_of: dict[Fact, Lit] = {}
        self._facts()
        self._preferred: list[Lit] | None = None
        self._sets: dict[tuple[Fact, int], tuple | None] = {}   # minimal sets found, by fact and step

    def _facts(self):
        for cat, items in self.compiled.answer.items():
            for item, lit in items.items():
                fact = Fact("not", cat, item)
                self.lit_of[fact], self.neg_of[fact] = ~lit, lit
        if self.case.effective_liar_rule.kind in ("inspector", "exactly_one", "custom"):
            for who, lit in self.compiled.lies.items():
                self.lit_of[Fact("lies", who)], self.neg_of[Fact("lies", who)] = lit, ~lit
                self.lit_of[Fact("truthful", who)], self.neg_of[Fact("truthful", who)] = ~lit, lit

    # ---- solving helpers ------------------------------------------------------
    def refutes(self, clues, facts, fact: Fact) -> bool:
        lits = [self.enables[c] for c in clues] + [self.lit_of[f] for f in facts] + [self.neg_of[fact]]
        return not self.session.satisfiable(lits)

    def minimal_set(self, known: list[Fact], fact: Fact):
        """A minimal (clues, facts, number of known facts counted) refuting the negation of
        `fact`, or None if none does."""
        parts = {self.enables[c].index: ("clue", c) for c in self.enables}
        lits = [self.enables[c] for c in self.enables]
        for lit, part in self._known_parts(known):
            parts[lit.index] = part
            lits.append(lit)
        # delete the expensive parts first, so what stays is the simplest explanation
        def order(lit):
            return (parts[lit.index][0] != "clue", -self._weight(parts[lit.index]))
        core = self.session.minimal(lits, [self.neg_of[fact]], key=order)
        if core is None:
            return None
        chosen = [parts[lit.index] for lit in core]
        facts = [f for kind, value in chosen if kind != "clue" for f in (value if kind == "settled" else [value])]
        return sorted(c for k, c in chosen if k == "clue"), sorted(facts), sum(1 for k, _ in chosen if k != "clue")

    def _known_parts(self, known: list[Fact]):
        """The known facts as parts of a step: a category whose answer is known counts as one
        fact, "the time is Night" (its answer literal, which the model makes equivalent to
        all its ruled-out items), not as every item ruled out: a reader knows one thing, and
        the search keeps one part instead of up to one per item (on a 24-hour timeline, 23
        deletion solves a step)."""
        ruled: dict[str, list[Fact]] = {}
        for f in known:
            if f.kind == "not":
                ruled.setdefault(f.subject, []).append(f)
        for f in known:
            group = ruled.get(f.subject, []) if f.kind == "not" else []
            left = [i for i in self.compiled.answer.get(f.subject, {}) if Fact("not", f.subject, i) not in group]
            if len(group) < 2 or len(left) != 1:
                yield self.lit_of[f], ("fact", f)
            elif f == group[0]:
                yield self.compiled.answer[f.subject][left[0]], ("settled", group)

    def _weight(self, item) -> int:
        kind, value = item
        return 10 + 5 * len(self.kinds[value]) if kind == "clue" else 1

    def cost(self, clues, counted: int, fact: Fact, known) -> tuple[int, list[str]]:
        """`counted`: the known facts used, a settled category counting once."""
        kinds = sorted({k for c in clues for k in self.kinds[c]} | ({"liar"} if self._liar_analysis(clues, known, fact) else set()))
        return 100 * len(clues) + 10 * counted + 40 * len(kinds), kinds

    def _liar_analysis(self, clues, known, fact) -> bool:
        """Does the step reason about a witness whose truthfulness is not yet known?"""
        if fact.kind in ("lies", "truthful"):
            return True
        settled = {f.subject for f in known if f.kind in ("lies", "truthful")}
        return any(self.clue_by_id[c].speaker in self.compiled.lies and self.clue_by_id[c].speaker not in settled
                   and self.case.effective_liar_rule.kind != "culprit" for c in clues)

    # ---- the greedy loop --------------------------------------------------------
    def explain(self) -> Explanation:
        known: list[Fact] = []
        steps: list[Step] = []
        targets = sorted(self.lit_of)
        open_ = self._open_facts(targets)
        queue = [(self._first_bound(f) if f in open_ else 0, f) for f in targets]
        heapq.heapify(queue)
        while not self._solved(known) and queue:
            step = self._next_step(queue, known)
            if step is None:
                break
            step.number = len(steps) + 1
            steps.append(step)
            known += step.derived
            queue = [(c, f) for c, f in queue if f not in known and _opposite(f) not in known]
            heapq.heapify(queue)
        answer = self._answer(known)
        return Explanation(self.case, steps, answer, self.session.calls, self._solved(known), self.session.reused)

    def _next_step(self, queue, known) -> Step | None:
        """Lazy greedy: cached costs are estimates; recompute the cheapest until it stays
        cheapest. Of steps that cost the same, the first fact's (in Fact order) is taken."""
        while queue:
            _, fact = heapq.heappop(queue)
            key = (fact, len(known))   # known only grows: its length names this state
            if key not in self._sets:
                self._sets[key] = self.minimal_set(known, fact)
            found = self._sets[key]
            if found is None:
                continue  # not derivable (yet); dropped: facts only become derivable through others
            clues, facts, counted = found
            cost, kinds = self.cost(clues, counted, fact, known)
            if queue and (cost, fact) > queue[0]:
                heapq.heappush(queue, (cost, fact))
                continue
            with self.session.preferring(self._case_world()):
                derived = self._derived(clues, facts, fact, known)
            return Step(0, clues, facts, derived, fact, cost, kinds, self._clash(clues))
        return None

    def _derived(self, clues, facts, fact: Fact, known) -> list[Fact]:
        """`fact` and every other open fact these clues and facts imply. A fact an earlier
        world refutes is out; the rest are asked together ("can any of them be false?"),
        each world found taking out the ones it refutes, until none can be: one solve for
        all the facts a step derives, not one each."""
        base = [self.enables[c] for c in clues] + [self.lit_of[f] for f in facts]
        left = [g for g in sorted(self.lit_of) if g not in known and _opposite(g) not in known and g != fact
                and not self.session.answered(base + [self.neg_of[g]])]
        while left:
            if not self.session.feasible(base + [self.session.unless([self.neg_of[g] for g in left])]):
                break
            value = self.session.engine.value
            left = [g for g in left if not value(self.neg_of[g])]
        return sorted([fact] + left)

    def _open_facts(self, targets: list[Fact]) -> set[Fact]:
        """The facts that the fixed rules alone do not imply (some world of no clue has them
        false): a first step deriving one of them needs a clue. Worlds found preferring the
        facts still unseen false answer a category's items a few solves at a time."""
        found: set[Fact] = set()
        unseen = list(targets)
        while unseen:
            negations = [self.neg_of[f] for f in unseen]
            with self.session.preferring(negations):
                if not self.session.feasible([]):
                    return found
            value = self.session.engine.value
            seen = {f for f, lit in zip(unseen, negations, strict=True) if value(lit)}
            if not seen:   # the world has every unseen fact true: ask the first one alone
                seen = {unseen[0]} if self.session.satisfiable([negations[0]]) else set()
                unseen = unseen[1:]
            found |= seen
            unseen = [f for f in unseen if f not in seen]
        return found

    def _first_bound(self, fact: Fact) -> int:
        """The least a first step deriving an open fact costs: one clue (nothing is known
        yet), and a witness's truthfulness is liar reasoning. A first step is then found
        without a minimal set for every fact (on a 20 x 20 x 24 timeline, 74 of them)."""
        return 100 + (40 if fact.kind in ("lies", "truthful") else 0)

    def _case_world(self) -> list:
        """The case's world (every clue on) on the literals a kept world is read on: the
        world a derived fact's question prefers. Asked of a step's few clues, "can this fact
        be false?" has a world for most facts, one per item ruled out; near the case's own
        world, the one found for a step fits the next step's question too (its clue holds
        there), so it is not solved again."""
        if self._preferred is None:
            self._preferred = []
            if self.session.feasible(list(self.enables.values())):
                c, value = self.compiled, self.session.engine.value
                lits: list[Lit] = [lit for items in c.answer.values() for lit in items.values()]
                lits += list(c.lies.values()) + list(c.holds.values())
                self._preferred = [lit if value(lit) else ~lit for lit in lits if not isinstance(lit, bool)]
        return self._preferred

    def _clash(self, clues) -> bool:
        """Under the culprit rule: do the clues contradict each other when every speaker
        tells the truth? Only then may a step say they "cannot all be true" (what a player
        sees first: one of their speakers is the culprit, the only one who lies)."""
        if self.case.effective_liar_rule.kind != "culprit" or len(clues) < 2:
            return False
        lies: dict[str, Lit] = self.compiled.lies
        speakers = {s for c in clues if (s := self.clue_by_id[c].speaker) is not None and s in lies}
        if not speakers:
            return False
        truthful = [~lies[s] for s in sorted(speakers)]
        return not self.session.satisfiable([self.enables[c] for c in clues] + truthful)

    def _solved(self, known) -> bool:
        out = {f.subject for f in known if f.kind == "not"}
        for cat, items in self.compiled.answer.items():
            ruled = sum(1 for f in known if f.kind == "not" and f.subject == cat)
            if ruled < len(items) - 1:
                return False
        return bool(out) or not self.compiled.answer

    def _answer(self, known) -> dict[str, str]:
        answer = {}
        for cat, items in self.compiled.answer.items():
            left = [i for i in items if Fact("not", cat, i) not in known]
            if len(left) == 1:
                answer[cat] = left[0]
        return answer


def _opposite(f: Fact) -> Fact:
    if f.kind == "lies":
        return Fact("truthful", f.subject)
    if f.kind == "truthful":
        return Fact("lies", f.subject)
    return Fact("is", f.subject, f.value)


def _clue_kinds(clue) -> list[str]:
    kinds = set()
    for node in ir.walk(clue.expr):
        if isinstance(node, (ir.At, ir.Together)):
            kinds.add("timeline")
        elif isinstance(node, ir.Holds):
            kinds.add("cards")
        elif isinstance(node, ir.Count):
            kinds.add("counting")
    return sorted(kinds)


def explain_case(case: Case, time_limit: float = 10.0, budget: Budget | None = None) -> Explanation:
    """The explanation within `budget` (default: `time_limit` seconds from now, compiling
    included); raises casetool.solver.budget.OutOfTime when it runs out."""
    return _Explainer(case, budget if budget is not None else Budget(time_limit)).explain()
