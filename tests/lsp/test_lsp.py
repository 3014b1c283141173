"""`casetool lsp` driven by a real LSP client over stdio (pygls's LanguageClient, see
lsp_support.py): one server for the module, each test on its own copy of a sample case."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lsp_support import Editor, position_of
from lsprotocol import types

from cli_support import error_lines, run

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini"
HAMPSHIRE = ROOT / "cases" / "hampshire"


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("book") / "mini"
    shutil.copytree(MINI, folder)
    return folder


@pytest.fixture(scope="module")
def editor(book):
    ed = Editor(book)
    yield ed
    ed.close()
    assert ed.messages == [], ed.messages  # the server reported no failure of its own


def case_copy(book: Path, source: str, name: str) -> Path:
    path = book / name
    path.write_text((MINI / source).read_text())
    return path


def codes(diags) -> list[str]:
    return [d.code for d in diags]


# ---- diagnostics as you type ---------------------------------------------------------
def test_a_typo_in_means_is_an_error_at_its_position_from_the_unsaved_text(editor, book):
    path = case_copy(book, "001-ok.yaml", "101-typing.yaml")
    uri = editor.open(path)
    assert editor.diagnostics(uri) == []
    text = path.read_text().replace("suspect.hair != red", "suspect.hiar != red")
    editor.replace(uri, text)  # not saved: the disk still holds the good text
    [diag] = editor.diagnostics(uri, lambda d: bool(d))
    assert diag.code == "N007" and "did you mean 'hair'" in diag.message
    assert diag.severity == types.DiagnosticSeverity.Error
    line, col = position_of(text, "suspect.hiar")
    assert (diag.range.start.line, diag.range.start.character) == (line, col)
    editor.replace(uri, path.read_text())
    assert editor.diagnostics(uri) == []


def test_an_unknown_speaker_and_a_schema_error_are_both_reported(editor, book):
    path = case_copy(book, "001-ok.yaml", "102-names.yaml")
    uri = editor.open(path)
    text = path.read_text().replace("speaker: green", "speaker: gren")
    editor.replace(uri, text)
    [diag] = editor.diagnostics(uri, lambda d: bool(d))
    assert diag.code == "V031"
    assert (diag.range.start.line, diag.range.start.character) == position_of(text, "gren")
    editor.replace(uri, text.replace("story:", "stroy:"))
    assert "S002" in codes(editor.diagnostics(uri, lambda d: "S002" in codes(d)))


def test_editing_the_setting_buffer_rechecks_the_open_case(editor, book):
    case = case_copy(book, "001-ok.yaml", "103-setting.yaml")
    case_uri = editor.open(case)
    setting = book / "setting.yaml"
    setting_uri = editor.open(setting)
    editor.replace(setting_uri, setting.read_text().replace(" red", " ginger"))  # unsaved
    diags = editor.diagnostics(case_uri, lambda d: "N008" in codes(d))
    assert any("unknown value 'red'" in d.message for d in diags)
    editor.replace(setting_uri, setting.read_text())
    assert editor.diagnostics(case_uri, lambda d: not d) == []


@pytest.mark.parametrize("name, means, width", [
    ("113-early", "suspect.hair != red and (suspect.glasses", 0),  # ends too early: nothing to underline
    ("113-paren", "suspect.hair != red )", 1),                     # one character out of place
    ("113-equals", "suspect.hair !== red", 1),
    ("113-or", "suspect.hair != red or or", 2),
])
def test_a_syntax_error_in_a_clue_is_underlined_at_the_column_the_cli_reports(editor, book, name, means, width):
    path = case_copy(book, "001-ok.yaml", f"{name}.yaml")
    path.write_text(path.read_text().replace("means: suspect.hair != red", f"means: {means}"))
    [cli] = error_lines(run("validate", path).output)
    [diag] = editor.diagnostics(editor.open(path), lambda d: bool(d))
    assert (diag.code, diag.message) == (cli["code"], cli["msg"])
    start, end = diag.range.start, diag.range.end
    assert (start.line, start.character) == (int(cli["line"]) - 1, int(cli["col"]) - 1)
    assert (end.line, end.character) == (start.line, start.character + width)


def test_yaml_outside_a_casebook_folder_is_left_alone(editor, tmp_path):
    path = tmp_path / "workflow.yaml"
    path.write_text("on: push\njobs: {}\n")
    uri = editor.open(path)
    assert editor.diagnostics(uri) == []
    assert editor.completion(uri, 0, 4) == []


# ---- quick fixes ---------------------------------------------------------------------
def apply(text: str, edit: types.WorkspaceEdit, uri: str) -> str:
    lines = text.splitlines(True)
    for change in sorted(edit.changes[uri], key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        s, e = change.range.start, change.range.end
        assert s.line == e.line
        row = lines[s.line]
        lines[s.line] = row[: s.character] + change.new_text + row[e.character:]
    return "".join(lines)


def test_the_did_you_mean_fix_repairs_the_name(editor, book):
    path = case_copy(book, "001-ok.yaml", "104-fix.yaml")
    uri = editor.open(path)
    text = path.read_text().replace("suspect.hobbies has opera", "suspect.hobbies has oprea")
    editor.replace(uri, text)
    diags = editor.diagnostics(uri, lambda d: bool(d))
    [action] = editor.code_actions(uri, diags)
    assert action.title == "Change 'oprea' to 'opera'"
    assert apply(text, action.edit, uri) == path.read_text()


def test_a_text_with_colon_space_gets_the_quote_fix(editor, book):
    path = case_copy(book, "001-ok.yaml", "105-quote.yaml")
    uri = editor.open(path)
    text = path.read_text().replace("text: Someone took", "text: Someone took").replace(
        "text: The culprit sings opera.", "text: Mrs. White said: the culprit sings opera.")
    editor.replace(uri, text)
    diags = editor.diagnostics(uri, lambda d: "E010" in codes(d))
    [action] = editor.code_actions(uri, diags)
    fixed = apply(text, action.edit, uri)
    assert 'text: "Mrs. White said: the culprit sings opera."' in fixed
    editor.replace(uri, fixed)
    assert editor.diagnostics(uri) == []


# ---- the check verdict on save ---------------------------------------------------------
def test_saving_an_ambiguous_case_shows_the_alternatives(editor, book):
    path = case_copy(book, "002-ambiguous.yaml", "106-ambiguous.yaml")
    uri = editor.open(path)
    editor.save(uri, path, path.read_text())
    [diag] = editor.diagnostics(uri, lambda d: "K002" in codes(d))
    assert "2 answers fit" in diag.message
    assert "answer 1: suspect plum, scene fair; liars: white" in diag.message
    assert "answer 2: suspect green, scene fair; liars: white" in diag.message


def test_saving_a_contradiction_marks_each_clue_of_the_conflict(editor, book):
    path = case_copy(book, "003-contradiction.yaml", "107-contradiction.yaml")
    uri = editor.open(path)
    text = path.read_text()
    editor.save(uri, path, text)
    diags = editor.diagnostics(uri, lambda d: "K003" in codes(d))
    marked = sorted(d.range.start.line for d in diags if d.code == "K003")
    wanted = sorted(position_of(text, f"- id: {cid}", 2)[0] for cid in ("plum", "brown", "rumour"))
    assert marked == wanted
    for d in diags:  # each links to the other two clues of the conflict
        assert sorted(r.location.range.start.line for r in d.related_information) == \
            sorted(line for line in wanted if line != d.range.start.line)


def test_saving_a_redundant_clue_warns_w001_on_it(editor, book):
    path = case_copy(book, "001-ok.yaml", "108-redundant.yaml")
    uri = editor.open(path)
    text = path.read_text().replace("solution:", "  - id: extra\n    text: Not the parade.\n"
                                    "    means: scene != parade\nsolution:")
    editor.replace(uri, text)
    editor.save(uri, path, text)
    diags = editor.diagnostics(uri, lambda d: "W001" in codes(d))
    lines = {d.range.start.line for d in diags if d.code == "W001"}
    assert position_of(text, "- id: extra", 2)[0] in lines
    assert all(d.severity == types.DiagnosticSeverity.Warning for d in diags if d.code == "W001")


def test_a_verdict_for_an_older_version_is_dropped(editor, book):
    slow = book.parent / "hampshire"
    shutil.copytree(HAMPSHIRE, slow)
    busy = slow / "007-the-last-omnibus.yaml"
    busy_uri = editor.open(busy)
    path = case_copy(book, "001-ok.yaml", "109-stale.yaml")
    uri = editor.open(path)
    editor.diagnostics(uri)
    ok_text = path.read_text()
    ambiguous = ok_text.replace("  - id: boddy\n    speaker: boddy\n    text: FAIR\n    means: scene == fair\n", "")
    assert ambiguous != ok_text
    editor.save(busy_uri, busy, busy.read_text())  # keeps the one checker busy a while
    editor.save(uri, path, ok_text)                # its verdict (ok) comes after ...
    editor.replace(uri, ambiguous)                 # ... this newer version: it must not be shown
    editor.diagnostics(busy_uri, lambda d: any(x.code in ("K001", "W001") for x in d))
    editor.save(uri, path, ambiguous)
    editor.diagnostics(uri, lambda d: "K002" in codes(d))
    newest = [p for p in editor.published[uri] if p.version == editor.versions[uri]]
    assert not any("K001" in codes(p.diagnostics) for p in newest), "the older save's verdict was shown"


# ---- completion -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def opened(editor, book):
    path = case_copy(book, "001-ok.yaml", "110-complete.yaml")
    return editor.open(path), path.read_text()


@pytest.mark.parametrize("needle, offset, expected, unexpected", [
    ("suspect.hair", len("suspect."), {"gender", "hair", "glasses", "hobbies"}, {"plum", "and"}),
    ("!= red", len("!= "), {"gray", "brown", "red"}, {"opera", "plum"}),
    ("has opera", len("has "), {"chess", "golf", "opera"}, {"red"}),
    ("lies(white)", len("lies("), {"plum", "white", "brown", "boddy"}, {"fair"}),
    ("scene == fair", len("scene == "), {"parade", "fair"}, {"plum"}),
    ("means: suspect.glasses", len("means: "), {"suspect", "scene", "plum", "fair", "implies", "not"}, {"red"}),
    ("speaker: white", len("speaker: "), {"plum", "white", "green", "brown", "boddy"}, {"fair"}),
    ("  suspect: plum", len("  suspect: "), {"plum", "white", "green", "scarlet"}, {"fair"}),
    ("liars: [white]", len("liars: ["), {"white", "brown"}, {"fair"}),
])
def test_completion(editor, opened, needle, offset, expected, unexpected):
    uri, text = opened
    labels = set(editor.completion(uri, *position_of(text, needle, offset)))
    assert expected <= labels and not (unexpected & labels), labels


@pytest.fixture(scope="module")
def samples(editor, book):
    """The timeline and card samples, beside the mini book."""
    out = {}
    for name, case in (("tudor", "001-the-comet-party.yaml"), ("classic", "003-the-weekend-guest.yaml")):
        folder = book.parent / f"sample-{name}"
        shutil.copytree(ROOT / "cases" / name, folder)
        out[name] = editor.open(folder / case), (folder / case).read_text()
    return out


@pytest.mark.parametrize("sample, needle, offset, expected, unexpected", [
    ("tudor", "at(p, dawn)", len("at("), {"p"}, set()),
    ("tudor", "at(p, dawn)", len("at(p, "), {"dawn", "dusk", "midnight"}, {"fountain"}),
    ("tudor", "together(dusk)", len("together("), {"dawn", "dusk"}, {"fountain", "azure"}),
    ("tudor", "at(azure, t)", len("at("), {"azure", "mustard"}, {"dawn"}),
    ("tudor", "p.gender == male", len("p."), {"gender"}, {"dawn"}),
    ("tudor", "p.gender == male", len("p.gender == "), {"male", "female"}, {"azure"}),
    ("classic", "room: kitchen", len("room: "), {"kitchen", "ballroom", "library"}, {"white", "rope"}),
    ("classic", "suspect not in [mustard", len("suspect not in ["), {"mustard", "green", "white"}, {"kitchen"}),
])
def test_completion_in_the_timeline_and_card_samples(editor, samples, sample, needle, offset, expected, unexpected):
    uri, text = samples[sample]
    labels = set(editor.completion(uri, *position_of(text, needle, offset)))
    assert expected <= labels and not (unexpected & labels), labels


def test_completion_of_an_attribute_while_the_means_is_unfinished(editor, book):
    path = case_copy(book, "001-ok.yaml", "111-unfinished.yaml")
    uri = editor.open(path)
    text = path.read_text().replace("means: suspect.hair != red", "means: suspect.ha")
    editor.replace(uri, text)
    editor.diagnostics(uri, lambda d: bool(d))  # the half-typed clue is an error meanwhile
    assert editor.completion(uri, *position_of(text, "suspect.ha", len("suspect.ha"))) == ["hair"]


# ---- hover, definition, rename ---------------------------------------------------------------
def test_hover_on_a_clue_reads_its_meaning_and_what_it_rules_out(editor, opened):
    uri, text = opened
    value = editor.hover(uri, *position_of(text, "means: suspect.glasses", 2))
    assert "Means: The culprit wears glasses or the culprit is a woman." in value
    assert "(if Reverend Green tells the truth) it rules out: Reverend Green." in value
    value = editor.hover(uri, *position_of(text, "text: FAIR", 1))
    assert "it rules out: The Parade." in value  # Mr. Boddy never lies: no "if"


def test_hover_on_an_id_shows_its_definition(editor, opened):
    uri, text = opened
    value = editor.hover(uri, *position_of(text, "  suspect: plum", len("  suspect: p")))
    assert value.startswith("**Professor Plum**: suspect `plum`")
    assert "gender: male · hair: gray · glasses: true · hobbies: chess" in value
    value = editor.hover(uri, *position_of(text, "speaker: brown", len("speaker: b")))
    assert "**Inspector Brown**: character `brown`, inspector (never lies)" in value


def test_hover_on_an_attribute_and_a_quantifier_variable(editor, opened, samples):
    uri, text = opened
    value = editor.hover(uri, *position_of(text, "suspect.hobbies", len("suspect.h")))
    assert "attribute `hobbies` of suspect, a set of chess, golf, opera" in value
    uri, text = samples["tudor"]
    value = editor.hover(uri, *position_of(text, "p.gender == male", len("p.g")))
    assert "attribute `gender` of suspect" in value


BOARD_RULE = ("all p in suspect: all t in time: all q in room: all r in room: "
              "at(p, t) == q and at(p, t + 1) == r implies q == r or q.adjacent has r")


def test_hover_reads_a_quantifier_kept_whole_in_words(editor, book):
    """A clue too large to unroll (ir.Quant, 4 x 6 x 6 x 6 bindings on the mansion board)
    reads with its variables by name, not as the tree's text."""
    folder = book.parent / "sample-mansion"
    shutil.copytree(ROOT / "cases" / "mansion" / "medium", folder)
    path = next(folder.glob("001-*.yaml"))   # the sample's one case, whatever its generated title
    text = path.read_text().replace("clues:\n  - id:", f"clues:\n  - id: rule\n    speaker: notes\n    text: Nobody jumps "
                                                     f"rooms.\n    means: '{BOARD_RULE}'\n  - id:", 1)   # generate's indent
    path.write_text(text)
    value = editor.hover(editor.open(path), *position_of(text, "means: 'all p", 2))
    assert "Means: For every suspect p, for every time t other than Midnight, if p was at the Hall at t" in value
    assert "Quant(" not in value and "Var(" not in value
    assert "On its own it rules out: nothing." in value


