"""An item's `pronoun:` (she, he, they): read onto the item, never into its attributes (so no
clue is drawn from it), and a value the schema does not know is one positioned error."""

from pathlib import Path

from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]
BAD = ROOT / "tests" / "fixtures" / "pronoun-bad" / "setting.yaml"


def test_an_unknown_pronoun_is_one_error_at_its_value_naming_what_to_write():
    loaded = load_paths([BAD])
    [diag] = loaded.diagnostics
    assert (diag.code, Path(diag.pos.file).resolve(), diag.pos.line, diag.pos.col) == ("S004", BAD, 15, 18)
    line = BAD.read_text().splitlines()[diag.pos.line - 1]
    assert line[diag.pos.col - 1:].startswith("him")
    assert "ochre.pronoun" in diag.message and "she, he, they" in diag.message
    assert loaded.settings[BAD] is None


def test_the_murdle_suspects_carry_a_pronoun_that_is_no_attribute():
    setting = load_paths([ROOT / "cases" / "murdle" / "setting.yaml"]).settings[ROOT / "cases" / "murdle" / "setting.yaml"]
    suspects = setting.categories["suspect"]
    assert {i.id: i.pronoun for i in suspects.items} == {"vermilion": "he", "cerulean": "she", "olive": "she", "ochre": "he"}
    assert "pronoun" not in suspects.attributes
    assert all(set(i.attrs) == set(suspects.attributes) for i in suspects.items)
    assert all(i.pronoun == "" for i in setting.categories["weapon"].items)
