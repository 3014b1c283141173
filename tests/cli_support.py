"""Running the real CLI in tests, and reading its `file:line:col: error[CODE]: message` lines."""

import re

from casetool.cli import cli
from click.testing import CliRunner

LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>[A-Z0-9]+)\]: (?P<msg>.+)$")


def run(*args):
    """Invoke casetool in-process; a traceback or an exception other than exit fails the test."""
    result = CliRunner().invoke(cli, list(map(str, args)))
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def error_lines(output: str) -> list[re.Match]:
    return [m for m in map(LINE.match, output.splitlines()) if m]
