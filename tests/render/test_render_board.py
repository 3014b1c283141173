"""A board game printed so it can be played from paper (cases/mansion): the board's plan
and the rules that always hold on the rules page, every item by its name (never its id),
and a mystery page that says truly what the notepad holds. Read back with pypdf."""

import re
import subprocess
from pathlib import Path

import pytest
import yaml
from casetool.load.project import load_paths

from plan_support import read_plan
from render_support import build, page_texts

pytestmark = pytest.mark.slow  # builds the mansion casebook and its decoders

MANSION = Path(__file__).resolve().parents[2] / "cases" / "mansion" / "small"


@pytest.fixture(scope="module")
def mansion(tmp_path_factory):
    out = tmp_path_factory.mktemp("mansion")
    result = build(MANSION, out)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def rooms():
    """{room name: [names of the rooms next to it]}, from the setting file itself."""
    doc = yaml.safe_load((MANSION / "setting.yaml").read_text())["categories"]["room"]["items"]
    return {room["name"]: [doc[n]["name"] for n in room["adjacent"]] for room in doc.values()}


def flat(text: str) -> str:
    return " ".join(text.split())


def rules_page(mansion) -> str:
    return flat(" ".join(t for t in page_texts(mansion / "casebook.pdf") if "How to Play" in t))


def test_the_rules_page_draws_the_board_and_prints_no_door_table(mansion, rooms):
    text = rules_page(mansion)
    assert "The board" in text and "Next to" not in text  # a drawn plan, not a list of rows
    board = text[text.index("The board"):]
    assert all(room in board for room in rooms)


def test_the_rules_page_prints_the_fixed_rules_in_player_words(mansion):
    text = rules_page(mansion)
    assert "Rules that always hold" in text
    for words in ("every suspect, every weapon and Lord Ashdown are each in one room of the board",
                  "stays in the same room or moves to a room next to it",
                  "A weapon moves only when a suspect carries it",
                  "the culprit was the only suspect there"):
        assert words in text, words
    assert "at(" not in text and "==" not in text  # the players' words, never the rule language


def test_items_print_by_name_never_by_id(mansion):
    """The items that columns name (a room's wing, the rooms next door) by their names."""
    cats = yaml.safe_load((MANSION / "setting.yaml").read_text())["categories"]
    named = {a["items"] for cat in cats.values() for a in (cat.get("attributes") or {}).values() if "items" in a}
    ids = {i for c in named for i in cats[c]["items"]}
    assert {"east", "west", "dining_room", "hall"} <= ids
    for name in ("casebook.pdf", "decoders.pdf"):
        for number, text in enumerate(page_texts(mansion / name), 1):
            words = set(re.findall(r"[a-z_]+", text))
            assert not words & ids, f"{name} page {number} prints ids {sorted(words & ids)}"
            assert "dining room" not in text, f"{name} page {number}: 'dining room' is the id, 'Dining Room' the name"
            assert "None" not in text, f"{name} page {number} prints 'None' for a value to find"


def test_the_mystery_page_says_what_the_notepad_holds(mansion):
    book = page_texts(mansion / "casebook.pdf")
    page = flat(next(t for t in book if "Solution appears on page" in t))
    assert "Clues all from" not in page and "from the narrator" not in page   # the book's own voice: 'Clues'
    assert "The narrator: " not in page  # not again before each of the 25 clues
    case = load_paths([MANSION]).cases[0]   # the generated sample: its clues, not pinned sentences
    said = [c.text for c in case.clues if c.speaker == "notes"]
    assert said and all(flat(text) in page for text in said)
    assert "Besides the clues printed here, the inspector's notepad (with the decoder sheets) holds notes for this mystery" in page
    assert "holds this mystery's notes" not in page   # it holds only some of them
    notepad = flat(next(t for t in page_texts(mansion / "decoders.pdf") if "Inspector's Notepad" in t))
    assert "INSPECTOR HALE" in notepad  # and the notepad does hold notes


@pytest.mark.parametrize("sample", ["mansion/small", "mansion/medium", "mansion/large", "grange"])
def test_the_drawn_plan_joins_exactly_the_rooms_next_to_each_other(tmp_path, sample):
    """Read back from the rasterised rules page as a player reads the plan: each room's box
    by its printed name, a line across the gap between two boxes when there is a door.
    The Grange has no `moves:` board, but its own rule walks the house room by room."""
    folder = MANSION.parents[1] / sample
    assert build(folder, tmp_path, "--no-decoders").exit_code == 0
    doc = yaml.safe_load((folder / "setting.yaml").read_text())["categories"]["room"]["items"]
    doors = {frozenset((room["name"], doc[n]["name"])) for room in doc.values() for n in room["adjacent"]}
    seen = read_plan(tmp_path / "casebook.pdf", [room["name"] for room in doc.values()])
    assert seen.lines == doors, f"drawn {sorted(map(sorted, seen.lines))}, setting {sorted(map(sorted, doors))}"
    assert seen.neighbours_without_line, "side-by-side rooms without a door were checked too"
    assert all(frozenset(pair) not in doors for pair in seen.neighbours_without_line)
    assert min(seen.name_heights_pt) >= 8, "room names are set large enough to read"


def test_the_cover_breaks_a_series_title_after_its_colon(mansion):
    """'Ashdown House: A Quiet Evening' left 'Evening' alone on the cover's second line."""
    cover = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(mansion / "casebook.pdf"), "-"],
                           check=True, capture_output=True, text=True).stdout.splitlines()
    assert "Ashdown House:" in cover and "A Quiet Evening" in cover
    assert "Ashdown House: A Quiet Evening" in page_texts(mansion / "casebook.pdf")[1]  # the running head
