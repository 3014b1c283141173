"""An 'if' read backwards names the trait that undoes its result: 'if the culprit plays chess,
the hiding place is not on wheels; it is the Cart, which is on wheels, so the culprit does
not play chess' (was '...; it is the Cart, so ...', leaving the reader to look the Cart up)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from page_truth import assert_page_true

ROOT = Path(__file__).resolve().parents[2]


def test_an_if_read_backwards_says_the_trait_of_the_item_left(tmp_path):
    shutil.copy(ROOT / "cases" / "hampshire" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / "hampshire-liars-5.yaml", tmp_path / "001.yaml")
    case = load_paths([tmp_path / "001.yaml"]).cases[0]
    page = " ".join(solution_prose(explain_case(case, 60)).split())
    m = re.search(r"the hiding place is (not )?on wheels; it is the (\w+), which is (not )?on wheels, so", page)
    assert m, page
    scene = next(i for i in case.setting.categories["scene"].items if i.name.lower() == f"the {m.group(2)}".lower())
    assert bool(scene.attrs["vehicle"]) == (m.group(3) is None), (scene, page)   # the trait said is the item's
    assert bool(m.group(1)) == (m.group(3) is None), page                      # and it undoes the result
    assert_page_true(case)
