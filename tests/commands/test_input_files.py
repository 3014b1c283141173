"""Files that are not what they seem: links out of the casebook, pipes, devices."""

import os
import shutil
import subprocess
import sys

import pytest

from cli_support import error_lines, run


@pytest.fixture
def mini(tmp_path, fixtures):
    folder = tmp_path / "mini"
    folder.mkdir()
    shutil.copy(fixtures / "mini" / "setting.yaml", folder)
    shutil.copy(fixtures / "mini" / "001-ok.yaml", folder)
    return folder


def test_case_file_linking_out_of_the_casebook_is_refused(mini, tmp_path, fixtures):
    outside = tmp_path / "elsewhere.yaml"
    shutil.copy(fixtures / "mini" / "001-ok.yaml", outside)
    (mini / "002-link.yaml").symlink_to(outside)
    result = run("validate", mini)
    assert result.exit_code == 1
    [match] = error_lines(result.output)
    assert match["file"].endswith("002-link.yaml") and match["code"] == "E006"
    assert "outside the casebook folder" in match["msg"]


def test_case_file_linking_inside_the_casebook_is_read(mini):
    (mini / "drafts").mkdir()
    shutil.move(mini / "001-ok.yaml", mini / "drafts" / "001-ok.yaml")
    (mini / "001-ok.yaml").symlink_to(mini / "drafts" / "001-ok.yaml")
    result = run("validate", mini / "001-ok.yaml")
    assert result.exit_code == 0, result.output


def test_setting_linking_out_of_the_casebook_is_refused(mini, tmp_path):
    shutil.move(mini / "setting.yaml", tmp_path / "setting.yaml")
    (mini / "setting.yaml").symlink_to(tmp_path / "setting.yaml")
    result = run("validate", mini)
    assert result.exit_code == 1
    assert any(m["code"] == "E006" and m["file"].endswith("setting.yaml") for m in error_lines(result.output))


def test_build_refuses_a_case_linking_out_of_the_casebook(mini, tmp_path):
    outside = tmp_path / "story.yaml"
    shutil.move(mini / "001-ok.yaml", outside)
    (mini / "001-ok.yaml").symlink_to(outside)
    result = run("build", mini, "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "error[E006]" in result.stderr and not (tmp_path / "out").exists()


def _validate_in_a_process(*paths):
    """A real process with a time limit: a blocking read must fail the test, not hang it."""
    return subprocess.run([sys.executable, "-m", "casetool", "validate", *map(str, paths)],
                          capture_output=True, text=True, timeout=60)


def test_fifo_named_on_the_command_line_does_not_block(mini):
    fifo = mini / "002-pipe.yaml"
    os.mkfifo(fifo)
    result = _validate_in_a_process(fifo)
    assert result.returncode == 1, result.stderr
    [match] = error_lines(result.stdout)
    assert match["code"] == "E005" and "not a regular file" in match["msg"]


def test_fifo_found_in_a_casebook_folder_is_reported(mini):
    os.mkfifo(mini / "002-pipe.yaml")
    result = _validate_in_a_process(mini)
    assert result.returncode == 1
    assert [(m["file"].rsplit("/", 1)[-1], m["code"]) for m in error_lines(result.stdout)] == [("002-pipe.yaml", "E005")]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_device_is_not_read(tmp_path):
    # Not a casebook file (no setting.yaml beside it): skipped by name, never opened.
    result = _validate_in_a_process("/dev/zero")
    assert result.returncode == 0, result.stderr
    assert result.stderr == "/dev/zero: not a casebook file, skipped\n"


def test_summary_counts_the_setting_checked_for_a_case(mini):
    (mini / "setting.yaml").write_text((mini / "setting.yaml").read_text().replace("hair: red,", "hair: rad,"))
    result = run("validate", mini / "001-ok.yaml")
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == "2 files checked: 0 valid files, 2 errors, 0 warnings"
    data = __import__("json").loads(run("validate", "--format", "json", mini / "001-ok.yaml").output)
    assert data["summary"]["files"] == 2 and data["valid"] == []
