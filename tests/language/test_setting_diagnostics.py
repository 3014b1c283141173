"""Every setting diagnostic V001-V010 from a real setting file, at the line and column of
the mistake, through the real `validate` command (exit 1 with one error line first)."""

from pathlib import Path

import pytest

from cli_support import error_lines, run

SETTINGS = Path(__file__).resolve().parent / "fixtures" / "settings"

# folder -> (code, line, col, words of the message)
EXPECTED = {
    "V001-answer": ("V001", 5, 19, "unknown category 'scenes' in answer (did you mean 'scene'?)"),
    "V002-item": ("V002", 26, 53, "unknown item 'plumm' (did you mean 'plum'?)"),
    "V003-keyword": ("V003", 25, 13, "'away' is a keyword of the clue language"),
    "V004-duplicate": ("V004", 25, 13, "item id 'plum' is used twice"),
    "V005-attribute": ("V005", 19, 16, "suspect has no attribute 'height'"),
    "V006-missing": ("V006", 19, 16, "item 'scarlet' gives no value for attribute 'hair'"),
    "V007-bool": ("V007", 19, 16, "glasses should be true or false, not 'sometimes'"),
    "V008-value": ("V008", 19, 16, "unknown value 'blonde' for hair"),
    "V009-unordered": ("V009", 33, 10, "timeline times 'hour' must be an ordered category"),
    "V010-no-values": ("V010", 13, 13, "attribute 'eyes' lists no values"),
}


def test_every_fixture_folder_is_expected():
    assert sorted(p.name for p in SETTINGS.iterdir()) == sorted(EXPECTED)


@pytest.mark.parametrize("folder", sorted(EXPECTED))
def test_setting_diagnostic(folder):
    code, line, col, words = EXPECTED[folder]
    result = run("validate", SETTINGS / folder / "setting.yaml")
    assert result.exit_code != 0
    first = error_lines(result.output)[0]
    assert (first["code"], int(first["line"]), int(first["col"])) == (code, line, col), result.output
    assert first["file"].endswith(f"{folder}/setting.yaml")
    assert words in first["msg"]
