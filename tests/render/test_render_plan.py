"""The board's floor plan layout (casetool/render/plan.py), without a PDF: every room gets
its own cell, the same plan every run, and door lines a player can follow."""

from itertools import combinations

from casetool.render import plan

LARGE = ["Hall", "Library", "Dining Room", "Kitchen", "Study", "Ballroom", "Conservatory", "Cellar"]
LARGE_DOORS = [("Hall", "Library"), ("Hall", "Dining Room"), ("Hall", "Ballroom"), ("Library", "Study"),
               ("Dining Room", "Kitchen"), ("Dining Room", "Ballroom"), ("Kitchen", "Cellar"),
               ("Study", "Conservatory"), ("Ballroom", "Conservatory")]


def _centre(drawn, room):
    return plan._mm(drawn.cells[room])


def test_each_room_has_its_own_cell_and_the_plan_is_the_same_every_run():
    drawn = plan.layout(LARGE, LARGE_DOORS)
    assert sorted(drawn.cells) == sorted(LARGE)
    assert len(set(drawn.cells.values())) == len(LARGE)
    assert all(0 <= c < drawn.columns and 0 <= r < drawn.rows for c, r in drawn.cells.values())
    assert plan.layout(LARGE, LARGE_DOORS) == drawn and plan.svg(drawn, "t") == plan.svg(plan.layout(LARGE, LARGE_DOORS), "t")


def test_no_door_line_crosses_another_or_runs_through_a_third_room():
    drawn = plan.layout(LARGE, LARGE_DOORS)
    for a, b in LARGE_DOORS:
        p, q = _centre(drawn, a), _centre(drawn, b)
        assert not any(plan._through_box(p, q, _centre(drawn, c)) for c in LARGE if c not in (a, b)), (a, b)
    for (a, b), (c, d) in combinations(LARGE_DOORS, 2):
        if not {a, b} & {c, d}:
            assert not plan._cross(_centre(drawn, a), _centre(drawn, b), _centre(drawn, c), _centre(drawn, d))


def test_a_door_line_runs_from_box_edge_to_box_edge():
    drawn = plan.layout(LARGE, LARGE_DOORS)
    for a, b in LARGE_DOORS:
        x0, y0, x1, y1 = plan.door_line(drawn, a, b)
        for (x, y), room in (((x0, y0), a), ((x1, y1), b)):
            cx, cy = _centre(drawn, room)
            on_x = abs(abs(x - cx) - plan.BOX_W / 2) < 1e-6 and abs(y - cy) <= plan.BOX_H / 2 + 1e-6
            on_y = abs(abs(y - cy) - plan.BOX_H / 2) < 1e-6 and abs(x - cx) <= plan.BOX_W / 2 + 1e-6
            assert on_x or on_y, (a, b, room)


def test_a_room_no_door_leads_to_is_still_drawn_and_names_are_escaped():
    drawn = plan.layout(["Hall", "Attic & Loft", "Cellar"], [("Hall", "Cellar")])
    assert set(drawn.cells) == {"Hall", "Attic & Loft", "Cellar"}
    svg = str(plan.svg(drawn, "Board <1>"))
    assert "Attic &amp; Loft" in svg and "<1>" not in svg
    assert svg.count("<line") == 1 and svg.count("<rect") == 3


def test_a_long_name_goes_on_two_lines():
    assert plan.name_lines("The Long Portrait Gallery") == ["The Long", "Portrait Gallery"]
    assert plan.name_lines("Conservatory") == ["Conservatory"]
