"""The built village casebook, read back with pypdf: contents, page references, no spoilers."""

import random

import pytest
from casetool.commands.build import DECODER_CACHE

from render_support import (
    TITLES,
    index_pages,
    outline_titles,
    page_texts,
    reader,
    upside_down,
)

pytestmark = pytest.mark.slow  # builds PDFs (or sweeps the brute force): the inner loop `-m "not slow"` skips it

CULPRITS = ["Professor Plum", "Miss Scarlet", "Reverend Green"]


def mystery_pages(texts: list[str], number: int) -> list[int]:
    """Numbers of the pages that show mystery `number` (its title and solution line)."""
    return [i + 1 for i, t in enumerate(texts) if TITLES[number] in t and "Solution appears on page" in t]


def test_build_writes_its_four_files_and_nothing_else(built):
    assert sorted(p.name for p in built.iterdir() if p.name != DECODER_CACHE) == \
        ["casebook.html", "casebook.pdf", "decoders.layout.json", "decoders.pdf"]  # the layout: for playtest
    assert (built / "casebook.pdf").read_bytes().startswith(b"%PDF-")


def test_every_mystery_has_its_page(built):
    texts = page_texts(built / "casebook.pdf")
    for number in TITLES:
        pages = mystery_pages(texts, number)
        assert len(pages) == 1, f"mystery {number}"
        assert "WHEEL SETTINGS" in texts[pages[0] - 1]


def test_wheel_settings_on_the_mystery_page_and_in_the_index(built):
    texts = page_texts(built / "casebook.pdf")
    mystery_1 = texts[mystery_pages(texts, 1)[0] - 1]
    assert "Plum White Green Brown Boddy" in mystery_1 and "11 12 13 14 15" in mystery_1
    index = next(t for t in texts if t.startswith("Mystery Index"))
    assert "No. Mystery Plum White Green Brown Boddy Solution page" in index
    assert "2 The Painted Fence 21 22 23 24 25" in index


def test_each_solution_is_on_the_page_the_index_names_and_upside_down(built):
    pdf = built / "casebook.pdf"
    pages = reader(pdf).pages
    for number, page in index_pages(pdf, TITLES).items():
        heading = f"Solution to Mystery {number}: {TITLES[number]}"
        assert heading in pages[page - 1].extract_text()
        assert upside_down(pages[page - 1], heading)
        assert pages[page - 1].get("/Rotate", 0) == 0  # the page is upright; only the text turns


def test_mystery_pages_and_running_heads_are_upright(built):
    pages = reader(built / "casebook.pdf").pages
    page = pages[mystery_pages([p.extract_text() for p in pages], 1)[0] - 1]
    assert not upside_down(page, "The Missing Umbrella")
    solutions = next(p for p in pages if "Solution to Mystery 1" in p.extract_text())
    assert not upside_down(solutions, "turn the book upside down")


def test_solutions_are_shuffled_by_the_casebook_seed(built):
    text = "".join(page_texts(built / "casebook.pdf"))
    order = [n for n in sorted(TITLES, key=lambda n: text.index(f"Solution to Mystery {n}:"))]
    expected = [1, 2, 3]
    random.Random(7).shuffle(expected)  # seed: 7 in the fixture's casebook.yaml
    assert order == expected


def test_solution_gives_culprit_and_scene(built):
    text = "".join(page_texts(built / "casebook.pdf"))
    part = text[text.index("Solution to Mystery 2:"):]
    assert "SUSPECT Miss Scarlet" in part and "SCENE The Parade" in part
    assert "hiding at the parade" in part


def test_outline_has_mysteries_but_no_solution_title(built):
    titles = outline_titles(built / "casebook.pdf")
    assert "Mystery 1: The Missing Umbrella" in titles and "Mystery Index" in titles
    assert "Solutions" in titles
    assert not [t for t in titles if "Solution to" in t]
    assert len(titles) == len(set(titles))


def test_index_shows_no_culprit(built):
    index = next(t for t in page_texts(built / "casebook.pdf") if t.startswith("Mystery Index"))
    assert not [name for name in CULPRITS if name in index]
    assert "SUSPECT" not in index and "Suspect" not in index


def test_no_solution_shares_a_spread_with_its_mystery(built):
    texts = page_texts(built / "casebook.pdf")
    for number in TITLES:
        mystery = mystery_pages(texts, number)[0]
        solution = next(i + 1 for i, t in enumerate(texts) if f"Solution to Mystery {number}:" in t)
        assert solution // 2 != mystery // 2  # spreads: page 1 alone, then 2-3, 4-5, ...


def test_story_html_is_escaped(built):
    html = (built / "casebook.html").read_text()
    assert "<script>" not in html and "<b>rude" not in html
    assert "&lt;script&gt;alert(&#34;boo&#34;)&lt;/script&gt;" in html
    assert "fence &amp; ran" in html
    assert "<script>alert(\"boo\")</script>" in "".join(page_texts(built / "casebook.pdf"))  # printed as text


def test_page_numbers_and_running_heads(built):
    texts = page_texts(built / "casebook.pdf")
    page = mystery_pages(texts, 2)[0]
    mystery_2 = texts[page - 1]
    assert mystery_2.rstrip().endswith(str(page))
    assert "Village Tales" in mystery_2 or "Mystery 2 · The Painted Fence" in mystery_2
    assert texts[0].count("Village Tales") == 1 and not texts[0].rstrip().endswith("1")  # the cover has no head or number


def test_fonts_are_the_shipped_ones(built):
    """Only the @font-face families of fonts.css: no system font (e.g. for a missing glyph)."""
    fonts = set()
    for page in reader(built / "casebook.pdf").pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    assert fonts <= {"casetool-serif", "casetool-serif-Italic", "casetool-sans", "casetool-sans-Bold"}, fonts
    assert "casetool-serif" in fonts and "casetool-sans" in fonts
