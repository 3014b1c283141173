"""L026: an either/or over two answer categories ("The murderer either used a poisoned
teacup or struck in the Orchard") is a formula over two columns of the table, not a scene
(issue 24, the editor's read of seeds 91-100). A hand-written fixture through the real CLI:
only the two-category either is flagged, not an either over places nor a trace."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import run

CROSS = Path(__file__).resolve().parent / "fixtures" / "cross"


def test_an_either_over_two_categories_is_flagged_and_one_over_places_is_not():
    result = run("lint", "--format", "json", str(CROSS))
    found = [f for f in json.loads(result.output)["findings"] if f["code"] == "L026"]
    assert [f["line"] for f in found] == [11]
    assert "two answer categories" in found[0]["message"]
