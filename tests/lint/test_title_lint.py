"""L025: a case's title never gives the answer away (issue 24, session 16). Hand-written
fixtures through the real CLI: a title naming the culprit ("The Colonel's Secret" when
Colonel Mustard did it), the scene ("The Upset Apple Cart" when the scene is the Cart, a
compound "The Last Omnibus" for the Bus), or a place that is not the answer's after a
relation word ("Trouble at the Fair" when the scene is the Cart) is flagged at its word; a
title after the story ("The Borrowed Banner") is clean, and so is one naming what the case
gives at the outset (a clue revealed at 0: "Trouble on the Bus" when the Bus is given), and so
is a word that only ends in an item's ("The Affair of the Borrowed Drum" when the scene is the Fair)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import run

ROOT = Path(__file__).resolve().parents[2]
TITLE = Path(__file__).resolve().parent / "fixtures" / "title"


def _l025(*paths) -> list[dict]:
    result = run("lint", "--format", "json", *map(str, paths))
    return [f for f in json.loads(result.output)["findings"] if f["code"] == "L025"]


def test_a_title_naming_the_answer_or_a_wrong_place_is_flagged_at_its_word():
    found = {(Path(f["file"]).name, f["line"], f["col"]): f["message"] for f in _l025(TITLE)}
    assert found == {
        ("001-title.yaml", 4, 12): "'Colonel' in the title names the case's suspect (Colonel Mustard): "
                                   "the title gives the answer away",
        ("002-title.yaml", 4, 24): "'Cart' in the title names the case's scene (The Cart): the title gives the answer away",
        ("003-title.yaml", 4, 17): "'Omnibus' in the title names the case's scene (The Bus): the title gives the answer away",
        ("004-title.yaml", 4, 16): "the title sets the case at the Fair, but the answer's scene is the Cart",
        ("006-title.yaml", 4, 27): "'Parade' in the title names the case's scene (The Parade): the title gives the answer away",
    }



def test_the_bundled_samples_titles_give_nothing_away():
    assert _l025(*sorted((ROOT / "cases").glob("*/")), *sorted((ROOT / "cases" / "mansion").glob("*/"))) == []
