"""Hints on what the player believes (english/hints.py), by the brute force of tests/solver:
a belief the clues rule out is said to contradict them, with clues to re-read that rule it
out on their own, and without naming the answer; a right belief is never flagged."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from casetool.english.hints import hint, misbelief, parse_known
from casetool.english.names import short_ref
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import possible_answers  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CASES = ["hampshire/001-the-marrow-vanishes", "hampshire/002-the-borrowed-banner", "murdle/001-the-stargazer",
         "classic/001-the-long-weekend", "supercluedo/001-the-cellar-stairs", "grange/001-the-heavy-hand"]


def _case(name: str):
    return load_paths([ROOT / "cases" / f"{name}.yaml"]).cases[0]


@pytest.mark.parametrize("name", CASES)
def test_every_wrong_item_is_flagged_with_clues_that_rule_it_out(name):
    """For each category and each item but the answer's: 'CATEGORY ITEM' is a misbelief whose
    clues, alone, leave no answer with that item (brute force); the answer's item is not."""
    case = _case(name)
    (answer,) = possible_answers(case)
    for k, cid in enumerate(case.setting.answer):
        for item in case.setting.categories[cid].ids:
            facts, unknown = parse_known(case, f"{cid} {item}")
            assert not unknown
            wrong = misbelief(case, facts)
            if item == answer[k]:
                assert wrong is None, (name, cid, item)
                continue
            assert wrong is not None and [b.facts for b in wrong.beliefs] == [facts], (name, cid, item)
            (one,) = wrong.wrong
            left = possible_answers(case, one.clues)
            assert left and all(a[k] != item for a in left), (name, cid, item, one.clues)
            own = wrong.text(case, 2)   # what the hint says, before the clues it points at
            assert own.startswith(f"Something you believe about {one.belief.about} does not follow from the clues.")
            words = wrong.text(case, 3)
            assert words.startswith(own) and all(short_ref(case, c) in words for c in one.clues)
            truth = case.setting.item_name(answer[k])
            assert truth not in own, (name, own)   # never names the answer


def test_a_wrong_ruled_out_item_is_named_by_its_category_only():
    case = _case("hampshire/001-the-marrow-vanishes")
    (answer,) = possible_answers(case)
    k = case.setting.answer.index("scene")
    facts, _ = parse_known(case, f"not {answer[k]}")
    explanation = explain_case(case, 60)
    words = hint(explanation, facts, 2)
    # the setting's word; never 'cannot be right: the clues leave no other choice', which named the answer
    assert "Go back over what you have ruled out for the hiding place, and why." in words
    assert hint(explanation, facts, 1) == "Something you believe about the hiding place does not follow from the clues."
    assert case.setting.item_name(answer[k]) not in hint(explanation, facts, 3)


@pytest.mark.parametrize("path,known", [("hampshire/001-the-marrow-vanishes.yaml", "plum, scene bus"),
                                        ("tudor/001-the-comet-party.yaml", "place hall")])
def test_the_hint_command_says_a_wrong_belief_contradicts_the_clues(path, known):
    """The issue's two cases: both said 'You know everything the clues can tell you.'"""
    from casetool.cli import cli
    result = CliRunner().invoke(cli, ["hint", str(ROOT / "cases" / path), "--known", known])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(("Something you believe about ", "Some of what you believe, about ")), result.output
    assert "does not follow from the clues" in result.output
    assert "You know everything" not in result.output


def test_a_supposition_step_hint_says_what_to_suppose():
    """murdle/001's first step refutes a suspect as culprit: the hint says to suppose it."""
    case = _case("murdle/001-the-stargazer")
    explanation = explain_case(case, 60)
    words = hint(explanation, [])
    assert words.startswith("Suppose ") and " were the murderer, and read " in words, words   # murdle's word


@pytest.mark.parametrize("path,known", [("hampshire/001-the-marrow-vanishes", "suspect plum, scene bus"),
                                        ("supercluedo/001-the-cellar-stairs", "suspect peacock, weapon rope, room library"),
                                        ("murdle/001-the-stargazer", "suspect ochre, weapon anchor, place greenhouse")])
def test_every_wrong_belief_is_flagged_and_no_right_one(path, known):
    """Each belief the brute force rules out is named, with clues that alone rule it out; a
    belief that holds is never named (naming only one of two wrong beliefs would leave the
    other looking confirmed: 'plum, scene bus' flagged only the Bus)."""
    case = _case(path)
    facts, unknown = parse_known(case, known)
    assert not unknown
    wrong = misbelief(case, facts)
    assert wrong is not None
    cats = case.setting.answer
    (answer,) = possible_answers(case)
    expected = {cid for part in known.split(", ") for cid, item in [part.split()]
                if answer[cats.index(cid)] != item}
    assert {b.facts[0].subject for b in wrong.beliefs} == expected, wrong.text(case)
    text = wrong.text(case, 3)
    for one in wrong.wrong:
        k = cats.index(one.belief.facts[0].subject)
        left = possible_answers(case, one.clues)
        believed = next(i for i in case.setting.categories[cats[k]].ids
                        if all(f.value != i for f in one.belief.facts))
        assert left and all(a[k] != believed for a in left), (path, one.belief.words, one.clues)
        assert f"{one.belief.breaks[:1].upper()}{one.belief.breaks[1:]} Read " in text
    said = wrong.text(case, 2)   # not the clues pointed at
    for k, cid in enumerate(cats):   # the answer's own items are never spoken of
        if cid in expected:
            assert case.setting.item_name(answer[k]) not in said, text


