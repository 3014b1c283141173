"""What the session asks of a solver: can these literals all hold, and if not, which of
them suffice to say so. CP-SAT (cpsat.Engine) and the incremental SAT mirror
(incremental.Mirror) both answer it, as CPMpy's SolverInterface has its backends do.

A literal is named by its index in the compiled model: variable x is x, its negation ~x
is -x-1 (CP-SAT's own numbering).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Backend(Protocol):
    def solve(self, assumptions: Sequence[int], seconds: float) -> bool | None:
        """True: the assumptions can all hold; False: they cannot (a core can be asked for);
        None: not decided within `seconds` (or the backend's own effort bound)."""
        ...

    def core(self) -> list[int]:
        """After False: the indices of some assumptions that cannot all hold."""
        ...
