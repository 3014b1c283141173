import shutil

from casetool.project import expand, load_paths


def copy_mini(tmp_path, fixtures, *names):
    shutil.copy(fixtures / "mini" / "setting.yaml", tmp_path)
    for name in names:
        shutil.copy(fixtures / "mini" / name, tmp_path)


def test_folders_expand_recursively_and_sorted(tmp_path, fixtures):
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "x.yaml").write_text("a: 1\n")
    (tmp_path / "a" / "y.yml").write_text("a: 1\n")
    (tmp_path / "a" / ".hidden").mkdir()
    (tmp_path / "a" / ".hidden" / "z.yaml").write_text("a: 1\n")
    (tmp_path / "a" / "notes.txt").write_text("x")
    assert [p.name for p in expand([tmp_path / "a"])] == ["x.yaml", "y.yml"]


def test_wheel_positions_may_not_collide(tmp_path, fixtures):
    copy_mini(tmp_path, fixtures)
    text = (fixtures / "mini" / "001-ok.yaml").read_text().replace("    speaker: plum\n", "    speaker: plum\n    wheel: 7\n")
    (tmp_path / "001.yaml").write_text(text)
    (tmp_path / "002.yaml").write_text(text.replace("case: 1", "case: 2"))
    loaded = load_paths([tmp_path])
    [diag] = loaded.diagnostics
    assert diag.code == "V060" and diag.pos.file.endswith("002.yaml")
    assert "already used by case 1" in diag.message and "001.yaml:7:5" in diag.message


def test_case_numbers_may_not_collide(tmp_path, fixtures):
    copy_mini(tmp_path, fixtures, "001-ok.yaml")
    shutil.copy(fixtures / "mini" / "001-ok.yaml", tmp_path / "001-copy.yaml")
    [diag] = load_paths([tmp_path]).diagnostics
    assert diag.code == "V061"


def test_a_case_without_a_setting_says_where_to_put_it(tmp_path, fixtures):
    shutil.copy(fixtures / "mini" / "001-ok.yaml", tmp_path)
    [diag] = load_paths([tmp_path]).diagnostics
    assert diag.code == "V050" and "no setting.yaml beside this case" in diag.message


def test_codes_must_differ_in_any_order(tmp_path):
    root = __import__("pathlib").Path(__file__).resolve().parent.parent
    text = (root / "cases" / "supercluedo" / "setting.yaml").read_text()
    import re
    codes = re.findall(r"code: \{colours: \[(\w+), (\w+)\], numbers: \[(\d+), (\d+)\]\}", text)
    a, b, m, n = codes[0]
    swapped = f"code: {{colours: [{b}, {a}], numbers: [{n}, {m}]}}"
    text = text.replace(f"code: {{colours: [{codes[1][0]}, {codes[1][1]}], numbers: [{codes[1][2]}, {codes[1][3]}]}}", swapped, 1)
    (tmp_path / "setting.yaml").write_text(text)
    diags = load_paths([tmp_path]).diagnostics
    assert [d.code for d in diags] == ["V011"] and "same code" in diags[0].message
