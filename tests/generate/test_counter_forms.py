"""A supercluedo counter is one card's either or a count, as the sample counters are ("The room
card shows yellow or the number 3", "Of the three murder cards, exactly one has a yellow corner",
"The weapon card and the room card both have an 8, or neither does"), never a narrator's "If the
weapon card shows the number 6, then the room card has an orange corner" (issue 24: 8 -> 18 on
seed 91 since 4833e55). The candidates of real drafts; each tie between two cards read here
from the cards' codes in the setting."""

from __future__ import annotations

import random
import re

from casetool.generate import candidates
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan
from casetool.language import ir

from generate_helpers import CASES


def test_a_supercluedo_counter_is_never_an_if_then():
    """No counter carries an 'if'; two cards are tied as the sample ties them, true of the answer."""
    source = load_source(CASES / "supercluedo")[0]
    linked, setting = 0, source.setting
    for seed in range(3):
        rng = random.Random(seed)
        world = make_plan(setting, "codes", rng, Wish(), ["Ann"], source.world)
        for c in candidates.draft(source, world, rng).candidates:
            assert not any(isinstance(n, ir.Implies) for n in ir.walk(c.expr)), c.text
            assert " if " not in f" {c.text.lower()} ", c.text
            if c.linked:
                linked += 1
                assert _tie_holds(setting, c.means, c.text, world.answer), c.text
    assert linked >= 10


def _tie_holds(setting, means: str, text: str, answer: dict[str, str]) -> bool:
    """'exactly 1 of [suspect.code has red, weapon.code has red]' said 'only one', or
    '(suspect.code has red and weapon.code has red) or (not ... and not ...)' said 'both ...,
    or neither does', read
    from the setting's codes."""
    both = re.fullmatch(r"\((\w+\.code has \w+) and (\w+\.code has \w+)\) or \(not \1 and not \2\)", means)
    parts = means[len("exactly 1 of ["):-1].split(", ") if means.startswith("exactly 1 of [") else \
        [both[1], both[2]] if both else []
    assert len(parts) == 2, means
    shows = 0
    for part in parts:
        cid, value = part.split(".code has ")
        code = setting.categories[cid].item(answer[cid]).attrs["code"]
        shows += value in code["colours"] or (value.isdigit() and int(value) in code["numbers"])
    if both:
        return text.endswith("or neither does.") and shows != 1
    return ", only one " in text and shows == 1
