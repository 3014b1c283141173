"""Options for checking, kept apart so the CLI need not import the solver."""

from dataclasses import dataclass


@dataclass
class Options:
    time_limit: float = 10.0
    max_alternatives: int = 10
    count: bool = False
    warnings: bool = True
    world: bool = False    # the whole world must be unique, not just the answer (check --world)
