"""The two backends behind the session (CP-SAT and the SAT mirror) meet one protocol:
solve under assumptions, then a core. Asked the same questions through it, each agrees
with the constraints evaluated by hand, and a core is a part of the question that no
world satisfies."""

from __future__ import annotations

import itertools
import random
from types import SimpleNamespace

import pytest
from casetool.solver.backend import Backend
from casetool.solver.cpsat import Engine
from casetool.solver.incremental import Mirror

from test_incremental import holds, random_model


def backends(m) -> list[Backend]:
    engine = Engine(SimpleNamespace(model=m))
    return [engine, Mirror(engine.snapshot(), m.proto)]


def fits(world, lits) -> bool:
    return all(world[i] if i >= 0 else not world[-i - 1] for i in lits)


@pytest.mark.parametrize("seed", range(12))
def test_both_backends_answer_the_protocol_as_the_constraints_say(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 5)
    m, specs = random_model(rng, n, rng.randint(1, 8))
    worlds = [w for w in itertools.product([False, True], repeat=n) if all(holds(s, w) for s in specs)]
    questions = [[i if rng.random() < 0.5 else -i - 1 for i in rng.sample(range(n), rng.randint(0, n))]
                 for _ in range(12)]
    for backend in backends(m):
        for lits in questions:
            possible = any(fits(w, lits) for w in worlds)
            assert backend.solve(lits, 10.0) is possible, (type(backend).__name__, lits, specs)
            if not possible:
                core = backend.core()
                assert set(core) <= set(lits)
                assert not any(fits(w, core) for w in worlds), (type(backend).__name__, core)
