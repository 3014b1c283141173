"""Fixtures for the render tests; the helpers are in render_support.py."""

import shutil
import sys
from pathlib import Path

import pytest

# Test modules import render_support by name, whatever pytest's --import-mode.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from render_support import VILLAGE  # noqa: E402


@pytest.fixture
def village(tmp_path) -> Path:
    """A fresh, editable copy of the village casebook (3 ok mysteries with wheels)."""
    folder = tmp_path / "village"
    shutil.copytree(VILLAGE, folder)
    return folder


@pytest.fixture(scope="session")
def built(built_book) -> Path:
    """The village casebook built once, A4, for the tests that only read the result."""
    return built_book(VILLAGE)
