"""Page rendering, without a server or a browser."""

import html
import re

import pytest
from casetool.serve.pages import Pages, diagnostic_view


@pytest.fixture
def pages(ws):
    return Pages(ws)


def section(page: str, element_id: str) -> str:
    match = re.search(rf'<(\w+)[^>]* id="{element_id}"[^>]*>.*?</\1>', page, re.S)
    assert match, f"no #{element_id} in the page"
    return match.group(0)


def test_index_lists_every_case_with_its_status(pages):
    page = pages.index("n0nce")
    rows = re.findall(r'<tr data-file="([^"]+)" data-status="([^"]+)"', page)
    assert rows == [("001-ok.yaml", "ok"), ("002-ambiguous.yaml", "ambiguous"),
                    ("003-contradiction.yaml", "contradiction"), ("004-wrong.yaml", "wrong-solution")]
    assert 'href="/case/001-ok.yaml"' in page
    assert 'data-stamp="' in page and '<script nonce="n0nce">' in page


def test_ok_case_shows_the_mystery_explanation_and_no_problems(pages):
    pages.ws.analysis(pages.ws.entries["001-ok.yaml"], wait=60)
    status, page = pages.case("001-ok.yaml")
    assert status == 200
    assert "Someone took the vicar&#39;s umbrella." in section(page, "mystery")
    check = section(page, "check")
    assert check.count('data-status="ok"') == 1
    assert "Exactly one answer fits, the declared solution: Professor Plum, with the Fair as the hiding place." in check
    explanation = section(page, "explanation")
    assert "Only one answer remains: Professor Plum, with the Fair as the hiding place." in explanation
    assert re.search(r"001-ok\.yaml:\d+:\d+", explanation)  # each step names its clues' lines
    assert 'id="diagnostics"' not in page and 'id="pacing"' not in page  # no timed reveals


def test_the_explanation_ends_as_the_solution_page_and_casetool_explain_do(pages):
    """One writer for the last line (issue 24 item 11): serve shows english.solution.closing,
    word for word what `casetool explain` and the printed page say, never a line of its own
    ('Only one answer remains: suspect Professor Plum, scene The Fair.')."""
    from casetool.english.explain import explanation_text
    from casetool.explain.steps import explain_case
    entry = pages.ws.entries["001-ok.yaml"]
    pages.ws.analysis(entry, wait=60)
    _, page = pages.case("001-ok.yaml")
    last = explanation_text(explain_case(entry.case, 60)).splitlines()[-1].strip()
    assert html.escape(last) in section(page, "explanation"), last


def test_ambiguous_case_shows_every_answer_with_its_world(pages):
    _, page = pages.case("002-ambiguous.yaml")
    answers = section(page, "answers")
    assert answers.count("<li>\n") + answers.count("<li>") >= 2
    assert "Professor Plum" in answers and "Reverend Green" in answers
    assert "liars: Mrs. White" in answers
    assert 'id="explanation"' not in page


def test_contradiction_shows_the_conflict_set_with_file_line_col(pages, book):
    _, page = pages.case("003-contradiction.yaml")
    conflict = html.unescape(section(page, "conflict"))
    assert re.search(r"003-contradiction\.yaml:7:5:</span> clue <code>plum</code>", conflict)
    assert re.search(r"003-contradiction\.yaml:27:5:</span> clue <code>rumour</code>", conflict)


def test_wrong_solution_shows_what_was_declared(pages):
    _, page = pages.case("004-wrong.yaml")
    assert "Declared solution:" in page and 'data-status="wrong-solution"' in page


def test_input_errors_show_file_line_col_and_the_source_line(pages, book):
    path = book / "001-ok.yaml"
    path.write_text(path.read_text().replace("speaker: plum", "speaker: plumm", 1))
    pages.ws.apply([path])
    status, page = pages.case("001-ok.yaml")
    assert status == 200
    problems = html.unescape(section(page, "diagnostics"))
    assert re.search(r"001-ok\.yaml:8:\d+:</span> <span class=\"sev\">error\[\w+\]</span>", problems)
    assert "speaker: plumm" in problems and "^" in problems
    assert 'id="stale"' in page  # the mystery as last loaded is still shown
    assert 'id="check"' not in page


def test_everything_from_the_files_is_escaped(pages, book):
    path = book / "001-ok.yaml"
    text = path.read_text().replace("story: Someone took the vicar's umbrella.",
                                    'story: "<script>alert(1)</script> <img src=x onerror=alert(2)>"')
    path.write_text(text.replace("title: The Missing Umbrella", 'title: "<b>bold</b>"'))
    pages.ws.apply([path])
    _, page = pages.case("001-ok.yaml")
    assert "<script>alert(1)" not in page and "<img src=x" not in page and "<b>bold</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;b&gt;bold&lt;/b&gt;" in pages.index()
    assert page.count("<script") == 1  # only the page's own script


