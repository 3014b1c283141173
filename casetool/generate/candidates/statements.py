"""Traits and liars: witnesses' statements about the culprit's traits (the liar rule decides
who may lie), the inspector naming the liar or vouching for everyone, the locator naming
the scene, the narrator's facts about the other answer categories; a liars case is the
same under "the culprit lies, everyone else tells the truth"."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...english.atoms import Atom, category_atoms
from ...english.forms import bare, rewordings
from ...english.phrases import (
    INSPECTOR,
    NOTES,
    fill,
    frame,
    item_name,
    the_item,
)
from ...load.model import Character
from ..source import Source, liar_witnesses
from ..world import Plan
from .builder import Builder, Candidate, Composition, Draft

LEVEL_COUNTS = {0: 6, 1: 4, 2: 5}
LINK_COUNTS = {2: 4}     # statements tying the culprit to the scene, per witness (level 2)


@dataclass
class _Cast:
    """Who speaks in a traits or liars case, and what about."""
    witnesses: list[str]
    locator: Character | None
    inspector: Character | None
    narrator: Character | None
    located: str | None          # the category the locator names (the scene)
    free: list[str]              # categories the narrator and witnesses talk about
    culprit_atoms: list[Atom]
    free_atoms: list[Atom]
    speaker_atoms: list[Atom]
    scene_atoms: list[Atom]

    @classmethod
    def of(cls, b: Builder) -> _Cast:
        setting, templates, rule = b.setting, b.templates, b.world.liar_rule
        chars = setting.characters
        locator = next((c for c in chars.values() if c.role == "locator"), None)
        others = [c for c in setting.answer if c != setting.culprit]
        located = others[-1] if locator and others else None
        free = [c for c in others if c != located]
        witnesses = liar_witnesses(setting) if rule == "culprit" else \
            [c.id for c in chars.values() if c.role == "witness"]
        culprit_atoms = category_atoms(setting, templates, setting.culprit)
        free_atoms = [a for c in free for a in category_atoms(setting, templates, c)]
        # statements tying the culprit to the scene the locator names: each settles only once
        # the scene is known (a chain); without a locator the scene is the narrator's to tell
        scene_atoms = category_atoms(setting, templates, located) if located and rule != "culprit" else []
        return cls(witnesses, locator, next((c for c in chars.values() if c.role == "inspector"), None),
                   next((c for c in chars.values() if c.role == "narrator"), None), located, free,
                   culprit_atoms, free_atoms, culprit_atoms + (free_atoms if rule == "culprit" else []),
                   scene_atoms)


def build(source: Source, world: Plan, rng: random.Random) -> Draft:
    """One family at a time, witness by witness (the order of the random draws is part of
    what a seed means)."""
    b = Builder(source, world, rng)
    cast = _Cast.of(b)
    for w in cast.witnesses:
        _witness_statements(b, cast, w)
        _linked_statements(b, cast, w)
        _denial(b, w)
    if world.liar_rule == "inspector" and cast.inspector:
        _inspector_word(b, cast.inspector)
    if cast.located:
        _locator_message(b, cast)
    _narrator_facts(b, cast)
    return Draft(b.out, world.liar_rule)


def _said_by(b: Builder, w: str, got: Composition, level: int, linked: bool = False,
             rewords: tuple[str, ...] | None = None) -> None:
    """A witness's statement, said bare, kept if its truth is the witness's (false for a
    liar); its clause is kept so the case may frame it once its statements are chosen
    (builder.frame_statements)."""
    means, clause, expr, form = got
    truthful = w not in b.world.liars
    culprit = b.templates.subject(b.setting.categories[b.setting.culprit]) if b.setting.culprit else ""
    b.add(Candidate("", means, bare(clause), w, "statement", "statement", level, means.split()[0], w,
                    comment=_false_comment(b, w), expr=expr, linked=linked, form=form, clause=clause,
                    rewords=rewordings(clause, culprit) if rewords is None else rewords), truthful)


def _false_comment(b: Builder, w: str) -> str:
    return "" if w not in b.world.liars else f"false: {b.setting.characters[w].name} lies in this case"


def _witness_statements(b: Builder, cast: _Cast, w: str) -> None:
    """Statements about the culprit (and, under the culprit rule, the other categories);
    the group is the witness: a wheel shows one statement, a Murdle suspect says one thing."""
    truthful = w not in b.world.liars
    for level, count in LEVEL_COUNTS.items():
        for _ in range(count):
            got = b.composed(cast.speaker_atoms, level, truthful, speaker=w)
            if got:
                _said_by(b, w, got, level)


def _linked_statements(b: Builder, cast: _Cast, w: str) -> None:
    """Statements tying the culprit to the scene, read forward: "Whoever is lying low in the
    Cart is not young", its premise the true hiding place (or a true kind of it, "something on
    wheels"), so a player reads it beside Mr. Boddy's word ("he puts the culprit in the Cart,
    and whoever hides there is not young"). Never a trait as the premise ("If the culprit is
    young, they are not lying low in the Cart": beside the Cart it reads backwards, lint L014)
    nor a premise false in the answer, which settles nothing forward."""
    truthful = w not in b.world.liars
    if not cast.scene_atoms:
        return
    places = [a for a in cast.scene_atoms if b.evaluator.holds(b.ex(a.means), b.facts)]
    traits = [a for a in cast.culprit_atoms if a.topic != f"{b.setting.culprit}="]   # never a name
    for _ in range(LINK_COUNTS[2]):
        drawn = _forward(b, places, traits, truthful, w)
        if drawn:
            got, place, trait = drawn
            _said_by(b, w, got, 2, linked=True, rewords=_forward_words(place, trait))


def _forward_words(place: Atom, trait: Atom) -> tuple[str, ...]:
    """Other wordings of "whoever is lying low in the Cart <trait>", which the clues of one
    skeleton take in turn (builder.worded): "the one lying low in the Cart has brown hair",
    "anyone lying low in the Cart has brown hair" ("no one lying low in the Cart plays music"
    of a denied trait). A case chains three or four of them; one wording allows two."""
    if not place.deed or not place.deed[0].startswith("is "):
        return ()
    where = place.deed[0].removeprefix("is ")
    if trait.negative:
        return (f"the one {where} {trait.pred}", f"no one {where} {trait.neg_pred}") if trait.neg_pred else ()
    return (f"the one {where} {trait.pred}", f"anyone {where} {trait.pred}")


def _forward(b: Builder, places: list[Atom], traits: list[Atom], want: bool, w: str,
             tries: int = 30) -> tuple[Composition, Atom, Atom] | None:
    """((means, clause, expr, form), place, trait) of "whoever is <in a true place> <has a
    trait>", true when `want` (a liar's is false: the culprit, who is there, lacks the
    trait), or None. The scene known, it narrows the suspects: the trait leaves some out."""
    for _ in range(tries if places and traits else 0):
        place, trait = b.rng.choice(places), b.rng.choice(traits)
        if b.rng.random() < 0.6 and trait.neg_pred is not None:
            trait = trait.negated()   # forward from a known place, a "not" rules out one trait
        got = b.pair("implies", place, trait)
        if got is None or got[0] in b.seen or b.long_way(got[2]) or b.own_premise(got[2], w) or \
                b.evaluator.holds(got[2], b.facts) != want or not (got := b.as_read(got, want)):
            continue
        return got, place, trait
    return None


DENIALS = ["I had nothing to do with it, I promise you.", "It wasn't me. I was nowhere near.",
           "Don't look at me; I didn't do it."]


def _denial(b: Builder, w: str) -> None:
    """A suspect who is a witness (inspector rule) may simply deny it."""
    setting, culprit, ch = b.setting, b.setting.culprit, b.setting.characters[w]
    if not ch.item or ch.item not in setting.categories[culprit].ids or b.world.liar_rule == "culprit":
        return
    text = b.rng.choice(b.templates.get("denials", DENIALS))
    b.add(Candidate("", f"{culprit} != {ch.item}", text, w, "statement", "denial", 0, f"{culprit}=", w,
                    comment=_false_comment(b, w), form="denial"), w not in b.world.liars)


def _inspector_word(b: Builder, inspector: Character) -> None:
    """The inspector names the liar, or vouches for every witness."""
    group = inspector.id if inspector.wheel else None
    spec = b.templates.get("inspector", INSPECTOR)
    if b.world.liars:
        liar = b.world.liars[0]
        text = fill(b.rng.choice(spec.get("liar") or INSPECTOR["liar"]), name=b.setting.characters[liar].name)
        b.add(Candidate("", f"lies({liar})", text, inspector.id, "statement", "inspector", 1, "liars", group,
                        fragile=True, form="liar"))
    else:
        text = b.rng.choice(spec.get("truthful") or INSPECTOR["truthful"])
        b.add(Candidate("", "liars == 0", text, inspector.id, "statement", "inspector", 1, "liars", group,
                        form="liar"))


def _locator_message(b: Builder, cast: _Cast) -> None:
    """Mr. Boddy's coded word for the scene."""
    located, locator, setting = cast.located, cast.locator, b.setting
    assert located is not None and locator is not None  # the cast locates a category only with a locator
    item = b.world.answer[located]
    name = the_item(setting.categories[located], item).name
    word = name[4:] if name.lower().startswith("the ") else name
    text = fill(b.templates.get("locator", "{NAME}"), NAME=word.upper(), name=item_name(setting, item))
    b.add(Candidate("", f"{located} == {item}", text, locator.id, "statement", "locator", 0, f"{located}=",
                    locator.id if locator.wheel else None, form="locator"))


