"""Words and tables as a publisher sets them (issue 12 item 5), checked on the HTML only."""

from casetool.printing.environment import make_environment
from casetool.render.context import place


def test_a_room_gets_its_article():
    assert place("Kitchen") == "the Kitchen"
    assert place("The Parade") == "The Parade"


def _rules(categories):
    return make_environment(None).get_template("rules.html").render(book={"rules": [], "intro": []}, fills={}, board=None, pieces=None, fixed_rules=[],
                                                                     categories=categories)


def test_a_one_column_table_has_no_header_repeating_its_heading():
    html = _rules([{"label": "Suspect", "items": [{"name": "Mrs. White", "values": []}],
                    "attributes": [], "has_images": False}])
    assert "<thead>" not in html and html.count("Suspect") == 1


def test_a_wider_table_heads_its_name_column_name():
    html = _rules([{"label": "Suspect", "items": [{"name": "Mrs. White", "values": ["gray"]}],
                    "attributes": ["Hair"], "has_images": False}])
    assert "<th>Name</th>" in html and html.count("Suspect") == 1