def test_hover_reads_a_clue_while_another_clue_has_an_error(editor, book):
    path = case_copy(book, "001-ok.yaml", "112-broken.yaml")
    uri = editor.open(path)
    text = path.read_text().replace("means: lies(white)", "means: lies(whit)")
    editor.replace(uri, text)
    editor.diagnostics(uri, lambda d: "N003" in codes(d))
    value = editor.hover(uri, *position_of(text, "means: suspect.hair", 2))
    assert "Means: The culprit does not have red hair." in value
    assert "fix the case's errors to see what it rules out" in value


@pytest.mark.parametrize("needle, offset, defined", [
    ("speaker: white", len("speaker: w"), "  white: {name: Mrs. White, role"),
    ("suspect.hair", len("suspect.h"), "      hair: {values"),
    ("  suspect: plum", len("  suspect: p"), "      plum: {name: Professor Plum, gender"),
    ("scene == fair", len("scene == f"), "      fair: {name"),
])
def test_definition_goes_to_setting_yaml(editor, opened, book, needle, offset, defined):
    uri, text = opened
    location = editor.definition(uri, *position_of(text, needle, offset))
    assert location.uri == editor.uri(book / "setting.yaml")
    setting = (book / "setting.yaml").read_text()
    line, col = position_of(setting, defined)
    first = len(defined) - len(defined.lstrip())
    assert (location.range.start.line, location.range.start.character) == (line, col + first)


