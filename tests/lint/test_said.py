"""Does a clue's text say what its `means:` means (issue 26 item 6), and is it said as a
witness or a narrator would say it (issue 24): each check on a hand-written case, at the
exact file:line:col of what it is about, through the real CLI."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from lint_support import sample_saying

from cli_support import run

ROOT = Path(__file__).resolve().parents[2]
SAID = Path(__file__).resolve().parent / "fixtures" / "said"

EXPECTED = [  # (line, col, code, words of the message): one clue each, in file order
    (11, 40, "L008", "does not say the number 1"),                  # 'and then some' for `+ 1`
    (16, 19, "L008", "says the opposite of 'before Nine o'clock'"),  # 'after nine' for `time < nine`
    (21, 44, "L009", "does not say Rope"),                           # the weapon never named
    (25, 28, "L009", "denies 'dark'"),                               # 'did not have dark hair' for `== dark`
    (28, 11, "L010", "'either not ... or not'"),                     # negations on both sides of an either
    (28, 11, "L026", "two answer categories"),                        # the same either: two columns of the table
    (33, 30, "L010", "'if and only if'"),                            # 'if, and only if'
    (38, 36, "L011", "'size 3'"),                                    # a measure as a raw number
    (38, 50, "L011", "'after Eight o'clock'"),                       # a capitalised time mid-sentence
    (43, 11, "L012", "the crime did not happen in the Library"),     # Library is 3 paces: premise and 4 clash
    (47, 13, "L013", "an eyewitness frame on an either/or"),         # 'I saw' an either/or
]


def _findings(*paths):
    result = run("lint", "--format", "json", *paths)
    return result, json.loads(result.output)["findings"]


def test_each_kind_of_unsaid_meaning_is_found_where_it_is():
    result, findings = _findings(SAID)
    assert result.exit_code == 1
    got = [(f["line"], f["col"], f["code"]) for f in findings]
    assert got == [e[:3] for e in EXPECTED]
    for finding, (*_, words) in zip(findings, EXPECTED, strict=True):
        assert words in finding["message"]


def test_a_finding_quotes_the_meaning_in_english():
    _result, findings = _findings(SAID)
    first = findings[0]["message"]
    assert "the meaning reads: 'The weapon's weight (pounds) is more than the crime's size plus 1.'" in first


def _one_clue(tmp_path: Path, text: str, means: str, speaker: str = "notes") -> list[tuple[str, str]]:
    """Lint a copy of the fixture with one clue only."""
    shutil.copy(SAID / "setting.yaml", tmp_path / "setting.yaml")
    case = (SAID / "001-said.yaml").read_text()
    head, tail = case.split("clues:\n", 1)
    rest = tail[tail.index("solution:"):]
    kind = "" if speaker in ("ada", "basil", "cora", "dev") else "    kind: fact\n"
    clue = f"  - id: one\n    speaker: {speaker}\n{kind}    text: {json.dumps(text)}\n    means: {json.dumps(means)}\n"
    (tmp_path / "001.yaml").write_text(head + "clues:\n" + clue + rest)
    _result, findings = _findings(tmp_path)
    return [(f["code"], f["message"]) for f in findings]


def test_the_same_meaning_said_in_english_has_no_finding(tmp_path):
    """The arithmetic said in the fixture setting's words (the grange as it was, with room
    sizes in paces: the sample now says sizes in words and has no such clue)."""
    assert _one_clue(tmp_path, "It took a weapon whose weight in pounds beat the room's size in paces by more "
                     "than one.", "weapon.weight > room.size + 1") == []


def test_a_bound_may_be_said_the_other_way_round(tmp_path):
    """`> 7` is 'at least eight'; a number two away is another bound."""
    means = "suspect.height + weapon.weight > 7"
    assert _one_clue(tmp_path, "Their height and the weapon's weight come to at least eight.", means) == []
    codes = [c for c, _ in _one_clue(tmp_path, "Their height and the weapon's weight come to at least nine.", means)]
    assert codes == ["L008"]


def test_synonyms_stems_and_the_settings_phrases_carry_a_meaning(tmp_path):
    assert _one_clue(tmp_path, "The spanner weighed four pounds, and Dev Marlow was the one.",
                     "weapon.weight == 4 and suspect == dev") == []
    assert _one_clue(tmp_path, "The door was forced in the early evening, just before eight o'clock.",
                     "time == seven") == []   # a time by its neighbour


def test_a_time_said_on_the_wrong_side_is_found_and_the_right_side_is_not(tmp_path):
    assert _one_clue(tmp_path, "It happened before nine.", "time < nine") == []
    assert [c for c, _ in _one_clue(tmp_path, "It happened since nine.", "time < nine")] == ["L008"]


def test_a_conditional_the_setting_leaves_open_is_not_found(tmp_path):
    assert _one_clue(tmp_path, "If it happened in the Library, then it was done with the Rope.",
                     "room == library implies weapon == rope") == []


def test_a_premise_the_setting_makes_false_is_found(tmp_path):
    found = _one_clue(tmp_path, "If the Library is four paces across, then it was done with the Rope.",
                      "library.size == 4 implies weapon == rope")
    assert [c for c, _ in found] == ["L012"] and "makes the premise false" in found[0][1]


def test_an_eyewitness_of_one_thing_is_not_found(tmp_path):
    assert _one_clue(tmp_path, "I saw it with my own eyes: it was the Rope.", "weapon == rope", "ada") == []


def test_the_settings_own_phrase_for_a_value_carries_it(tmp_path):
    """The fixture's setting says dark hair is 'as black as a raven's wing'."""
    assert _one_clue(tmp_path, "The culprit's hair was like a raven's wing.", "suspect.hair == dark") == []
    assert [c for c, _ in _one_clue(tmp_path, "The culprit's hair was like straw.", "suspect.hair == dark")] == ["L009"]


def test_the_settings_negative_phrase_says_a_negation(tmp_path):
    """The fixture's setting denies fair hair as 'darker than straw': no 'not' needed."""
    assert _one_clue(tmp_path, "The culprit's hair was darker than straw.", "suspect.hair != fair") == []
    found = _one_clue(tmp_path, "The culprit's hair was like straw, I think.", "suspect.hair != fair")
    assert [c for c, _ in found] == ["L009"] and "a negation" in found[0][1]


