"""Play the sample casebook from its decoders.pdf: set every wheel, read it through its decoder.

For every mystery and every wheel, the number printed in the case file is looked up on
the printed disc (rasterised at the pictures' resolution), the window's contents are
read through the wheel's decoder, and what is read must be exactly that mystery's
statement: the best match among everything printed on that wheel, by a clear margin.
"""

import numpy as np
import pytest
from casetool.decoders import grille
from casetool.decoders.palette import FILM_DARK
from casetool.decoders.textfit import BOLD_FONT, sized
from casetool.printing.geometry import FOLDER_SIDE, KEY_DROP, RES, Wheel, disc_centre
from PIL import Image, ImageDraw

from decoder_support import (
    Candidates,
    grey,
    in_mirror,
    in_window,
    page_of,
    plainly,
    rasterise,
    read_wedge,
    reference,
    sample,
    similarity,
    through_red_film,
)

CENTRE = disc_centre("a4")
pytestmark = pytest.mark.slow  # builds and rasterises the hampshire decoders (4 min under load)
READERS = {"red_filter": (through_red_film, False), "mirror": (in_mirror, True), "plain": (plainly, False)}
GOOD, MARGIN = 0.6, 0.15   # a reading's similarity to the right text, and its lead over any other text


@pytest.fixture(scope="module")
def page(hampshire_pdf):
    """Rasterised pages by title, each rasterised once."""
    cache = {}

    def get(title: str) -> np.ndarray:
        if title not in cache:
            cache[title] = rasterise(hampshire_pdf, page_of(hampshire_pdf, title))
        return cache[title]
    return get


def wheel_statements(book):
    """(case, clue, character) for every statement on a wheel, as the case files give them."""
    setting = book.setting
    return [(case, clue, setting.characters[clue.speaker]) for case in book.cases for clue in case.clues
            if clue.speaker in setting.characters and setting.characters[clue.speaker].wheel]


def kind_of(book, character) -> str:
    decoder = book.setting.decoders.get(character.decoder)
    return decoder.kind if decoder else "plain"


def test_every_mystery_reads_its_own_statements(hampshire, page):
    book, alloc = hampshire
    readings, candidates = 0, {}
    for case, clue, character in wheel_statements(book):
        assert clue.wheel is not None  # the sample pins every number
        kind = kind_of(book, character)
        printed = page(f"{character.name}: wheel")
        if kind == "grille":
            word = read_location_key(page, character, clue.wheel)
            assert word == grille.letters(clue.text), (case.number, character.id)
        else:
            decode, mirrored = READERS[kind]
            wheel = Wheel(character.wheel)
            if character.id not in candidates:  # everything printed on this wheel
                texts = [s.text for s in alloc.plan(character.id).statements.values()]
                candidates[character.id] = Candidates(texts, wheel, mirrored)
            seen = decode(in_window(read_wedge(printed, CENTRE, wheel, clue.wheel), wheel))
            text, score, runner_up = candidates[character.id].best(seen)
            assert text == clue.text.strip(), (case.number, character.id, clue.wheel)
            assert score >= GOOD and score - runner_up >= MARGIN, (case.number, character.id, score, runner_up)
        readings += 1
    assert readings == 8 * 8  # eight mysteries, eight wheels


def test_red_filter_noise_is_pale_through_the_film(hampshire, page):
    """Through red film the ring reads as paper but for the statements: no noise pixel is
    black, no patch that reads dark through the film is a warm ink (the statement's inks are
    cool, green or blue well over red; a warm noise ink or a multiplied overlay that went
    dark would bury the message; only antialiased rims where a statement meets warm noise
    may be warm, never a 3x3 patch), and the dark-in-red pixels are few (the strokes)."""
    printed = page("Professor Plum: wheel").astype(int)
    ring = _ring_mask(printed)
    black = ((printed.max(axis=2) < 70) & ring).sum()
    dark = (printed[..., 0] < FILM_DARK) & ring
    warm = dark & (printed[..., 1:].max(axis=2) - printed[..., 0] < 40)
    warm_patches = _eroded(warm).sum()
    assert black < 0.0005 * ring.sum() and warm_patches == 0, (black, warm_patches)
    assert 0.005 < dark.sum() / ring.sum() < 0.1, dark.sum() / ring.sum()


def _eroded(mask: np.ndarray) -> np.ndarray:
    """The pixels whose whole 3x3 neighbourhood is in the mask."""
    core = mask.copy()
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            core &= np.roll(np.roll(mask, dy, 0), dx, 1)
    return core


def test_in_grey_the_statement_does_not_read(hampshire, page):
    """Without the film (the page in grey, any threshold) the window reads far worse than through it."""
    book, alloc = hampshire
    wheel = Wheel(100)
    plan = alloc.plan("plum")
    printed = page("Professor Plum: wheel")
    for statement in plan.real()[:3]:
        band = in_window(read_wedge(printed, CENTRE, wheel, statement.number), wheel)
        expected = reference(statement.text, wheel)
        red_score = similarity(through_red_film(band), expected)
        for threshold in (100, 120, 140):
            grey_score = similarity(grey(band) < threshold, expected)
            assert grey_score < 0.5 * red_score, (statement.number, threshold, grey_score, red_score)


def test_mirror_writing_reads_only_in_the_mirror(hampshire, page):
    book, alloc = hampshire
    wheel = Wheel(100)
    printed = page("Inspector Brown: wheel")
    for statement in alloc.plan("brown").real():
        band = in_window(read_wedge(printed, CENTRE, wheel, statement.number), wheel)
        expected = reference(statement.text, wheel, mirrored=True)
        assert similarity(in_mirror(band), expected) > GOOD
        assert similarity(plainly(band), expected) < 0.3  # read straight, it is not the statement


