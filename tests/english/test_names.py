"""How a page refers to a person it has just named (names.pronoun, referent, possessive): the
item's `pronoun:` first, then a `gender` attribute, then the name's title; with `pronoun: they`
never she or he, but the rank ('the Captain') or the whole name, never 'they' for one person."""

import re
import shutil
from pathlib import Path

import pytest
from casetool.english.names import possessive, pronoun, referent
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from page_truth import assert_page_true

ROOT = Path(__file__).resolve().parents[2]
SETTING = ROOT / "tests" / "fixtures" / "pronoun" / "setting.yaml"


@pytest.fixture(scope="module")
def setting():
    return load_paths([SETTING]).settings[SETTING]


@pytest.mark.parametrize("item, said, who, whose", [
    ("olive", "She", "she", "her"),                       # `pronoun: she`; neither attribute nor title says
    ("basil", "He", "he", "his"),                         # `pronoun: he` over `gender: female`
    ("white", "", "Mrs. White", "Mrs. White's"),          # `pronoun: they` over `gender: female` and 'Mrs.'
    ("blue", "", "the Captain", "the Captain's"),         # `pronoun: they` over `gender: male`: the rank
    ("grey", "He", "he", "his"),                          # no pronoun: the title
    ("rose", "She", "she", "her"),                        # no pronoun: the attribute
])
def test_the_pronoun_comes_first_and_they_is_never_she_or_he(setting, item, said, who, whose):
    assert (pronoun(setting, item), referent(setting, item), possessive(setting, item)) == (said, who, whose)


def test_a_murdle_page_says_his_statement_not_the_professors():
    """cases/murdle/001's page: 'Professor Ochre is not the murderer and so tells the truth: the
    Professor's statement ...' read as a program's; the setting's `pronoun: he` makes it 'his'."""
    case = load_paths([ROOT / "cases" / "murdle" / "001-the-stargazer.yaml"]).cases[0]
    page = solution_prose(explain_case(case, 60))
    assert "Professor Ochre is not the murderer and so tells the truth: his statement about the place" in page
    assert "Every word she said was a lie." in page   # the ending, of Sergeant Olive
    assert "the Professor's" not in page and "the Sergeant's" not in page


def _murdle_with(tmp_path: Path, fixture: str, **pronouns: str):
    """A kept murdle case (fixtures/) beside a copy of the setting whose suspects' `pronoun:`
    are changed as given ('ochre="she"')."""
    text = (ROOT / "cases" / "murdle" / "setting.yaml").read_text()
    for item, said in pronouns.items():
        text, n = re.subn(rf"(\n +{item}: +\{{[^}}\n]*pronoun: )\w+", rf"\g<1>{said}", text)
        assert n == 1, item
    (tmp_path / "setting.yaml").write_text(text)
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


@pytest.mark.parametrize("ochre, said", [
    ("he", "; and her statement about the place and the weapon would be a lie"),
    ("she", "; and the Sergeant's statement about the place and the weapon would be a lie")])
def test_a_possessive_after_another_of_the_same_pronoun_names_again(tmp_path, ochre, said):
    """'Suppose Sergeant Olive were the murderer: then Professor Ochre's statement ... would be
    true, ...; and her statement ... would be a lie': were the Professor 'she' too, 'her' would
    read as the Professor's; the page says 'the Sergeant's' (names.referent, `before`)."""
    case = _murdle_with(tmp_path, "murdle-liars-8-pronouns", ochre=ochre)
    # a long supposition is told sentence by sentence: read as one
    from page_truth import told_together
    page = told_together(" ".join(solution_prose(explain_case(case, 60)).split()))
    assert "suppose Sergeant Olive were the murderer: then Professor Ochre's statement about the place" in page, page
    assert said in page, page
    assert_page_true(case)   # every sentence true by the brute force, the changed reference read back to its clue
