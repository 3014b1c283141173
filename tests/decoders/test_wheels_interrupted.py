"""`casetool wheels --write` pins a casebook as one set: a refused file, Ctrl-C or SIGKILL
at any moment leaves the book wholly unpinned or (once read again) wholly pinned."""

import os
import signal
import subprocess
import sys
import textwrap

import pytest
from casetool.cli import cli
from casetool.fileset import JOURNAL
from click.testing import CliRunner

from test_allocation import unpinned_copy


def wheels(folder, *args):
    result = CliRunner().invoke(cli, ["wheels", str(folder), *args])
    assert "Traceback" not in result.output, result.output
    return result


def contents(folder) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("0*.yaml"))}


def leftovers(folder) -> list:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.name.endswith(".tmp"))


@pytest.fixture(scope="module")
def pinned(tmp_path_factory):
    """The eight case files as an uninterrupted `--write` pins them."""
    folder = unpinned_copy(tmp_path_factory.mktemp("whole"))
    assert wheels(folder, "--write").exit_code == 0
    return contents(folder)


def test_one_read_only_file_means_nothing_is_pinned(tmp_path):
    folder = unpinned_copy(tmp_path)
    before = contents(folder)
    locked = folder / "004-the-upset-apple-cart.yaml"
    locked.chmod(0o444)
    result = wheels(folder, "--write")
    assert result.exit_code == 2
    assert "error[R052]" in result.stderr and "nothing pinned" in result.stderr
    assert "pinned" not in result.stdout
    assert contents(folder) == before and not leftovers(folder)


def test_ctrl_c_while_staging_leaves_the_book_unpinned(tmp_path, monkeypatch):
    import casetool.fileset as fileset
    folder = unpinned_copy(tmp_path)
    before = contents(folder)
    real, staged = fileset.write_file, []

    def interrupted(path, data, mode=None):
        if len(staged) == 3:
            raise KeyboardInterrupt  # Ctrl-C after three of the eight case files
        staged.append(path)
        real(path, data, mode)
    monkeypatch.setattr(fileset, "write_file", interrupted)
    assert wheels(folder, "--write").exit_code != 0
    assert len(staged) == 3 and contents(folder) == before and not leftovers(folder)


def test_a_committed_change_is_finished_by_the_next_read(tmp_path, monkeypatch, pinned):
    import casetool.fileset as fileset
    folder = unpinned_copy(tmp_path)
    real, moved = os.replace, []

    def cut(src, dst):
        if str(src).endswith(".new") and len(moved) == 3:
            raise KeyboardInterrupt  # Ctrl-C after three of the eight renames
        moved.append(dst)
        real(src, dst)
    monkeypatch.setattr(fileset.os, "replace", cut)
    assert wheels(folder, "--write").exit_code != 0
    monkeypatch.setattr(fileset.os, "replace", real)
    assert (folder / JOURNAL).is_dir()  # half moved, committed: the journal says how to finish
    assert CliRunner().invoke(cli, ["validate", str(folder)]).exit_code == 0
    assert contents(folder) == pinned and not leftovers(folder)


def test_stray_temporary_files_of_a_killed_write_are_removed(tmp_path):
    folder = unpinned_copy(tmp_path)
    stray = folder / ".001-the-marrow-vanishes.yaml.k2j3h4.tmp"
    stray.write_text("half a file")
    os.utime(stray, (1, 1))  # long ago: no running command owns it
    fresh = folder / ".002-the-borrowed-banner.yaml.a1b2c3.tmp"
    fresh.write_text("being written right now")
    assert wheels(folder).exit_code == 0
    assert not stray.exists() and fresh.exists()


# SIGKILL for real: a child process kills itself at its n-th rename or file creation (an
# audit hook sees each), so every step of the write is cut once, without a hook in casetool.
KILLER = textwrap.dedent("""
    import os, signal, sys
    event, at = sys.argv[1], int(sys.argv[2])
    seen = [0]
    def hook(name, args):
        if name == event and (name != "open" or "w" in str(args[1]) or (args[2] or 0) & os.O_CREAT):
            seen[0] += 1
            if seen[0] == at:
                os.kill(os.getpid(), signal.SIGKILL)
    sys.addaudithook(hook)
    from casetool.cli import main
    sys.argv = ["casetool", "wheels", sys.argv[3], "--write"]
    main()
""")


@pytest.mark.slow
@pytest.mark.parametrize("event, at", [("os.rename", n) for n in (1, 2, 5, 9)] + [("open", n) for n in (1, 4, 9)])
def test_sigkill_at_any_step_leaves_the_book_old_or_new(tmp_path, pinned, event, at):
    folder = unpinned_copy(tmp_path)
    before = contents(folder)
    run = subprocess.run([sys.executable, "-c", KILLER, event, str(at), str(folder)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == -signal.SIGKILL, run.stderr
    after = contents(folder)
    if after not in (before, pinned):  # cut between renames: only with the journal committed
        assert (folder / JOURNAL / "manifest.json").is_file()
    assert wheels(folder).exit_code == 0  # any read of the book recovers it
    assert contents(folder) in (before, pinned) and not leftovers(folder)
    if (folder / JOURNAL).exists() or after == pinned:
        assert contents(folder) == pinned


@pytest.mark.slow
def test_sigkill_at_random_moments_leaves_the_book_old_or_new(tmp_path, pinned):
    import random
    import time
    folder = unpinned_copy(tmp_path)
    before = contents(folder)
    for delay in random.Random(7).sample([i / 10 for i in range(5, 40)], 6):
        child = subprocess.Popen([sys.executable, "-m", "casetool", "wheels", str(folder), "--write"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        assert wheels(folder).exit_code == 0
        assert contents(folder) in (before, pinned) and not leftovers(folder)
        if contents(folder) == pinned:
            break
