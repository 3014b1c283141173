import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.fixture
def book(tmp_path) -> Path:
    """A writable copy of the mini casebook: 001 ok, 002 ambiguous, 003 contradiction, 004 wrong."""
    folder = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", folder)
    return folder


@pytest.fixture
def make_workspace():
    """Workspace(folder), loaded; waits for background analyses at the end (none may outlive the test)."""
    from casetool.serve.workspace import Workspace
    made = []

    def make(folder: Path) -> Workspace:
        ws = Workspace(folder)
        ws.load_all()
        made.append(ws)
        return ws
    yield make
    for ws in made:
        assert ws.wait_idle(120), "an analysis is still running"
        ws.close()   # its thread gone too: a test after this one may fork (tests/test_workers.py)


@pytest.fixture
def ws(book, make_workspace):
    return make_workspace(book)
