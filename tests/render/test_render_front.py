"""How the rules section sets its category tables (render/front.py): which tables pair,
and which arrangement the build keeps after measuring the pages. The pages themselves are
judged on every sample's PDF by tests/printing/test_page_fill.py."""

from __future__ import annotations

from casetool.render import front


def _table(label: str, names: list[str], attributes: dict[str, list[str]] | None = None, images: bool = False) -> dict:
    attributes = attributes or {}
    return {"label": label, "has_images": images, "attributes": list(attributes),
            "items": [{"name": n, "values": [vals[i] for vals in attributes.values()]} for i, n in enumerate(names)]}


SUSPECT = _table("Suspect", ["Colonel Mustard", "Mrs. White"], {"Gender": ["male", "female"]})
WEAPON = _table("Weapon", ["Rope", "Candlestick"])
WIDE = _table("Suspect", ["Professor Plum"], {a: ["x"] for a in ("Gender", "Hair", "Glasses", "Age", "Hobbies")})
LONG = _table("Place", ["The Conservatory beyond the Rose Garden"], {"Wings": ["north, south, east and west"]})


def test_narrow_tables_pair_in_order_and_a_wide_one_stands_alone():
    assert front.narrow(SUSPECT) and front.narrow(WEAPON)
    assert not front.narrow(WIDE) and not front.narrow(LONG)
    assert not front.narrow(_table("Suspect", ["Plum"], images=True))
    labels = lambda rows: [[t["label"] for t in row] for row in rows]  # noqa: E731
    assert labels(front.rows([SUSPECT, WEAPON, WEAPON], "paired")) == [["Suspect", "Weapon"], ["Weapon"]]
    assert labels(front.rows([WIDE, WEAPON, WEAPON], "paired-apart")) == [["Suspect"], ["Weapon", "Weapon"]]
    assert labels(front.rows([SUSPECT, WEAPON], "flow")) == [["Suspect"], ["Weapon"]]


def test_the_build_keeps_the_first_arrangement_that_fills_every_page_else_the_fullest():
    assert front.next_mode(0, (), []) == (0, ((0, 1.0),), True)            # one page: nothing to fix
    assert front.next_mode(0, (), [1.0, 0.6]) == (0, ((0, 0.6),), True)
    mode, tried, settled = front.next_mode(0, (), [1.0, 0.27])             # classic p3: the Room table alone
    assert (mode, settled) == (1, False)
    mode, tried, settled = front.next_mode(1, tried, [1.0, 0.3])
    assert (mode, settled) == (2, False)
    assert front.next_mode(2, tried, [0.2, 0.9])[::2] == (1, True)         # none fills: the fullest emptiest page
