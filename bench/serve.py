"""Benchmark: save-to-reload time of `casetool serve` for one changed case.

Starts `casetool serve` on a copy of cases/hampshire, opens a case page in headless
Chromium (Playwright; Debian's chromium at /usr/bin/chromium or $CASETOOL_CHROMIUM),
then saves the case file again and again and measures, for each save:

  save -> reload starts   the watcher sees the file, the case is re-validated, re-checked
                          and (if ok) re-explained, and the page is told over its event stream
  save -> page loaded     ... plus the page's own request and render (the browser's load event)

Two kinds of save alternate: a title edit (the case stays ok, so the reload waits for the
new explanation and pacing) and removing a decisive clue (the case turns ambiguous).
Without a browser it measures save -> event received -> page fetched with plain HTTP.

Run: python bench/serve.py [--rounds N] [--case FILE]   (figures recorded in bench/README.md)
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "cases" / "hampshire"
CASE = "003-the-ticket-punch.yaml"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium() -> str | None:
    for c in (os.environ.get("CASETOOL_CHROMIUM", ""), "/usr/bin/chromium", shutil.which("chromium") or ""):
        if c and os.access(c, os.X_OK):
            return c
    return None


def start_server(folder: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "casetool", "serve", str(folder), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=folder)
    line = proc.stdout.readline()
    match = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
    if not match:
        proc.kill()
        sys.exit(f"casetool serve did not start: {line!r}")
    return proc, match.group(1)


def edits(text: str) -> list[tuple[str, str]]:
    """(kind, new text) pairs that each change the file; run in a cycle."""
    lines = text.splitlines(keepends=True)
    # the first clue spoken by the locator (a scene clue such as "FAIR") is the decisive one
    start = next(i for i, ln in enumerate(lines) if ln.strip().startswith("- id:")
                 and lines[i + 1].strip() == "speaker: boddy")
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    ambiguous = "".join(lines[:start] + lines[end:])
    retitled = re.sub(r"^title: (.*)$", r"title: \1 (edited)", text, count=1, flags=re.M)
    return [("title edit (stays ok)", retitled), ("original", text),
            ("clue removed (ambiguous)", ambiguous), ("original", text)]


def bench_browser(url: str, path: Path, rounds: int, exe: str) -> dict[str, list[tuple[float, float]]]:
    from playwright.sync_api import expect, sync_playwright
    results: dict[str, list[tuple[float, float]]] = {}
    original = path.read_text()
    cycle = edits(original)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page()
        page.goto(url + "case/" + path.name)
        live = page.locator("#live")  # the page's event stream is connected
        expect(live).to_have_text(re.compile("^live"))
        for i in range(rounds * len(cycle)):
            kind, text = cycle[i % len(cycle)]
            time.sleep(0.3)  # a quiet folder between saves, as when a person types
            with page.expect_event("load", timeout=30_000):
                saved = time.time()
                path.write_text(text)
            expect(live).to_have_text(re.compile("^live"))
            nav = page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
                                   return [performance.timeOrigin, performance.timeOrigin + n.loadEventEnd]; }""")
            results.setdefault(kind, []).append((nav[0] / 1000 - saved, nav[1] / 1000 - saved))
        browser.close()
    path.write_text(original)
    return results


def bench_http(url: str, path: Path, rounds: int) -> dict[str, list[tuple[float, float]]]:
    """No browser: save -> stamp changes on /events, then -> the case page fetched."""
    host, port = re.match(r"http://([^:]+):(\d+)/", url).groups()
    results: dict[str, list[tuple[float, float]]] = {}
    original = path.read_text()
    cycle = edits(original)
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("GET", "/events")
    events = conn.getresponse()  # kept: the stream closes with it
    stream = events.fp

    def next_stamp() -> str:
        while True:
            line = stream.readline().decode()
            if line.startswith("data: "):
                return json.loads(line[6:])["cases"].get(path.name, "")
    stamp = next_stamp()
    for i in range(rounds * len(cycle)):
        kind, text = cycle[i % len(cycle)]
        time.sleep(0.3)
        saved = time.time()
        path.write_text(text)
        new = next_stamp()
        while new == stamp:
            new = next_stamp()
        stamp = new
        told = time.time()
        page = http.client.HTTPConnection(host, int(port), timeout=30)
        page.request("GET", "/case/" + path.name)
        page.getresponse().read()
        page.close()
        results.setdefault(kind, []).append((told - saved, time.time() - saved))
    conn.close()
    path.write_text(original)
    return results


def report(results: dict[str, list[tuple[float, float]]], what: tuple[str, str]) -> None:
    print(f"{'save kind':<26} {'n':>3}  {what[0]:>24}  {what[1]:>30}")
    for kind, rows in results.items():
        if kind == "original":
            continue
        a = sorted(r[0] * 1000 for r in rows)
        b = sorted(r[1] * 1000 for r in rows)
        fmt = lambda xs: f"median {statistics.median(xs):4.0f}, max {max(xs):4.0f} ms"  # noqa: E731
        print(f"{kind:<26} {len(rows):>3}  {fmt(a):>24}  {fmt(b):>30}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="cycles of the four saves (default 10)")
    parser.add_argument("--case", default=CASE, help=f"case file of the sample to edit (default {CASE})")
    parser.add_argument("--no-browser", action="store_true", help="measure with plain HTTP only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "hampshire"
        shutil.copytree(SAMPLE, folder)
        proc, url = start_server(folder)
        try:
            exe = None if args.no_browser else chromium()
            print(f"casetool serve {SAMPLE.relative_to(ROOT)} (a copy), editing {args.case}; "
                  f"{'headless Chromium' if exe else 'plain HTTP (no browser)'}")
            if exe:
                report(bench_browser(url, folder / args.case, args.rounds, exe),
                       ("save -> reload starts", "save -> page loaded"))
            else:
                report(bench_http(url, folder / args.case, args.rounds),
                       ("save -> event received", "save -> page fetched"))
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
