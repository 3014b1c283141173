"""L027: two conditionals of one premise whose conclusions cannot both hold ("Whoever struck in
the Library used a heavy weapon." beside "... used a poisoned teacup", which is light) only say
the premise is false, and a player reads a contradiction (issue 24, session 17). A hand-written
fixture through the real CLI: the pair is flagged at the later clue; a third clue of the same
premise that can hold with the first (a heavy metal weapon: the anchor) is not."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import run

CLASH = Path(__file__).resolve().parent / "fixtures" / "clash"


def test_two_conclusions_of_one_premise_that_cannot_both_hold_are_flagged():
    result = run("lint", "--format", "json", str(CLASH))
    found = [f for f in json.loads(result.output)["findings"] if f["code"] == "L027"]
    assert [f["line"] for f in found] == [17], found
    assert "'heavy'" in found[0]["message"] and "cannot both hold" in found[0]["message"]
