"""`casetool build` lays out decoders.pdf in a second process: the same bytes as in one."""

import pytest

from render_support import build

pytestmark = pytest.mark.slow  # two whole builds of the village casebook


def test_two_processes_print_the_same_bytes_as_one(village, tmp_path, monkeypatch):
    apart, together = tmp_path / "apart", tmp_path / "together"
    assert build(village, apart).exit_code == 0
    monkeypatch.setenv("CASETOOL_SERIAL", "1")
    assert build(village, together).exit_code == 0
    for name in ("casebook.pdf", "decoders.pdf"):
        assert (apart / name).read_bytes() == (together / name).read_bytes(), name
    # what the child drew is cached for the next build, written by this process once the build succeeded
    cached = sorted(p.name.split("-")[0] for p in (apart / ".casetool-cache").iterdir())
    assert "pdf" in cached and cached.count("ring") == 5  # the village's five wheels
