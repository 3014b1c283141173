"""Choose a board case's clues: add until the answer (or the whole night) is unique, then
remove while it stays so.

Counterexample-guided, on the pool's one compiled model (clue subsets by assumptions):
ask for a world that the chosen clues allow and that differs from the drawn night (in
the answer, or under `unique: world` in any cell, object or decided fact), evaluate every
candidate in that world in plain Python, and add one the world breaks (drawn by the
difficulty style's weights). Every question is one solve; no candidate is tried blind.
Removing then drops each clue without which the criterion still holds, so the case is
irredundant for it (what `casetool check` verifies as W001 under the same criterion).
Merging last says the kept plain facts in fewer, richer lines (candidates/board_spans.py):
a clue that means exactly what several kept ones mean together stands for them.
"""

from __future__ import annotations

import random

from ..language.evaluate import Evaluator
from ..load.model import World
from ..solver.circuit import Lit
from ..solver.whole_world import flips
from .candidates.board import shallow
from .candidates.board_spans import RICH, atoms
from .candidates.builder import Candidate
from .minimize import Style
from .night import Board
from .pool import Pool
from .source import truthful_if
from .world import Plan

ROUNDS = 400   # rounds of adding at most (a night needs some 30-80 clues)
BATCH = 3      # clues added a round, each breaking the round's other world
STATEMENTS = 0.2   # a narrator's or inspector's note against a guest's word, where guests speak
# How much likelier a richer fact is drawn than a plain one, by style (fewer, fuller lines:
# small mansion hard seeds 91-94, 24/22/23/24 -> 16/14/17/17 clues). The other styles never
# draw one, their kept clues only merged and cut (`merge`): drawn, medium drafts missed their
# level (medium mansion seeds 1-3: 1 of 3 made in 8 drafts), easy gained nothing (26/26/22
# clues, merged only 24/28/22), and fiendish drafts lost the notes their grade leans on
# (small mansion seeds 91 and 93: no fiendish draft in 60; merged only, 8 and 6 drafts).
RICHER = {"hard": 3.0}


class BoardChooser:
    def __init__(self, pool: Pool, world: Plan, rng: random.Random, style: Style, whole: bool):
        self.pool, self.world, self.rng, self.style = pool, world, rng, style
        self.evaluator = Evaluator(pool.source.setting)
        self.cands: list[Candidate] = list(pool.candidates.values())
        oracle = pool.oracle
        # one guarded clause, made once: "another answer, or (whole) another cell or fact"
        self.other_lit: Lit = oracle.unless(flips(pool.compiled, world.complete()) + [pool.not_truth]) \
            if whole else pool.not_truth
        self.questions = 0
        self.anchors = self._anchors()
        self.guests_speak = world.liar_rule == "culprit"

    def _anchors(self) -> set[str]:
        """The clues a shallow level starts from and removes last (candidates/board.py,
        `shallow`): easy each guest's and weapon's room at the crime's hour, medium only
        the weapons', so the guests fall to clues read together."""
        if self.style.name not in ("easy", "medium"):
            return set()
        by_means = {c.means: c.key for c in self.cands}
        wanted = shallow(self.pool.source.setting, self.world, self.style.name == "easy")
        return {by_means[m] for m in wanted if m in by_means}

    def other(self, keys: list[str]) -> World | None:
        """A world the clues `keys` allow that is not the drawn night (under the criterion),
        asked of the incremental SAT mirror (Session.sat_world): the world is only read here,
        to find the candidates it breaks."""
        self.questions += 1
        return self.pool.oracle.sat_world(self.pool.lits(keys) + [self.other_lit], self.pool.seconds())

    def choose(self) -> list[str] | None:
        chosen = self.add_until_unique()
        kept = None if chosen is None else self.remove_redundant(chosen)
        return None if kept is None else self.merge(kept)

    def add_until_unique(self) -> list[str] | None:
        chosen = [c.key for c in self.cands if c.pinned or c.key in self.anchors]
        for _ in range(ROUNDS):
            other = self.other(chosen)
            if other is None:
                return chosen
            taken = set(chosen)
            breaks = [c for c in self.cands if c.key not in taken and c.expr is not None and self.drawn(c)
                      and self.evaluator.holds(c.expr, other) != self.expected(c, other)]
            if not any(not c.barred for c in breaks):
                return None   # the candidates cannot tell this world from the night
            for _ in range(BATCH):   # a few at once, on different topics: fewer rounds, the removal thins
                got = self.pick(breaks)
                if got is None:
                    break
                chosen.append(got.key)
                breaks = [c for c in breaks if c.topic != got.topic]
                if not breaks:
                    break
        return None

    def drawn(self, cand: Candidate) -> bool:
        """Whether adding may draw `cand` (a richer fact only in a style that prefers them)."""
        return cand.family != RICH or self.style.name in RICHER

    def expected(self, cand: Candidate, world: World) -> bool:
        """What a clue's words must be in `world` for the clue to allow it: true, but a guest's
        statement false where they are the murderer (`liar_rule: culprit`, the only rule a board
        case's speakers follow: candidates/board.py)."""
        truthful = truthful_if(self.pool.source.setting, cand.speaker, world.answer) if self.guests_speak else None
        return cand.truth if truthful is None else truthful

    def pick(self, options: list[Candidate]) -> Candidate | None:
        """A weighted draw by the style's preference for each complexity level, never a barred
        clue (builder.Candidate.barred); every option still takes its draw, so a seed's night
        changes only where a barred clue would have won."""
        weights = self.style.weights

        def weight(c: Candidate) -> float:
            # a night the guests tell (the murderer lying) lives on what they say, as a liars case does
            told = STATEMENTS if self.guests_speak and c.kind != "statement" else 1.0
            told *= RICHER.get(self.style.name, 0.0) if c.family == RICH else 1.0
            return max(weights[min(c.level, 2)] * told, 1e-3)
        drawn = [(self.rng.random() ** (1.0 / weight(c)), n) for n, c in enumerate(options)]
        free = [(d, n) for d, n in drawn if not options[n].barred]
        return options[max(free)[1]] if free else None

    def remove_redundant(self, chosen: list[str]) -> list[str] | None:
        """Drop every clue the criterion does not need: the solver's core of "these clues,
        and a world other than the night" first (one solve drops most), then each clue left
        in the style's order, keeping the new core after each drop (Session.minimal). Easy
        tries to drop the complex clues first and keeps the plain ones, hard the other way.
        A shallow level's anchors are held while the rest is thinned, then thinned in turn
        against what stayed: a clue needed beside all of them is needed beside fewer, so
        the case stays irredundant, and an anchor goes only when nothing else could."""
        pinned = [k for k in chosen if self.pool.candidates[k].pinned]
        anchors = [k for k in chosen if k in self.anchors and k not in pinned]
        rest = [k for k in chosen if k not in self.anchors and k not in pinned]
        kept = self._thin(rest, pinned + anchors)
        if kept is None:
            return None   # never: the clues were unique when adding stopped
        kept_anchors = self._thin(anchors, pinned + kept) if anchors else []
        if kept_anchors is None:
            return None
        return sorted(pinned + kept + kept_anchors, key=lambda k: int(k[1:]))   # the night's order (keys are drawn hour by hour)

    def _thin(self, keys: list[str], held: list[str]) -> list[str] | None:
        """A least subset of `keys` that, with `held`, keeps the criterion (Session.minimal,
        asked of the incremental SAT mirror: every question reads no world, and on a big
        board a CP-SAT solve is mostly loading the model again, ~60 ms at 8x8x10x8)."""
        cands, enable = self.pool.candidates, self.pool.enable
        sign = 1 if self.style.keep_complex else -1
        # the richer facts are tried last: one kept stands for several plain ones dropped
        order = sorted(keys, key=lambda k: (cands[k].family == RICH, sign * cands[k].level, self.rng.random()))
        rank = {enable[k].index: n for n, k in enumerate(order)}
        key_of = {enable[k].index: k for k in order}
        self.questions += 1
        core = self.pool.oracle.minimal([enable[k] for k in order], [enable[k] for k in held] + [self.other_lit],
                                        key=lambda lit: rank[lit.index], seconds=self.pool.seconds(), sat=True)
        return None if core is None else [key_of[lit.index] for lit in core]

    def merge(self, kept: list[str]) -> list[str]:
        """The kept clues told in fewer lines, each change keeping what they mean together
        (the conjunction of their cells and facts), so the case stays unique and irredundant
        without a solve: a clue that repeats cells another says is cut to the rest (two
        lines never tell one cell), and a group of clues that one richer candidate means
        exactly becomes it (a merged clue dropped drops every clue it stands for, each
        needed), the largest group first."""
        tidy = _Tidy(self.cands, kept, Board(self.pool.source.setting).times)
        while tidy.cut() or tidy.join():
            pass
        return sorted(tidy.parts, key=lambda k: int(k[1:]))   # the night's order (keys are drawn hour by hour)


