"""Helpers for the render tests: a copy of the village casebook, the CLI, and PDF reading."""

import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from casetool.cli import cli

VILLAGE = Path(__file__).resolve().parent.parent / "fixtures" / "render" / "village"
TITLES = {1: "The Missing Umbrella", 2: "The Painted Fence", 3: "The Lost Putter"}


def build(folder: Path, out: Path, *args):
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(out), *map(str, args)])
    assert "Traceback" not in result.output, result.output
    return result


def page_texts(pdf: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages]


@pytest.fixture
def village(tmp_path) -> Path:
    """A fresh, editable copy of the village casebook (3 ok mysteries with wheels)."""
    folder = tmp_path / "village"
    shutil.copytree(VILLAGE, folder)
    return folder


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """The village casebook built once, A4, for the tests that only read the result."""
    out = tmp_path_factory.mktemp("built")
    result = build(VILLAGE, out)
    assert result.exit_code == 0, result.output
    return out
