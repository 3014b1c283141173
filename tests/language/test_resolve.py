from pathlib import Path

import pytest
from casetool.language import ir
from casetool.language.resolve import ResolveError, Resolver
from casetool.language.syntax import parse
from casetool.load.project import load_paths

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.fixture(scope="module")
def setting():
    loaded = load_paths([FIXTURES / "mini"])
    return loaded.cases[0].setting


def resolve(setting, text):
    return Resolver(setting).condition(parse(text))


def test_names_resolve_to_answer_items_and_values(setting):
    expr = resolve(setting, "suspect.gender == male")
    assert expr == ir.Compare("==", ir.AttrOf(ir.AnswerRef("suspect"), "gender", "enum"), ir.ValueConst("male"))
    assert resolve(setting, "male == suspect.gender").right == ir.AttrOf(ir.AnswerRef("suspect"), "gender", "enum")


def test_quantifiers_unroll_over_every_item(setting):
    expr = resolve(setting, "any p in suspect: suspect == p")
    assert isinstance(expr, ir.Or) and len(expr.args) == 4
    filtered = resolve(setting, "all p in suspect where p.glasses: p != white")
    assert isinstance(filtered, ir.And) and all(isinstance(a, ir.Implies) for a in filtered.args)


def test_membership_and_between_expand(setting):
    expr = resolve(setting, "suspect in [plum, white]")
    assert expr == ir.Or((ir.Compare("==", ir.AnswerRef("suspect"), ir.ItemConst("suspect", "plum")),
                          ir.Compare("==", ir.AnswerRef("suspect"), ir.ItemConst("suspect", "white"))))


@pytest.mark.parametrize("text, code, words", [
    ("suspect == parade", "T002", "cannot compare a suspect with a scene"),
    ("suspect.hobbies == chess", "T003", "use `has`"),
    ("suspect.gender has male", "T005", "set-valued"),
    ("suspect < plum", "T004", "ordered"),
    ("suspect", "T001", "not a condition"),
    ("suspect.hair == grey", "N008", "did you mean 'gray'"),
    ("suspect == plumm", "N001", "did you mean 'plum'"),
    ("suspect.hiar == gray", "N007", "did you mean 'hair'"),
    ("lies(whte)", "N003", "did you mean 'white'"),
    ("at(plum, dawn) == fair", "T006", "timeline"),
    ("holds(ann, plum)", "T006", "card setting"),
    ("all plum in suspect: true", "N005", "already a name"),
    ("all p in suspcet: true", "N009", "did you mean 'suspect'"),
    ("suspect.glasses iff true iff false", "T009", "add parentheses"),
    ("suspect.glasses xor true xor false", "T009", "write `exactly 1 of [a, b, c]`"),
])
def test_type_and_name_errors(setting, text, code, words):
    with pytest.raises(ResolveError) as exc:
        resolve(setting, text)
    assert exc.value.code == code and words in exc.value.message


def test_a_chain_of_xor_is_refused_at_its_third_operand_as_an_iff_chain_is(setting):
    for op in ("xor", "iff"):
        text = f"suspect.glasses {op} true {op} false"
        with pytest.raises(ResolveError) as exc:
            resolve(setting, text)
        assert exc.value.code == "T009" and exc.value.offset == text.index("false")
    assert resolve(setting, "(suspect.glasses xor true) xor false") is not None  # parentheses say it