def test_rename_a_clue_id(editor, opened):
    uri, text = opened
    edit = editor.rename(uri, *position_of(text, "- id: green", len("- id: g")), "vicar")
    [change] = edit.changes[uri]
    line, col = position_of(text, "- id: green", len("- id: "))
    assert (change.range.start.line, change.range.start.character, change.range.end.character) == (line, col, col + 5)
    assert change.new_text == "vicar"
    with pytest.raises(Exception, match="already has a clue 'plum'"):
        editor.rename(uri, *position_of(text, "- id: green", len("- id: g")), "plum")
    with pytest.raises(Exception, match="is not a clue id"):
        editor.rename(uri, *position_of(text, "- id: green", len("- id: g")), "two words")
    with pytest.raises(Exception, match="put the cursor on a clue's id"):
        editor.rename(uri, *position_of(text, "speaker: green", len("speaker: g")), "vicar")


# ---- outline ----------------------------------------------------------------------------------
def spans(symbol) -> tuple[int, int, int, int]:
    r = symbol.range
    return r.start.line, r.start.character, r.end.line, r.end.character


def inside(inner, outer) -> bool:
    a, b = spans(inner), spans(outer)
    return (b[0], b[1]) <= (a[0], a[1]) and (a[2], a[3]) <= (b[2], b[3])


