"""An either/or names two things a witness could confuse: two values of one attribute ("either
plays chess or goes fishing", "shows yellow or the number 3"), never two traits of one person
or thing ("The murderer either writes with the right hand or has blue eyes", "The weapon was
either of medium weight or made of paper": two facts, 4 of 10 cases in the editor's read of
seeds 101-110, issue 24). Where a thing has no attribute with two values to join, two of its
traits are denied together, said plainly ("The weapon was neither heavy nor made of paper").
The candidates of real drafts, read here from the expression's nodes."""

from __future__ import annotations

import random

import pytest
from casetool.english.atoms import category_atoms
from casetool.generate import candidates
from casetool.generate.candidates.builder import Builder
from casetool.generate.source import load_source
from casetool.generate.world import Wish, make_plan
from casetool.language import ir
from casetool.language.evaluate import Evaluator
from casetool.load.model import World

from generate_helpers import CASES


def _drafts(name: str, kind: str, seeds=range(3)):
    source = load_source(CASES / name)[0]
    for seed in seeds:
        rng = random.Random(seed)
        world = make_plan(source.setting, kind, rng, Wish(), ["Ann"], source.world)
        yield world, candidates.draft(source, world, rng)


def _side(expr) -> tuple[frozenset[str], frozenset[str]]:
    """(answer categories, attributes) a side of an 'or' names."""
    nodes = list(ir.walk(expr))
    return (frozenset(n.category for n in nodes if isinstance(n, ir.AnswerRef)),
            frozenset(n.attribute for n in nodes if isinstance(n, ir.AttrOf)))


def _two_traits(expr) -> bool:
    """An 'or' whose two sides are traits of one category, each of another attribute."""
    if not isinstance(expr, ir.Or):
        return False
    sides = [_side(a) for a in expr.args]
    return all(len(c) == 1 and a for c, a in sides) and len({c for c, _ in sides}) == 1 and \
        len({a for _, a in sides}) > 1


@pytest.mark.parametrize("name,kind", [("murdle", "liars"), ("murdle", "traits"), ("hampshire", "traits"),
                                       ("grange", "traits"), ("tudor", "timeline"), ("supercluedo", "codes")])
def test_no_candidate_is_an_either_over_two_traits(name, kind):
    eithers = 0
    for _world, draft in _drafts(name, kind):
        for c in draft.candidates:
            assert not _two_traits(c.expr), (c.means, c.text)
            eithers += c.form == "either"
    if name in ("hampshire", "supercluedo"):   # a set attribute's two values: still drawn
        assert eithers >= 5


def _murdle() -> Builder:
    source = load_source(CASES / "murdle")[0]
    rng = random.Random(1)
    return Builder(source, make_plan(source.setting, "liars", rng, Wish(), ["Ann"], source.world), rng)


@pytest.mark.parametrize("cid,a,b,said", [
    ("weapon", "weapon.weight == medium", "weapon.material == paper",
     "the weapon was neither of medium weight nor made of paper"),
    ("suspect", "suspect.height == tall", "suspect.hand == right",
     "the murderer is not tall and does not write with the right hand"),
    ("place", "place.floor == grass", "place.indoor", "the crime happened neither on the grass nor indoors"),
])
def test_two_traits_are_denied_together_plainly(cid, a, b, said):
    """The words, and the meaning read from the setting's items: neither trait is the answer's."""
    builder = _murdle()
    atoms = {x.means: x for x in category_atoms(builder.setting, builder.templates, cid)}
    got = builder._neither(atoms[a], [atoms[a], atoms[b]])
    assert got is not None and got[1] == said and got[3] == "neither"
    attr_a, value_a = a.split(".", 1)[1].split(" == ") if "==" in a else (a.split(".", 1)[1], True)
    attr_b, value_b = b.split(".", 1)[1].split(" == ") if "==" in b else (b.split(".", 1)[1], True)
    ev, world = Evaluator(builder.setting), World(dict(builder.world.answer))
    for item in builder.setting.categories[cid].items:
        world.answer[cid] = item.id
        plain = str(item.attrs[attr_a]) != str(value_a) and str(item.attrs[attr_b]) != str(value_b)
        assert ev.holds(got[2], world) == plain, item.id
