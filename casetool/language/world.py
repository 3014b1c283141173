"""The fixed part of a case's world, as plain IR conditions for a solver backend.

Everything here always holds, whatever the clues say: the setting's and the case's
`always:` rules, and (see board.py) the movement rules a timeline declares once. The
compiler adds each condition as a hard constraint, outside the clue switches, so no
conflict set names them and no warning calls them redundant. Nothing here knows a solver.
"""

from __future__ import annotations

from ..model import Case
from .board import board_conditions


def fixed_conditions(case: Case) -> list:
    """Every fixed condition of the case: its rules' meanings, then the board's rules."""
    out = [rule.expr for rule in case.fixed_rules if rule.expr is not None]
    return out + board_conditions(case.setting)
