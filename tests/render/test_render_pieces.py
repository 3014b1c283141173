"""The print-and-play board and pieces (`pieces:` in setting.yaml, issue 12): the hampshire
rules say "move your pawn onto that scene token", so its casebook prints the board, the
scene tokens and the detective pawns, named from the setting, and its rules page names
their pages. A setting without the key prints none; a bad value is an error at its own
line and column. Read back with pypdf from the real build."""

import re
from pathlib import Path

import pytest
import yaml
from casetool.load.project import load_paths
from casetool.render import pieces as drawn

from cli_support import error_lines, run
from render_support import page_texts

HAMPSHIRE = Path(__file__).resolve().parents[2] / "cases" / "hampshire"


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def declared():
    """What hampshire's setting.yaml declares: the centre, the corner category's label and
    item names, and the pawns' label and count, read from the file itself."""
    doc = yaml.safe_load((HAMPSHIRE / "setting.yaml").read_text())
    board, pawns = doc["pieces"]["board"], doc["pieces"]["pawns"]
    corners = doc["categories"][board["corners"]]
    return {"centre": board["centre"], "space": corners["label"],
            "tokens": [item["name"] for item in corners["items"].values()],
            "pawns": [f"{pawns['label']} {n}" for n in range(1, pawns["count"] + 1)]}


def hampshire_setting():
    loaded = load_paths([HAMPSHIRE / "setting.yaml"])
    [setting] = [s for s in loaded.settings.values() if s is not None]
    return setting


def numbers(svg: str, element: str, attribute: str) -> list[float]:
    return [float(v) for v in re.findall(rf'<{element} [^>]*?\b{attribute}="([\d.]+)"', svg)]


def test_a_token_fits_its_board_space_and_the_pawns_fit_the_board():
    """Measured on the drawings themselves: the corner spaces' squares, the tokens' cut
    circles, the standees' width and flaps."""
    view = drawn.pieces(hampshire_setting())
    board, tokens, pawns = str(view["board"]["svg"]), str(view["tokens_svg"]), str(view["pawns_svg"])
    corner = min(w for w in numbers(board, "rect", "width") if w < drawn.BOARD - 1)
    token = 2 * max(numbers(tokens, "circle", "r"))
    assert token + 2 * 4 <= corner, f"a {token} mm token in a {corner} mm space"
    [pawn_width] = set(numbers(pawns, "rect", "width"))
    flap = min(numbers(pawns, "rect", "height"))
    assert (pawn_width ** 2 + (2 * flap) ** 2) ** 0.5 <= token, "a standing pawn overhangs its token"
    assert drawn.centre_holds() >= len(view["pawns"]), "the centre space cannot hold every pawn"
    assert drawn.BOARD <= 170  # the page area's width on A4 (and letter)


def test_a_setting_without_pieces_draws_none(village):
    [setting] = [s for s in load_paths([village / "setting.yaml"]).settings.values() if s is not None]
    assert setting.pieces is None and drawn.pieces(setting) is None


@pytest.mark.parametrize("old, new, code, words", [
    ("corners: scene}", "corners: scenes}", "V080", "unknown category 'scenes' (did you mean 'scene'?)"),
    ("corners: scene}", "corners: suspect}", "V080", "'suspect' has 12 items, but a board has 4 corners"),
    ("count: 6}", "count: 7}", "S000", "pieces.pawns.count: 7 is greater than the maximum of 6"),
    ("pawns: {label", "pawn: {label", "S002", "unknown key 'pawn' in pieces (did you mean 'pawns'?)"),
])
def test_a_bad_pieces_value_is_an_error_at_its_position(tmp_path, old, new, code, words):
    text = (HAMPSHIRE / "setting.yaml").read_text()
    assert text.count(old) == 1
    text = text.replace(old, new)
    (tmp_path / "setting.yaml").write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if new in row)
    col = text.splitlines()[line - 1].index(new.split(":")[0] if code == "S002" else new.split(": ")[1]) + 1
    result = run("validate", tmp_path / "setting.yaml")
    assert result.exit_code == 1, result.output
    first = error_lines(result.output)[0]
    assert (first["code"], int(first["line"]), int(first["col"])) == (code, line, col), result.output
    assert words in first["msg"]


@pytest.mark.slow  # the hampshire casebook's build (shared with the decoder and playtest tests)
def test_the_hampshire_casebook_prints_its_board_and_pieces(built_book, declared):
    texts = [flat(t) for t in page_texts(built_book(HAMPSHIRE) / "casebook.pdf")]
    [board] = [n for n, t in enumerate(texts, 1) if t.startswith("The Board")]
    [cut] = [n for n, t in enumerate(texts, 1) if t.startswith("Pieces to Cut Out")]
    on_board = texts[board - 1]
    assert declared["centre"] in on_board
    assert on_board.count(f"{declared['space']} a {declared['space'].lower()} token here") == 4  # the corners
    pieces = texts[cut - 1]
    for name in declared["tokens"]:
        assert f"{declared['space'].upper()} {name}" in pieces, name
    for label in declared["pawns"]:
        assert pieces.count(label) == 2, label  # a standee's front and back
    assert f"{declared['pawns'][-1][:-1]}{len(declared['pawns']) + 1}" not in pieces
    # the rules page names both pages, by the numbers printed on them
    [rules] = [t for t in texts if t.startswith("How to Play")]
    assert (f"Cut out the {declared['space'].lower()} tokens and the detective pawns on page {cut} and set them "
            f"out on the board on page {board}.") in rules
    assert texts[board - 1].endswith(str(board)) and texts[cut - 1].endswith(str(cut))
    assert board < cut < min(n for n, t in enumerate(texts, 1) if t.startswith("M Y S T E R Y"))
    # the screen edition cannot print target-counter(): the same numbers are written in
    html = (built_book(HAMPSHIRE) / "casebook.html").read_text()
    assert f'href="#pieces">{cut}</a>' in html and f'href="#board">{board}</a>' in html


@pytest.mark.slow  # the hampshire casebook's build (shared)
def test_the_pieces_to_cut_out_have_a_blank_back(built_book):
    """Printed double-sided, the sheet of pieces is cut up: its back must hold nothing the
    game needs (issue 26 item 4). Page 1 is the front of the first sheet, so the fronts
    are the odd pages and each one's back is the page after it."""
    texts = [flat(t) for t in page_texts(built_book(HAMPSHIRE) / "casebook.pdf")]
    [cut] = [n for n, t in enumerate(texts, 1) if t.startswith("Pieces to Cut Out")]
    assert cut % 2 == 1, f"the pieces are on page {cut}, the back of a sheet"
    assert texts[cut] in ("", "This side is left blank: the pieces on the other side are cut out."), texts[cut][:80]


@pytest.mark.slow  # builds the village casebook (shared by the render tests)
def test_a_casebook_whose_setting_declares_no_pieces_prints_none(built):
    texts = page_texts(built / "casebook.pdf")
    assert not any(t.startswith(("The Board", "Pieces to Cut Out")) for t in texts)
    assert "Cut out" not in " ".join(texts)
    html = (built / "casebook.html").read_text()
    assert 'id="pieces"' not in html and 'class="board"' not in html and 'class="pawns"' not in html

