"""system-packages.txt is the one list of system packages: .ci/run installs from it, the README's
install command reads it, and a missing package stops the test run with its name."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import system_packages
from system_packages import packages

ROOT = Path(__file__).resolve().parent.parent
ABSENT = "libcasetool-absent0"  # a package whose library no machine has


def _fake_list(tmp_path, when: str) -> Path:
    path = tmp_path / "packages.txt"
    path.write_text(f"# a list like the real one\n{ABSENT}  {when}  lib:libcasetool-absent.so.0  what a test needs\n"
                    "git  stop  bin:git  the pre-commit test\n")
    return path


def _collect(tmp_path, when: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "CASETOOL_SYSTEM_PACKAGES": str(_fake_list(tmp_path, when))}
    return subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                           "tests/test_codes.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_a_missing_stop_package_stops_the_test_run_naming_it(tmp_path):
    result = _collect(tmp_path, "stop")
    assert result.returncode == pytest.ExitCode.USAGE_ERROR, result.stdout + result.stderr
    assert f"missing system packages (system-packages.txt): {ABSENT} (what a test needs)" in result.stderr
    assert f"sudo apt-get install {ABSENT}" in result.stderr
    assert "test_codes.py::" not in result.stdout  # stopped before collecting anything


@pytest.mark.slow  # collects a test module in a second pytest: seconds
def test_a_missing_skip_package_lets_the_tests_run(tmp_path):
    result = _collect(tmp_path, "skip")
    assert result.returncode == 0, result.stderr
    assert "test_codes.py::" in result.stdout


def test_ci_installs_what_the_list_says_is_missing(tmp_path):
    env = {**os.environ, "CASETOOL_SYSTEM_PACKAGES": str(_fake_list(tmp_path, "stop"))}
    printed = subprocess.run([sys.executable, "tests/system_packages.py", "missing", "stop"], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True).stdout
    assert printed.split() == [ABSENT]  # git is there: only the missing one is asked for
    script = (ROOT / ".ci" / "run").read_text()
    assert "tests/system_packages.py missing stop" in script and "tests/system_packages.py missing skip" in script
    installs = [line for line in script.splitlines() if "apt-get install" in line]
    assert installs and all(re.search(r"--no-install-recommends \$(need|want) ", line) for line in installs), installs


def test_the_readme_installs_every_listed_package():
    readme = (ROOT / "README.md").read_text()
    [command] = re.findall(r"sudo apt-get install \$\((awk [^)]*)\)", readme)
    assert command in (ROOT / "system-packages.txt").read_text()  # the list shows the same command
    names = subprocess.run(command, shell=True, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert names.split() == [p.name for p in packages()]


def test_every_program_casetool_and_the_tests_run_is_listed():
    import pytesseract
    from casetool.playtest.raster import TOOLS
    run = set(TOOLS) | {pytesseract.pytesseract.tesseract_cmd}
    for source in [*ROOT.glob("casetool/**/*.py"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("bench/**/*.py")]:
        run |= set(re.findall(r"subprocess\.\w+\(\[\s*\"([\w.-]+)\"", source.read_text()))
    listed = {probe[4:] for p in packages() for probe in p.probes if probe.startswith("bin:")}
    assert run <= listed, sorted(run - listed)


def test_probes_tell_present_from_absent(tmp_path):
    assert system_packages._present("lib:libc.so.6") and not system_packages._present("lib:libcasetool-absent.so.0")
    assert system_packages._present(f"file:{ROOT}/system-*.txt") and not system_packages._present("bin:casetool-absent")
    with pytest.raises(ValueError, match="unknown probe"):
        system_packages._present("deb:git")
    (tmp_path / "bad.txt").write_text("chromium sometimes bin:chromium\n")
    with pytest.raises(ValueError, match="bad.txt:1: expected"):
        packages(tmp_path / "bad.txt")
