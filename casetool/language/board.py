"""Movement rules of a board timeline, unrolled into IR conditions (filled in below)."""

from __future__ import annotations


def board_conditions(setting) -> list:
    return []
