"""The README's CI route, as another repository takes it: the pinned commit exists and has
the hooks as they are, and in a scratch repository of an author's, the README's
.pre-commit-config.yaml (its URL pointed at this repository), workflow steps and
`pytest cases/` pass on a clean casebook and fail on a setting edit that breaks a case.

Nothing here skips: a route that cannot be tried fails, saying why (issue 27)."""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from test_readme import blocks

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "mini"
# Green in glasses fits the clues as well as Plum: a valid setting, and the case is ambiguous.
BREAK = ("hair: brown, glasses: false", "hair: brown, glasses: true")


def readme_yaml(first_line: str) -> str:
    [body] = [b for b in blocks("yaml") if b.startswith(first_line)]
    return body


def precommit_config() -> dict:
    [repo] = yaml.safe_load(readme_yaml("repos:"))["repos"]
    return repo


def git(*args, cwd: Path) -> subprocess.CompletedProcess:
    if shutil.which("git") is None:
        pytest.fail("git is not installed (system-packages.txt): the README's pin and pre-commit need it")
    return subprocess.run(["git", "-c", "user.name=Author", "-c", "user.email=author@example.invalid",
                           "-c", "commit.gpgsign=false", *args], cwd=cwd, capture_output=True, text=True)


def require_checkout() -> None:
    if git("rev-parse", "--git-dir", cwd=ROOT).returncode != 0:
        pytest.fail(f"{ROOT} is not a git checkout: the README's pinned commit cannot be tried (clone the repository)")


def test_the_readme_pins_a_commit_this_history_carries():
    rev = precommit_config()["rev"]
    assert re.fullmatch(r"[0-9a-f]{40}", rev), f"README.md's rev {rev!r}: pin a whole commit id"
    require_checkout()
    carried = git("merge-base", "--is-ancestor", rev, "HEAD", cwd=ROOT)
    assert carried.returncode == 0, (
        f"README.md pins casetool at {rev}, which this history does not carry (a shallow clone, or a "
        "rebased or squashed branch): pin a commit of main, e.g. `git log -1 --format=%H -- .pre-commit-hooks.yaml`"
        f"\n{carried.stderr}")


def test_the_pinned_commit_has_the_hooks_as_they_are():
    repo = precommit_config()
    pinned = git("show", f"{repo['rev']}:.pre-commit-hooks.yaml", cwd=ROOT)
    assert pinned.returncode == 0, pinned.stderr
    assert pinned.stdout == (ROOT / ".pre-commit-hooks.yaml").read_text(), (
        "the hooks changed since the commit README.md pins: move its rev (in both examples) to one that has them")
    ids = {hook["id"] for hook in yaml.safe_load(pinned.stdout)}
    assert {hook["id"] for hook in repo["hooks"]} <= ids


def test_the_workflow_installs_the_pinned_commit():
    repo = precommit_config()
    workflow = yaml.safe_load(readme_yaml("# .github/workflows/cases.yml"))
    runs = [step["run"] for step in workflow["jobs"]["check"]["steps"] if "run" in step]
    assert runs[0] == f'pip install "casetool @ git+{repo["repo"]}@{repo["rev"]}"'


class Author:
    """A scratch repository of an author's: a casebook, the README's workflow and config."""

    def __init__(self, folder: Path):
        self.folder = folder
        book = folder / "cases" / "mini"
        book.mkdir(parents=True)
        for name in ("setting.yaml", "001-ok.yaml"):
            shutil.copy(FIXTURES / name, book)
        (book / "casebook.yaml").write_text("casebook: mini\ntitle: Mini\nsetting: mini\ncases: [001-ok.yaml]\n")
        self.setting = book / "setting.yaml"
        workflow = readme_yaml("# .github/workflows/cases.yml")
        (folder / ".github" / "workflows").mkdir(parents=True)
        (folder / ".github" / "workflows" / "cases.yml").write_text(workflow)
        # The workflow's steps after it installs casetool (here, the casetool under test is on PATH).
        self.steps = [s["run"] for s in yaml.safe_load(workflow)["jobs"]["check"]["steps"]
                      if "run" in s and not s["run"].startswith("pip install")]
        url = precommit_config()["repo"]
        (folder / ".pre-commit-config.yaml").write_text(readme_yaml("repos:").replace(url, str(ROOT)))
        self.git("init", "-q", "-b", "main")
        self.git("add", "-A")
        self.git("commit", "-q", "-m", "a casebook")
        # A pre-commit home of its own: every run installs casetool afresh, as a new machine does.
        self.env = {**os.environ, "PRE_COMMIT_HOME": str(folder.parent / "pre-commit-home"),
                    "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}

    def git(self, *args):
        done = git(*args, cwd=self.folder)
        assert done.returncode == 0, done.stderr

    def run(self, command: str) -> subprocess.CompletedProcess:
        return subprocess.run(command, shell=True, cwd=self.folder, env=self.env, capture_output=True, text=True,
                              timeout=900)

    def precommit(self, *args) -> subprocess.CompletedProcess:
        return self.run(shlex.join([sys.executable, "-m", "pre_commit", "run", *args]))


@pytest.mark.slow  # pre-commit pip-installs casetool into its own environment: one to two minutes
def test_the_readme_route_passes_a_clean_book_and_fails_a_breaking_setting_edit(tmp_path):
    if importlib.util.find_spec("pre_commit") is None:
        pytest.fail("pre-commit is not installed: pip install -e '.[test]'")
    require_checkout()
    author = Author(tmp_path / "author")
    first = author.precommit("--all-files")
    assert first.returncode == 0, (
        "pre-commit, with the README's config pointed at this repository, failed on a clean casebook "
        "(if it could not install casetool, its pip needs the index this machine's pip is configured with):\n"
        + first.stdout + first.stderr)
    assert re.search(r"casetool validate\.+Passed", first.stdout) and re.search(r"casetool check\.+Passed", first.stdout)
    for command in [*author.steps, "pytest -p no:cacheprovider cases/"]:
        done = author.run(command)
        assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"

    author.setting.write_text(author.setting.read_text().replace(*BREAK))
    author.git("add", "cases/mini/setting.yaml")
    staged = author.precommit()  # as at `git commit`: only the changed setting.yaml is handed over
    assert staged.returncode == 1, staged.stdout + staged.stderr
    assert re.search(r"casetool validate\.+Passed", staged.stdout), staged.stdout
    assert re.search(r"casetool check\.+Failed", staged.stdout), staged.stdout
    assert "cases/mini/001-ok.yaml:2:1: error[ambiguous]" in staged.stdout
    assert author.precommit("--all-files").returncode == 1
    for command in [author.steps[-1], "pytest -p no:cacheprovider cases/"]:
        assert author.run(command).returncode == 1, command


@pytest.mark.parametrize("command, status", [("validate", 0), ("check", 1)])  # mini has failing cases
def test_the_workflow_steps_load_nothing_that_needs_a_system_package(command, status):
    # The README's workflow installs no system package: validate and check must not import
    # WeasyPrint (Pango, HarfBuzz) or the OCR (tesseract), which only the PDF commands use.
    code = ("import runpy, sys\n"
            f"sys.argv = ['casetool', {command!r}, 'tests/fixtures/mini/setting.yaml']\n"
            "try:\n    runpy.run_module('casetool', run_name='__main__')\n"
            "except SystemExit as exc:\n    print('exit', exc.code)\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'weasyprint', 'pytesseract'}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[-2:] == [f"exit {status}", "[]"], done.stdout + done.stderr
