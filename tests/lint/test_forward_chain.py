"""L014 and the hiding place (issue 24, session 17): a conditional whose premise Mr. Boddy's
word names true is read forward from it, a chain ("Whoever is lying low in the Cart does not
play music" beside CART); one whose premise his word makes false is padding; one whose
conclusion his word settles reads backwards ("If the culprit plays music, they are not lying
low in the Cart": it only says the culprit does not play music). A generated hampshire case
(liars, medium, seed 91) kept as a fixture, its first statement rewritten, through the CLI."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cli_support import run

FORWARD = Path(__file__).resolve().parent / "fixtures" / "forward"
SAID = ("    text: Whoever is lying low in the Cart does not play music.\n"
        "    means: scene == cart implies not suspect.hobbies has music\n")


def _l014(tmp_path: Path, text: str, means: str) -> list[str]:
    shutil.copy(FORWARD / "setting.yaml", tmp_path / "setting.yaml")
    case = (FORWARD / "forward.yaml").read_text()
    assert SAID in case
    (tmp_path / "case.yaml").write_text(case.replace(SAID, f"    text: {text}\n    means: {means}\n"))
    result = run("lint", "--format", "json", str(tmp_path))
    return [f["message"] for f in json.loads(result.output)["findings"] if f["code"] == "L014"]


def test_a_premise_boddy_names_true_is_a_chain_not_padding(tmp_path):
    assert _l014(tmp_path, SAID.split("text: ")[1].split("\n")[0], "scene == cart implies not suspect.hobbies has music") == []


@pytest.mark.parametrize("text,means,expected", [
    ("Whoever is lying low on the Bus does not play music.", "scene == bus implies not suspect.hobbies has music",
     "clue 'boddy' already settles that the hiding place is not the Bus: this clue is padding"),
    ("If the culprit plays music, they are not lying low in the Cart.", "suspect.hobbies has music implies scene != cart",
     "clue 'boddy' already settles that the hiding place is the Cart: this conditional reads backwards: "
     "it only says that the culprit does not play music"),
    ("If the culprit plays music, they are lying low in the Cart.", "suspect.hobbies has music implies scene == cart",
     "clue 'boddy' already settles that the hiding place is the Cart: this conditional says nothing"),
])
def test_a_premise_boddy_denies_or_a_conclusion_he_settles_is_flagged(tmp_path, text, means, expected):
    assert _l014(tmp_path, text, means) == [expected]
