"""The command line's edge: a bug in casetool is said to be one, with its own exit code."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from casetool.cli import cli
from casetool.commands.edge import ExitCode
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]

# A real process whose `validate` meets a bug (a ZeroDivisionError inside casetool).
BROKEN = textwrap.dedent("""
    import sys
    import casetool.api
    def validate(paths):
        return 1 / 0
    casetool.api.validate = validate
    from casetool.cli import main
    sys.argv = ["casetool", *sys.argv[1:]]
    main()
""")


def broken(*args, env=None):
    import os
    return subprocess.run([sys.executable, "-c", BROKEN, *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, **(env or {})})


def test_an_internal_error_is_one_line_saying_it_is_a_bug_and_exits_3(fixtures):
    run = broken("validate", str(fixtures / "mini"))
    assert run.returncode == ExitCode.INTERNAL == 3  # not 1 ("a case is not ok"), not 2 (input)
    assert "Traceback" not in run.stderr and run.stdout == ""
    [line] = run.stderr.splitlines()
    assert line.startswith("casetool: internal error (ZeroDivisionError: division by zero): this is a bug in casetool")
    assert "please report it at " in line and "--debug" in line and "CASETOOL_DEBUG=1" in line


@pytest.mark.parametrize("how", ["flag", "environment"])
def test_debug_prints_the_whole_traceback(fixtures, how):
    args = ["--debug", "validate", str(fixtures / "mini")] if how == "flag" else ["validate", str(fixtures / "mini")]
    run = broken(*args, env={"CASETOOL_DEBUG": "1"} if how == "environment" else None)
    assert run.returncode == 3
    assert "Traceback (most recent call last)" in run.stderr and ", in validate\n" in run.stderr
    assert run.stderr.rstrip().splitlines()[-1].startswith("casetool: internal error")


def test_usage_errors_and_verdicts_keep_their_codes(fixtures):
    assert CliRunner().invoke(cli, ["check", "--no-such-option"]).exit_code == 2
    assert CliRunner().invoke(cli, ["check", str(fixtures / "mini")]).exit_code == 1
    assert CliRunner().invoke(cli, ["check", str(fixtures / "mini" / "001-ok.yaml")]).exit_code == 0


def test_a_reader_that_goes_away_ends_the_command_silently_with_141():
    # `casetool check cases/ | head -1`: the pipe closes before casetool writes its report
    import os
    with subprocess.Popen([sys.executable, "-m", "casetool", "check", "cases/murdle"], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env={k: v for k, v in os.environ.items() if k != "CASETOOL_DEBUG"}) as proc:
        proc.stdout.close()
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == ExitCode.CLOSED_PIPE == 141
    assert err == ""  # no "internal error", no "Exception ignored ... BrokenPipeError"


def test_summary_lines_count_in_english():
    from casetool.commands.edge import counted
    from casetool.commands.validate import summary_line
    assert [counted(n, "mystery", "mysteries") for n in (0, 1, 2)] == ["0 mysteries", "1 mystery", "2 mysteries"]
    assert counted(1, "page") == "1 page" and counted(17, "page") == "17 pages"
    assert summary_line(1, 0, 1, 0) == "1 file checked: 1 valid file, 1 error, 0 warnings"
