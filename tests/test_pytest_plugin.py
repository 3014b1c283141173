import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.mark.slow
def test_case_files_become_test_items(pytester, monkeypatch):
    # the user's run is not an xdist worker of ours (pytest-benchmark would warn, as an error)
    for name in ("PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT", "PYTEST_XDIST_TESTRUNUID"):
        monkeypatch.delenv(name, raising=False)
    shutil.copytree(FIXTURES / "mini", pytester.path / "cases")
    # -W error: a project that turns warnings into errors can still collect and run its cases
    result = pytester.runpytest_subprocess("cases", "-p", "no:cacheprovider", "-W", "error")
    result.assert_outcomes(passed=1, failed=3)
    result.stdout.fnmatch_lines([
        "*002-ambiguous.yaml:2:1: error[[]ambiguous[]]*2 answers fit*",
        "*answer 1: suspect plum, scene fair; liars: white*",
        "*003-contradiction.yaml:27:5: clue 'rumour'*",
    ])


@pytest.mark.slow
def test_input_errors_fail_with_positions(pytester):
    shutil.copytree(FIXTURES / "bad", pytester.path / "bad")
    result = pytester.runpytest_subprocess("bad/type-error.yaml", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*type-error.yaml:26:12: error[[]T002[]]: cannot compare*"])


@pytest.mark.slow
def test_collection_can_be_turned_off(pytester):
    shutil.copytree(FIXTURES / "mini", pytester.path / "cases")
    pytester.makeini("[pytest]\ncasetool_collect = false\n")
    result = pytester.runpytest_subprocess("cases", "-p", "no:cacheprovider")
    assert result.ret == 5  # nothing collected


FUNCARGS_WRAPPER = '''
import pytest

@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    # what pytest-lsp 1.0 does: a wrapper that never yields for items without funcargs
    if not hasattr(item, "funcargs"):
        return
    yield
'''


@pytest.mark.slow
def test_case_items_work_beside_plugins_that_read_funcargs(pytester):
    shutil.copytree(FIXTURES / "mini", pytester.path / "cases")
    pytester.makeconftest(FUNCARGS_WRAPPER)
    result = pytester.runpytest_subprocess("cases/001-ok.yaml", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