class _Tidy:
    """The kept clues' meanings as sets of cells and facts (None: a clue of another shape)."""

    def __init__(self, cands: list[Candidate], kept: list[str], times: list[str]):
        meant = {c.key: said_as_cells(c, times) for c in cands}
        self.parts = {k: meant[k] for k in kept}
        self.rich = [(c.key, a) for c in cands if c.family == RICH and (a := meant[c.key])]
        self.said: dict[frozenset[str], str] = {}
        for c in cands:
            a = meant[c.key]
            if a is not None:
                self.said.setdefault(a, c.key)

    def cut(self) -> bool:
        """One clue that shares cells with the others cut to the cells it alone says, when a
        candidate says just those ("Lord Ashdown was in the Hall at nine o'clock, then in the
        Dining Room from ten o'clock to midnight", not from seven again)."""
        for k, have in self.parts.items():
            if not have:
                continue
            rest = have - frozenset().union(*(a for q, a in self.parts.items() if q != k and a))
            key = self.said.get(rest)
            if rest != have and key is not None and key not in self.parts:
                del self.parts[k]
                self.parts[key] = rest
                return True
        return False

    def join(self) -> bool:
        """The largest group of clues one richer candidate means exactly, replaced by it."""
        best: tuple[str, list[str]] | None = None
        for key, have in self.rich:
            if key in self.parts:
                continue
            covered = {k: a for k, a in self.parts.items() if a and a <= have}
            if len(covered) > 1 and (best is None or len(covered) > len(best[1])) \
                    and frozenset().union(*covered.values()) == have:
                best = (key, list(covered))
        if best is None:
            return False
        for k in best[1]:
            del self.parts[k]
        self.parts[best[0]] = dict(self.rich)[best[0]]
        return True


def said_as_cells(cand: Candidate, times: list[str]) -> frozenset[str] | None:
    """A clue's meaning as a set of cells and decided facts (board_spans.atoms), when it
    is only their conjunction and said as true (never a guest's word, which the
    murderer's may not be)."""
    if cand.kind == "statement" or not cand.truth or cand.pinned:
        return None
    return atoms(cand.means, times)