def test_a_value_as_a_raw_setting_word(tmp_path):
    """'a grass floor' where the murdle setting says 'happened on the grass'; 'a stone floor'
    is the setting's own phrase for stone, and 'medium weight' is in 'was of medium weight'."""
    said = "It happened on a grass floor, not on a stone floor, with something of medium weight."
    findings = sample_saying(tmp_path, "murdle", "001-the-stargazer.yaml", said)
    raw = [(f["code"], f["message"], f["hint"]) for f in findings if f["code"] == "L011"]
    assert raw == [("L011", "'grass floor': a value as a raw setting word",
                    "say it as the setting does ('happened on the grass')")]


def test_still_so_at_a_time_says_after_it(tmp_path):
    """'still alive at seven' is a published way to say the crime came after seven."""
    assert _one_clue(tmp_path, "The victim was still alive at seven o'clock.", "time > seven") == []
    assert [c for c, _ in _one_clue(tmp_path, "The victim was alive at seven o'clock.", "time > seven")] == ["L008"]


def _clues(tmp_path: Path, *clues: tuple[str, str, str]) -> list[tuple[str, str]]:
    """Lint a copy of the fixture with these clues only, each (speaker, text, means)."""
    shutil.copy(SAID / "setting.yaml", tmp_path / "setting.yaml")
    case = (SAID / "001-said.yaml").read_text()
    head, tail = case.split("clues:\n", 1)
    rest = tail[tail.index("solution:"):]
    said = ""
    for k, (speaker, text, means) in enumerate(clues):
        kind = "" if speaker in ("ada", "basil", "cora", "dev") else "    kind: fact\n"
        said += f"  - id: c{k + 1}\n    speaker: {speaker}\n{kind}    text: {json.dumps(text)}\n    means: {json.dumps(means)}\n"
    (tmp_path / "001.yaml").write_text(head + "clues:\n" + said + rest)
    _result, findings = _findings(tmp_path)
    return [(f["code"], f["message"]) for f in findings]


AFTER_NINE = ("notes", "It happened after nine o'clock.", "time > nine")
IF_AFTER_EIGHT = ("brown", "If it happened after eight o'clock, then it was done with the Spanner.",
                  "time > eight implies weapon == spanner")


