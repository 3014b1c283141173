import json
import shutil

import pytest

from cli_support import error_lines, run

# Each bad input as a new user would make it: one line naming the cause, exit 1.
BAD = {
    "yaml-syntax.yaml": ("E010", 4, "expected ',' or ']'"),
    "tabs.yaml": ("E010", 8, "tab character"),
    "duplicate-key.yaml": ("E015", 4, "duplicate key 'title'"),
    "wrong-type.yaml": ("S003", 2, "should be a whole number"),
    "missing-key.yaml": ("S001", 2, "missing required key 'story'"),
    "unknown-key.yaml": ("S002", 5, "did you mean 'story'"),
    "unknown-setting.yaml": ("V050", 4, "did you mean 'mini'"),
    "unknown-name.yaml": ("N003", 22, "did you mean 'white'"),
    "unknown-value.yaml": ("N008", 10, "did you mean 'red'"),
    "type-error.yaml": ("T002", 26, "cannot compare a scene with a suspect"),
    "set-equals.yaml": ("T003", 14, "use `has`"),
    "order-unordered.yaml": ("T004", 26, "ordered"),
    "parse-error.yaml": ("C001", 18, "unexpected 'or'"),
    "empty.yaml": ("E004", 1, "empty"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_gives_one_positioned_line(fixtures, name):
    code, line, words = BAD[name]
    result = run("validate", fixtures / "bad" / name)
    assert result.exit_code == 1
    [match] = error_lines(result.output)
    assert match["file"].endswith(name)
    assert (match["code"], int(match["line"])) == (code, line)
    assert words in match["msg"]


def test_clue_errors_point_inside_the_clue(fixtures):
    result = run("validate", fixtures / "bad" / "unknown-value.yaml")
    match = error_lines(result.output)[0]
    source = (fixtures / "bad" / "unknown-value.yaml").read_text().splitlines()
    assert source[int(match["line"]) - 1][int(match["col"]) - 1:].startswith("rad")


@pytest.mark.parametrize("make, code", [
    (lambda p: p.write_bytes(b"\0\x01\x02binary"), "E003"),
    (lambda p: p.write_text("story: " + "x" * (10 * 1024 * 1024)), "E002"),
    (lambda p: p.write_text("a: &a [1,1,1,1,1,1,1,1,1,1]\n" + "".join(
        f"{n}: &{n} [{','.join(['*' + q] * 10)}]\n" for q, n in zip("abcdefg", "bcdefgh", strict=True))), "E013"),
    (lambda p: p.write_text("a: " + "[" * 5000 + "]" * 5000), "E012"),
])
@pytest.mark.slow
def test_hostile_files(tmp_path, fixtures, make, code):
    shutil.copy(fixtures / "mini" / "setting.yaml", tmp_path)
    make(tmp_path / "001.yaml")
    result = run("validate", tmp_path / "001.yaml")
    assert result.exit_code == 1
    [match] = error_lines(result.output)
    assert match["code"] == code


def test_valid_folder_lists_every_file(fixtures):
    result = run("validate", fixtures / "mini")
    assert result.exit_code == 0
    assert result.output.count(": valid") == 5
    assert result.output.splitlines()[-1] == "5 files checked: 5 valid files, 0 errors, 0 warnings"


def test_output_is_sorted_and_stable(fixtures):
    first = run("validate", fixtures / "bad").output
    assert first == run("validate", fixtures / "bad").output
    lines = [(m["file"], int(m["line"]), int(m["col"])) for m in error_lines(first)]
    assert lines == sorted(lines)


def test_json_format(fixtures):
    result = run("validate", "--format", "json", fixtures / "bad" / "type-error.yaml")
    data = json.loads(result.output)
    assert result.exit_code == 1
    assert data["summary"] == {"files": 1, "errors": 1, "warnings": 0}
    [diag] = data["diagnostics"]
    assert (diag["code"], diag["line"], diag["col"], diag["severity"]) == ("T002", 26, 12, "error")
    assert data["valid"] == [] and data["files"][0].endswith("type-error.yaml")


def test_usage_errors_exit_2(tmp_path):
    assert run("validate").exit_code == 2
    assert run("validate", tmp_path).exit_code == 2  # no YAML files there


def test_missing_path_is_an_error_line(tmp_path):
    result = run("validate", tmp_path / "nope.yaml")
    assert result.exit_code == 1 and "no such file" in result.output


def test_setting_errors_are_reported_in_the_setting(tmp_path, fixtures):
    text = (fixtures / "mini" / "setting.yaml").read_text().replace("hair: red,", "hair: rad,")
    (tmp_path / "setting.yaml").write_text(text)
    shutil.copy(fixtures / "mini" / "001-ok.yaml", tmp_path)
    result = run("validate", tmp_path)
    assert result.exit_code == 1
    files = {m["file"].rsplit("/", 1)[-1]: m for m in error_lines(result.output)}
    assert "did you mean 'red'" in files["setting.yaml"]["msg"]
    assert "setting.yaml in this folder has errors" in files["001-ok.yaml"]["msg"]


@pytest.mark.parametrize("old, new, words", [
    ("  - id: plum\n", "  - id: 2024-01-01\n", "clues.0.id is 2024-01-01, which YAML reads as a date"),
    ("  - id: plum\n", "  - id: 010\n", "clues.0.id is 010, which YAML reads as a number"),
    ("    speaker: plum\n", "    speaker: yes\n", "clues.0.speaker is yes, which YAML reads as true/false"),
])
def test_ids_yaml_does_not_read_as_text_must_be_quoted(tmp_path, fixtures, old, new, words):
    shutil.copy(fixtures / "mini" / "setting.yaml", tmp_path)
    case = tmp_path / "001.yaml"
    case.write_text((fixtures / "mini" / "001-ok.yaml").read_text().replace(old, new, 1))
    result = run("validate", case)
    assert result.exit_code == 1
    [match] = error_lines(result.output)
    assert match["code"] == "S003" and words in match["msg"] and "put it in quotes" in result.output
    assert case.read_text().splitlines()[int(match["line"]) - 1][int(match["col"]) - 1:] == new.split(": ")[1].strip()


@pytest.fixture
def repo(tmp_path, fixtures, monkeypatch):
    """An authors' repository: a casebook, and the YAML files of other tools beside it."""
    shutil.copytree(fixtures / "mini", tmp_path / "cases" / "mini")
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "cases.yml").write_text("name: cases\non: [push]\n")
    (tmp_path / ".pre-commit-config.yaml").write_text("repos: []\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: Cases\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


OTHERS = (".pre-commit-config.yaml", ".github/workflows/cases.yml", "mkdocs.yml")


def test_other_tools_yaml_files_are_skipped_and_said_so(repo):
    result = run("validate", *OTHERS, "cases/mini/001-ok.yaml")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [f"{name}: not a casebook file, skipped" for name in sorted(OTHERS)]
    assert result.stdout.splitlines() == ["cases/mini/001-ok.yaml: valid", "1 file checked: 1 valid file, 0 errors, 0 warnings"]
    assert run("validate", "--quiet", *OTHERS).stderr == ""
    data = json.loads(run("validate", "--format", "json", *OTHERS).stdout)
    assert data["skipped"] == sorted(OTHERS) and data["files"] == [] and data["summary"]["errors"] == 0


def test_a_yaml_file_without_a_setting_beside_it_is_skipped(repo):
    shutil.copy(repo / "cases" / "mini" / "001-ok.yaml", repo / "stray.yaml")
    result = run("validate", "stray.yaml")
    assert (result.exit_code, result.stderr) == (0, "stray.yaml: not a casebook file, skipped\n")


def test_a_named_setting_validates_every_case_beside_it(repo):
    setting = repo / "cases" / "mini" / "setting.yaml"
    setting.write_text(setting.read_text().replace("opera", "singing"))  # still a valid setting
    result = run("validate", "cases/mini/setting.yaml")
    assert result.exit_code == 1
    [match] = [m for m in error_lines(result.output) if m["file"] == "cases/mini/001-ok.yaml"]
    assert "opera" in match["msg"]
    assert "cases/mini/setting.yaml: valid" in result.stdout
