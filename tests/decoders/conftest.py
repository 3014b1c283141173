"""Fixtures for the decoder tests; the reading helpers are in decoder_support.py."""

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

# Test modules import decoder_support by name, whatever pytest's --import-mode.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from decoder_support import HAMPSHIRE  # noqa: E402

from casetool.cli import cli  # noqa: E402
from casetool.decoders.allocation import allocate  # noqa: E402
from casetool.project import load_paths  # noqa: E402
from casetool.render.casebook import assemble  # noqa: E402


def build(folder: Path, out: Path, *args):
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(out), *map(str, args)])
    assert "Traceback" not in result.output, result.output
    return result


def load_book(folder: Path):
    loaded = load_paths(sorted(p for p in folder.iterdir() if p.suffix == ".yaml"))
    book, diags = assemble(folder, loaded)
    assert book is not None and not [d for d in loaded.diagnostics + diags if d.is_error]
    return book


@pytest.fixture(scope="session")
def hampshire_pdf(tmp_path_factory) -> Path:
    """The sample casebook built once: its decoders.pdf."""
    out = tmp_path_factory.mktemp("hampshire")
    result = build(HAMPSHIRE, out)
    assert result.exit_code == 0, result.output
    return out / "decoders.pdf"


@pytest.fixture(scope="session")
def hampshire():
    """The sample casebook and its wheel allocation, as the build made it."""
    book = load_book(HAMPSHIRE)
    return book, allocate(book)
