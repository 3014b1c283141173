"""Change handling: only the changed case is re-checked; bad input becomes diagnostics."""

import pytest
from casetool.explain import (
    verdict as check_module,  # the serve's check: verdict, then W004
)
from casetool.serve.workspace import Workspace
from serve_helpers import without_clue


@pytest.fixture
def counted(monkeypatch):
    """Names of the case files prove_case was called on."""
    calls = []
    real = check_module.prove_case

    def spy(case, options=None, budget=None, later=None):
        calls.append(case.path.name)
        return real(case, options, budget, later)
    monkeypatch.setattr(check_module, "prove_case", spy)
    return calls


def test_load_all_checks_every_case(book):
    ws = Workspace(book)
    assert ws.load_all() == {"001-ok.yaml", "002-ambiguous.yaml", "003-contradiction.yaml", "004-wrong.yaml"}
    statuses = {e.name: e.status for e in ws.ordered()}
    assert statuses == {"001-ok.yaml": "ok", "002-ambiguous.yaml": "ambiguous",
                        "003-contradiction.yaml": "contradiction", "004-wrong.yaml": "wrong-solution"}
    assert ws.title == "A Small Village" and ws.book_diagnostics == []


def test_a_saved_case_is_the_only_one_rechecked(book, ws, counted):
    before = ws.stamps()
    counted.clear()
    path = book / "001-ok.yaml"
    path.write_text(without_clue(path.read_text(), "boddy"))
    assert ws.apply([path]) == {"001-ok.yaml"}
    assert counted == ["001-ok.yaml"]
    after = ws.stamps()
    assert after["index"] != before["index"]
    assert [n for n in after["cases"] if after["cases"][n] != before["cases"][n]] == ["001-ok.yaml"]
    entry = ws.entries["001-ok.yaml"]
    assert entry.status == "ambiguous" and len(entry.result.answers) == 2


def test_a_setting_change_rechecks_every_case(book, ws, counted):
    counted.clear()
    setting = book / "setting.yaml"
    setting.write_text(setting.read_text().replace("title: A Small Village", "title: A Smaller Village"))
    assert len(ws.apply([setting])) == 4
    assert sorted(counted) == sorted(ws.entries)
    assert ws.title == "A Smaller Village"


def test_files_that_are_not_yaml_or_are_hidden_are_ignored(book, ws, counted):
    counted.clear()
    (book / "notes.txt").write_text("x")
    (book / ".001-ok.yaml.swp").write_text("x")
    assert ws.apply([book / "notes.txt", book / ".001-ok.yaml.swp", book / ".#001-ok.yaml"]) == set()
    assert counted == []


def test_half_typed_yaml_shows_the_error_and_keeps_the_last_mystery(book, ws):
    path = book / "001-ok.yaml"
    good = path.read_text()
    path.write_text(good + "  - id: new\n    text: \"The culprit was\n")
    ws.apply([path])
    entry = ws.entries["001-ok.yaml"]
    assert entry.status == "invalid" and entry.case is None and entry.result is None
    assert [d.code for d in entry.errors] == ["E010"]
    assert entry.errors[0].pos.line > 1
    assert entry.last_good is not None and entry.last_good.title == "The Missing Umbrella"
    path.write_text(good)
    ws.apply([path])
    assert ws.entries["001-ok.yaml"].status == "ok"


def test_schema_and_name_errors_are_diagnostics_with_positions(book, ws):
    path = book / "001-ok.yaml"
    path.write_text(path.read_text().replace("speaker: plum", "speaker: plumm"))
    ws.apply([path])
    errors = ws.entries["001-ok.yaml"].errors
    assert errors and all(d.pos.line > 1 and d.pos.col >= 1 for d in errors)
    assert "plumm" in errors[0].message


def test_a_deleted_case_is_gone_and_comes_back(book, ws):
    path = book / "002-ambiguous.yaml"
    text = path.read_text()
    path.unlink()
    assert ws.apply([path]) == {"002-ambiguous.yaml"}
    assert "002-ambiguous.yaml" not in ws.entries
    assert ws.stamps()["cases"]["002-ambiguous.yaml"].startswith("gone-")
    path.write_text(text)
    ws.apply([path])
    assert ws.entries["002-ambiguous.yaml"].status == "ambiguous"


def test_a_deleted_setting_makes_every_case_invalid_then_recovers(book, ws):
    setting = book / "setting.yaml"
    text = setting.read_text()
    setting.unlink()
    ws.apply([setting])
    assert {e.status for e in ws.entries.values()} == {"invalid"}
    assert all(any(d.code == "V050" for d in e.errors) for e in ws.entries.values())
    setting.write_text(text)
    ws.apply([setting])
    assert ws.entries["001-ok.yaml"].status == "ok"