def test_a_premise_another_clue_settles_is_padding(tmp_path):
    """EDITOR.md item 2 (tudor timeline hard seed 5): 'after nine' settles 'after eight', so
    the conditional is 'it was the Spanner' said the long way."""
    found = _clues(tmp_path, AFTER_NINE, IF_AFTER_EIGHT)
    assert found == [("L014", "clue 'c1' already settles that the crime happened after eight o'clock: "
                              "this clue is padding")]
    _result, where = _findings(tmp_path)
    text_line = (tmp_path / "001.yaml").read_text().splitlines().index(f"    text: {json.dumps(IF_AFTER_EIGHT[1])}") + 1
    assert (where[0]["line"], where[0]["col"]) == (text_line, 12)   # the text's first word, inside its quote


def test_a_disjunct_another_clue_denies_is_padding(tmp_path):
    """'did not happen in the Hall' beside 'either in the Hall or with the Rope'."""
    found = _clues(tmp_path, ("notes", "It did not happen in the Hall.", "room != hall"),
                   ("notes", "Either it happened in the Hall, or it was done with the Rope.", "room == hall or weapon == rope"))
    # (the either is over two columns of the table too: L026)
    assert [c for c, _ in found] == ["L014", "L026"] and "the crime did not happen in the Hall" in found[0][1]


def test_a_possible_liar_settles_nothing_by_themself(tmp_path):
    """In a liars case a witness's word may be a lie: it settles nothing alone."""
    said_by_ada = ("ada", "It happened after nine o'clock.", "time > nine")
    assert _clues(tmp_path, said_by_ada, IF_AFTER_EIGHT) == []


def test_settling_across_two_clues_is_the_puzzle(tmp_path):
    """Neither 'not at seven' nor 'not at eight' settles 'after eight' alone: no finding."""
    assert _clues(tmp_path, ("notes", "It did not happen at seven o'clock.", "time != seven"),
                  ("notes", "It did not happen at eight o'clock.", "time != eight"), IF_AFTER_EIGHT) == []


def test_a_list_that_says_one_value_the_long_way(tmp_path):
    """Of four rooms, 'neither the Hall, the Library nor the Kitchen' is 'in the Cellar'; of
    three weapons, 'the Rope or the Spanner' is 'not the Candlestick'; two of four times is a list."""
    found = _clues(tmp_path, ("notes", "It happened neither in the Hall, the Library nor the Kitchen.",
                              "room not in [hall, library, kitchen]"))
    assert found == [("L015", "a list leaving one value: it says 'Cellar' the long way")]
    found = _clues(tmp_path, ("notes", "It was done with the Rope or the Spanner.", "weapon in [rope, spanner]"))
    assert found == [("L015", "a list leaving one value: it says 'not Candlestick' the long way")]
    assert _clues(tmp_path, ("notes", "It happened at seven or at eight o'clock.", "time in [seven, eight]")) == []


def test_an_either_over_one_category_names_one_kind(tmp_path):
    """'the Rope, or a weapon of four pounds': an item and a weight of one weapon."""
    found = _clues(tmp_path, ("notes", "Either it was done with the Rope, or with a weapon weighing four pounds.",
                              "weapon == rope or weapon.weight == 4"))
    assert found == [("L016", "an either/or over one category naming the thing beside a trait of it")]
    # two traits of the culprit are two facts, not two things a witness could confuse (L026)
    assert [c for c, _ in _clues(tmp_path, ("notes", "It was someone fair-haired, or someone who keeps to the Hall.",
                                            "suspect.hair == fair or suspect.home == hall"))] == ["L026"]


def test_an_order_over_one_moment_may_be_said_as_that_moment(tmp_path):
    """`time > nine` of a night that ends at ten is 'at ten o'clock' (english.atoms says it so);
    the order said with its bound still reads; another moment does not."""
    assert _one_clue(tmp_path, "It happened at ten o'clock.", "time > nine") == []
    assert _one_clue(tmp_path, "It happened at seven o'clock.", "time < eight") == []
    assert _one_clue(tmp_path, "It happened after nine o'clock.", "time > nine") == []
    assert [c for c, _ in _one_clue(tmp_path, "It happened at eight o'clock.", "time > nine")] == ["L009"]
