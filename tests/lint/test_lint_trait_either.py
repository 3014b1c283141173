"""L026 also flags an either/or over two traits of one person or thing ("The murderer either
writes with the right hand or has blue eyes", "The weapon was either of medium weight or
made of paper"): two facts, not two things a witness could confuse (issue 24, 4 of 10 cases
in the editor's read of seeds 101-110). A hand-written fixture through the real CLI: an
either over two values of one attribute and one over two places are left alone."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import run

TRAITS = Path(__file__).resolve().parent / "fixtures" / "traits"


def test_an_either_over_two_traits_is_flagged_and_one_over_one_attribute_is_not():
    result = run("lint", "--format", "json", str(TRAITS))
    found = [f for f in json.loads(result.output)["findings"] if f["code"] == "L026"]
    assert [f["line"] for f in found] == [11, 14]
    assert all("two traits of one person or thing" in f["message"] for f in found)
