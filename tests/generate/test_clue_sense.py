"""Clues a player reads as false or as a program (the editors' reads of seeds 61-68): an
either/or true on both sides in the answer, an order said as a disjunction ("either before
eight o'clock or at eight o'clock"), the dead victim "with" a guest, and five witnesses who
say one skeleton ("If the culprit wears glasses, they are lying low at the Fair"). Each on
the seed that printed it, and the generator's own pieces on the setting."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from casetool.english import forms
from casetool.english.atoms import category_atoms
from casetool.generate import variety
from casetool.generate.candidates.builder import Builder
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan
from casetool.language import ir
from casetool.language.evaluate import Evaluator

from generate_helpers import CASES, generate_into


def _builder(name: str, kind: str) -> Builder:
    source = load_source(CASES / name)[0]
    rng = random.Random(1)
    return Builder(source, make_plan(source.setting, kind, rng, Wish(), ["Ann"], source.world), rng)


def test_an_order_and_its_own_moment_are_said_as_one_time():
    """grange liars fiendish 65: 'The crime happened either before eight o'clock or at eight
    o'clock.' is 'at eight o'clock or earlier'; an order beside another moment is not drawn."""
    b = _builder("grange", "liars")
    atoms = {a.means: a for a in category_atoms(b.setting, b.templates, "time")}
    got = b.pair("or", atoms["time < eight"], atoms["time == eight"])
    assert got is not None and got[1] == "the crime happened at eight o'clock or earlier" and got[3] == "comparison"
    assert got[0] == "time <= eight" and got[2] == b.ex("time <= eight")
    later = b.pair("or", atoms["time == eight"], atoms["time > eight"])
    assert later is not None and later[1] == "the crime happened at eight o'clock or later"
    assert b.pair("or", atoms["time < eight"], atoms["time == ten"]) is None
    last = b.setting.categories["time"].ids[-1]
    assert b.pair("or", atoms[f"time < {last}"], atoms[f"time == {last}"]) is None   # says nothing


@pytest.mark.parametrize("name, kind, level, seed", [
    ("murdle", "liars", "fiendish", 63),   # Cerulean: 'either used a poisoned teacup or struck in the Orchard'
    ("murdle", "liars", "hard", 62),       # 'either has hazel eyes or used a heavy weapon', both so
    ("tudor", "timeline", "medium", 63),   # 'either in the east wing or indoors', both so
])
def test_an_either_or_true_on_both_sides_says_perhaps_both(tmp_path, name, kind, level, seed):
    """A player reads "either A or B" as one or the other: one true on both sides is said
    "A or B, perhaps both" (english.forms.perhaps_both), never with "either"."""
    got, _ = generate_into(tmp_path, name, kind, seed, level)
    world, ev = got.world.complete(), Evaluator(got.case.setting)
    for clue in got.case.clues:
        if clue.expr is None or clue.synthetic:
            continue
        truth = ev.holds(clue.expr, world)
        if forms.both_sides(clue.expr, truth, lambda side: ev.holds(side, world)):
            assert truth and clue.text.count("perhaps both") == 1, clue.text
            assert not re.search(r"\b(either|neither)\b", clue.text, re.I), clue.text
    ors = [c for c in got.case.clues if isinstance(c.expr, ir.Or)]
    assert all("either before" not in c.text for c in ors)


def test_the_dead_victim_is_with_nobody(tmp_path):
    """mansion/medium board medium 2: 'Lord Ashdown was with Colonel Ashby at midnight.', dead by then."""
    got, _ = generate_into(tmp_path, "mansion/medium", "board", 2, "medium")
    tl = got.case.setting.timeline
    times = got.case.setting.categories[tl.times].ids
    when = times.index(got.case.solution[tl.times])
    for clue in got.case.clues:
        e = clue.expr
        if isinstance(e, ir.Compare) and isinstance(e.left, ir.At) and isinstance(e.right, ir.At):
            if e.left.person.item == "ashdown":
                assert times.index(e.left.time.item) <= when, clue.text


def test_no_case_says_one_skeleton_three_times(tmp_path):
    """hampshire traits medium 61: five of six witnesses said 'If the culprit X, they are
    lying low at Y' (now 'Whoever is lying low at Y ...', in turn with 'The one lying low at
    Y ...' and 'No one lying low at Y ...')."""
    got, _ = generate_into(tmp_path, "hampshire", "traits", 61, "medium")
    cands = {c.key: c for c in got.pool.candidates.values()}
    texts = {d.means: d.text for d in got.doc.clues}
    counts = Counter((variety.skeleton(cands[k].form, cands[k].expr), _wording(texts[cands[k].means]))
                     for k in got.keys)
    counts = Counter({k: n for k, n in counts.items() if k[0]})
    assert max(counts.values(), default=0) <= variety.SAME, counts


