"""Outputs: a path that cannot be written is one diagnostic and exit 2; a build's outputs
are written as a set (all or none), never left half-written, never mixed by two runs."""

import errno
import os
import threading
from pathlib import Path

import pytest
from casetool import files
from casetool.commands.build import DECODER_CACHE
from casetool.files import locked, write_atomic, write_outputs

from cli_support import run

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
VILLAGE = FIXTURES / "render" / "village"
MINI = FIXTURES / "mini"


def e020(result, path) -> str:
    assert result.exit_code == 2, result.output
    [line] = [ln for ln in result.stderr.splitlines() if "error[E020]" in ln]
    assert line.startswith(f"{path}:1:1: error[E020]: cannot write this output: "), line
    return line


@pytest.fixture
def afile(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("afile").write_text("not a folder\n")
    return Path("afile")


def test_check_report_under_a_file(afile):
    line = e020(run("check", MINI / "001-ok.yaml", "-o", "afile/report.txt"), "afile/report.txt")
    assert "'afile' is a file, not a folder" in line


def test_build_output_under_a_file_fails_before_the_work(afile):
    result = run("build", VILLAGE, "-o", "afile/sub")
    assert "'afile' is a file, not a folder" in e020(result, "afile/sub")
    assert "ok" not in result.stdout  # refused before checking and printing


def test_generate_output_under_a_file(afile):
    line = e020(run("generate", "--setting", MINI / "setting.yaml", "-o", "afile/x.yaml"), "afile/x.yaml")
    assert "'afile' is a file, not a folder" in line


def test_generate_output_that_is_a_folder_gets_the_case_inside(afile):
    Path("folder").mkdir()
    result = run("generate", "--setting", MINI / "setting.yaml", "-o", "folder")
    assert result.exit_code == 0, result.output
    [case] = Path("folder").glob("*.yaml")  # NNN-title.yaml, as into a casebook folder
    assert case.name.startswith("001-") and "\ncase: 1\n" in case.read_text()


def test_pacing_chart_under_a_file(afile):
    line = e020(run("pacing", MINI / "001-ok.yaml", "--html", "afile/c.html"), "afile/c.html")
    assert "'afile' is a file, not a folder" in line


@pytest.mark.parametrize("code, words", [(errno.EROFS, "the file system is read-only"),
                                         (errno.ENOSPC, "the disk is full")])
def test_read_only_or_full_file_system(tmp_path, monkeypatch, code, words):
    def fail(fd):
        raise OSError(code, os.strerror(code))
    monkeypatch.setattr(files.os, "fsync", fail)
    out = tmp_path / "report.txt"
    line = e020(run("check", MINI / "001-ok.yaml", "-o", out), out)
    assert words in line
    assert list(tmp_path.iterdir()) == []  # no temporary file left


def test_interrupted_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "report.txt"
    target.write_text("old\n")

    def interrupt(fd):
        raise KeyboardInterrupt
    monkeypatch.setattr(files.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new\n")
    assert [p.name for p in tmp_path.iterdir()] == ["report.txt"] and target.read_text() == "old\n"


OLD = {"casebook.html": b"old html", "casebook.pdf": b"old pdf", "decoders.pdf": b"old decoders"}
NEW = {name: data.replace(b"old", b"new") for name, data in OLD.items()}


def outputs(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.startswith(".")}


def fail_on_second_file(monkeypatch, exc):
    real, calls = files.write_file, []

    def writer(path, data, mode=None):
        calls.append(path)
        if len(calls) == 2:
            raise exc
        real(path, data, mode)
    monkeypatch.setattr(files, "write_file", writer)
    return calls


@pytest.mark.parametrize("exc", [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt()])
def test_a_failed_set_leaves_the_old_outputs_whole(tmp_path, monkeypatch, exc):
    write_outputs(tmp_path, OLD)
    calls = fail_on_second_file(monkeypatch, exc)
    with pytest.raises((files.OutputError, KeyboardInterrupt)):
        write_outputs(tmp_path, NEW)
    assert len(calls) == 2 and outputs(tmp_path) == OLD  # not even the first new file moved in
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(OLD)  # no temporary folder, no lock file left


@pytest.mark.slow
def test_a_second_writer_waits_for_the_lock(tmp_path):
    write_outputs(tmp_path, OLD)
    with locked(tmp_path):
        second = threading.Thread(target=write_outputs, args=(tmp_path, NEW))
        second.start()
        second.join(timeout=1.0)
        assert second.is_alive() and outputs(tmp_path) == OLD  # staged, waiting to move in
    second.join(timeout=30)
    assert not second.is_alive() and outputs(tmp_path) == NEW


@pytest.mark.slow
def test_build_with_a_full_disk_keeps_the_old_outputs(tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    for name, data in OLD.items():
        (out / name).write_bytes(data)
    fail_on_second_file(monkeypatch, OSError(errno.ENOSPC, "No space left on device"))
    result = run("build", VILLAGE, "-o", out)
    assert "the disk is full" in e020(result, out)
    assert "the previous ones are left as they were" in result.stderr
    assert outputs(out) == OLD and sorted(p.name for p in out.iterdir() if p.name != DECODER_CACHE) == sorted(OLD)  # no temporary folder


def test_a_killed_runs_temporary_folder_is_removed_by_the_next(tmp_path):
    stale = tmp_path / ".casetool-killed.tmp"
    stale.mkdir()
    (stale / "casebook.pdf").write_bytes(b"half")
    write_outputs(tmp_path, NEW)
    assert outputs(tmp_path) == NEW and not stale.exists()
