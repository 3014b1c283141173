import hashlib
import os
from pathlib import Path

import pytest
from filelock import FileLock
from hypothesis import settings

import system_packages
import tiers

# Fixture folders hold deliberately failing cases: keep the casetool plugin off them.
collect_ignore = ["fixtures"]

pytest_plugins = ["pytester"]


ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture(scope="session")
def built_book(tmp_path_factory):
    """built_book(folder): the output folder of `casetool build folder` with the default
    options (casebook.pdf, decoders.pdf, casebook.html), built once a session and shared by
    every test that asks for it, across test folders (a sample takes 2-20 s to build).

    Read it, never write into it. A test that changes how casetool prints (monkeypatch)
    builds its own: a shared book made under a patch would be wrong for everyone after."""
    from casetool.cli import cli
    from click.testing import CliRunner

    # Under pytest-xdist every worker has its own basetemp; their parent is the run's, so
    # a book one worker built (under a lock the others wait on) is read by all of them.
    base = tmp_path_factory.getbasetemp()
    shelf = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "books"
    shelf.mkdir(exist_ok=True)

    def build(folder: Path) -> Path:
        folder = folder.resolve()
        key = hashlib.sha256(str(folder).encode()).hexdigest()[:12]
        out = shelf / f"{folder.name}-{key}"
        done = shelf / f"{out.name}.built"   # beside the book: the tests read its folder whole
        with FileLock(str(out) + ".lock"):
            if not done.is_file():
                out.mkdir(exist_ok=True)
                result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(out)])
                assert result.exit_code == 0, result.output
                done.touch()
        return out
    return build


def pytest_configure(config):
    if tiers.TIER not in tiers.TIERS:
        raise pytest.UsageError(f"CASETOOL_TESTS={tiers.TIER!r}: say one of {', '.join(tiers.TIERS)}")
    settings.load_profile(tiers.TIER)   # before any test module makes its @settings
    # Before collection: without a library WeasyPrint needs, every module that imports it
    # fails to collect with a warning turned error that names no package (issue 27).
    gone = system_packages.missing("stop")
    if gone:
        raise pytest.UsageError(system_packages.stop_message(gone))


def pytest_report_header(config):
    return (f"casetool tests: tier {tiers.TIER} (CASETOOL_TESTS=nightly runs the full sweeps and "
            f"property counts)")


def pytest_collection_modifyitems(config, items):
    """The ci tier deselects the sweep points marked `nightly` (tiers.sweep)."""
    if tiers.NIGHTLY:
        return
    kept = [i for i in items if i.get_closest_marker("nightly") is None]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i.get_closest_marker("nightly")])
        items[:] = kept
