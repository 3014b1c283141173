"""`casetool wheels`: the table, pinning with --write (comments and layout kept), and errors."""

import difflib
import re

from click.testing import CliRunner

from casetool.cli import cli
from casetool.decoders.pinning import pinned_text
from casetool.project import display_path
from decoder_support import HAMPSHIRE
from test_allocation import unpinned_copy


def wheels(folder, *args):
    result = CliRunner().invoke(cli, ["wheels", str(folder), *args])
    assert "Traceback" not in result.output, result.output
    return result


def test_the_sample_is_fully_pinned():
    result = wheels(HAMPSHIRE)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1].split() == ["No.", "Mystery", "Plum", "Peacock", "Scarlet", "Mustard", "White", "Green",
                                "Brown", "Boddy"]
    assert lines[2].split()[-8:] == ["19", "67", "78", "77", "93", "9", "19", "82"]
    assert "Professor Plum: 100 positions, 8 statements, 92 decoys" in result.stdout
    assert result.stdout.rstrip().endswith("every number is pinned in its case file")


def test_assigned_numbers_are_marked_until_written(tmp_path):
    folder = unpinned_copy(tmp_path, keep={"002", "003", "004", "005", "006", "007", "008"})
    result = wheels(folder)
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if "The Marrow Vanishes" in line)
    assert row.count("*") == 8
    assert "8 numbers assigned here" in result.stdout and "--write" in result.stdout
    assert "wheel:" not in (folder / "001-the-marrow-vanishes.yaml").read_text()  # nothing written


def test_write_pins_the_numbers_and_changes_nothing_else(tmp_path):
    folder = unpinned_copy(tmp_path)
    case = folder / "001-the-marrow-vanishes.yaml"
    case.write_text(case.read_text().replace("clues:\n", "clues:  # every witness, then the inspector\n", 1)
                    .replace("    means: suspect.gender == male\n", "    means: suspect.gender == male  # the hat\n"))
    before = {p.name: p.read_text() for p in folder.glob("0*.yaml")}
    shown = wheels(folder)
    result = wheels(folder, "--write")
    assert result.exit_code == 0, result.output
    assert f"{display_path(case)}: pinned 8 wheel numbers" in result.stdout
    table = [line.replace("*", " ").split() for line in shown.stdout.splitlines()[2:10]]
    for path in sorted(folder.glob("0*.yaml")):
        after = path.read_text()
        diff = [line for line in difflib.ndiff(before[path.name].splitlines(), after.splitlines()) if line[:1] in "+-?"]
        assert all(re.fullmatch(r"\+     wheel: \d+", line) for line in diff), diff
        assert len(diff) == 8
        number = int(path.name[:3])
        assert [int(n) for n in re.findall(r"wheel: (\d+)", after)] == [int(n) for n in table[number - 1][-8:]]
    assert "# every witness, then the inspector" in case.read_text() and "# the hat\n    wheel: " in case.read_text()
    again = wheels(folder)
    assert again.stdout.rstrip().endswith("every number is pinned in its case file")
    assert [line.replace("*", " ").split() for line in again.stdout.splitlines()[2:10]] == table


def test_flow_style_clues_get_the_number_inside_the_braces():
    text = "clues:\n  - {id: plum, speaker: plum, text: Hello., means: suspect.hair != red}\n"
    assert pinned_text(text, {"plum": 7}) == \
        "clues:\n  - {id: plum, speaker: plum, text: Hello., means: suspect.hair != red, wheel: 7}\n"


def test_a_file_that_cannot_be_kept_as_it_is_is_left_alone(tmp_path):
    folder = unpinned_copy(tmp_path, keep={"002", "003", "004", "005", "006", "007", "008"})
    case = folder / "001-the-marrow-vanishes.yaml"
    case.write_text(case.read_text().replace("    speaker: plum\n", "    speaker:    plum\n"))  # odd spacing
    before = case.read_text()
    result = wheels(folder, "--write")
    assert result.exit_code == 2
    assert "error[R050]" in result.stderr and "clue 'plum' (line 15): wheel:" in result.stderr
    assert case.read_text() == before


def test_two_cases_pinning_one_position_is_an_error_naming_both(tmp_path):
    folder = unpinned_copy(tmp_path, keep={"001", "002", "003", "004", "005", "006", "007", "008"})
    case = folder / "002-the-borrowed-banner.yaml"
    case.write_text(case.read_text().replace("    wheel: 21\n", "    wheel: 19\n", 1))
    result = wheels(folder)
    assert result.exit_code == 2
    assert "002-the-borrowed-banner.yaml:15:5: error[V060]: plum's wheel position 19 is already used by case 1 at " \
           f"{display_path(folder / '001-the-marrow-vanishes.yaml')}:15:5" in result.stderr
