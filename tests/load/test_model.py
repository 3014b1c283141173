"""A Case made in code, without YAML: checking it and the cross-case checks point at the case
itself wherever a YAML position would be (Case.pos_of), instead of failing."""

from dataclasses import replace
from pathlib import Path

from casetool import api
from casetool.diagnostics import Pos
from casetool.language.text import resolve_text
from casetool.load.model import Case, Clue, Positions
from casetool.load.project import number_collisions

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
CLUES = [("plum", "The culprit's hair was not red.", "suspect.hair != red"),
         ("white", "The culprit sings opera.", "suspect.hobbies has opera"),
         ("green", "The culprit wore glasses, or was a woman.", "suspect.glasses or suspect.gender == female"),
         ("brown", "Mrs. White has been telling fibs again.", "lies(white)"),
         ("boddy", "FAIR", "scene == fair")]


def case_in_code(number: int = 1, **changes) -> Case:
    """tests/fixtures/mini/001-ok.yaml's case, written in Python against the mini setting."""
    setting = api.load(FIXTURES / "mini" / "001-ok.yaml").settings[FIXTURES / "mini" / "setting.yaml"]
    here = Pos("<made in code>", 1, 1)
    clues = []
    for who, text, means in CLUES:
        expr, problem = resolve_text(means, setting, None)
        assert problem is None, problem
        clues.append(Clue(who, text, means, who, "statement", None, None, None, here, here, expr))
    case = Case(number=number, title="The Missing Umbrella", date="", setting_id="mini", story="Someone took it.",
                liar_rule=None, clues=clues, solution={"suspect": "plum", "scene": "fair"}, solution_liars=["white"],
                solution_text="Plum did it.", players=[], suggestions=[], events=[], path=Path("umbrella"),
                display="<made in code>", pos=here, setting=setting)
    return replace(case, **changes)


def test_a_case_without_yaml_has_no_file_positions():
    case = case_in_code()
    assert case.positions == Positions() and case.positions.of("solution") is None
    assert case.pos_of("solution") == case.pos and case.pos_of("clues", "id") == case.pos


def test_a_case_made_in_code_is_checked_and_warned_at_its_own_position():
    # Declared liars and a declared difficulty both lead to warnings placed by YAML position.
    result = api.verdict(case_in_code(solution_liars=["green"], difficulty="fiendish"), api.Options(warnings=True))
    assert result.status == api.Status.OK
    codes = {w.code: w.pos for w in result.warnings}
    assert codes.keys() >= {"W003", "W004"} and set(codes.values()) == {Pos("<made in code>", 1, 1)}


def test_number_collisions_point_at_a_case_made_in_code():
    [diag] = number_collisions([case_in_code(3), replace(case_in_code(3), display="<another>")])
    assert diag.code == "V061" and diag.pos == Pos("<made in code>", 1, 1)


def test_a_loaded_case_keeps_its_yaml_positions():
    case = api.load(FIXTURES / "mini" / "001-ok.yaml").cases[0]
    assert case.pos_of("solution") == Pos(case.display, 28, 3)  # the mapping under `solution:`
    assert case.pos_of("solution", "liars") == Pos(case.display, 30, 10)


def test_a_loaded_case_is_built_whole_and_never_changed():
    import dataclasses

    import pytest
    case = api.load(FIXTURES / "mini" / "001-ok.yaml").cases[0]
    assert case.setting is not None and all(clue.expr is not None for clue in case.clues)
    assert all(isinstance(at, Pos) for at in case.positions.at.values())  # positions, not the YAML document
    with pytest.raises(dataclasses.FrozenInstanceError):
        case.setting = None
    with pytest.raises(dataclasses.FrozenInstanceError):
        case.clues[0].expr = None


def test_allocation_returns_the_numbers_and_leaves_the_book_as_read(tmp_path):
    import re
    import shutil

    from casetool.api import load_book
    from casetool.decoders.allocation import numbered
    shutil.copytree(ROOT / "cases" / "hampshire", tmp_path / "book")
    for path in (tmp_path / "book").glob("0*.yaml"):  # the statements unpinned: the allocation numbers them
        path.write_text(re.sub(r"\n    wheel: \d+", "", path.read_text()))
    book, alloc, _ = load_book(tmp_path / "book")
    numbers = alloc.numbers()
    assert numbers and all(clue.wheel is None for case in book.cases for clue in case.clues
                           if (case.number, clue.id) in numbers)
    printed = numbered(book, alloc)
    assert {(case.number, clue.id): clue.wheel for case in printed.cases for clue in case.clues
            if (case.number, clue.id) in numbers} == numbers
    assert all(clue.wheel is None for case in book.cases for clue in case.clues if (case.number, clue.id) in numbers)
