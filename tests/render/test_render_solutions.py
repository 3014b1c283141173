"""One solution to a page, and to a spread (issue 26 item 3), read back from the built PDFs.

A reader who turns to the page the index names for a mystery's solution sees that
solution and nothing else: no other mystery's answer on the same page, nor on the page
facing it. The index prints its page numbers with CSS target-counter(); these tests
read the numbers printed in the index and look at the pages they name.
"""

import re
import shutil
from pathlib import Path

import pytest
from casetool.load.project import load_paths

from render_support import VILLAGE, build, page_texts, reader, upside_down

pytestmark = pytest.mark.slow  # reads built books

SAMPLES = Path(__file__).resolve().parents[2] / "cases"
BOOKS = [VILLAGE, *(SAMPLES / name for name in ("hampshire", "classic", "grange", "tudor", "murdle", "supercluedo")),
         SAMPLES / "mansion" / "small"]
HEADING = re.compile(r"Solution to Mystery (\d+):")


def spread(page: int) -> int:
    """Pages facing each other in a bound book: page 1 alone, then 2-3, 4-5, ..."""
    return page // 2


def index_rows(texts: list[str], titles: dict[int, str]) -> dict[int, int]:
    """Mystery number -> the solution page its index row names (the row's last number)."""
    index = "\n".join(t for t in texts if "Mystery Index" in t and "Solution page" in t)
    found = {}
    for number, title in titles.items():
        words = r"\s+".join(map(re.escape, title.replace("\u2019", "'").split()))
        row = re.search(rf"^{number}\s+{words}\b.*?(\d+)\s*$", index.replace("\u2019", "'"), re.M)
        assert row, f"no index row for mystery {number} '{title}' in:\n{index}"
        found[number] = int(row.group(1))
    return found


@pytest.fixture(scope="module")
def long_village(tmp_path_factory) -> Path:
    """The village with every solution longer than a page: each runs onto the page facing it."""
    folder = tmp_path_factory.mktemp("long") / "village"
    shutil.copytree(VILLAGE, folder)
    for case in sorted(folder.glob("0*.yaml")):
        words = " ".join(f"Line {k} of account {case.name[:3]} tells what witness {k} saw from the window that evening."
                         for k in range(90))
        text = case.read_text()
        case.write_text(text[:text.index("  text:")] + f"  text: {words}\n")
    result = build(folder, folder.parent / "out")
    assert result.exit_code == 0, result.output
    return folder


@pytest.mark.parametrize("folder", BOOKS, ids=lambda f: f.relative_to(f.parents[1]).as_posix())
def test_each_solution_has_a_page_and_a_spread_of_its_own(folder, built_book):
    solutions_apart(folder, built_book(folder) / "casebook.pdf")


def test_long_solutions_run_onto_the_page_they_face(long_village):
    solutions_apart(long_village, long_village.parent / "out" / "casebook.pdf")


def solutions_apart(folder: Path, pdf: Path):
    pages = reader(pdf).pages
    texts = page_texts(pdf)
    titles = {c.number: c.title for c in load_paths([folder]).cases}
    headings = {page: [int(n) for n in HEADING.findall(text)] for page, text in enumerate(texts, 1)}
    where = {}
    for page, numbers in headings.items():
        assert len(numbers) <= 1, f"page {page} holds the solutions to mysteries {numbers}"
        for number in numbers:
            assert number not in where, f"the solution to mystery {number} is on pages {where[number]} and {page}"
            where[number] = page
    assert sorted(where) == sorted(titles), "every mystery has one solution heading"
    # the index names each solution's page, and that page is upside down
    assert index_rows(texts, titles) == where
    for number, page in where.items():
        assert upside_down(pages[page - 1], f"Solution to Mystery {number}")
    # no two answers in view at once: one solution heading to a spread ...
    by_spread = {}
    for number, page in where.items():
        other = by_spread.setdefault(spread(page), number)
        assert other == number, f"the solutions to mysteries {other} and {number} face each other (page {page})"
    # ... and a page of the section without a heading is blank or carries on the solution
    # it faces (a solution longer than a page), never another one's end
    stories = {c.number: grams(c.solution_text) for c in load_paths([folder]).cases}
    first, last = min(where.values()), max(where.values())
    for page in range(first, last + 1):
        body = texts[page - 1].replace("Solutions \u2014 turn the book upside down", "").strip()
        if headings[page] or not body or body.isdigit():
            continue
        assert spread(page) in by_spread, f"page {page} holds solution text in a spread with no solution heading"
        facing = by_spread[spread(page)]
        words = grams(body)
        assert len(words & stories[facing]) > len(words) / 2, \
            f"page {page} faces the solution to mystery {facing} but holds another text: {body[:80]!r}"


def grams(text: str, n: int = 4) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}
