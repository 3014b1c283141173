"""A board case's answer step on the weapon (english/board_steps.py) says what supposing the
weapon away leaves before the clues that lean on it, so no step asks a reader to hold the
weapons ruled out, the scene, the hour and three facts at once (issue 24: 'say a sub-result
first, then use it'). mansion small seed 6, the Dagger, was one sentence resting on six facts:
'Suppose the Dagger had not been the weapon. Then the fact “...”, the fact “...” and the fact
“...” would keep the Dagger out of the Hall at nine o'clock' leaned on the Candlestick ruled out,
the scene and the hour as well; now 'Then only the Rope would be left as the weapon. The rules
printed with the case would then put the Rope in the Hall at seven o'clock.' comes first, and
the three facts lean on that. Over the 23 mansion boards this measure was taken on (small and
medium seeds 1-10, the three samples), explain steps with a result on 6+ facts: 5/207 -> 2/207.
Every claim is true by the brute force of tests/solver on the tiny boards."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from casetool.english.board_chain import HEAVY
from casetool.load.project import load_paths

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kept import kept_case  # noqa: E402
from test_board_solution import TINY  # noqa: E402
from test_board_steps import argued, assert_argued  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def weight(claim, hours: str) -> int:
    """The facts a result rests on, as board_chain counts them (HEAVY): its clues, the rooms
    told (three at most: 'where everyone was'), each part of the answer found, the hours ruled
    out as one; what the supposition has is the step's own, said just before."""
    _, clues, given, found, _ = claim
    told = [g for g in given if len(g) < 5]
    parts = [f for f in found if len(f) == 3]
    return len(clues) + min(3, len(told)) + len([f for f in parts if f[0] != hours]) + any(f[0] == hours for f in parts)


def test_the_weapon_left_is_said_before_the_facts_that_lean_on_it(tmp_path):
    shutil.copy(ROOT / "cases" / "mansion" / "small" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(FIXTURES / "mansion-board-small-6-weapon.yaml", tmp_path / "001.yaml")
    case = load_paths([tmp_path]).cases[0]
    steps = argued(case)
    dagger = [line for _, lines, _ in steps for line in lines or [] if "Suppose the Dagger had not been" in line.text]
    assert len(dagger) == 1, [line.text for _, lines, _ in steps for line in lines or []]
    text = dagger[0].text
    # the printed rule it rests on named, never 'the rules printed with the case' (the reader would look for which)
    assert "Then only the Rope would be left as the weapon. The rule that the weapon was in the room at the moment of " \
           "the murder would then put the Rope in the Hall at seven o'clock." in text, text
    hours = case.setting.timeline.times
    heavy = [c for _, lines, _ in steps for line in lines or [] for c in line.claims
             if c[0] in ("by", "if") and weight(c, hours) >= HEAVY]
    assert not heavy, heavy


def test_every_claim_of_a_weapon_left_is_true_by_the_brute_force(tmp_path):
    said = 0
    for seed in (2, 7):   # tiny boards 2 and 7 as generated at the start of session 17, kept
        (tmp_path / str(seed)).mkdir()
        case = kept_case(tmp_path / str(seed), TINY, f"tiny-board-left-{seed}")
        steps = argued(case)
        assert_argued(case, steps)
        said += sum("would be left as the weapon; the rule that the weapon was in the room at the moment of the murder "
                    "would then put the" in line.text
                    for _, lines, _ in steps for line in lines or [])
    assert said == 2, said
