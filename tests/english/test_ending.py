"""A solution page opens with the story's ending: who, how and why, in the past tense and the
crime's voice (casetool/english/ending.py), read on the sample cases as they load."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from casetool.api import load
from casetool.english.solution import ending
from casetool.explain.steps import explain_case

ROOT = Path(__file__).resolve().parents[2]
SENTENCE = re.compile(r"(?<!\bMr)(?<!\bMrs)(?<!\bDr)\.\s+")


def _case(folder: Path, number: int):
    return next(c for c in load([folder]).cases if c.number == number)


def _ending(folder: Path, number: int) -> str:
    return ending(explain_case(_case(folder, number), 60))


@pytest.mark.parametrize("name,voice", [
    ("tudor", r"^[A-Z][\w. ]+ took the [\w ]+ from the [\w ]+ (at|in) "),       # a theft
    ("murdle", r"^It was [\w. ]+, with an? [\w ]+, (in|on) the \w+\."),          # a murder
    ("hampshire", r"^[\w. ]+ was the culprit, and the hiding place was the \w+\."),  # mischief
])
def test_the_ending_is_told_in_the_past_in_the_crimes_voice(name, voice):
    for number in (1, 2):
        text = _ending(ROOT / "cases" / name, number)
        assert re.search(voice, text), text
        assert not re.search(r"\b(is|are)\b", text), text   # 'the hiding place is the Fair' on an ending


@pytest.mark.parametrize("name", ["tudor", "murdle", "hampshire", "grange", "classic"])
def test_the_ending_says_why_without_a_fact_a_clue_could_deny(name):
    """The second sentence is the why; it names the culprit (or says he or she) and no place,
    time or other person of the setting, which are what clues speak of. Neighbouring cases
    of a book give different reasons."""
    folder = ROOT / "cases" / name
    whys = []
    for number in (1, 2):
        case = _case(folder, number)
        explanation = explain_case(case, 60)
        sentences = SENTENCE.split(ending(explanation))
        assert len(sentences) >= 2, sentences
        why = sentences[1]
        people = case.setting.timeline.people if case.setting.timeline else case.setting.culprit
        culprit = case.setting.item_name(explanation.answer[people])
        assert culprit in why or why.startswith(("He ", "She ")), why
        thing = {explanation.answer[c] for c in explanation.answer if c in ("weapon", "object")}
        for item in case.setting.all_items():
            if item.id not in thing | {explanation.answer[people]}:
                assert not re.search(rf"\b{re.escape(item.name)}\b", why), (why, item.name)
        whys.append(why.replace(culprit, "X"))
    assert whys[0] != whys[1]


def test_a_settings_own_motives_are_used(tmp_path):
    folder = tmp_path / "tudor"
    shutil.copytree(ROOT / "cases" / "tudor", folder)
    setting = (folder / "setting.yaml").read_text()
    (folder / "setting.yaml").write_text(setting.replace(
        "  year: 1926", '  year: 1926\n  motives: ["{who} had been told {it} was a fake, and wanted to find out."]'))
    text = _ending(folder, 1)
    assert "She had been told the Scarab Brooch was a fake, and wanted to find out." in text, text


@pytest.mark.parametrize("name", ["tudor", "grange"])
def test_a_page_names_no_time_with_a_capital_mid_sentence(name):
    """'the time must be Night', 'the time is not Dusk or Dinner' (EDITOR.md 3): a time reads
    as the setting's phrase for it ('night', 'the late morning', 'nine o'clock'); quotes of
    the author's own clue texts are left as written."""
    from casetool.english.solution import solution_prose
    for case in sorted(load([ROOT / "cases" / name]).cases, key=lambda c: c.number)[:3]:
        page = re.sub("\u201c[^\u201d]*\u201d", "", solution_prose(explain_case(case, 60)))
        times = [i.name for cat in case.setting.categories.values() if cat.ordered for i in cat.items]
        for sentence in SENTENCE.split(page):
            for time in times:
                assert not re.search(rf"(?<=\S )\b{re.escape(time)}\b", sentence), (time, sentence)
