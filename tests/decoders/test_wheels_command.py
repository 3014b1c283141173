"""`casetool wheels`: the table, pinning with --write (comments and layout kept), and errors."""

import difflib
import re

import pytest
from casetool.cli import cli
from casetool.decoders.pinning import pinned_text
from casetool.files import display_path
from click.testing import CliRunner

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


@pytest.mark.slow
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


# Author data: `--write` keeps what the author chose for the file, and ids read one way.

def _marrow(tmp_path):
    folder = unpinned_copy(tmp_path, keep={"002", "003", "004", "005", "006", "007", "008"})
    return folder, folder / "001-the-marrow-vanishes.yaml"


def _loaded_wheels(path) -> dict:
    from casetool.load.loader import load_yaml
    return {str(c["id"]): c.get("wheel") for c in load_yaml(path)["clues"]}


def test_ids_yaml_reads_as_numbers_must_be_quoted(tmp_path):
    folder, case = _marrow(tmp_path)
    case.write_text(case.read_text().replace("  - id: plum\n", "  - id: 010\n")
                    .replace("  - id: peacock\n", "  - id: 10\n"))
    before = case.read_text()
    result = wheels(folder, "--write")
    assert result.exit_code == 2 and case.read_text() == before
    errors = [ln for ln in result.stderr.splitlines() if "error[S003]" in ln]
    assert [e.split(": error")[0].rsplit(":", 2)[1:] for e in errors] == [["15", "9"], ["19", "9"]]  # unpinned: 4 lines a clue
    assert "put it in quotes: '010'" in errors[0] and "put it in quotes: '10'" in errors[1]


def test_quoted_number_ids_are_pinned_as_the_loader_reads_them(tmp_path):
    folder, case = _marrow(tmp_path)
    case.write_text(case.read_text().replace("  - id: plum\n", "  - id: '010'\n")
                    .replace("  - id: peacock\n", "  - id: '10'\n"))
    shown = wheels(folder)
    row = next(line for line in shown.stdout.splitlines() if "The Marrow Vanishes" in line)
    plum, peacock = [int(n.rstrip("*")) for n in row.split()[-8:-6]]
    result = wheels(folder, "--write")
    assert result.exit_code == 0, result.output
    assert "pinned 8 wheel numbers" in result.stdout
    loaded = _loaded_wheels(case)
    assert (loaded["010"], loaded["10"]) == (plum, peacock)
    assert run_validate(folder).exit_code == 0


def run_validate(folder):
    return CliRunner().invoke(cli, ["validate", str(folder)])


def test_write_keeps_the_file_mode(tmp_path):
    folder, case = _marrow(tmp_path)
    case.chmod(0o600)
    assert wheels(folder, "--write").exit_code == 0
    assert "wheel: " in case.read_text() and (case.stat().st_mode & 0o777) == 0o600


def test_write_keeps_crlf_line_endings(tmp_path):
    folder, case = _marrow(tmp_path)
    case.write_bytes(case.read_bytes().replace(b"\n", b"\r\n"))
    result = wheels(folder, "--write")
    assert result.exit_code == 0, result.output
    data = case.read_bytes()
    assert data.count(b"wheel: ") == 8 and data.count(b"\n") == data.count(b"\r\n")


def test_write_goes_through_a_symlink_to_its_target(tmp_path):
    folder, case = _marrow(tmp_path)
    (folder / "drafts").mkdir()
    target = folder / "drafts" / case.name
    case.rename(target)
    case.symlink_to(target)
    result = wheels(folder, "--write")
    assert result.exit_code == 0, result.output
    assert case.is_symlink() and target.read_text().count("wheel: ") == 8
    assert wheels(folder).stdout.rstrip().endswith("every number is pinned in its case file")


def test_write_refuses_a_read_only_file(tmp_path):
    folder, case = _marrow(tmp_path)
    before = case.read_text()
    case.chmod(0o444)
    result = wheels(folder, "--write")
    assert result.exit_code == 2
    [line] = [ln for ln in result.stderr.splitlines() if "error[R052]" in ln]
    assert line.startswith(display_path(case)) and "read-only" in line and "chmod u+w" in line
    assert case.read_text() == before and (case.stat().st_mode & 0o777) == 0o444


def test_an_id_yaml_1_2_reads_as_a_number_is_pinned_where_the_loader_sees_it(tmp_path):
    # `0o10` is a text to the loader (YAML 1.1) but the number 8 to ruamel (YAML 1.2).
    folder, case = _marrow(tmp_path)
    case.write_text(case.read_text().replace("  - id: plum\n", "  - id: 0o10\n"))
    result = wheels(folder, "--write")
    assert result.exit_code == 0, result.output
    assert "pinned 8 wheel numbers" in result.stdout and _loaded_wheels(case)["0o10"] is not None
    assert wheels(folder).stdout.rstrip().endswith("every number is pinned in its case file")


