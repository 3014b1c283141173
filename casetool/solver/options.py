"""Options for checking, kept apart so the CLI need not import the solver."""

from dataclasses import dataclass

from .budget import COMPILE_LIMIT


@dataclass
class Options:
    time_limit: float = 10.0
    max_alternatives: int = 10
    count: bool = False
    warnings: bool = True
    compile_limit: float = COMPILE_LIMIT   # seconds to compile; time_limit is for solving
    world: bool = False    # the whole world must be unique, not just the answer (check --world)
    # Read an ok case's world (its liars, whereabouts, cards: `--format json` shows them).
    # False: an ok case reports its answer only, and proving it costs two quick solves
    # instead of the pinned solve that finds the world (see casetool.solver.check._quick).
    worlds: bool = True
    # Ask the warnings' questions (W001, W003: feasibility only) of an incremental SAT
    # mirror of the model (casetool.solver.incremental); False: of CP-SAT, one solve each.
    incremental: bool = True