def test_the_key_lines_up_only_one_way(hampshire_pdf, page):
    """The key's round and square holes sit on the folder's circle and square marks."""
    holes = laid_key(page("Mr. Boddy: folder"))
    marks = folder_marks(page("Mr. Boddy: folder"))
    assert np.hypot(*np.subtract(holes["circle"], marks["circle"])) < 0.3
    assert np.hypot(*np.subtract(holes["square"], marks["square"])) < 0.3
    turned = [2 * CENTRE[0] - holes["circle"][0], 2 * CENTRE[1] - holes["circle"][1]]  # the key turned round
    assert np.hypot(*np.subtract(turned, marks["circle"])) > 20


# ---- the location key, read as a player would ------------------------------------------


def read_location_key(page, character, number: int) -> str:
    """Lay the key on the folder, set the wheel to `number`, read the letters in the holes."""
    holes = laid_key(page("Mr. Boddy: folder"))["letters"]
    printed = page(f"{character.name}: wheel")
    wheel = Wheel(character.wheel)
    templates = _cell_templates()
    word = ""
    for x, y in sorted(holes):  # one row, read from the centre outward
        u, v = x - CENTRE[0], y - CENTRE[1]   # the window is at 3 o'clock: band and page axes agree
        offsets = (np.arange(round(grille.CELL * RES)) + 0.5) / RES - grille.CELL / 2
        patch = grey(sample(printed, CENTRE, wheel.angle(number), u + offsets, v + offsets)) < 128
        letter = max(templates, key=lambda t: similarity(patch, templates[t]))
        word += letter
    return word


def laid_key(folder_page: np.ndarray) -> dict:
    """The key card printed under Mr. Boddy's folder, its holes moved up by KEY_DROP to
    where the card lies when laid on the window (page millimetres)."""
    top = int((CENTRE[1] + FOLDER_SIDE / 2 + 1) * RES)   # below the folder: the window's grey is not the key's
    holes = key_holes(folder_page[top:])
    shift = top / RES - KEY_DROP

    def up(point):
        return point[0], point[1] + shift
    return {"letters": [up(p) for p in holes["letters"]], "circle": up(holes["circle"]), "square": up(holes["square"])}


def key_holes(page: np.ndarray) -> dict:
    """Centres (mm) of the key card's grey holes: letter holes, and the round and square one."""
    punch = np.all(np.abs(page.astype(int) - 200) <= 14, axis=2)
    blobs = sorted((b for b in _blobs(punch) if len(b) > 0.5 * (grille.CELL * RES) ** 2), key=len)  # not anti-aliasing
    assert len(blobs) >= 6, "no key card on this page"
    *letters, first, second = blobs
    square, circle = sorted([first, second], key=_fill, reverse=True)
    return {"letters": [_centre(b) for b in letters], "circle": _centre(circle), "square": _centre(square)}


def folder_marks(page: np.ndarray) -> dict:
    """Centres (mm) of the folder's black alignment marks beside the window."""
    dark = grey(page) < 60
    blobs = [b for b in _blobs(dark) if 60 < len(b) < 2000]
    near = [b for b in blobs if abs(_centre(b)[1] - CENTRE[1]) < 15 and _centre(b)[0] > CENTRE[0] + 10]
    square, circle = sorted(sorted(near, key=len)[-2:], key=_fill, reverse=True)
    return {"circle": _centre(circle), "square": _centre(square)}


def _cell_templates() -> dict[str, np.ndarray]:
    side = round(grille.CELL * RES)
    face = sized(BOLD_FONT, grille.LETTER_EM * RES)
    out = {}
    for letter in [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [grille.BLANK]:
        cell = Image.new("L", (side, side), 255)
        grille.draw_cell(ImageDraw.Draw(cell), face, (side / 2, side / 2), letter)
        out[letter] = np.asarray(cell) < 128
    return out


def _blobs(mask: np.ndarray) -> list[list[tuple[int, int]]]:
    """Connected groups of True pixels (4-neighbours)."""
    todo = set(zip(*np.nonzero(mask), strict=False))
    blobs = []
    while todo:
        stack = [todo.pop()]
        blob = []
        while stack:
            y, x = stack.pop()
            blob.append((y, x))
            for n in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if n in todo:
                    todo.remove(n)
                    stack.append(n)
        blobs.append(blob)
    return blobs


def _centre(blob) -> tuple[float, float]:
    ys, xs = zip(*blob, strict=False)
    return (np.mean(xs) + 0.5) / RES, (np.mean(ys) + 0.5) / RES


def _fill(blob) -> float:
    """How much of its bounding box a blob fills: a square more than a circle."""
    ys, xs = zip(*blob, strict=False)
    return len(blob) / ((max(ys) - min(ys) + 1) * (max(xs) - min(xs) + 1))


def _near(pixels: np.ndarray, colour, tolerance: int = 30) -> np.ndarray:
    return np.abs(pixels - np.array(colour)).max(axis=1) <= tolerance


def _ring_mask(printed: np.ndarray) -> np.ndarray:
    """Where the ring of statements is on the page."""
    ys, xs = np.mgrid[0:printed.shape[0], 0:printed.shape[1]]
    r = np.hypot((xs + 0.5) / RES - CENTRE[0], (ys + 0.5) / RES - CENTRE[1])
    return (r > 18) & (r < 86)


def _ring(printed: np.ndarray) -> np.ndarray:
    """The pixels of the ring of statements."""
    return printed[_ring_mask(printed)].astype(int)

