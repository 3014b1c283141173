import shutil

import pytest
from casetool.load.project import (
    expand,
    is_case_file,
    is_casebook_file,
    load_paths,
    scope,
)


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
    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    text = (root / "cases" / "supercluedo" / "setting.yaml").read_text()
    import re
    codes = re.findall(r"code: \{colours: \[(\w+), (\w+)\], numbers: \[(\d+), (\d+)\]\}", text)
    a, b, m, n = codes[0]
    swapped = f"code: {{colours: [{b}, {a}], numbers: [{n}, {m}]}}"
    text = text.replace(f"code: {{colours: [{codes[1][0]}, {codes[1][1]}], numbers: [{codes[1][2]}, {codes[1][3]}]}}", swapped, 1)
    (tmp_path / "setting.yaml").write_text(text)
    diags = load_paths([tmp_path]).diagnostics
    assert [d.code for d in diags] == ["V011"] and "same code" in diags[0].message


def _casebook(tmp_path, cases: str) -> None:
    (tmp_path / "casebook.yaml").write_text(
        f"casebook: mini\ntitle: Mini\nsetting: mini\ncases:\n{cases}")


def test_a_case_listed_twice_in_the_casebook_is_refused_where_it_is(tmp_path, fixtures):
    copy_mini(tmp_path, fixtures, "001-ok.yaml", "002-ambiguous.yaml")
    _casebook(tmp_path, "  - 001-ok.yaml\n  - 002-ambiguous.yaml\n  - ./001-ok.yaml\n")
    [diag] = load_paths([tmp_path]).diagnostics
    assert (diag.code, diag.pos.file.endswith("casebook.yaml"), diag.pos.line, diag.pos.col) == ("V053", True, 7, 5)
    assert "'./001-ok.yaml' is listed twice" in diag.message and "first as '001-ok.yaml', line 5" in diag.message


def test_a_casebook_listing_each_case_once_is_fine(tmp_path, fixtures):
    copy_mini(tmp_path, fixtures, "001-ok.yaml", "002-ambiguous.yaml")
    _casebook(tmp_path, "  - 002-ambiguous.yaml\n  - 001-ok.yaml\n")
    assert not load_paths([tmp_path]).diagnostics


def _with_clue_id(tmp_path, fixtures, clue_id: str):
    copy_mini(tmp_path, fixtures)
    text = (fixtures / "mini" / "001-ok.yaml").read_text()
    first = next(line for line in text.splitlines() if line.startswith("  - id: "))
    (tmp_path / "001.yaml").write_text(text.replace(first, f"  - id: {clue_id}", 1))
    line = text.splitlines().index(first) + 1
    return load_paths([tmp_path]).diagnostics, line


def test_a_clue_id_that_is_a_keyword_is_refused_at_its_position(tmp_path, fixtures):
    [diag], line = _with_clue_id(tmp_path, fixtures, "and")
    assert (diag.code, diag.pos.line, diag.pos.col) == ("V035", line, 9)
    assert "keyword of the clue language" in diag.message and "'and_clue'" in diag.hint


def test_a_clue_id_that_is_not_ascii_is_refused_with_a_suggestion(tmp_path, fixtures):
    [diag], line = _with_clue_id(tmp_path, fixtures, "plüm")
    assert (diag.code, diag.pos.line, diag.pos.col) == ("V035", line, 9)
    assert "'plüm' is not a name" in diag.message and "'plum'" in diag.hint


def test_clue_ids_that_are_names_are_accepted(tmp_path, fixtures):
    for clue_id in ("plum_2", "'010'", "anderson"):
        diags, _ = _with_clue_id(tmp_path, fixtures, clue_id)
        assert not diags, (clue_id, diags)


@pytest.mark.parametrize("name, beside_a_setting, casebook_file, case_file", [
    ("setting.yaml", True, True, False),
    ("casebook.yaml", True, True, False),
    ("casebook.yaml", False, True, False),   # named for casetool: read, even without its setting
    ("001.yaml", True, True, True),
    ("001.yml", True, True, True),
    ("001.yaml", False, False, False),       # no setting.yaml beside it: some other tool's YAML
    (".pre-commit-config.yaml", True, False, False),
    ("notes.txt", True, False, False),
])
def test_which_files_are_casebook_files(tmp_path, name, beside_a_setting, casebook_file, case_file):
    if beside_a_setting:
        (tmp_path / "setting.yaml").write_text("setting: x\n")
    assert (is_casebook_file(tmp_path / name), is_case_file(tmp_path / name)) == (casebook_file, case_file)


def test_a_setting_or_casebook_stands_for_every_case_beside_it(tmp_path, fixtures):
    book = tmp_path / "book"
    book.mkdir()
    copy_mini(book, fixtures, "001-ok.yaml", "002-ambiguous.yaml")
    (book / "casebook.yaml").write_text("casebook: b\ntitle: B\nsetting: mini\n")
    (book / ".draft.yaml").write_text("a: 1\n")
    (book / "sub").mkdir()
    copy_mini(book / "sub", fixtures, "003-contradiction.yaml")  # another book: not beside it
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n")
    cases = ["001-ok.yaml", "002-ambiguous.yaml"]
    for named in ("setting.yaml", "casebook.yaml"):
        found = scope([book / named, tmp_path / "mkdocs.yml"])
        assert [p.name for p in found.files] == sorted(cases + [named])
        assert found.skipped == [tmp_path / "mkdocs.yml"]
    found = scope([tmp_path])  # a folder: its casebook files, hidden ones never
    assert [p.relative_to(tmp_path).as_posix() for p in found.files] == [
        "book/001-ok.yaml", "book/002-ambiguous.yaml", "book/casebook.yaml", "book/setting.yaml",
        "book/sub/003-contradiction.yaml", "book/sub/setting.yaml"]
    assert found.skipped == [tmp_path / "mkdocs.yml"]
    assert scope([book / "001-ok.yaml"]).files == [book / "001-ok.yaml"]  # a case stands for itself


def test_a_missing_path_is_kept_for_loading_to_report(tmp_path):
    assert scope([tmp_path / "gone.yaml"]).files == [tmp_path / "gone.yaml"]
