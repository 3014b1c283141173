"""A truth table over every world, for cases whose clues depend only on the answer and on
who lies (traits, liars, codes): the same questions as `Pool`, answered with bit masks.

A world is an answer plus a set of liars the setting's rule allows (inspector: nobody or
one witness; culprit: the culprit's character; none: nobody). For each candidate, bit i
of its mask says "as spoken, this clue fits world i" (a liar's statement is false, anyone
else's true). A case's worlds are the AND of its clues' masks, less the worlds whose liar
does not speak (a silent witness cannot lie, as in Pool). The local search in
minimize.fill_wheels asks thousands of questions; each is a few integer operations here
instead of a CP-SAT call. The final case is still checked by the real solver.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable

from ..language import ir
from ..language.evaluate import Evaluator, mentions
from ..load.model import World
from .pool import Pool

WORLDLY = (ir.At, ir.Together, ir.Holds)


class Table:
    def __init__(self, pool: Pool):
        self.pool = pool
        self.candidates = pool.candidates
        self.answer = pool.answer
        setting = pool.source.setting
        rule = pool.case.effective_liar_rule.kind
        cats = list(setting.answer)
        evaluator = Evaluator(setting)
        witnesses = [ch.id for ch in setting.characters.values() if ch.may_lie]
        self.worlds: list[tuple[dict[str, str], frozenset[str]]] = []
        for combo in itertools.product(*(setting.categories[c].ids for c in cats)):
            answer = dict(zip(cats, combo, strict=True))
            options: list[frozenset[str]]
            if rule == "inspector":
                options = [frozenset()] + [frozenset([w]) for w in witnesses]
            elif rule == "exactly_one":
                options = [frozenset([w]) for w in witnesses]
            elif rule == "culprit":
                culprit = answer[setting.culprit]
                options = [frozenset(w for w in witnesses if setting.characters[w].item == culprit)]
            else:
                options = [frozenset()]
            self.worlds += [(answer, liars) for liars in options]
        self.full = (1 << len(self.worlds)) - 1
        self.mask: dict[str, int] = {}
        for key, cand in self.candidates.items():
            bits = 0
            for i, (answer, liars) in enumerate(self.worlds):
                said = evaluator.holds(cand.expr, World(answer, liars))
                if said == (cand.speaker not in liars):
                    bits |= 1 << i
            self.mask[key] = bits
        self.liar_of: dict[str, int] = {}  # witness -> worlds where they lie (inspector rule: only if they speak)
        if rule == "inspector":
            for w in witnesses:
                self.liar_of[w] = sum(1 << i for i, (_, liars) in enumerate(self.worlds) if w in liars)
        self.is_answer = sum(1 << i for i, (answer, _) in enumerate(self.worlds) if answer == self.answer)

    @staticmethod
    def fits(pool: Pool) -> bool:
        """Only clues about the answer and liars, and few enough worlds to list."""
        setting = pool.source.setting
        if setting.timeline is not None or pool.case.players:
            return False
        if any(c.expr is None or mentions(c.expr, WORLDLY) for c in pool.candidates.values()):
            return False
        size = 1
        for cid in setting.answer:
            size *= len(setting.categories[cid].ids)
        return size * (1 + len(setting.characters)) <= 20000

    # ---- the same questions as Pool ----------------------------------------------------
    def _worlds(self, keys: Collection[str], speakers: Collection[str | None] | None = None) -> int:
        bits = self.full
        speaking = {self.candidates[k].speaker for k in keys} if speakers is None else speakers
        for w, lying in self.liar_of.items():
            if w not in speaking:
                bits &= ~lying
        for k in keys:
            bits &= self.mask[k]
        return bits

    def _answer_of(self, bits: int) -> dict[str, str]:
        return dict(self.worlds[(bits & -bits).bit_length() - 1][0])

    def alternative(self, keys: Collection[str]) -> dict[str, str] | None:
        other = self._worlds(keys) & ~self.is_answer
        return self._answer_of(other) if other else None

    def possible(self, keys: Collection[str], answer: dict[str, str]) -> bool:
        bits = self._worlds(keys)
        while bits:
            low = bits & -bits
            if self.worlds[low.bit_length() - 1][0] == answer:
                return True
            bits ^= low
        return False

    def kills(self, keys: Iterable[str], key: str, answer: dict[str, str]) -> bool:
        return not self.possible(list(keys) + [key], answer)

    def unique(self, keys: Collection[str], speakers: Collection[str | None] | None = None) -> bool:
        """With `speakers`, those may lie whatever `keys` holds: `casetool check` asks
        "redundant?" (W001) by switching one clue off in the whole case, whose speakers stay."""
        bits = self._worlds(keys, speakers)
        return bool(bits & self.is_answer) and not bits & ~self.is_answer
