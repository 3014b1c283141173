from cli_support import run


def test_new_setting_then_case_validates_and_check_lists_what_is_open(tmp_path):
    book = tmp_path / "book"
    assert run("new", book, "--setting", "my_book").exit_code == 0
    assert run("new", book, "--title", "The First One").exit_code == 0
    assert run("new", book, "--title", "Second").exit_code == 0
    text = (book / "001-the-first-one.yaml").read_text()
    assert text.startswith("# yaml-language-server: $schema=")
    assert 'title: "The First One"' in text and "# one of: plum, white, green" in text
    assert (book / "002-second.yaml").read_text().count("case: 2") == 1
    result = run("validate", book)
    assert result.exit_code == 0, result.output
    check = run("check", book / "001-the-first-one.yaml")
    assert check.exit_code == 1 and "6 answers fit" in check.output


def test_new_case_in_a_sample_setting_gets_the_next_number(tmp_path, fixtures):
    import shutil
    shutil.copytree(fixtures / "mini", tmp_path / "mini")
    result = run("new", tmp_path / "mini", "--title", "Fifth")
    assert result.exit_code == 0
    text = (tmp_path / "mini" / "005-fifth.yaml").read_text()
    assert "case: 5" in text and "speaker: brown" in text and "e.g. lies(plum)" in text
    assert run("validate", tmp_path / "mini" / "005-fifth.yaml").exit_code == 0


def test_new_without_a_setting_says_what_to_do(tmp_path):
    result = run("new", tmp_path)
    assert result.exit_code == 2 and "--setting <id>" in result.output


def test_bad_setting_id(tmp_path):
    result = run("new", tmp_path / "x", "--setting", "Bad Id")
    assert result.exit_code == 2 and "not a valid setting id" in result.output
    assert not (tmp_path / "x" / "setting.yaml").exists()


def _schema_target(path):
    """The file a scaffolded file's `# yaml-language-server: $schema=...` line points at."""
    first = path.read_text().splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema="), first
    return (path.parent / first.split("$schema=", 1)[1]).resolve()


def test_schema_lines_of_a_casebook_outside_this_repository_resolve_to_real_schemas(tmp_path):
    import json
    from importlib import resources

    import jsonschema
    from casetool.load.loader import load_yaml

    book = tmp_path / "elsewhere" / "book"
    assert run("new", book, "--setting", "my_book").exit_code == 0
    assert run("new", book, "--title", "One").exit_code == 0
    for name, kind in (("setting.yaml", "setting"), ("casebook.yaml", "casebook"), ("001-one.yaml", "case")):
        target = _schema_target(book / name)
        assert target.is_file() and book.resolve() in target.parents, target
        shipped = resources.files("casetool.schemas").joinpath(f"{kind}.schema.json").read_text()
        assert target.read_text() == shipped
        jsonschema.validate(load_yaml(book / name), json.loads(target.read_text()))  # the editor's view: valid
    assert run("validate", book).exit_code == 0  # the schema copies are not taken for cases


def test_schema_lines_inside_this_repository_point_at_its_schemas(tmp_path):
    from pathlib import Path

    from casetool.scaffold import schema_files, schema_ref

    root = Path(__file__).resolve().parents[2]
    folder = root / "cases" / "hampshire"
    assert schema_ref(folder, "case") == "../../schemas/case.schema.json"
    assert (folder / schema_ref(folder, "case")).resolve() == root / "schemas" / "case.schema.json"
    assert schema_files(folder) == {}
