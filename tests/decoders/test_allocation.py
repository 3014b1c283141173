"""Wheel allocation: pinned numbers kept, the rest spread deterministically, decoys in the gaps."""

import re
import shutil
from dataclasses import replace

import pytest
from casetool.decoders.allocation import allocate, reserved_positions
from casetool.decoders.decoys import scene_words
from casetool.load.project import load_paths

from decoder_support import HAMPSHIRE, load_book

WHEELS = ["plum", "peacock", "scarlet", "mustard", "white", "green", "brown", "boddy"]


def unpinned_copy(tmp_path, keep=()):
    """The sample casebook with every `wheel:` number removed, but those of the cases in `keep`."""
    folder = tmp_path / "hampshire"
    shutil.copytree(HAMPSHIRE, folder)
    for case in folder.glob("0*.yaml"):
        if case.name[:3] not in keep:
            case.write_text(re.sub(r"\n    wheel: \d+", "", case.read_text()))
    return folder


def numbers(alloc) -> dict:
    return {(s.case, plan.character.id): s.number for plan in alloc.wheels for s in plan.real()}


def test_pinned_numbers_are_kept(hampshire):
    book, alloc = hampshire
    assert not alloc.diagnostics and not alloc.assigned()
    for case in book.cases:
        for clue in case.clues:
            assert alloc.plan(clue.speaker).statements[clue.wheel].text == clue.text.strip()


def test_every_position_holds_a_statement(hampshire):
    book, alloc = hampshire
    for plan in alloc.wheels:
        assert sorted(plan.statements) == list(range(1, plan.character.wheel + 1))
        assert len(plan.real()) == len(book.cases)
        if plan.character.role == "locator":
            assert {s.text for s in plan.statements.values()} <= set(scene_words(book.setting))
        else:  # a decoy never repeats a real statement of its wheel
            real = {s.text for s in plan.real()}
            assert not [s for s in plan.statements.values() if s.decoy and s.text in real]


def test_unpinned_numbers_are_spread_and_deterministic(tmp_path):
    book = load_book(unpinned_copy(tmp_path))
    first, again = allocate(book), allocate(book)
    assert numbers(first) == numbers(again)
    assert len(first.assigned()) == 8 * 8
    for character in WHEELS:
        mine = [n for (case, who), n in sorted(numbers(first).items()) if who == character]  # in mystery order
        assert len(set(mine)) == 8 and all(1 <= n <= 100 for n in mine)
        assert mine != sorted(mine) and max(mine) - min(mine) > 30  # not in mystery order, not bunched


def test_a_number_says_nothing_about_the_text(tmp_path):
    """Numbers come from the seed, the character and the book order only: change every
    statement (even make two mysteries say the same thing) and the numbers stay."""
    folder = unpinned_copy(tmp_path)
    before = numbers(allocate(load_book(folder)))
    for case in folder.glob("0*.yaml"):
        text = re.sub(r"(\n    text: ).*", r"\1The same words in every mystery.", case.read_text())
        case.write_text(text)
    after = allocate(load_book(folder))
    assert numbers(after) == before
    plum = [s.number for s in after.plan("plum").real()]
    assert len(set(plum)) == 8  # the same text in two mysteries still gets two numbers


def test_the_seed_changes_the_numbers(tmp_path):
    folder = unpinned_copy(tmp_path)
    before = numbers(allocate(load_book(folder)))
    (folder / "casebook.yaml").write_text((folder / "casebook.yaml").read_text().replace("seed: 1925", "seed: 1926"))
    assert numbers(allocate(load_book(folder))) != before


def test_pinned_numbers_are_never_given_away(tmp_path):
    folder = unpinned_copy(tmp_path, keep={"003"})
    alloc = allocate(load_book(folder))
    pinned = {(s.case, plan.character.id): s.number for plan in alloc.wheels for s in plan.real() if s.pinned}
    assert len(pinned) == 8 and all(case == 3 for case, _ in pinned)
    for plan in alloc.wheels:
        assert len({s.number for s in plan.real()}) == 8


def test_a_case_added_at_the_end_leaves_the_others_alone(tmp_path):
    folder = unpinned_copy(tmp_path)
    book = load_book(folder)
    full = numbers(allocate(book))
    book = replace(book, cases=book.cases[:-1])
    shorter = numbers(allocate(book))
    assert shorter == {k: v for k, v in full.items() if k[0] != 8}


