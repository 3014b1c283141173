"""pytest plugin: every case file (a YAML file beside a setting.yaml, `load.project.is_case_file`)
becomes a test item.

In an authors' repository, plain `pytest cases/` checks every case; a failure shows
the check's diagnostics with file and line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .load.project import is_case_file


def pytest_addoption(parser):
    group = parser.getgroup("casetool", "casetool case checking")
    group.addoption("--casetool-time-limit", type=float, default=None,
                    help="Seconds per case before it counts as unknown (default 10).")
    parser.addini("casetool_collect", type="bool", default=True,
                  help="Collect case files beside a setting.yaml as tests (default true).")
    parser.addini("casetool_time_limit", default="10", help="Seconds per case (default 10).")


def pytest_collect_file(file_path: Path, parent):
    if not parent.config.getini("casetool_collect"):
        return None
    if not is_case_file(file_path):
        return None
    return CaseFile.from_parent(parent, path=file_path)


class CaseFailure(Exception):
    pass


class CaseFile(pytest.File):
    def collect(self):
        yield CaseItem.from_parent(self, name="check")


class CaseItem(pytest.Item):
    # Plugins written for Function items read `item.funcargs` in their hooks (pytest-lsp's
    # runtest wrapper fails every other item without it); a case has no fixtures.
    funcargs: dict = {}

    def runtest(self):
        from . import api
        from .diagnostics import format_text

        loaded = api.load(self.path)
        errors = [d for d in loaded.diagnostics if d.is_error]
        if errors:
            raise CaseFailure(format_text(errors))
        if not loaded.cases:
            raise CaseFailure(f"{self.path}: no case found in this file")
        result = api.verdict(loaded.cases[0], api.Options(time_limit=self._time_limit(), warnings=False))
        if result.status != api.Status.OK:
            raise CaseFailure("\n".join(api.verdict_lines(result)))

    def _time_limit(self) -> float:
        option = self.config.getoption("casetool_time_limit")
        return option if option is not None else float(self.config.getini("casetool_time_limit"))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, CaseFailure):
            return str(excinfo.value).rstrip("\n")
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"casetool check {self.path.name}"
