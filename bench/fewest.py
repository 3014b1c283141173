"""The fewest clues that make a generated case's answer unique: a yardstick for the generator.

`fewest` finds the smallest number of a pool's candidates that make the answer unique (an
implicit hitting-set search), to compare generated cases with, on small instances
(`python bench/generate.py --fewest K`). It lives here, not in the package: nothing
casetool does needs it, and it is slow on anything but small instances.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# compile.py is the one module that imports OR-Tools: use its import and its solver settings.
from casetool.generate.minimize import liar_named  # noqa: E402
from casetool.generate.pool import Pool  # noqa: E402
from casetool.solver.cpsat import cp_model, new_solver  # noqa: E402


class MinimumHittingSet:
    """Pick the fewest keys that respect every constraint and hit every cut added so far
    (the master problem of an implicit hitting-set search)."""

    def __init__(self, keys: list[str]):
        self.model = cp_model.CpModel()
        self.x = {k: self.model.new_bool_var(k) for k in keys}
        self.model.minimize(sum(self.x.values()))
        self.solver = new_solver()
        self.solver.parameters.cp_model_presolve = True  # an optimisation problem: presolve pays here

    def require(self, key: str) -> None:
        self.model.add(self.x[key] == 1)

    def implies_any(self, key: str, others: list[str]) -> None:
        self.model.add_bool_or([~self.x[key]] + [self.x[o] for o in others])

    def at_most_one(self, keys: list[str]) -> None:
        self.model.add_at_most_one([self.x[k] for k in keys])

    def cut(self, keys: list[str]) -> None:
        """Every acceptable set contains one of `keys`."""
        self.model.add_bool_or([self.x[k] for k in keys] or [False])

    def smallest(self, seconds: float) -> list[str] | None:
        """The keys of a smallest set, or None when there is none or it is not proven in time."""
        self.solver.parameters.max_time_in_seconds = max(0.1, seconds)
        if self.solver.solve(self.model) != cp_model.OPTIMAL:
            return None
        return [k for k, v in self.x.items() if self.solver.boolean_value(v)]


# ---- the fewest clues possible ---------------------------------------------------------
def fewest(pool: Pool, seconds: float = 60.0) -> int | None:
    """The smallest number of the pool's candidates that make the answer unique (pinned
    clues and one-statement-per-wheel included), or None if not decided in `seconds`.

    Implicit hitting sets: the master problem picks a smallest set respecting every cut;
    if that set is not unique, grow it to a maximal set that still allows the same other
    answer, and cut: every unique set needs a clue from outside it."""
    deadline = time.monotonic() + seconds
    cands = list(pool.candidates.values())
    master = MinimumHittingSet([c.key for c in cands])
    for c in cands:
        if c.pinned:
            master.require(c.key)
        liar = liar_named(c)
        if liar:
            master.implies_any(c.key, [d.key for d in cands if d.speaker == liar])
    groups: dict[str, list] = {}
    for c in cands:
        if c.group:
            groups.setdefault(c.group, []).append(c.key)
    for members in groups.values():
        master.at_most_one(members)
    while time.monotonic() < deadline:
        chosen = master.smallest(deadline - time.monotonic())
        if chosen is None:
            return None
        alt = pool.alternative(chosen)
        if alt is None and pool.possible(chosen, pool.answer):
            return len(chosen)
        if alt is None:  # the intended answer itself is impossible: a fragile clue without its speaker
            master.cut([c.key for c in cands if c.key not in chosen])
            continue
        grown = list(chosen)
        for c in cands:
            if c.key in grown or time.monotonic() > deadline:
                continue
            liar = liar_named(c)
            if liar and not any(pool.candidates[k].speaker == liar for k in grown):
                continue
            if pool.possible(grown + [c.key], alt):
                grown.append(c.key)
        outside = [c.key for c in cands if c.key not in grown]
        if not outside:
            return None
        master.cut(outside)
    return None