def test_a_broken_setting_is_a_book_diagnostic(book, ws):
    setting = book / "setting.yaml"
    setting.write_text(setting.read_text().replace("answer: [suspect, scene]", "answer: [suspect, scene"))
    ws.apply([setting])
    assert [d.code for d in ws.book_diagnostics] == ["E010"]
    assert {e.status for e in ws.entries.values()} == {"invalid"}


def test_a_number_collision_marks_the_other_case_too(book, ws):
    before = ws.stamps()["cases"]
    path = book / "001-ok.yaml"
    path.write_text(path.read_text().replace("case: 1", "case: 2"))
    changed = ws.apply([path])
    flagged = [e.name for e in ws.entries.values() if any(d.code == "V061" for d in e.errors)]
    assert len(flagged) == 1 and flagged[0] in changed
    assert ws.stamps()["cases"][flagged[0]] != before[flagged[0]]


def test_a_new_case_file_appears(book, ws):
    new = book / "005-new.yaml"
    new.write_text((book / "001-ok.yaml").read_text().replace("case: 1", "case: 5"))
    assert ws.apply([new]) == {"005-new.yaml"}
    assert ws.entries["005-new.yaml"].status == "ok"


def test_an_unexpected_failure_is_shown_not_raised(book, ws, monkeypatch):

    def broken(case, options=None, budget=None, later=None):
        raise RuntimeError("solver exploded")
    monkeypatch.setattr(check_module, "prove_case", broken)
    path = book / "001-ok.yaml"
    path.write_text(path.read_text())
    ws.apply([path])
    entry = ws.entries["001-ok.yaml"]
    assert entry.status == "invalid" and "solver exploded" in entry.error


def test_analysis_is_computed_once_for_ok_cases_only(book, ws):
    ok = ws.entries["001-ok.yaml"]
    assert ws.analysis(ok) is None or ok.analysis is not None  # asked for; not waited for
    first = ws.analysis(ok, wait=60)
    assert first.error is None and first.explanation["complete"] and first.grade is not None
    assert ws.analysis(ok) is first
    assert ws.analysis(ws.entries["002-ambiguous.yaml"]) is None


def test_a_saved_ok_case_is_analysed_in_the_background(book, ws):
    told = []
    ws.on_analysis = lambda: told.append(ws.stamps()["cases"]["001-ok.yaml"])
    path = book / "001-ok.yaml"
    path.write_text(path.read_text().replace("Someone took", "Somebody took"))
    ws.apply([path])
    assert ws.await_analysis(["001-ok.yaml"], 60)
    entry = ws.entries["001-ok.yaml"]
    assert entry.analysis.explanation["complete"]
    assert told and told[-1].endswith(":1")  # the stamp changed, so the page reloads with it


def test_casebook_yaml_gives_the_title_and_is_rechecked_with_every_case(book, ws, counted):
    casebook = book / "casebook.yaml"
    casebook.write_text("casebook: mini_book\ntitle: Umbrella Tales\nsetting: mini\n"
                        "cases:\n  - 001-ok.yaml\n  - 002-ambiguous.yaml\n")
    counted.clear()
    assert ws.apply([casebook]) == set()
    assert counted == [] and ws.title == "Umbrella Tales" and ws.book_diagnostics == []
    (book / "002-ambiguous.yaml").unlink()
    ws.apply([book / "002-ambiguous.yaml"])
    assert [d.code for d in ws.book_diagnostics] == ["V051"]  # casebook.yaml names a file that is gone


def test_a_collision_found_at_start_goes_away_when_fixed(book, make_workspace):
    path = book / "001-ok.yaml"
    path.write_text(path.read_text().replace("case: 1", "case: 2"))
    ws = make_workspace(book)
    assert sum(1 for e in ws.entries.values() for d in e.errors if d.code == "V061") == 1
    path.write_text(path.read_text().replace("case: 2", "case: 1"))
    ws.apply([path])
    assert not [d for e in ws.entries.values() for d in e.diagnostics if d.code == "V061"]
    assert ws.entries["002-ambiguous.yaml"].status == "ambiguous"


def test_a_folder_moved_away_is_an_error_until_it_is_back(book, ws):
    moved = book.with_name("elsewhere")
    book.rename(moved)
    ws.load_all()
    assert "is not there any more" in ws.error and len(ws.entries) == 4  # shown as it was
    moved.rename(book)
    ws.load_all()
    assert ws.error is None and ws.entries["001-ok.yaml"].status == "ok"
