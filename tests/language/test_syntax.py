import pytest
from casetool.language.syntax import ClueSyntaxError, parse


def shape(node):
    if node is None or isinstance(node, (str, int)):
        return node
    if isinstance(node, list):
        return [shape(n) for n in node]
    inner = [shape(a) for a in node.args]
    return (node.kind, node.op, *inner) if node.op else (node.kind, *inner)


@pytest.mark.parametrize("text, expected", [
    ("a or b and c", ("or", ("bool_term", ("name", "a")), ("and", ("bool_term", ("name", "b")), ("bool_term", ("name", "c"))))),
    ("not a and b", ("and", ("not", ("bool_term", ("name", "a"))), ("bool_term", ("name", "b")))),
    ("a implies b implies c", ("implies", ("bool_term", ("name", "a")), ("implies", ("bool_term", ("name", "b")), ("bool_term", ("name", "c"))))),
    ("a iff b xor c", ("iff", ("bool_term", ("name", "a")), ("xor", ("bool_term", ("name", "b")), ("bool_term", ("name", "c"))))),
    ("suspect not in [a, b]", ("not_member", ("name", "suspect"), [("name", "a"), ("name", "b")])),
    ("time between dusk and midnight", ("between", ("name", "time"), ("name", "dusk"), ("name", "midnight"))),
    ("at most 2 of [a, b]", ("counting", "at most 2", ("bool_term", ("name", "a")), ("bool_term", ("name", "b")))),
    ("at(green, dawn) == away", ("compare", "==", ("at", ("name", "green"), ("name", "dawn")), ("away",))),
])
def test_precedence_and_shapes(text, expected):
    assert shape(parse(text)) == expected


def test_quantifier_parts():
    node = parse("all p in suspect where p.gender == male: at(p, dawn) == kitchen")
    assert node.kind == "quantifier" and node.op == "all"
    var, cat, where, body = node.args
    assert (var.op, cat.op, where.kind, body.kind) == ("p", "suspect", "compare", "compare")


def test_offsets_point_at_names():
    text = "suspect == plum and lies(white)"
    node = parse(text)
    lies = node.args[1]
    assert text[lies.args[0].start:].startswith("white")


@pytest.mark.parametrize("text, offset, words", [
    ("suspect ==", 10, "ends too early"),
    ("suspect = plum", 8, "unexpected character"),
    ("a or or b", 5, "unexpected 'or'"),
    ("", 0, "empty"),
    ("a and (b", 8, "expected ')'"),
])
def test_syntax_errors_have_offsets(text, offset, words):
    with pytest.raises(ClueSyntaxError) as exc:
        parse(text)
    assert exc.value.offset == offset and words in exc.value.message


def test_keywords_are_reserved():
    with pytest.raises(ClueSyntaxError):
        parse("suspect == and")


def test_deep_nesting_is_an_error_not_a_crash():
    try:
        parse("(" * 3000 + "a" + ")" * 3000)
    except ClueSyntaxError as exc:
        assert "nested" in exc.message
