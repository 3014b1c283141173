from pathlib import Path

import pytest

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

    built: dict[Path, Path] = {}

    def build(folder: Path) -> Path:
        folder = folder.resolve()
        if folder not in built:
            out = tmp_path_factory.mktemp(f"built-{folder.name}")
            result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(out)])
            assert result.exit_code == 0, result.output
            built[folder] = out
        return built[folder]
    return build
