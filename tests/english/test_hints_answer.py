"""A hint on a wrong belief never names the answer (english/hints.py, Misbelief and
`_gives_away`): where the belief being wrong is itself the answer ('not Plum' when Plum did
it; 'Olive tells the truth' where only the murderer lies and Olive did it), no level says it
"cannot be right" or that "the clues leave no other choice": it sends the player back over
the belief, then points at the clue to re-read. A belief whose being wrong leaves the answer
open ('the hiding place is the Bus', one of several) is still said to be wrong. The answer
and the culprit are the brute force's (tests/solver)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from casetool.english.hints import hint, parse_known
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import liar_sets, possible_answers  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ["classic/001-the-long-weekend", "hampshire/001-the-marrow-vanishes", "tudor/001-the-comet-party",
           "murdle/001-the-stargazer"]
GIVEAWAY = ("cannot be right", "no other choice", "rule it out", "say otherwise")


def _explained(name: str):
    case = load_paths([ROOT / "cases" / f"{name}.yaml"]).cases[0]
    (answer,) = possible_answers(case)
    return case, dict(zip(case.setting.answer, answer, strict=True)), explain_case(case, 60)


def _levels(explanation, known: str) -> list[str]:
    facts, unknown = parse_known(explanation.case, known)
    assert not unknown
    return [hint(explanation, facts, level) for level in (1, 2, 3)]


@pytest.mark.parametrize("name", SAMPLES)
def test_ruling_out_the_answer_is_never_said_wrong(name):
    """'not plum' (Plum did it) said at level 2: 'What you have ruled out for the murderer
    cannot be right: the clues leave no other choice for the murderer.'"""
    case, answer, explanation = _explained(name)
    for cid, truth in answer.items():
        other = next(i for i in case.setting.categories[cid].ids if i != truth)
        for known in (f"not {truth}", f"not {other}, not {truth}"):
            one, two, three = _levels(explanation, known)
            about = one.removeprefix("Something you believe about ").removesuffix(" does not follow from the clues.")
            assert about != one, one
            assert two == f"{one} Go back over what you have ruled out for {about}, and why.", (known, two)
            assert three.startswith(f"{two} Read "), three
            assert three.endswith((" again.", " again, with what the other clues tell you.")), three
            said = " ".join((one, two, three))
            assert not any(w in said for w in GIVEAWAY), (known, said)
            assert case.setting.item_name(truth) not in two, two


def test_a_liar_belief_that_is_the_answer_is_never_said_wrong():
    """murdle: only the murderer lies. 'Olive tells the truth' (Olive did it) wrong is the
    answer; 'Ochre lies' (he did not) wrong leaves three suspects, and is said wrong."""
    case, answer, explanation = _explained("murdle/001-the-stargazer")
    (liars,) = liar_sets(case, answer)
    culprit = answer[case.setting.culprit]
    for who, ch in case.setting.characters.items():
        if ch.role != "witness":
            continue
        lies = who in liars
        assert lies == (ch.item == culprit)
        one, two, three = _levels(explanation, f"{who} {'truthful' if lies else 'lies'}")
        assert one == "Something you believe about who lies does not follow from the clues."
        if lies:
            assert two == f"{one} Go back over why you believe that {ch.name} tells the truth.", two
            assert not any(w in three for w in GIVEAWAY), three
        else:
            assert two == f"{one} That {ch.name} lies cannot be right: the clues say otherwise.", two
        assert three.startswith(f"{two} Read "), three


def test_a_wrong_item_believed_among_several_is_still_said_wrong():
    case, answer, explanation = _explained("hampshire/001-the-marrow-vanishes")
    assert answer["scene"] != "bus" and len(case.setting.categories["scene"].ids) > 2
    one, two, _ = _levels(explanation, "scene bus")
    assert two == f"{one} That the hiding place is the Bus cannot be right: the clues rule it out."
