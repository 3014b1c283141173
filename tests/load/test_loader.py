import pytest
from casetool.diagnostics import CasetoolError
from casetool.load.loader import LocDict, LocList, LocStr, load_yaml, load_yaml_text


def first_error(text: str):
    with pytest.raises(CasetoolError) as exc:
        load_yaml_text(text, "f.yaml")
    [diag] = exc.value.diagnostics
    return diag


def test_every_node_knows_its_position():
    doc = load_yaml_text("a: 1\nb:\n  - x\n  - 'y z'\n", "f.yaml")
    assert isinstance(doc, LocDict) and isinstance(doc["b"], LocList)
    assert (doc.key_pos["b"].line, doc.key_pos["b"].col) == (2, 1)
    assert [(p.line, p.col) for p in doc["b"].item_pos] == [(3, 5), (4, 5)]
    assert isinstance(doc["b"][1], LocStr) and doc["b"][1].pos.col == 5


@pytest.mark.parametrize("text, offset, line, col", [
    ("m: suspect == plum\n", 11, 1, 15),            # plain scalar
    ("m: 'suspect == plum'\n", 11, 1, 16),          # quoted: one more for the quote
    ("m: |\n  suspect\n  == plum\n", 11, 3, 6),     # block scalar: line and indent
])
def test_offsets_inside_strings_map_to_file_positions(text, offset, line, col):
    value = load_yaml_text(text, "f.yaml")["m"]
    pos = value.pos_at(offset)
    assert (pos.line, pos.col) == (line, col)
    assert text.splitlines()[line - 1][col - 1] == str(value)[offset]


def test_dates_stay_text():
    assert load_yaml_text("d: 1925-06-01\n", "f.yaml")["d"] == "1925-06-01"


def test_duplicate_key_names_both_lines():
    diag = first_error("a: 1\nb: 2\na: 3\n")
    assert (diag.pos.line, diag.code) == (3, "E015") and "line 1" in diag.message


def test_tabs_are_explained():
    diag = first_error("a:\n\tb: 1\n")
    assert diag.pos.line == 2 and "tab" in diag.message


def test_alias_bomb_is_refused_quickly():
    rows = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        rows.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    diag = first_error("\n".join(rows) + "\n")
    assert diag.code == "E013" and "alias" in diag.message


@pytest.mark.slow
def test_deep_nesting_is_refused():
    assert first_error("[" * 100 + "]" * 100).code == "E012"
    assert first_error("[" * 20000 + "]" * 20000).code == "E012"


def test_empty_and_comment_only_files():
    assert first_error("").code == "E004"
    assert first_error("# just a comment\n").code == "E004"


def test_several_documents_are_refused():
    assert first_error("a: 1\n---\nb: 2\n").code == "E011"


def test_binary_large_and_non_utf8_files(tmp_path):
    binary = tmp_path / "b.yaml"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0")
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * (10 * 1024 * 1024) + "\n")
    latin = tmp_path / "l.yaml"
    latin.write_bytes(b"a: caf\xe9\n")
    codes = []
    for path in (binary, big, latin):
        with pytest.raises(CasetoolError) as exc:
            load_yaml(path)
        codes.append(exc.value.diagnostics[0].code)
    assert codes == ["E003", "E002", "E003"]


@pytest.mark.parametrize("value", ["!!int x", "!!float x", "!!bool x", "!!int 0xZZ", "!!float 1.2.3"])
def test_explicit_tag_with_a_bad_value_is_one_positioned_error(value):
    diag = first_error(f"case: 1\ntitle: {value}\n")
    assert (diag.code, diag.pos.line, diag.pos.col) == ("E016", 2, 8)
    assert f"!!{value.split()[0][2:]}" in diag.message


def test_explicit_tags_with_good_values_load():
    doc = load_yaml_text("a: !!int '7'\nb: !!bool 'yes'\nc: !!float 1.5\nd: !!str 10\n", "f.yaml")
    assert (doc["a"], doc["b"], doc["c"], doc["d"]) == (7, True, 1.5, "10")


def test_plain_values_remember_what_yaml_read_them_as():
    doc = load_yaml_text("a: 010\nb: yes\nc: 2024-01-01\nd: '010'\ne: word\nl: [10, x]\n", "f.yaml")
    assert doc["a"] == 8 and doc.read_as["a"] == ("010", "a number")
    assert doc.read_as["b"] == ("yes", "true/false") and doc.read_as["c"] == ("2024-01-01", "a date")
    assert "d" not in doc.read_as and "e" not in doc.read_as
    assert doc["l"].read_as == {0: ("10", "a number")}


def _tree(node):
    """Everything the loader records: values, positions, styles and what YAML read plain values as."""
    if isinstance(node, LocDict):
        return ("map", node.pos, node.key_pos, node.value_pos, node.read_as,
                {k: _tree(v) for k, v in node.items()})
    if isinstance(node, LocList):
        return ("seq", node.pos, node.item_pos, node.read_as, [_tree(v) for v in node])
    if isinstance(node, LocStr):
        return ("str", str(node), node.pos, node.style)
    return node


SAMPLE_FILES = sorted(__import__("pathlib").Path(__file__).resolve().parents[2].glob("cases/**/*.yaml"))


def test_libyaml_and_pyyaml_load_every_sample_alike(monkeypatch):
    """The loader composes with libyaml when it is safe (speed); PyYAML must give the same tree."""
    from casetool.load import loader
    for path in SAMPLE_FILES:
        text = path.read_text()
        assert loader._compose_fast(text) is not None, f"{path}: libyaml was not used"
        fast = _tree(load_yaml_text(text, str(path)))
        with monkeypatch.context() as m:
            m.setattr(loader, "_C_LOADER", None)
            slow = _tree(load_yaml_text(text, str(path)))
        assert fast == slow, path


def test_texts_that_could_nest_deeply_are_never_given_to_libyaml():
    """libyaml recurses in C without a limit: a deep nesting would crash the process."""
    from casetool.load import loader
    for text in ("[" * 5000 + "]" * 5000, "- " * 5000 + "x", "a:\n" + "".join(f"{' ' * i}b:\n" for i in range(1, 3000))):
        assert loader._depth_bound(text) > loader._C_DEPTH_BOUND
        assert loader._compose_fast(text) is None