def _narrator_facts(b: Builder, cast: _Cast) -> None:
    """The narrator's facts (or, with no narrator, a wheel-less inspector's notes)."""
    rule, inspector = b.world.liar_rule, cast.inspector
    teller = cast.narrator or (inspector if rule != "inspector" or not inspector or not inspector.wheel else None)
    speaker = teller.id if teller else None
    kind = "fact" if not teller or teller.role == "narrator" else "note"
    group = teller.id if teller and teller.wheel else None
    if cast.free:
        facts_about(b, cast.free_atoms, speaker, kind, group, links=cast.free + [b.setting.culprit])
    if (not cast.free and not cast.witnesses) or (rule == "exactly_one" and cast.free and cast.witnesses and cast.narrator):
        # when any witness may be the one liar, no statement settles anyone alone: an easy case
        # needs the narrator's word on the culprit (minimize.Chooser.tells_culprit keeps it to easy)
        facts_about(b, cast.culprit_atoms, speaker, kind, group, links=[])


def facts_about(b: Builder, atoms: list[Atom], speaker: str | None, kind: str, group: str | None,
                links: list[str]) -> None:
    """The narrator's (or notes') facts about `atoms`, and links between the `links` categories."""
    rng, templates = b.rng, b.templates
    for level, count in ((0, 8), (1, 5), (2, 4)):
        for _ in range(count):
            got = b.composed(atoms, level, True)
            if got:
                means, clause, expr, form = got
                b.add(Candidate("", means, frame(templates.pick(rng, "notes", NOTES), clause), speaker, kind,
                                "fact", level, means.split()[0], group, expr=expr, form=form))
    # links between categories: "if the weapon was the atlas, it happened in the library"
    cats = [c for c in links if c in b.setting.categories]
    for _ in range(8 if len(cats) >= 2 else 0):
        c1, c2 = rng.sample(cats, 2)
        a1 = rng.choice([a for a in category_atoms(b.setting, templates, c1) if a.topic == f"{c1}="])
        a2 = rng.choice([a for a in category_atoms(b.setting, templates, c2) if a.topic == f"{c2}="])
        got = b.pair("implies", a1, a2)
        if got:
            b.add(Candidate("", got[0], frame(templates.pick(rng, "notes", NOTES), got[1]), speaker, kind,
                            "link", 2, "link", group, expr=got[2], form=got[3]))
