"""Progress (issue 27 item 5): on a terminal's standard error, per case, per mystery or per
phase; never on standard output, never off a terminal, never with --quiet; and `check`'s
text report printed as the verdicts come in, byte for byte the report printed at the end."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from casetool import api
from casetool.commands import progress as progress_module

from cli_support import run

ROOT = Path(__file__).resolve().parents[2]
VILLAGE = ROOT / "tests" / "fixtures" / "render" / "village"
MINI = ROOT / "tests" / "fixtures" / "mini"
VILLAGE_FILES = sorted(p.name for p in VILLAGE.glob("0*.yaml"))


def frames(stderr: str) -> list[str]:
    """What a terminal shows one after another: the bar is redrawn after each carriage return."""
    return [f.strip() for f in re.split(r"[\r\n]", stderr) if f.strip()]


@pytest.fixture
def terminal(monkeypatch):
    """Standard error counts as a terminal (CliRunner's is not one)."""
    monkeypatch.setattr(progress_module, "isatty", lambda: True)


@pytest.fixture
def timed(tmp_path):
    """A timed tudor case with two reveals (0 and 3) that paces in a second or two."""
    shutil.copy(ROOT / "cases" / "tudor" / "setting.yaml", tmp_path)
    lines = (ROOT / "cases" / "tudor" / "001-the-comet-party.yaml").read_text().splitlines()
    text = "\n".join(ln.replace(ln.split("reveal:")[1], " 0") if "reveal:" in ln else ln for ln in lines) + "\n"
    late = "  - id: again\n    speaker: brown\n    kind: note\n    text: Still jewelry.\n    means: object.group == jewelry\n    reveal: 3\n"
    (tmp_path / "001.yaml").write_text(text.replace("\nclues:\n", "\nclues:\n" + late, 1))
    return tmp_path


# Off a terminal: nothing on standard error.

@pytest.mark.parametrize("args", [("check", VILLAGE), ("explain", MINI / "001-ok.yaml"),
                                  ("hint", MINI / "001-ok.yaml")])
def test_no_progress_off_a_terminal(args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


def test_no_progress_off_a_terminal_for_pacing(timed):
    result = run("pacing", timed)
    assert result.exit_code == 1 and "W011" in result.stdout   # (the fixture's pacing is poor on purpose)
    assert result.stderr == ""


# On a terminal: per case on standard error, the output as it was.

def test_check_shows_each_case_on_a_terminal_and_prints_the_same_report(terminal):
    plain_before = run("check", VILLAGE, "--quiet")
    result = run("check", VILLAGE)
    assert result.exit_code == 0, result.output
    shown = frames(result.stderr)
    for name in VILLAGE_FILES:   # each case's verdict, as it came in
        assert any("check:" in f and f"ok: {name}" in f for f in shown), (name, shown)
    assert any("3/3" in f for f in shown)
    assert result.stdout == plain_before.stdout == api.FORMATS["text"](*_report(VILLAGE))
    assert "\r" not in result.stdout and "check:" not in result.stdout


def test_quiet_silences_progress_on_a_terminal(terminal):
    result = run("check", VILLAGE, "--quiet")
    assert result.exit_code == 0 and result.stderr == ""


@pytest.mark.parametrize("fmt", ["json", "junit", "github"])
def test_machine_formats_carry_no_progress(terminal, fmt):
    result = run("check", VILLAGE, "--format", fmt)
    assert result.exit_code == 0
    assert "check:" in result.stderr            # on standard error, where it belongs
    assert "check:" not in result.stdout and "\r" not in result.stdout and "\x1b" not in result.stdout
    if fmt == "json":
        assert len(json.loads(result.stdout)["cases"]) == 3


def test_check_to_a_file_shows_progress_and_writes_the_report(terminal, tmp_path):
    out = tmp_path / "report.txt"
    result = run("check", VILLAGE, "-o", out)
    assert result.exit_code == 0 and result.stdout == ""
    assert out.read_text() == api.FORMATS["text"](*_report(VILLAGE))
    assert any("3/3" in f for f in frames(result.stderr))


def _report(paths):
    report = api.check(paths, api.Options(), jobs=1)
    return report.results, report.diagnostics


def test_explain_and_hint_show_the_case_under_way(terminal):
    result = run("explain", MINI / "001-ok.yaml")
    assert result.exit_code == 0
    assert any("explain:" in f and "001-ok.yaml" in f for f in frames(result.stderr))
    assert "explain:" not in result.stdout and "Difficulty: easy" in result.stdout
    result = run("hint", MINI / "001-ok.yaml")
    assert result.exit_code == 0
    assert any("hint:" in f and "checking and explaining" in f for f in frames(result.stderr))
    assert "hint:" not in result.stdout


def test_pacing_shows_each_reveal(terminal, timed):
    result = run("pacing", timed)
    shown = frames(result.stderr)
    assert any("pacing:" in f and "reveal 1 of 2" in f for f in shown), shown
    assert any("pacing:" in f and "reveal 2 of 2" in f for f in shown), shown
    assert "pacing:" not in result.stdout and "W011" in result.stdout


def test_generate_shows_its_drafts(terminal):
    result = run("generate", "--setting", ROOT / "cases" / "murdle", "--seed", 3, "--kind", "liars")
    assert result.exit_code == 0, result.output
    assert any(f.startswith("generate:") and "draft 1" in f for f in frames(result.stderr))
    assert "generate:" not in result.stdout and result.stdout.startswith("# yaml-language-server")


@pytest.mark.skipif(shutil.which("pdfinfo") is None or shutil.which("tesseract") is None,
                    reason="playtest needs poppler-utils and tesseract-ocr")
def test_playtest_shows_each_part_of_the_play(terminal, tmp_path):
    from pypdf import PdfWriter
    for name in ("casebook.pdf", "decoders.pdf"):
        writer = PdfWriter()
        for _ in range(3):
            writer.add_blank_page(595, 842)
        with (tmp_path / name).open("wb") as f:
            writer.write(f)
    from casetool.printing.layout import LAYOUT, Layout, dumps
    (tmp_path / LAYOUT).write_bytes(dumps(Layout("a4", ())))   # a layout with no wheels: the play runs
    result = run("playtest", tmp_path, "--source", VILLAGE, "--format", "json")
    assert result.exit_code == 1   # played, and found no mystery pages
    shown = frames(result.stderr)
    for number in (1, 2, 3):
        assert any(f"reading the page of mystery {number}" in f for f in shown), shown
    assert any("looking for spoilers" in f for f in shown)
    assert json.loads(result.stdout)["checks"] > 0


@pytest.mark.slow
def test_build_shows_its_phases_and_each_case(terminal, tmp_path):
    result = run("build", VILLAGE, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    shown = frames(result.stderr)
    for phase in ("loading", "checking 3 cases", "checked 3 of 3 cases", "laying out pages"):
        assert any(f.startswith("build:") and phase in f for f in shown), (phase, shown)
    assert "casebook.pdf: 3 mysteries" in result.stdout and "build:" not in result.stdout


# A real terminal: a pseudo-terminal on standard error, a pipe on standard output.

def test_a_real_terminal_sees_progress_and_standard_output_stays_clean():
    primary, secondary = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "casetool", "check", str(VILLAGE)], stdout=subprocess.PIPE,
                            stderr=secondary, stdin=subprocess.DEVNULL, cwd=ROOT)
    os.close(secondary)
    seen = b""
    while True:
        try:
            chunk = os.read(primary, 65536)
        except OSError:   # the terminal is gone: the process closed it
            break
        if not chunk:
            break
        seen += chunk
    out = proc.stdout.read().decode()
    proc.stdout.close()
    assert proc.wait() == 0
    os.close(primary)
    shown = frames(seen.decode())
    for name in VILLAGE_FILES:
        assert any("check:" in f and f"ok: {name}" in f for f in shown), (name, shown)
    assert out == api.FORMATS["text"](*_report(VILLAGE))


# The api streams a report in order, whatever order the cases finish in.

def test_each_result_is_given_in_order_as_soon_as_it_and_those_before_it_are_in(monkeypatch):
    from casetool.explain import verdict
    events = []
    judge = verdict.judge

    def slow_first(case, options):   # run in the worker processes: sent by name
        if case.number == 1:
            time.sleep(1.5)
        return judge(case, options)
    slow_first.__module__, slow_first.__qualname__ = verdict.__name__, "judge"
    monkeypatch.setattr(verdict, "judge", slow_first)
    report = api.check(VILLAGE, api.Options(warnings=False), jobs=2,
                       progress=lambda done, total, what: events.append(("done", done, total, what.removeprefix("ok: "))),
                       each=lambda r: events.append(("each", Path(r.file).name)))
    first, second, third = VILLAGE_FILES
    assert [Path(r.file).name for r in report.results] == VILLAGE_FILES
    # the second and third finished first; nothing was given until the first was in, then all three in order
    assert {e[3] for e in events[:2]} == {second, third} and [e[:3] for e in events[:2]] == [("done", 1, 3), ("done", 2, 3)]
    assert events[2:] == [("done", 3, 3, first), ("each", first), ("each", second), ("each", third)]


def test_each_result_is_given_before_the_next_case_is_checked(monkeypatch):
    from casetool.explain import verdict
    events = []
    judge = verdict.judge

    def noted(case, options):
        events.append(("judge", case.number))
        return judge(case, options)
    monkeypatch.setattr(verdict, "judge", noted)
    api.check(VILLAGE, api.Options(warnings=False), jobs=1, each=lambda r: events.append(("each", r.number)))
    assert events == [("judge", 1), ("each", 1), ("judge", 2), ("each", 2), ("judge", 3), ("each", 3)]


def test_a_terminal_of_no_size_still_shows_the_bar(monkeypatch):
    """A new pseudo-terminal says 0 columns and 0 lines; tqdm would then draw nothing."""
    primary, secondary = pty.openpty()
    try:
        with os.fdopen(os.dup(secondary), "w") as stream:
            monkeypatch.setattr(sys, "stderr", stream)
            assert fcntl.ioctl(secondary, __import__("termios").TIOCGWINSZ, b"\0" * 8) == b"\0" * 8
            with progress_module.Progress("check", 2) as bar:
                bar.advance(1, 2, "ok: a.yaml")
            stream.flush()
        seen = ""
        # nothing drawn: nothing to read, and no hang; a pty hands over what was written in
        # pieces, so read until it has been quiet a while (one read saw half a bar under load)
        while select.select([primary], [], [], 5 if not seen else 0.5)[0]:
            seen += os.read(primary, 65536).decode()
    finally:
        os.close(primary)
        os.close(secondary)
    assert "check:" in seen and "1/2" in seen and "ok: a.yaml" in seen


def test_tqdm_is_imported_only_when_the_bar_is_shown():
    """`casetool check` in a script or CI pays nothing for the bar (issue 27 item 17)."""
    code = ("import sys; from click.testing import CliRunner; from casetool.cli import cli; "
            f"r = CliRunner().invoke(cli, ['check', {str(VILLAGE)!r}]); "
            "print(r.exit_code, 'tqdm' in sys.modules)")
    off = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert off.stdout.split() == ["0", "False"], off.stderr
    forced = code.replace("from casetool.cli import cli; ",
                          "from casetool.cli import cli; from casetool.commands import progress; "
                          "progress.isatty = lambda: True; ")
    on = subprocess.run([sys.executable, "-c", forced], capture_output=True, text=True, cwd=ROOT)
    assert on.stdout.split() == ["0", "True"], on.stderr


def test_a_bar_starts_no_thread_so_build_still_forks_its_decoders_job():
    """tqdm's monitor thread would make printing/background.py run the decoders job serially
    (it forks only from a process with one thread): a build on a terminal would be slower."""
    code = ("import sys, threading; from casetool.commands import progress; progress.isatty = lambda: True; "
            "bar = progress.Progress('build', 3); bar.__enter__(); bar.advance(1, 3, 'x'); "
            "print(threading.active_count()); bar.__exit__(None, None, None)")
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert ran.stdout.split() == ["1"], ran.stderr
