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


def test_a_suspect_an_if_clears_is_cleared_by_their_looks(tmp_path):
    """'if the culprit fishes, the culprit does not have blonde hair, so Colonel Mustard is not
    the culprit' left the reader to look up Mustard's hobbies and hair; the page says them
    ('...; Colonel Mustard goes fishing and has blonde hair, so he is not the culprit'), and the
    brute force checks they are his (page_truth._assert_looks, seen failing with a wrong hobby)."""
    shutil.copy(ROOT / "cases" / "hampshire" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / "hampshire-liars-1.yaml", tmp_path / "001.yaml")
    case = load_paths([tmp_path / "001.yaml"]).cases[0]
    page = " ".join(solution_prose(explain_case(case, 60)).split())
    assert re.search(r"tells us that if the culprit [^;]+; Colonel Mustard goes fishing and has blonde hair, so he is not the "
                     r"culprit",
                     page), page
    assert_page_true(case)


def test_a_speaker_an_if_clears_is_cleared_by_his_own_looks(tmp_path):
    """'Colonel Mustard tells us that if the culprit rides, we are looking for a woman, so he is
    not the culprit' left the reader to look up his hobbies; the page says them, with 'he' for
    the speaker just named ('...; he rides and is a man, so he is not the culprit'), and the
    brute force checks they are his."""
    shutil.copy(ROOT / "cases" / "hampshire" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / "hampshire-traits-5.yaml", tmp_path / "001.yaml")
    case = load_paths([tmp_path / "001.yaml"]).cases[0]
    page = " ".join(solution_prose(explain_case(case, 60)).split())
    assert re.search(r"Colonel Mustard \(wheel \d+\) tells us that if the culprit rides horses, we are looking for a "
                     r"woman; he rides horses and is a man, so he is not the culprit\.", page), page
    assert_page_true(case)
