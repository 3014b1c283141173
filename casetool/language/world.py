"""The fixed part of a case's world, as plain IR conditions for a solver backend.

Everything here always holds, whatever the clues say: the setting's and the case's
`always:` rules (and the movement rules a board timeline declares once, which the
compiler builds from casetool.language.board.Board). The compiler adds each as a hard
constraint, outside the clue switches, so no conflict set names them and no warning
calls them redundant. Nothing here knows a solver.
"""

from __future__ import annotations

from ..load.model import Case
from .ir import Formula


def fixed_conditions(case: Case) -> list[Formula]:
    """Every fixed condition of the case: its rules' meanings."""
    return [rule.expr for rule in case.fixed_rules if rule.expr is not None]