def test_the_outline_of_a_case_is_its_clues_by_id_and_speaker_and_its_solution(editor, book):
    assert editor.init.capabilities.document_symbol_provider  # editors ask only if it is offered
    path = case_copy(book, "001-ok.yaml", "114-outline.yaml")
    text = path.read_text()
    [case] = editor.symbols(editor.open(path))
    assert (case.name, case.detail, case.kind) == ("case 1", "The Missing Umbrella", types.SymbolKind.Module)
    *clues, solution = case.children
    assert [(c.name, c.detail) for c in clues] == [
        ("plum", "plum"), ("white", "white"), ("green", "green"), ("brown", "brown"), ("boddy", "boddy")]
    assert (solution.name, solution.detail) == ("solution", "suspect plum, scene fair; liars: white")
    for clue in clues:  # the id is where the editor jumps; the clue's lines are its span
        line, col = position_of(text, f"- id: {clue.name}\n", len("- id: "))
        start, end = clue.selection_range.start, clue.selection_range.end
        assert (start.line, start.character, end.character) == (line, col, col + len(clue.name))
        assert spans(clue)[:2] == (line, col - len("id: "))
        assert inside(clue, case)
    assert [spans(c)[0] for c in clues[1:]] == [spans(c)[2] for c in clues[:-1]]  # one after the other
    assert spans(solution)[0] == position_of(text, "solution:")[0] and inside(solution, case)


