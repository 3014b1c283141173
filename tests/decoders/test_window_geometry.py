"""A two-piece wheel, from its geometry alone: turn the disc until number N shows at the
rim end of the folder's window, and the window shows position N's statement, all of it,
and nothing of any other.

The disc is read from the ring's own PDF operators (ring.py), run through a small
interpreter that tracks the transformation matrix and the clip of every wedge; the
window is read from the folder page's drawing (pages.py). Nothing is rasterised: fast.
"""

import math
import re

import pytest
from casetool.decoders.pages import WheelDrawing, folder_page
from casetool.decoders.pdfglyphs import face
from casetool.decoders.ring import DIGIT_HEIGHT, Ops, numbers, plain_wedge
from casetool.decoders.textfit import fit
from casetool.diagnostics import Pos
from casetool.load.model import Character
from casetool.printing.geometry import TEXT_R, Wheel, disc_centre

WORDS = "zero one two three four five six seven eight nine".split()


def spelt(n: int) -> str:
    return " ".join(WORDS[int(d)] for d in str(n))


def ring_ops(wheel: Wheel, mirrored: bool) -> bytes:
    """A ring whose position N says 'here is N' in words: which wedge holds which statement is readable."""
    ops = Ops()
    for n in range(1, wheel.positions + 1):
        plain_wedge(ops, wheel, n, fit(f"here is {spelt(n)}", wheel, mirrored), mirrored)
    numbers(ops, wheel)
    return ops.ring().content


def mul(a, b):
    """PDF matrices [a b c d e f]: a then b."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def interpret(content: bytes):
    """The ring's top-level groups: for each, its glyphs as (char, centre in mm from the disc
    centre, y down) and its clip polygon (None for a group that does not clip)."""
    glyphs = {}
    for key in ("R", "B"):
        f = face(key)
        for char in map(chr, range(32, 127)):
            glyphs[f.resource(char)] = (char, f)
    groups, stack, ctm, operands, path = [], [], [1, 0, 0, 1, 0, 0], [], []
    for token in content.split():
        token = token.decode()
        if re.fullmatch(r"-?[\d.]+", token) or token.startswith("/"):
            operands.append(token)
            continue
        if token == "q":
            if not stack:
                groups.append({"glyphs": [], "clip": None})
            stack.append(ctm)
        elif token == "Q":
            ctm = stack.pop()
        elif token == "cm":
            ctm = mul([float(v) for v in operands[-6:]], ctm)
        elif token in ("m", "l"):
            path.append(apply(ctm, *map(float, operands[-2:])))
        elif token == "W":
            groups[-1]["clip"] = list(path)
        elif token in ("n", "S", "f", "h") and token != "h":
            path = []
        elif token == "Do":
            char, f = glyphs[operands[-1][1:]]
            # the glyph's middle: half its advance along the baseline, half a digit's height up
            groups[-1]["glyphs"].append((char, apply(ctm, f.advance(char) / 2, DIGIT_HEIGHT / 2 * f.upm)))
        operands = []
    return groups


def window(wheel: Wheel, paper: str = "a4"):
    """The folder's window as (first angle, last angle, inner radius, outer radius), from the disc centre."""
    character = Character("x", "X", "witness", None, None, wheel.positions, Pos("test"))
    drawing = WheelDrawing(character, "plain", "no decoder", wheel, ring=None)
    page = folder_page(drawing, paper).svg
    path = re.search(r'<path d="M([\d. ]+)L([\d. ]+)A[\d. ]+ 0 0 1 ([\d. ]+)L', page)
    cx, cy = disc_centre(paper)
    corners = [tuple(float(v) for v in p.split()) for p in path.groups()]
    (x0, y0), (x1, y1), (x2, y2) = [(x - cx, y - cy) for x, y in corners]
    return (math.degrees(math.atan2(y0, x0)), math.degrees(math.atan2(y2, x2)),
            math.hypot(x0, y0), math.hypot(x1, y1))


def polar(point, turn: float):
    """(angle in degrees from -180, radius) of a disc point after turning the disc by `turn` degrees."""
    x, y = point
    a = math.degrees(math.atan2(y, x)) + turn
    return (a + 180) % 360 - 180, math.hypot(x, y)


def inside_polygon(point, polygon) -> bool:
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=False):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def wheel_groups(wheel: Wheel, mirrored: bool):
    groups = interpret(ring_ops(wheel, mirrored))
    statements, labels = {}, {}
    for g in groups:
        text = "".join(c for c, _ in g["glyphs"])
        if g["clip"] is not None:
            said = re.fullmatch(r"hereis((?:zero|one|two|three|four|five|six|seven|eight|nine)+)", text)
            assert said, text
            number = int("".join(str(WORDS.index(w)) for w in re.findall("|".join(WORDS), said.group(1))))
            statements[number] = g
        else:
            labels[int(text)] = [p for _, p in g["glyphs"]]
    return statements, labels


@pytest.mark.parametrize("positions", [12, 100])
@pytest.mark.parametrize("mirrored", [False, True])
def test_each_number_at_the_window_shows_its_own_statement(positions, mirrored):
    wheel = Wheel(positions)
    a0, a1, r0, r1 = window(wheel)
    middle = (a0 + a1) / 2
    assert a1 - a0 == pytest.approx(wheel.step, abs=0.01)  # one position's width (the SVG rounds to 0.001 mm)
    statements, labels = wheel_groups(wheel, mirrored)
    assert sorted(statements) == sorted(labels) == list(range(1, positions + 1))

    def in_window(point, turn, slack=0.0) -> bool:
        a, r = polar(point, turn)
        return a0 - slack <= a <= a1 + slack and r0 <= r <= r1

    for n in range(1, positions + 1):
        x, y = (sum(c) / len(labels[n]) for c in zip(*labels[n], strict=False))
        turn = middle - math.degrees(math.atan2(y, x))    # the player turns number n to the window
        assert in_window((x, y), turn), f"number {n} is not in the window"
        assert not any(in_window(p, turn) for m in (n - 1, n + 1) if m in labels for p in labels[m])
        shown = statements[n]
        assert all(in_window(p, turn) for _, p in shown["glyphs"]), f"statement {n} is not all in the window"
        for m, other in statements.items():
            if m != n:
                assert not any(in_window(p, turn) for _, p in other["glyphs"]), f"number {n} shows statement {m}"
        # the printed segment of position n fills the window edge to edge: its clip's sides
        # are the window's sides (to a tenth of a position)
        sides = sorted({round(polar(p, turn)[0], 3) for p in shown["clip"]})
        assert sides[0] == pytest.approx(a0, abs=wheel.step / 10) and sides[-1] == pytest.approx(a1, abs=wheel.step / 10), \
            f"position {n}'s segment spans {sides[0]:.2f} to {sides[-1]:.2f} degrees, the window {a0:.2f} to {a1:.2f}"
        # the window's centre line, turned back onto the disc, runs through statement n's wedge
        for r in (TEXT_R[0] + 1, sum(TEXT_R) / 2, TEXT_R[1] * math.cos(math.radians(wheel.step / 2)) - 1):
            back = math.radians(middle - turn)
            assert inside_polygon((r * math.cos(back), r * math.sin(back)), shown["clip"]), (n, r)

