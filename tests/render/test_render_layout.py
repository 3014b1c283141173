"""The layout rules the build enforces: spreads, page references, the template context."""

import casetool.render.pipeline as pipeline
import pytest
from casetool.printing.paper import PAPERS, PrintOptions, parse_length
from casetool.render.context import LayoutHints, paragraphs, shuffled, value_text
from casetool.render.verify import Verification, spread

from render_support import build, page_texts

pytestmark = pytest.mark.slow  # builds PDFs (or sweeps the brute force): the inner loop `-m "not slow"` skips it


def bare_theme(tmp_path):
    """No front matter and no index: the last mystery lands right before the solutions."""
    theme = tmp_path / "theme"
    theme.mkdir()
    (theme / "rules.html").write_text("")
    (theme / "index.html").write_text("")
    return theme


def test_a_blank_page_keeps_the_solutions_out_of_the_last_mysterys_spread(village, tmp_path):
    out = tmp_path / "out"
    result = build(village, out, "--templates", bare_theme(tmp_path))
    assert result.exit_code == 0, result.output
    texts = page_texts(out / "casebook.pdf")
    # cover 1, mysteries 2-4, then page 5 would face mystery 3: it is left blank, and so
    # is page 6, since every solution starts a spread of its own (on a right-hand page)
    assert "The Lost Putter" in texts[3] and texts[4].strip() == "" and texts[5].strip() == ""
    assert "Solution to Mystery 3" in texts[6]


def test_when_padding_is_not_allowed_the_clash_is_an_error(village, tmp_path, monkeypatch):
    monkeypatch.setattr(pipeline, "MAX_PADDING", 0)
    result = build(village, tmp_path / "out", "--templates", bare_theme(tmp_path))
    assert result.exit_code == 2
    assert "003-the-lost-putter.yaml:2:1: error[R022]: the solution to mystery 3 (page 5) faces its mystery (page 4)" in result.stderr


def test_a_mystery_longer_than_a_page_starts_on_a_left_page(village, tmp_path):
    case = village / "001-the-missing-umbrella.yaml"
    long = "\n\n  ".join(["It was raining, and it went on raining, all through the long evening." * 4] * 24)
    case.write_text(case.read_text().replace("  It was raining.", f"  {long}"))
    out = tmp_path / "out"
    assert build(village, out).exit_code == 0
    texts = page_texts(out / "casebook.pdf")
    first = next(i + 1 for i, t in enumerate(texts) if "The Missing Umbrella" in t and "M Y S T E R Y" in t)
    assert first % 2 == 0  # a left-hand page: the two pages face each other
    assert "Solution appears on page" in texts[first]  # ... and it ends on the facing page


def test_spreads():
    assert [spread(p) for p in range(1, 7)] == [0, 1, 1, 2, 2, 3]


def test_next_hints_add_padding_then_stop():
    clash = Verification(clashes=["x"])
    hints = pipeline._next_hints(LayoutHints(), clash, set())
    assert hints == LayoutHints(1, frozenset())
    hints = pipeline._next_hints(LayoutHints(pipeline.MAX_PADDING), clash, {4})
    assert hints == LayoutHints(pipeline.MAX_PADDING, frozenset({4}))
    assert pipeline._next_hints(hints, Verification(), {4}) == hints  # nothing new: the loop stops


def test_paragraphs_unwrap_yaml_lines():
    assert paragraphs("One\ntwo.\n\n  Three.\n") == ["One two.", "Three."]
    assert paragraphs("") == []


def test_shuffle_is_stable_for_a_seed():
    assert shuffled(list(range(10)), 1925) == shuffled(list(range(10)), 1925)
    assert shuffled(list(range(10)), 1925) == [8, 4, 7, 3, 0, 6, 5, 1, 9, 2]  # pinned: a change moves printed pages


def test_value_text():
    assert [value_text(v) for v in (True, False, ["chess", "golf"], [], "middle_aged", 3)] == \
        ["yes", "no", "chess, golf", "none", "middle aged", "3"]


@pytest.mark.parametrize("text, ok", [("3mm", True), ("0.125in", True), ("3", False), ("3 mm", False), ("-3mm", False)])
def test_bleed_lengths(text, ok):
    assert (parse_length(text) is not None) == ok


def test_rotation_origin_is_the_middle_of_the_page_area():
    css = PrintOptions(PAPERS["letter"]).css()
    assert css["size"] == "letter" and css["rotation_origin"] == f"{(279.4 - 24 - 22) / 2:g}mm"
