"""A motive of the night is told by a set-up no other case of a ten-case run tells (issue 24,
session 17): mansion small 101, 106, 109 and 110, all jealousy, were titled 'A Jealous House'
or 'Simmering Jealousy' over the one story sentence 'Jealousy had been simmering in the house
all week.' (jealousy had two set-ups); 8 of the 30 mansion cases of seeds 101-110 (small,
medium, large) retold a set-up of their run. Each motive now has ten set-ups, and a title is
drawn by set-up first (story._setup_title), so ten consecutive seeds tell ten."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from casetool.english.motives import MOTIVE_WORDS, TITLES


def test_each_motive_has_ten_set_ups_each_with_titles_of_its_own():
    counts = Counter(MOTIVE_WORDS.values())
    assert set(counts) == {"greed", "revenge", "jealousy"}
    assert min(counts.values()) >= 10, counts
    titles = [t for setup in MOTIVE_WORDS for t in TITLES[setup]]
    assert all(TITLES[setup] for setup in MOTIVE_WORDS)
    assert len(titles) == len(set(titles))   # no title for two set-ups


@pytest.mark.parametrize("motive", ["greed", "revenge", "jealousy"])
@pytest.mark.parametrize("first", [1, 101, 137])
def test_ten_consecutive_seeds_of_one_motive_tell_ten_set_ups(motive, first):
    """Cases drawn one by one (no book to remember what was told): seeds first..first+9,
    each titled as pick_title titles a murder whose motive is a fact of the night."""
    from casetool.english.phrases import Templates
    from casetool.generate.story import pick_title, titled_setup
    told = []
    for seed in range(first, first + 10):
        title, obj = pick_title(Templates({}), "murder", random.Random(seed), set(), None, seed=seed, motive=motive)
        setup = titled_setup("murder", title, obj)
        assert MOTIVE_WORDS[setup] == motive, (seed, title)
        told.append(setup)
    assert len(set(told)) == 10, Counter(told).most_common(2)


def test_mansion_seeds_101_to_110_retell_no_set_up_of_their_motive():
    """The editor's read, generated: mansion small, seeds 101-110 (four of them jealousy)."""
    from casetool.generate.engine import Request, generate
    from casetool.generate.source import load_source

    from generate_helpers import setting_dir
    source, _ = load_source(setting_dir("mansion/small"))
    told: dict[str, list[str]] = {}
    for seed in range(101, 111):
        got = generate(Request(source, seed, "board", max_attempts=40))
        motive = got.world.facts[(got.case.solution["suspect"], "motive")]
        story = " ".join(got.case.story.split())
        (setup,) = [s for s in MOTIVE_WORDS if s in story]
        told.setdefault(motive, []).append(setup)
    for motive, setups in told.items():
        assert len(setups) == len(set(setups)), (motive, setups)
