"""Names and types of issue 14's constructs: each error is positioned at the clue's own
offset, with a suggestion where a name is close."""

from pathlib import Path

import pytest
from casetool.language import ir
from casetool.language.resolve import ResolveError, Resolver
from casetool.language.syntax import parse
from casetool.load.project import load_paths

GRANGE = Path(__file__).resolve().parent.parent.parent / "cases" / "grange"
# the grange as it was when heights and room sizes were figures (hands, paces): sums and
# differences over three numeric attributes (cases/grange now says the first two in words)
FIGURES = Path(__file__).resolve().parent.parent.parent / "tests" / "fixtures" / "grange-figures"


@pytest.fixture(scope="module")
def case():
    loaded = load_paths([FIGURES / "001-the-heavy-hand.yaml"])
    assert not [d for d in loaded.diagnostics if d.is_error]
    return loaded.cases[0]


def resolve(case, text):
    return Resolver(case.setting, case).condition(parse(text))


def test_steps_fold_on_items_and_stay_symbolic_on_the_answer(case):
    assert resolve(case, "time + 1 == ten").left == ir.Step(ir.AnswerRef("time"), 1)
    assert resolve(case, "at(ada, eight - 1) == hall").left.time == ir.ItemConst("time", "seven")
    # a quantifier leaves out the item whose step leaves the order
    assert len(resolve(case, "all t in time: at(ada, t + 1) == hall").args) == 3
    assert len(resolve(case, "any t in time: at(ada, t - 2) == hall").args) == 2


def test_item_valued_and_numeric_attributes_have_types(case):
    expr = resolve(case, "suspect.home.wing == west")
    assert expr.left == ir.AttrOf(ir.AttrOf(ir.AnswerRef("suspect"), "home", "item"), "wing", "item")
    assert isinstance(resolve(case, "room.adjacent has kitchen"), ir.Contains)
    assert isinstance(resolve(case, "weapon.weight > room.size - 1").right, ir.Arith)
    first = resolve(case, "any p in suspect: lies(p)").args[0]
    assert first.args[1] == ir.LiesOf(ir.ItemConst("suspect", "ada"))


def test_an_attribute_of_where_someone_was_and_parentheses_in_sums(case):
    expr = resolve(case, "at(ada, eight).wing == east")
    at = ir.At(ir.ItemConst("suspect", "ada"), ir.ItemConst("time", "eight"))
    assert expr == ir.Compare("==", ir.AttrOf(at, "wing", "item"), ir.ItemConst("wing", "east"))
    assert resolve(case, "at(ada, eight).size > 2").left == ir.AttrOf(at, "size", "number")
    assert isinstance(resolve(case, "at(ada, eight).adjacent has hall"), ir.Contains)
    height, weight, size = (ir.AttrOf(ir.AnswerRef(c), a, "number") for c, a in
                            (("suspect", "height"), ("weapon", "weight"), ("room", "size")))
    assert resolve(case, "suspect.height - (weapon.weight - room.size) == 4").left == \
        ir.Arith("-", height, ir.Arith("-", weight, size))
    assert resolve(case, "(suspect.height + weapon.weight) > room.size").left == ir.Arith("+", height, weight)
    assert resolve(case, "at(ada, (time + 1)) == hall").left.time == ir.Step(ir.AnswerRef("time"), 1)


@pytest.mark.parametrize("text, code, words, at", [
    ("at(ada, eight).colour == east", "N007", "room has no attribute 'colour'", "at(ada"),
    ("at(ada, eight).wing == rope", "T002", "cannot compare", "at(ada"),
    ("at(ada, eight).size > dark", "N001", "unknown name 'dark'", "dark"),
    ("(weapon.weight + 1) > suspect.hair", "T002", "cannot compare", "weapon"),
    ("time + (1 + 1) == ten", "T011", "whole number", "1 + 1"),
    ("ten + 1 == ten", "T012", "ten is the last time", "ten"),
    ("at(ada, seven - 1) == hall", "T012", "first time", "seven"),
    ("weapon + 1 == rope", "T011", "ordered category", "weapon"),
    ("time + dawn == ten", "T011", "whole number", "dawn"),
    ("weapon.weight + suspect.hair > 2", "T002", "needs a number", "suspect.hair"),
    ("room.adjacent has rope", "T002", "set of room items", "rope"),
    ("room.adjacent has libary", "N001", "did you mean 'library'", "libary"),
    ("room.wing == wets", "N001", "did you mean 'west'", "wets"),
    ("weapon.weight == suspect.hair", "T002", "cannot compare", "weapon"),
    ("lies(rope)", "T010", "character", "rope"),
    ("lies(dve)", "N003", "did you mean 'dev'", "dve"),
    ("suspect.home.colour == east", "N007", "room has no attribute 'colour'", "suspect"),
    ("room.adjacent == hall", "T003", "use `has`", "room"),
])
def test_errors_are_positioned_with_a_suggestion(case, text, code, words, at):
    with pytest.raises(ResolveError) as err:
        resolve(case, text)
    assert err.value.code == code and words in err.value.message, err.value.message
    assert err.value.offset == text.index(at)


def test_a_liar_warning_points_at_the_name(tmp_path):
    import shutil
    shutil.copytree(GRANGE, tmp_path / "g")
    path = tmp_path / "g" / "002-the-hour-after.yaml"
    path.write_text(path.read_text().replace("witnesses: [ada, cora, dev]", "witnesses: [ada, cora]"))
    loaded = load_paths([tmp_path / "g"])
    (w,) = [d for d in loaded.diagnostics if d.code == "W020"]
    line = path.read_text().splitlines()[w.pos.line - 1]
    assert line[w.pos.col - 1:].startswith("dev) or liars") and "not a witness" in w.message
