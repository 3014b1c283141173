"""Fixtures for the decoder tests; the reading helpers are in decoder_support.py."""

import sys
from pathlib import Path

import pytest

# Test modules import decoder_support by name, whatever pytest's --import-mode.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from casetool.decoders.allocation import allocate  # noqa: E402

from decoder_support import HAMPSHIRE, load_book  # noqa: E402


@pytest.fixture(scope="session")
def hampshire_pdf(built_book) -> Path:
    """The sample casebook built once: its decoders.pdf."""
    return built_book(HAMPSHIRE) / "decoders.pdf"


@pytest.fixture(scope="session")
def hampshire():
    """The sample casebook and its wheel allocation, as the build made it."""
    book = load_book(HAMPSHIRE)
    return book, allocate(book)