def test_cases_left_out_of_the_book_keep_their_positions(tmp_path):
    folder = unpinned_copy(tmp_path, keep={"008"})
    loaded = load_paths(sorted(folder.glob("*.yaml")))
    book = load_book(folder)
    book = replace(book, cases=[c for c in book.cases if c.number != 8])
    reserved = reserved_positions(loaded.cases, book)
    assert reserved["plum"] == {9}
    alloc = allocate(book, reserved)
    assert 9 not in [s.number for s in alloc.plan("plum").real()]


def test_too_many_statements_for_a_wheel(tmp_path):
    folder = unpinned_copy(tmp_path)
    setting = folder / "setting.yaml"
    setting.write_text(setting.read_text().replace("decoder: spyglass, wheel: 100}", "decoder: spyglass, wheel: 6}", 1))
    alloc = allocate(load_book(folder))
    [problem] = alloc.diagnostics
    assert problem.code == "R040" and problem.pos.file.endswith("setting.yaml") and problem.pos.line == 55
    assert "Professor Plum's wheel has 6 positions" in problem.message


@pytest.mark.parametrize("role", ["witness", "inspector"])
def test_decoys_sound_like_their_speaker(hampshire, role):
    book, alloc = hampshire
    plan = next(p for p in alloc.wheels if p.character.role == role)
    decoys = [s.text for s in plan.statements.values() if s.decoy]
    assert len(set(decoys)) > 40  # varied
    names = [c.name for c in book.setting.characters.values() if c.role == "witness"]
    if role == "inspector":
        assert all(any(n in d for n in names) or re.search(r"\b(nobody|every)", d, re.I) for d in decoys)
    else:
        traits = book.setting.categories["suspect"].attributes.values()
        words = [str(v).replace("_", " ") for a in traits for v in a.values] + [w for a in traits for w in a.label.lower().split()]
        items = [i.name for c in book.setting.categories.values() for i in c.items] + ["Parade", "Fair", "Cart", "Bus"]
        assert all(any(w in d for w in words + items) for d in decoys)


@pytest.mark.parametrize("pinned", [{1}, {8}, {2, 5}, {1, 3, 4, 6, 7}, {1, 2, 3, 4, 5, 6, 7}])
def test_pinning_some_at_their_numbers_changes_no_other_number(tmp_path, pinned):
    """A partly pinned casebook (an interrupted `wheels --write`) gives every unpinned
    statement the number the unpinned casebook gave it, so a book printed before
    pinning, after, or half-way all agree."""
    folder = unpinned_copy(tmp_path)
    book = load_book(folder)
    unpinned = numbers(allocate(book))
    book = replace(book, cases=[replace(case, clues=[replace(clue, wheel=unpinned[(case.number, clue.speaker)])
                                                     for clue in case.clues]) if case.number in pinned else case
                                for case in book.cases])
    partly = allocate(book)
    assert numbers(partly) == unpinned
    assert {(s.case, s.pinned) for plan in partly.wheels for s in plan.real()} == \
        {(c.number, c.number in pinned) for c in book.cases}


@pytest.mark.parametrize("seed", [1, 7, 1925, 2024, 99991])
def test_positions_are_exactly_one_to_n_for_any_seed(tmp_path, seed):
    folder = unpinned_copy(tmp_path)
    (folder / "casebook.yaml").write_text(
        (folder / "casebook.yaml").read_text().replace("seed: 1925", f"seed: {seed}"))
    book = load_book(folder)
    # A small wheel, so that every position, the first and the last too, is taken.
    characters = {k: replace(c, wheel=12) if c.wheel else c for k, c in book.setting.characters.items()}
    book = replace(book, setting=replace(book.setting, characters=characters))
    alloc = allocate(book)
    assert not alloc.diagnostics
    for plan in alloc.wheels:
        assert sorted(plan.statements) == list(range(1, 13))
        assert sorted(s.number for s in plan.statements.values()) == list(range(1, 13))
        real = [s.number for s in plan.real()]
        assert len(set(real)) == 8 and all(1 <= n <= 12 for n in real)
