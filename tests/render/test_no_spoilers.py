"""No mystery page gives its solution away: not in the printed casebook, not in the preview.

A spoiler is a run of five words of the solution's text that the rest of the case file
(story, clues, title) does not also contain; a mystery's pages must hold none of them.
"""

import html
import re
from pathlib import Path

import pytest
from casetool.serve.pages import Pages
from casetool.serve.workspace import Workspace

from render_support import page_texts

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = sorted(p for p in (ROOT / "cases").iterdir() if (p / "casebook.yaml").exists())
HEADER = re.compile(r"^M\s*Y\s*S\s*T\s*E\s*R\s*Y\s+(\d+)\b")


def words(text: str) -> list[str]:
    text = text.replace("\u2010\n", "").replace("-\n", "")  # words hyphenated at a line end
    return re.findall(r"[a-z0-9]+", text.lower())


def grams(text: str, n: int = 5) -> set[tuple]:
    w = words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


def strings(node) -> list[str]:
    if isinstance(node, dict):
        return [s for v in node.values() for s in strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in strings(v)]
    return [str(node)] if node is not None else []


def spoilers(case) -> set[tuple]:
    doc = case.source
    rest = " \n ".join(strings({k: v for k, v in doc.items() if k != "solution"}))
    # a suggestion's cards are printed by name ('Professor Plum, Revolver and Ballroom'): the case's
    # own log, not its solution, even when a player asked about the very answer
    rest += " \n " + " \n ".join(", ".join(case.setting.item_name(c) for c in s.cards[:-1]) + " and "
                        + case.setting.item_name(s.cards[-1]) for s in getattr(case, "suggestions", None) or [])
    found = grams(case.solution_text) - grams(rest)
    assert len(found) >= 10, f"{case.display}: too little solution text to test"
    return found


def cases_of(folder: Path) -> list:
    from casetool.api import load_book
    book, _alloc, diags = load_book(folder)
    assert book is not None and not [d for d in diags if d.is_error]
    return book.cases


def mystery_pages(pdf: Path) -> dict[int, list[str]]:
    """Mystery number -> the text of its pages: from its header to the next section."""
    out: dict[int, list[str]] = {}
    current = None
    for text in page_texts(pdf):
        header = HEADER.match(text)
        if header:
            current = int(header.group(1))
        elif text.startswith("Mystery Index") or "Solution to Mystery" in text:
            current = None
        if current is not None:
            out.setdefault(current, []).append(text)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("folder", SAMPLES, ids=lambda p: p.name)
def test_no_mystery_page_prints_its_solution(folder, built_book):
    pages = mystery_pages(built_book(folder) / "casebook.pdf")
    for case in cases_of(folder):
        assert pages.get(case.number), f"no page for mystery {case.number}"
        text = "\n".join(pages[case.number])
        assert case.title.split()[-1] in text  # the right pages were found
        leaked = spoilers(case) & grams(text)
        assert not leaked, f"mystery {case.number}'s page holds its solution: {sorted(leaked)[:3]}"


def mystery_section(page: str) -> str:
    match = re.search(r'<article class="mystery" id="mystery">.*?</article>', page, re.S)
    assert match, "no mystery section in the preview"
    return html.unescape(re.sub(r"<[^>]+>", " ", match.group(0)))


@pytest.mark.slow  # loading a sample for the preview checks every case
@pytest.mark.parametrize("folder", SAMPLES, ids=lambda p: p.name)
def test_no_preview_mystery_shows_its_solution(folder, tmp_path):
    ws = Workspace(folder)
    ws.load_all()
    try:
        pages = Pages(ws)
        for case in cases_of(folder):
            status, page = pages.case(case.path.name)
            assert status == 200
            section = mystery_section(page)
            assert words(case.title)[-1] in words(section)
            leaked = spoilers(case) & grams(section)
            assert not leaked, f"{case.display}: the preview's mystery holds its solution: {sorted(leaked)[:3]}"
    finally:
        assert ws.wait_idle(120)