def _wording(text: str) -> str:
    """Which of english.forms.rewordings (or, tied to the hiding place, statements._forward_words:
    "Whoever ...", "The one ...", "No one ..."/"Anyone ...") a statement reads in, from its words."""
    for way, words in (("should", r"\bshould\b"), ("the one", r"\bthe one\b"), ("any", r"\b(no one|anyone)\b")):
        if re.search(words, text, re.I):
            return way
    return "after" if " if they " in text else "if"


def test_one_skeleton_takes_its_wordings_in_turn():
    """'If the culprit has red hair, they are lying low in the Cart' said three ways."""
    said = forms.rewordings("if the culprit has red hair, they are lying low in the Cart", "the culprit")
    assert said == ("should the culprit have red hair, they are lying low in the Cart",
                    "the culprit is lying low in the Cart if they have red hair")
    assert forms.rewordings("if the culprit is young, they do not paint", "the culprit") == (
        "should the culprit be young, they do not paint", "the culprit does not paint if they are young")
    assert forms.rewordings("if the murderer used the Rope, they struck in the Hall", "the murderer") == ()


def _categories(expr) -> frozenset[str]:
    return frozenset(n.category for n in ir.walk(expr) if isinstance(n, ir.AnswerRef))


def _two_column_either(expr, truth: bool) -> bool:
    """An either/or, as a player reads it (a true "A or B", a liar's false "neither A nor B"),
    whose two sides are on two answer categories: written here from the expression's nodes."""
    if truth and isinstance(expr, ir.Or):
        sides = expr.args
    elif not truth and isinstance(expr, ir.Not) and isinstance(expr.arg, ir.Or):
        sides = expr.arg.args
    elif not truth and isinstance(expr, ir.And):
        sides = expr.args
    else:
        return False
    cats = [_categories(s) for s in sides]
    return all(len(c) == 1 for c in cats) and len(set(cats)) > 1


@pytest.mark.parametrize("name, kind, level, seed", [
    ("murdle", "liars", "fiendish", 91),      # 'The murderer either has gray eyes or used a brass telescope.'
    ("grange", "traits", "hard", 91),         # 'The murderer either used the Candlestick or struck in a room next to the Kitchen.'
    ("grange", "timeline", "hard", 91),       # 'The murderer struck either before nine o'clock or in the smallest of the four rooms.'
    ("supercluedo", "codes", "fiendish", 91),  # 'Either the weapon card has a yellow corner, or the suspect card has a red corner.'
])
def test_no_either_or_joins_two_columns_of_the_table(tmp_path, name, kind, level, seed):
    """The editor's read of seeds 91-100 (issue 24): 'The thief struck either in the south wing
    or before the early afternoon.' is a formula over two categories, not a scene a witness
    saw. Each seed printed two to four such clues before; an either now stays in one category
    ('in the Kitchen or the Hall', two traits of one person)."""
    got, _ = generate_into(tmp_path, name, kind, seed, level)
    world, ev = got.world.complete(), Evaluator(got.case.setting)
    assert got.case.clues
    formulas = [c.text for c in got.case.clues if c.expr is not None and not c.synthetic
                and _two_column_either(c.expr, ev.holds(c.expr, world))]
    assert formulas == []


def test_the_builder_draws_no_either_over_two_categories():
    """The pieces: an 'or' of a place and a time is None; an 'or' of two places is drawn;
    linked clues at level 1 (where the two-category either came from) are none."""
    b = _builder("grange", "traits")
    place = {a.means: a for a in category_atoms(b.setting, b.templates, "room")}
    weapon = {a.means: a for a in category_atoms(b.setting, b.templates, "weapon")}
    assert b.pair("or", place["room == hall"], weapon["weapon == rope"]) is None
    both = b.pair("or", place["room == hall"], place["room == kitchen"])
    assert both is not None and both[1] == "the crime happened either in the Hall or in the Kitchen", both
    assert all(b.linked(list(place.values()), list(weapon.values()), 1, True) is None for _ in range(5))
    assert b.linked(list(place.values()), list(weapon.values()), 2, True) is not None