def test_the_outline_of_a_setting_is_its_categories_items_and_characters(editor, book):
    categories, characters = editor.symbols(editor.open(book / "setting.yaml"))
    assert [(c.name, c.detail, [i.name for i in c.children]) for c in categories.children] == [
        ("suspect", "Suspect", ["plum", "white", "green", "scarlet"]), ("scene", "Scene", ["parade", "fair"])]
    assert categories.children[0].children[0].detail == "Professor Plum"
    assert [(c.name, c.detail) for c in characters.children][-2:] == [
        ("brown", "Inspector Brown, inspector"), ("boddy", "Mr. Boddy, locator")]
    assert all(inside(i, c) for c in categories.children for i in c.children)


def test_the_outline_follows_the_unsaved_text_and_is_empty_while_the_yaml_is_broken(editor, book):
    path = case_copy(book, "001-ok.yaml", "115-outline-edit.yaml")
    uri = editor.open(path)
    text = path.read_text().replace("- id: boddy", "- id: mrboddy")
    editor.replace(uri, text)
    assert editor.symbols(uri)[0].children[-2].name == "mrboddy"
    editor.replace(uri, text.replace("clues:", "clues: ["))
    assert editor.symbols(uri) == []


def test_hover_shows_the_text_beside_its_meaning_and_where_they_differ(editor, book):
    """Issue 26 item 6: 'and then some' hides `+ 1`; the hover says so beside the two."""
    folder = book.parent / "said"
    shutil.copytree(ROOT / "tests" / "lint" / "fixtures" / "said", folder)
    path = folder / "001-said.yaml"
    text = path.read_text()
    value = editor.hover(editor.open(path), *position_of(text, "means: weapon.weight > room.size + 1", 2))
    assert "Says: It took a weapon heavier than the room was big, and then some." in value
    assert "Means: The weapon's weight (pounds) is more than the crime's size plus 1." in value
    assert "- L008: the text does not say the number 1" in value
    value = editor.hover(editor.open(path), *position_of(text, "means: suspect.hair == dark", 2))
    assert "- L009: the text denies 'dark' (`dark`), which the meaning asserts" in value