def test_a_case_file_name_with_markup_is_escaped(pages, book):
    name = '005-"><script>x.yaml'
    (book / name).write_text((book / "001-ok.yaml").read_text().replace("case: 1", "case: 5"))
    pages.ws.apply([book / name])
    index = pages.index()
    assert '"><script>x' not in index and "&#34;&gt;&lt;script&gt;x.yaml" in index
    assert pages.case(name)[0] == 200


def test_unknown_and_deleted_cases(pages, book):
    status, page = pages.case("999-nope.yaml")
    assert status == 404 and 'id="missing"' in page and 'data-stamp="missing"' in page
    (book / "002-ambiguous.yaml").unlink()
    pages.ws.apply([book / "002-ambiguous.yaml"])
    status, page = pages.case("002-ambiguous.yaml")
    assert status == 404 and 'id="gone"' in page


def test_book_errors_show_on_the_index_and_the_case_pages(pages, book):
    setting = book / "setting.yaml"
    setting.write_text(setting.read_text().replace("answer: [suspect, scene]", "answer: [suspect, scene"))
    pages.ws.apply([setting])
    assert "error[E010]" in section(pages.index(), "book-diagnostics")
    _, page = pages.case("001-ok.yaml")
    assert "error[E010]" in section(page, "book-errors")


def test_a_slow_explanation_comes_later(pages, monkeypatch):
    import threading

    from casetool.serve import workspace
    release, real = threading.Event(), workspace._analyse

    def slow(case):
        release.wait(30)
        return real(case)
    monkeypatch.setattr(workspace, "_analyse", slow)
    ws = pages.ws
    path = ws.folder / "001-ok.yaml"
    path.write_text(path.read_text().replace("Someone took", "Somebody took"))
    ws.apply([path])
    _, page = pages.case("001-ok.yaml")
    assert 'id="explanation-pending"' in page and re.search(r'data-stamp="\d+:0"', page)
    release.set()
    assert ws.await_analysis(["001-ok.yaml"], 30)
    assert ws.stamps()["cases"]["001-ok.yaml"].endswith(":1")  # so the open page reloads
    _, page = pages.case("001-ok.yaml")
    assert 'id="explanation-pending"' not in page and 'id="explanation"' in page


def test_a_timed_case_shows_pacing(pages):
    path = pages.ws.folder / "001-ok.yaml"
    text = path.read_text().replace("    means: scene == fair\n", "    means: scene == fair\n    reveal: 1\n")
    path.write_text(text.replace("clues:\n", "events:\n  - at: 1\n    text: The gate-keeper is found.\nclues:\n"))
    pages.ws.apply([path])
    pages.ws.await_analysis(["001-ok.yaml"], 60)
    _, page = pages.case("001-ok.yaml")
    pacing = section(page, "pacing")
    assert "<th>Event</th>" in pacing and pacing.count("<tr") == 3
    assert "The gate-keeper is found." in section(page, "mystery")


def test_diagnostic_view_points_past_the_last_line(tmp_path):
    from casetool.diagnostics import Pos, error
    path = tmp_path / "001.yaml"
    path.write_text("a: 1\nb: \"x\n")
    view = diagnostic_view(error(Pos(str(path), 3, 1), "E010", "end of stream"), tmp_path)
    assert view["excerpt"]["lines"][-1] == {"number": 3, "text": "", "here": True}


def test_an_empty_folder_says_how_to_start(tmp_path, make_workspace):
    ws = make_workspace(tmp_path)
    assert "casetool new" in Pages(ws).index() and "--setting" in Pages(ws).index()
    (tmp_path / "inner").mkdir()
    (tmp_path / "inner" / "setting.yaml").write_text("x: 1\n")
    assert f"casetool serve {tmp_path}/inner" in Pages(ws).index()


def test_each_clue_shows_its_text_beside_its_meaning_in_english(pages):
    """Issue 26 item 6: the author sees what the player reads beside what the solver proves."""
    _, page = pages.case("001-ok.yaml")
    meanings = html.unescape(section(page, "meanings"))
    assert re.search(r'data-clue="green">\s*<td class="mono">green</td><td>[^<]*</td>\s*<td>'
                     r'The culprit wears glasses or the culprit is a woman\.', meanings)
    # the mini case says what it means: no clue's text differs from its meaning (L008-L013);
    # its green either over two traits is marked for its form (L026), as lint reports it
    assert not re.findall(r"L01[0-3] \(line|L00[89] \(line", meanings)
    assert re.findall(r"L0\d\d \(line", meanings) == ["L026 (line"]


def test_a_clue_whose_text_hides_its_arithmetic_is_marked(tmp_path, make_workspace):
    import shutil
    from pathlib import Path
    folder = tmp_path / "said"
    shutil.copytree(Path(__file__).resolve().parents[1] / "lint" / "fixtures" / "said", folder)
    _, page = Pages(make_workspace(folder)).case("001-said.yaml")
    row = html.unescape(section(page, "meanings")).split('data-clue="swing"')[1].split("</tr>")[0]
    assert "It took a weapon heavier than the room was big, and then some." in row
    assert "The weapon's weight (pounds) is more than the crime's size plus 1." in row
    assert "L008 (line 11): the text does not say the number 1" in row
