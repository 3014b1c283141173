"""How a player reads an either/or (english/forms.py): "either A or B" is one or the other, so
a clue true on both sides in the answer reads as false (`both_sides`; a liar's "neither A nor
B" is read turned round); one subject is never "either a man or young"; a pastime is said as a
person says it ("keeps a garden", "goes fishing", never "the culprit gardens")."""

from __future__ import annotations

from pathlib import Path

import pytest
from casetool.english import forms
from casetool.english.atoms import category_atoms
from casetool.generate.source import load_source
from casetool.language.evaluate import Evaluator
from casetool.load.model import World

ROOT = Path(__file__).resolve().parents[2]


def _case(name: str):
    source = load_source(ROOT / "cases" / name)[0]
    return source, Evaluator(source.setting)


@pytest.mark.parametrize("means, truth, answer, both", [
    # murdle liars fiendish 63, Cerulean (truthful): the teacup and the Orchard are both the answer's
    ("weapon == teacup or place == orchard", True, {"weapon": "teacup", "place": "orchard"}, True),
    ("weapon == teacup or place == orchard", True, {"weapon": "teacup", "place": "jetty"}, False),
    # a liar's "neither the teacup nor the Orchard": read turned round, both are so
    ("weapon != teacup and place != orchard", False, {"weapon": "teacup", "place": "orchard"}, True),
    ("weapon != teacup and place != orchard", False, {"weapon": "teacup", "place": "jetty"}, False),
    # a list of one category's items names things only one of which can be
    ("weapon in [teacup, anchor]", True, {"weapon": "teacup", "place": "orchard"}, False),
])
def test_an_either_or_true_on_both_sides_is_found(means, truth, answer, both):
    source, ev = _case("murdle")
    world = World({**{c: source.setting.categories[c].ids[0] for c in source.setting.answer}, **answer})
    expr = source.resolve(means)
    assert ev.holds(expr, world) == truth
    assert forms.both_sides(expr, truth, lambda side: ev.holds(side, world)) is both


def test_one_subject_is_never_either_a_man_or_young():
    """hampshire liars medium 62: 'The culprit is either a man or young.'"""
    source = load_source(ROOT / "cases" / "hampshire")[0]
    atoms = {a.means: a for a in category_atoms(source.setting, source.templates, "suspect")}
    man, young = atoms["suspect.gender == male"], atoms["suspect.age == young"]
    assert forms.mixed(man, young) and forms.mixed(young, man)
    with pytest.raises(forms.Unsayable):
        forms.either(man, young)
    assert forms.either(young, atoms["suspect.age == elderly"]) == "the culprit is either young or elderly"


def test_a_pastime_is_said_as_a_person_says_it():
    """hampshire liars medium 62: 'The culprit gardens.', 'The culprit does not fish.'"""
    source = load_source(ROOT / "cases" / "hampshire")[0]
    atoms = {a.means: a for a in category_atoms(source.setting, source.templates, "suspect")}
    said = {v: (atoms[f"suspect.hobbies has {v}"].text, atoms[f"suspect.hobbies has {v}"].neg_text)
            for v in ("gardening", "fishing", "riding", "painting", "chess", "music")}
    assert said["gardening"] == ("the culprit keeps a garden", "the culprit does not keep a garden")
    assert said["fishing"] == ("the culprit goes fishing", "the culprit does not go fishing")
    for pos, neg in said.values():   # never a bare verb: a pastime has its object
        assert len(pos.split()) >= 4 and len(neg.split()) >= 6, (pos, neg)
    assert forms.they("goes fishing") == "go fishing"
    assert forms.conditional(atoms["suspect.hobbies has fishing"], atoms["suspect.glasses"]) == \
        "if the culprit goes fishing, they wear glasses"
