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