def test_a_belief_is_said_in_the_clues_words():
    """'you believe that the scene is the Bus' named the category by its label; the hint says
    it as the clues do: 'that the hiding place is the Bus', 'that Professor Plum is the culprit'."""
    from casetool.english.hints import beliefs
    case = _case("hampshire/001-the-marrow-vanishes")
    facts, _ = parse_known(case, "plum, scene bus")
    said = {b.words for b in beliefs(case, facts)}
    assert {"that the hiding place is the Bus", "that Professor Plum is the culprit"} <= said, said


def test_a_level_3_hint_on_a_card_step_says_the_pages_chain():
    """'Put suggestion 2 beside suggestion 4: ...' left the chain out that the page says; a
    level-3 hint on a card step is the page's sentence, each link said."""
    from casetool.english.solution import page_sentences
    case = _case("classic/001-the-long-weekend")
    explanation = explain_case(case, 60)
    page = page_sentences(explanation)
    known: list = []
    for step in explanation.steps:
        said = hint(explanation, known, 3)
        if step.number == 4:
            assert said == page[3], (said, page[3])
            assert "So the card Bob showed in suggestion 4 was the Study: not Miss Scarlet or the Wrench, which you hold." \
                in said, said
        known += [f for f in step.derived if f not in known]


def test_a_hint_supposes_what_the_page_supposes(tmp_path):
    """murdle traits seed 13, step 2: the page, knowing Sergeant Olive is cleared, reads her
    statement straight ('Sergeant Olive is not the murderer and so tells the truth: ...'); the
    hint read the step without what the player knows and told them to suppose the weapon was a
    poisoned teacup or a leather-bound atlas. Both now read with what is known."""
    import shutil
    root = Path(__file__).resolve().parents[2]
    shutil.copy(root / "cases" / "murdle" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / "murdle-traits-13.yaml", tmp_path / "001.yaml")
    explanation = explain_case(load_paths([tmp_path / "001.yaml"]).cases[0], 60)
    first, second = explanation.steps[:2]
    known = sorted(first.derived)
    assert not any(f in known for f in second.derived)
    said = hint(explanation, known, level=1)
    assert "Suppose" not in said, said
    assert "Sergeant Olive" in said, said


def test_a_hint_on_two_witnesses_says_one_of_them_tells_the_truth(tmp_path):
    """grange traits seed 21, step 5 (english/one_liar.py): level 2 says the argument, 'one of
    the two must be telling the truth', and names nobody it clears; level 3 is the page's
    sentence."""
    import shutil

    from casetool.cli import cli
    shutil.copy(ROOT / "cases" / "grange" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(ROOT / "tests" / "english" / "fixtures" / "grange-traits-21-hard.yaml", tmp_path / "001.yaml")
    said = {}
    for level in (2, 3):
        got = CliRunner().invoke(cli, ["hint", str(tmp_path / "001.yaml"), "--step", "5", "--level", str(level), "-q"])
        assert got.exit_code == 0, got.output
        said[level] = " ".join(got.output.split())
    assert "Only one witness lies, so one of the two must be telling the truth" in said[2], said[2]
    assert "Basil Crane is not" not in said[2] and "they rule out one more possibility" in said[2], said[2]
    assert "Neither would be true of Basil Crane, who usually keeps to the Hall and has fair hair" in said[3], said[3]


@pytest.mark.parametrize("name", CASES)
def test_the_whole_step_tells_only_what_the_player_does_not_know(name):
    """classic 001 with the murderer known: the level-3 hint said 'Your own hand tells us ...;
    Professor Plum must be the murderer; ...', which the hand does not tell and the player
    already knew. With one category's answer known (the brute force's), the whole step names
    no item of that category."""
    case = _case(name)
    (answer,) = possible_answers(case)
    explanation = explain_case(case, 30.0)
    for k, cid in enumerate(case.setting.answer):
        facts, _ = parse_known(case, f"{cid} {answer[k]}")
        text = hint(explanation, facts, 3)
        if text.startswith("You know everything"):
            continue
        speakers = {case.setting.characters[c.speaker].name for c in case.clues if c.speaker}
        names = [case.setting.item_name(i) for i in case.setting.categories[cid].ids]
        assert not [n for n in names if n in text and n not in speakers], (cid, text)


def test_several_wrong_beliefs_are_named_in_one_list():
    """classic 002: 'Some of what you believe, about the murderer, the weapon and about the
    room, ...' read 'about' twice in one list."""
    case = _case("classic/002-the-games-night")
    facts, _ = parse_known(case, "green, weapon knife, room hall")
    text = hint(explain_case(case, 30.0), facts, 1)
    assert text == "Some of what you believe, about the murderer, the weapon and the room, does not follow from the clues."
