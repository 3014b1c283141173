"""Issue 24: the grange says a guest's height and a room's size as a person says them ("Dev
Marlow stands six foot", "the crime happened in the largest of the four rooms"), never as a
figure in a unit nobody measures a person or a room in ("stands two hands high", "a room one
pace across": a person 20 cm tall, a room the size of a cupboard). Read in every sentence a
player reads of a generated case (its clues and its solution page), and in the sentences the
generator writes for each height and size. The words expected are written out here, not
taken from the setting, so the setting is judged against them."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from casetool.english.atoms import category_atoms
from casetool.generate.engine import Request, generate
from casetool.generate.source import load_source

GRANGE = Path(__file__).resolve().parents[2] / "cases" / "grange"
# a figure in hands or paces, however it is said: "two hands high", "one pace across", "3 paces"
FIGURES = re.compile(r"\bhands?\s+high\b|\bpaces?\s+across\b|\b(?:one|two|three|four|five|\d+)\s+(?:hands?|paces?)\b",
                     re.I)
HEIGHTS = {"ada": "five foot four", "basil": "five foot nine", "cora": "five foot two", "dev": "six foot"}
SIZES = {"cellar": "the smallest", "kitchen": "the second-smallest", "library": "the second-largest",
         "hall": "the largest"}
# quick drafts (one to three attempts) whose clues and pages speak of heights and of sizes
SEEDS = [("liars", "hard", 72), ("traits", "fiendish", 74), ("timeline", "hard", 73)]


def test_each_height_and_size_is_said_in_words():
    source = load_source(GRANGE)[0]
    setting = source.setting
    said = {a.means: a.text for c in ("suspect", "room") for a in category_atoms(setting, source.templates, c)}
    denied = {a.neg_means: a.neg_text for c in ("suspect", "room")
              for a in category_atoms(setting, source.templates, c) if a.neg_pred is not None}
    for who, words in HEIGHTS.items():
        value = setting.categories["suspect"].item(who).attrs["height"]
        assert said[f"suspect.height == {value}"] == f"the murderer stands {words}"
        assert denied[f"suspect.height != {value}"] == f"the murderer is not {words}"
    for room, words in SIZES.items():
        value = setting.categories["room"].item(room).attrs["size"]
        assert said[f"room.size == {value}"] == f"the crime happened in {words} of the four rooms"
        assert denied[f"room.size != {value}"] == f"the crime did not happen in {words} of the four rooms"


def test_generated_grange_cases_say_no_figure_in_hands_or_paces():
    source = load_source(GRANGE)[0]
    texts = []
    for kind, level, seed in SEEDS:
        got = generate(Request(source, seed, kind, level, max_attempts=40))
        doc = yaml.safe_load(got.text)
        texts += [clue["text"] for clue in doc["clues"]] + [doc["solution"]["text"]]
    read = " ".join(" ".join(texts).split())
    assert not FIGURES.search(read), FIGURES.search(read)
    # not vacuous: these cases do speak of heights and of sizes, in the words above
    assert re.search(rf"\bstands ({'|'.join(HEIGHTS.values())})\b", read), read
    assert re.search(rf"\b({'|'.join(SIZES.values())}) of the four rooms\b", read), read
