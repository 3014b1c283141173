"""'How to deduce it' (casetool/render/deductions.py): the solution page's sentences, with
each clue named where the player found it in the printed book, never by id."""

from pathlib import Path

from casetool.english.solution import page_sentences
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from casetool.printing.book import wheel_characters
from casetool.render.casebook import assemble
from casetool.render.deductions import clue_references, insights

ROOT = Path(__file__).resolve().parents[2]


def _book(folder: Path):
    loaded = load_paths(sorted(p for p in folder.iterdir() if p.suffix == ".yaml"))
    book, _ = assemble(folder, loaded)
    return book


def test_printed_steps_are_the_pages_sentences_with_the_books_references():
    book = _book(ROOT / "cases" / "hampshire")
    first = book.cases[0]
    steps = insights(book, {first.display: "ok"}, {})[first.number]["steps"]
    page = page_sentences(explain_case(first))
    refs = clue_references(first, {w["id"] for w in wheel_characters(book.setting)}, {})
    assert len(steps) == len(page) and steps != page
    assert refs and any(f"{r} " in " ".join(steps) for r in refs.values())   # "Mr. Boddy's wheel at 82 tells us"
    assert not any(": not " in s or "time: " in s or "clue '" in s for s in steps)
    # outside the book the page keeps its own names
    assert page_sentences(explain_case(first)) == page


def test_a_wheel_is_named_as_the_book_prints_it():
    book = _book(ROOT / "cases" / "hampshire")
    case = next(c for c in book.cases if c.title == "The Borrowed Banner")
    steps = insights(book, {case.display: "ok"}, {})[case.number]["steps"]
    scarlet = next(c for c in case.clues if c.speaker == "scarlet")
    assert any(f"Miss Scarlet's wheel at {scarlet.wheel} tells us" in s for s in steps), steps
