"""End to end in a real browser: `casetool serve` in a subprocess, headless Chromium
driven by Playwright, the case file edited on disk, and the page updating by itself.

Needs a Chromium executable (Debian's `chromium` package; .ci/run installs it). The
test is skipped only when there is none; Playwright itself is a test dependency.
"""

import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from serve_helpers import without_clue

CANDIDATES = [os.environ.get("CASETOOL_CHROMIUM", ""), "/usr/bin/chromium", shutil.which("chromium") or "",
              shutil.which("chromium-browser") or ""]
CHROMIUM = next((c for c in CANDIDATES if c and os.access(c, os.X_OK)), None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 15_000

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium executable (/usr/bin/chromium or CASETOOL_CHROMIUM): install Debian's chromium "
           "package (apt-get install chromium) to run the browser test")]


class Served:
    """`casetool serve FOLDER --port 0` in a subprocess; its URL read from its first line."""

    def __init__(self, folder: Path):
        self.proc = subprocess.Popen([sys.executable, "-m", "casetool", "serve", str(folder), "--port", "0"],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.output: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        deadline = time.monotonic() + 60
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                self.stop()
                pytest.fail("casetool serve did not start:\n" + "".join(self.output))
            match = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
            if match:
                self.url = match.group(1)
                return

    def _read(self):
        with self.proc.stdout as out:  # closed at the server's end (else a ResourceWarning, an error here)
            for line in out:
                self.output.append(line)
                self.lines.put(line)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self):
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.reader.join(10)


@pytest.fixture
def served(book):
    server = Served(book)
    yield server
    server.stop()


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


def test_edits_show_up_in_the_open_page_without_a_reload(served, browser, book):
    from playwright.sync_api import expect

    page = browser.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(served.url + "case/001-ok.yaml")
    expect(page.locator("#check")).to_have_attribute("data-status", "ok")
    expect(page.locator("#live")).to_have_text(re.compile("live"))
    page.evaluate("window.loadedByTheTest = true")
    path = book / "001-ok.yaml"
    good = path.read_text()

    # Remove the decisive clue: two answers fit. The page must change by itself.
    start = time.monotonic()
    path.write_text(without_clue(good, "boddy"))
    expect(page.locator("#check")).to_have_attribute("data-status", "ambiguous")
    took = time.monotonic() - start
    answers = page.locator("#answers > li")
    expect(answers).to_have_count(2)
    expect(answers.nth(0)).to_contain_text("The Parade")
    expect(answers.nth(1)).to_contain_text("The Fair")
    expect(answers.nth(0)).to_contain_text("liars: Mrs. White")
    expect(page.locator("#check-message")).to_have_text("2 answers fit; the answer must be unique")
    assert page.evaluate("window.loadedByTheTest") is None  # the page reloaded itself
    print(f"save to ambiguous diagnostics in the browser: {took * 1000:.0f} ms")

    # A half-typed edit: the YAML error with its line, the last good mystery, a live server.
    path.write_text(good + '  - id: half\n    text: "The culprit was\n')
    error = page.locator("#diagnostics .diag.error")
    expect(error).to_contain_text("error[E010]")
    expect(error).to_contain_text(re.compile(r"001-ok\.yaml:\d+:\d+"))
    expect(page.locator("#stale")).to_be_visible()
    expect(page.locator("#mystery")).to_contain_text("Someone took the vicar's umbrella.")
    assert served.alive()

    # Finished typing: ok again, with the explanation.
    path.write_text(good)
    expect(page.locator("#check")).to_have_attribute("data-status", "ok")
    expect(page.locator("#explanation")).to_contain_text("Only one answer remains")

    # Deleted mid-edit, then saved again.
    path.unlink()
    expect(page.locator("#gone")).to_be_visible()
    path.write_text(good)
    expect(page.locator("#check")).to_have_attribute("data-status", "ok")
    assert served.alive()


def test_the_index_follows_the_folder(served, browser, book):
    from playwright.sync_api import expect

    page = browser.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(served.url)
    rows = page.locator("#cases tbody tr")
    expect(rows).to_have_count(4)
    expect(page.locator('tr[data-file="002-ambiguous.yaml"]')).to_have_attribute("data-status", "ambiguous")
    expect(page.locator("#live")).to_have_text(re.compile("live"))

    (book / "002-ambiguous.yaml").write_text((book / "001-ok.yaml").read_text().replace("case: 1", "case: 2"))
    expect(page.locator('tr[data-file="002-ambiguous.yaml"]')).to_have_attribute("data-status", "ok")
    setting = book / "setting.yaml"
    setting.write_text(setting.read_text().replace("answer: [suspect, scene]", "answer: [suspect, scene"))
    expect(page.locator("#book-diagnostics")).to_contain_text("error[E010]")
    expect(page.locator('tr[data-status="invalid"]')).to_have_count(4)
    assert served.alive()
    page.click('a[href="/case/001-ok.yaml"]')
    expect(page.locator("#book-errors")).to_contain_text("setting.yaml")
