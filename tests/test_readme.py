"""The README's examples run: its shell commands, its shown `check` output, its case file,
and the quick start's test command is the one `.ci/run` runs."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path
from xml.etree import ElementTree

import pytest
import yaml

from cli_support import run

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)
# Subcommands that are quick and leave nothing running; `build` has its own slow test,
# `serve` and `lsp` wait for a browser or an editor.
SAFE = {"new", "validate", "check", "explain", "hint"}


def blocks(lang: str) -> list[str]:
    return [body for kind, body in BLOCK.findall(README.read_text()) if kind == lang]


def commands(body: str) -> list[list[str]]:
    """The lines of a shell block as argument lists, comments dropped."""
    return [shlex.split(line, comments=True) for line in body.splitlines() if line.strip()]


def quick_start() -> list[str]:
    return next(b for b in blocks("sh") if "pip install -e ." in b).strip().splitlines()


@pytest.fixture
def workdir(tmp_path, monkeypatch) -> Path:
    """A scratch folder holding the paths the README names (the fixtures, the samples)."""
    shutil.copytree(ROOT / "tests" / "fixtures" / "mini", tmp_path / "tests" / "fixtures" / "mini")
    shutil.copytree(ROOT / "cases" / "hampshire", tmp_path / "cases" / "hampshire")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_quick_start_is_two_commands_and_ci_runs_the_second_verbatim():
    assert len(quick_start()) == 2
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-1] == quick_start()[1]
    assert 'python -m pytest -m "not slow"' in README.read_text()


def test_every_casetool_command_the_readme_runs_exists():
    subcommands = {argv[1] for body in blocks("sh") for argv in commands(body) if argv and argv[0] == "casetool"}
    subcommands |= set(re.findall(r"\| `casetool (\w+)", README.read_text()))
    for name in sorted(subcommands):
        assert run(name, "--help").exit_code == 0, name


def test_the_shell_examples_run_in_order(workdir):
    ran = []
    for body in blocks("sh"):
        for argv in commands(body):
            if argv[:1] == ["casetool"] and argv[1] in SAFE:
                result = run(*argv[1:])
                assert result.exit_code == 0, f"{shlex.join(argv)}\n{result.output}"
                ran.append(argv[1])
    assert {"new", "validate"} <= set(ran)
    # What the examples promise: a new casebook with a case, and schemas its lines point at.
    first = (workdir / "mybook" / "001-the-missing-umbrella.yaml").read_text().splitlines()[0]
    assert (workdir / "mybook" / first.split("$schema=")[1]).is_file()
    report = ElementTree.parse(workdir / "report.xml").getroot()  # the CI section's JUnit report
    assert report.tag == "testsuite" and report.get("failures") == "0"


def test_the_yaml_examples_are_yaml():
    for body in blocks("yaml"):
        assert isinstance(yaml.safe_load(body), dict), body


def test_the_shown_output_is_what_the_command_prints(workdir):
    shown = [b for b in blocks("text") if b.startswith("$ casetool ")]
    assert shown, "the README shows no command output"
    for body in shown:
        command, _, expected = body.partition("\n")
        result = run(*shlex.split(command[2:])[1:])
        assert result.output == expected, command


def test_the_example_case_is_the_file_it_names():
    text = README.read_text()
    [example] = [b for b in blocks("yaml") if b.startswith("# yaml-language-server")]
    named = re.search(r"this one is\s+`([^`]+)`", text).group(1)
    assert example == (ROOT / named).read_text()


@pytest.mark.slow
def test_the_quick_start_build_writes_the_book_and_the_decoders(workdir):
    argv = shlex.split(quick_start()[0].split("&&", 1)[1])
    assert argv[:2] == ["casetool", "build"]
    result = run(*argv[1:])
    assert result.exit_code == 0, result.output
    for name in ("casebook.html", "casebook.pdf", "decoders.pdf"):
        assert (workdir / "build" / name).stat().st_size > 0
        assert f"build/{name}" in README.read_text()
