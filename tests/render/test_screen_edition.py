"""casebook.html, the screen edition (issue 26 item 8): every solution closed until the
reader asks for it, and the shipped fonts carried inside the file.

The font tests read the embedded fonts back with fontTools; the browser tests open the
built village book in a real headless Chromium (Playwright), skipped, saying why, when
the machine has no Chromium.
"""

import base64
import io
import os
import re
import shutil
from pathlib import Path

import pytest
from casetool.printing.environment import make_environment, render_template
from casetool.render.pipeline import FONTS
from casetool.render.screen import embed_fonts
from fontTools.ttLib import TTFont

CANDIDATES = [os.environ.get("CASETOOL_CHROMIUM", ""), "/usr/bin/chromium", shutil.which("chromium") or "",
              shutil.which("chromium-browser") or ""]
CHROMIUM = next((c for c in CANDIDATES if c and os.access(c, os.X_OK)), None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
PAGE = "<html><head><title>t</title></head><body><p>The vicar’s “umbrella” — ﬁne, 1927.</p></body></html>"
FACE = re.compile(r'@font-face\s*{[^}]*font-family:\s*"([^"]+)"[^}]*base64,([A-Za-z0-9+/=]+)')


def fonts_css() -> str:
    return render_template(make_environment(None), "fonts.css", {})


def embedded(html: str) -> list[tuple[str, TTFont]]:
    return [(family, TTFont(io.BytesIO(base64.b64decode(data)))) for family, data in FACE.findall(html)]


def test_every_shipped_face_is_carried_with_every_character_the_page_uses():
    html = embed_fonts(PAGE, fonts_css(), FONTS)
    faces = embedded(html)
    assert sorted({family for family, _ in faces}) == ["casetool sans", "casetool serif"]
    assert len(faces) == len(re.findall(r"@font-face", fonts_css()))
    for family, font in faces:
        cmap = font.getBestCmap()
        missing = [c for c in "The vicar’s “umbrella” — fine, 1927." if ord(c) not in cmap and not c.isspace()]
        assert missing == [], (family, missing)
    assert not re.search(r"url\((?!\"data:)", html), "a font fetched from beside the file or the network"


def test_the_carried_fonts_are_cut_down_and_the_same_every_time():
    first, second = embed_fonts(PAGE, fonts_css(), FONTS), embed_fonts(PAGE, fonts_css(), FONTS)
    assert first == second
    assert len(FACE.findall(first)) == len(re.findall(r"@font-face", fonts_css()))
    whole = sum(p.stat().st_size for p in FONTS.glob("*.ttf"))
    assert len(first) < whole / 4, "the fonts were not cut down to the page's characters"


# ---- in a real browser -------------------------------------------------------------------

no_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium executable (/usr/bin/chromium or CASETOOL_CHROMIUM): install Debian's "
                             "chromium package to run the screen edition's browser tests")


@pytest.fixture
def page(built):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        tab = browser.new_page(viewport={"width": 1100, "height": 900})
        fetched: list[str] = []
        tab.on("request", lambda request: fetched.append(request.url))
        tab.goto((Path(built) / "casebook.html").as_uri())
        tab.evaluate("document.fonts.ready.then(() => true)")
        tab.fetched = fetched
        yield tab
        browser.close()


@pytest.mark.slow
@no_chromium
def test_solutions_stay_closed_until_asked_for(page):
    solutions = page.locator("article.solution")
    assert solutions.count() == 3
    for i in range(solutions.count()):
        solution = solutions.nth(i)
        assert solution.locator("summary").is_visible()
        assert not solution.locator("p.answer").first.is_visible(), "an answer shows before it is asked for"
    first = solutions.nth(0)
    first.locator("summary").click()
    assert first.locator("p.answer").first.is_visible()
    assert not solutions.nth(1).locator("p.answer").first.is_visible(), "opening one solution opened another"


@pytest.mark.slow
@no_chromium
def test_the_page_is_set_in_its_own_fonts_and_fetches_nothing(page):
    faces = page.evaluate("[...document.fonts].map(f => [f.family.replace(/\"/g, ''), f.status])")
    assert {family for family, _ in faces} == {"casetool serif", "casetool sans"}
    assert all(status == "loaded" for _, status in faces), faces
    assert page.evaluate("document.fonts.check('16px \"casetool serif\"') && document.fonts.check('16px \"casetool sans\"')")
    assert [url for url in page.fetched if not url.startswith(("file:", "data:"))] == []
