"""decoders.layout.json: the decoders' layout handed to playtest as data (issue 28 item 8).

The build writes it from the allocation, inks and notepad that drew the sheets; playtest
reads it back, and a missing, stale or malformed one is a P010 diagnostic, never a
traceback. No playtest module imports the code that drew the page (an import-graph rule,
below)."""

import json
from pathlib import Path

import pytest
from casetool.api import load_book
from casetool.decoders import holders, palette
from casetool.decoders.manifest import layout
from casetool.decoders.timed import event_cards, notepad
from casetool.diagnostics import Diagnostic
from casetool.printing import film
from casetool.printing.layout import LAYOUT, VERSION, Layout, dumps, read

from test_architecture import GRAPH

ROOT = Path(__file__).resolve().parent.parent.parent
VILLAGE = ROOT / "tests" / "fixtures" / "render" / "village"


@pytest.fixture(scope="module")
def village():
    book, alloc, _ = load_book(VILLAGE)
    return book, alloc, layout(book, alloc, "a4")


def test_the_layout_names_every_wheel_and_each_mysterys_number(village):
    _, alloc, found = village
    assert [w.character for w in found.wheels] == [p.character.id for p in alloc.wheels]
    for wheel, plan in zip(found.wheels, alloc.wheels, strict=True):
        assert wheel.positions == plan.character.wheel and wheel.page_title == f"{plan.character.name}: wheel"
        assert [(s.mystery, s.number, s.text) for s in wheel.statements] == sorted(
            (s.case, s.number, s.text) for s in plan.real())
        assert wheel.degrees_per_position * wheel.positions == pytest.approx(360)


def test_the_layout_is_read_back_as_written_and_written_the_same_each_time(village, tmp_path):
    book, alloc, found = village
    (tmp_path / LAYOUT).write_bytes(dumps(found))
    assert read(tmp_path / LAYOUT) == found
    assert dumps(layout(book, alloc, "a4")) == dumps(found)


@pytest.mark.parametrize("text, why", [
    (None, "no decoders.layout.json beside decoders.pdf"),
    ("{not json", "is malformed (JSONDecodeError"),
    ('{"version": 1, "paper": "a4", "wheels": []}', "is malformed (ValueError: version 1, not 2)"),  # an older build
    ('{"version": 2, "paper": "a4", "wheels": [{"character": "x"}]}', "is malformed (KeyError"),
    ("[]", "is malformed (AttributeError"),
])
def test_a_missing_or_malformed_layout_is_p010(tmp_path, text, why):
    path = tmp_path / LAYOUT
    if text is not None:
        path.write_text(text)
    found = read(path)
    assert isinstance(found, Diagnostic) and found.code == "P010" and found.pos.file == str(path)
    assert why in found.message and "build the book again" in found.hint


def test_a_layout_with_no_wheels_is_read(tmp_path):
    (tmp_path / LAYOUT).write_bytes(dumps(Layout("letter", ())))
    assert read(tmp_path / LAYOUT) == Layout("letter", ())
    assert json.loads((tmp_path / LAYOUT).read_text())["version"] == VERSION == 2


@pytest.mark.parametrize("change, why", [
    (lambda d: d["wheels"][0].update(kind="red_filter"), "red-filter parts but no film"),
    (lambda d: d["wheels"][0].update(kind="grille"), "a location key but no grille"),
    (lambda d: d.update(cards=[{"mystery": 1, "notes": [3]}]), "red-filter parts but no film"),
])
def test_a_layout_without_the_facts_its_parts_need_is_p010(village, tmp_path, change, why):
    data = json.loads(dumps(village[2]))
    data.update(film=None, grille=None, card_box_mm=None)
    change(data)
    (tmp_path / LAYOUT).write_text(json.dumps(data))
    found = read(tmp_path / LAYOUT)
    assert isinstance(found, Diagnostic) and found.code == "P010" and why in found.message


def test_the_layout_states_the_inks_the_key_the_flaps_as_drawn(village):
    found = village[2]
    assert found.film is not None and found.film.message_red < film.INK_BELOW < found.film.noise_red
    assert found.film.message_red == max(c[0] for c in palette.MESSAGE)
    assert found.grille is not None and found.grille.punch_rgb == (0xC8, 0xC8, 0xC8)
    assert found.flap_mm == (holders.FLAP_W, holders.FLAP_H)


def test_the_layout_lists_each_mysterys_note_numbers_as_the_cards_print_them():
    """A timeline book (tudor): the numbers dealt by the notepad the cards are drawn from."""
    book, alloc, _ = load_book(ROOT / "cases" / "tudor")
    found = layout(book, alloc, "a4")
    deck = event_cards(book, notepad(book, {p.character.id for p in alloc.wheels}))
    assert found.cards and found.card_box_mm is not None
    for entry in found.cards:
        assert list(entry.notes) == sorted(r.number for c in deck if c.case == entry.mystery for r in c.releases)
        assert entry.notes


# Every playtest module judges the print from decoders.layout.json, the PDFs and the case's
# meaning: none imports the code that drew the page (issue 28 item 8).
STILL_REACHING: dict[str, set[str]] = {}


def reaching(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each playtest module's imports of the code that drew the page."""
    found = {src: {d for d in dsts if d.split(".")[:2] in (["casetool", "decoders"], ["casetool", "render"])}
             for src, dsts in graph.items() if src.startswith("casetool.playtest")}
    return {src: dsts for src, dsts in found.items() if dsts}


def test_no_playtest_module_imports_the_drawing_code():
    assert reaching(GRAPH) == {}


def test_playtest_reaches_into_the_drawing_code_no_more_than_listed():
    found = reaching(GRAPH)
    new = sorted(f"{src} imports {d}" for src, dsts in found.items() for d in dsts - STILL_REACHING.get(src, set()))
    assert not new, "playtest must judge the print from decoders.layout.json, not the drawing code:\n" + "\n".join(new)
    done = sorted(f"{src}: {d}" for src, dsts in STILL_REACHING.items() for d in dsts - found.get(src, set()))
    assert not done, "these imports are gone: take them off STILL_REACHING\n" + "\n".join(done)


def test_the_rule_finds_an_import_of_the_drawing_code():
    graph = {"casetool.playtest.x": {"casetool.decoders.drawing", "casetool.printing.layout", "casetool.render"},
             "casetool.api.playing": {"casetool.decoders.allocation"}}
    assert reaching(graph) == {"casetool.playtest.x": {"casetool.decoders.drawing", "casetool.render"}}
