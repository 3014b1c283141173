"""The setting's printed rules, checked on every draft: a draft that breaks one is thrown
away (engine._attempt), whatever the solver says about its answer.

* the liar rule: the case is played under the rule the casebook prints;
* every character with a wheel has exactly one statement, at a position on the wheel
  (the seed sets every wheel for every mystery; under the inspector rule the inspector's
  wheel is what settles who lies);
* `every_case:` (the setting's printed rules as data): its speakers each make
  `statements_each` statements, and every role it names is heard (engine.heard gives a
  silent truthful role its share of the sightings before the case is written);
* a wheel statement prints at a readable size on its wheel (R042's threshold): a longer one
  is never drawn (`prints_on_wheel`, before the clues are chosen);
* `world: counters: N`: counter numbers are 1..N, each used once in a case;
* `world: meals:`: at a meal time everyone present is at the meal place (only the thief,
  at the time of the crime, may be elsewhere).
"""

from __future__ import annotations

import re
from collections import Counter

from ..english.phrases import the_item
from ..language.ir import AWAY
from ..load.model import Setting
from .source import Source
from .world import Plan
from .writer import CaseDoc

COUNTER = re.compile(r"\bCounter (\d+)\b")


def broken_rules(source: Source, world: Plan, doc: CaseDoc, speakers: list[str]) -> list[str]:
    """What the draft breaks, in words; [] when it keeps every rule. `speakers` are the
    characters who could have spoken (a character with a full wheel in a book cannot)."""
    return (_liar_rule(source, doc) + _wheels(source, doc, speakers) + _every_case(source.setting, doc)
            + _counters(source, doc) + _meals(source, world))


def required_speakers(setting: Setting) -> list[str]:
    """The characters who speak in every case, once each: every wheel character (the seed sets
    every wheel for every mystery) and the `every_case: speakers:` of the setting."""
    named = [str(s) for s in setting.every_case.get("speakers") or []]
    return [ch.id for ch in setting.characters.values() if ch.wheel or ch.id in named]


def prints_on_wheel(setting: Setting, speaker: str | None, text: str) -> bool:
    """Whether `text`, said by `speaker`, prints on their wheel at a readable size (the build
    warns, R042, below SMALL_EM). Not a wheel character, or a location-key wheel (letters
    in a grid, not text in a wedge): True."""
    ch = setting.characters.get(speaker) if speaker else None
    if ch is None or not ch.wheel:
        return True
    # imported here: the decoders bring the font and image libraries (9 MB resident), which
    # a setting without wheels (a board) never needs to generate
    from ..decoders.drawing import decoder_of
    from ..decoders.textfit import SMALL_EM, fit
    from ..printing.geometry import Wheel
    kind, _ = decoder_of(setting, ch)
    if kind == "grille":
        return True
    fitted = fit(text.strip(), Wheel(ch.wheel), mirrored=kind == "mirror")
    return fitted is not None and fitted.em >= SMALL_EM


def _every_case(setting: Setting, doc: CaseDoc) -> list[str]:
    rules = setting.every_case
    each = int(rules.get("statements_each", 1))
    said = Counter(c.speaker for c in doc.clues if c.speaker)
    out = [f"{setting.person_name(s)} has {said[s]} statements; the casebook prints {each}"
           for s in rules.get("speakers") or [] if said[s] != each]
    roles = {setting.characters[s].role for s in said if s in setting.characters}
    out += [f"no {role} speaks; the casebook prints that one does" for role in rules.get("roles") or []
            if role not in roles]
    return out


def _liar_rule(source: Source, doc: CaseDoc) -> list[str]:
    printed = source.setting.liar_rule.kind
    used = doc.liar_rule or "none"
    if used != printed and printed != "custom":
        return [f"the case is played under the '{used}' liar rule; the casebook prints '{printed}'"]
    return []


def _wheels(source: Source, doc: CaseDoc, speakers: list[str]) -> list[str]:
    out = []
    said = Counter(c.speaker for c in doc.clues if c.speaker)
    for ch in source.setting.characters.values():
        if not ch.wheel:
            continue
        if ch.id in speakers and said[ch.id] != 1:
            out.append(f"{ch.name} has {said[ch.id]} statements; every wheel shows exactly one")
        for clue in doc.clues:
            if clue.speaker == ch.id and not (clue.wheel and 1 <= clue.wheel <= ch.wheel):
                out.append(f"{ch.name}'s wheel position {clue.wheel} is not within 1..{ch.wheel}")
    return out


def _counters(source: Source, doc: CaseDoc) -> list[str]:
    top = source.world.get("counters")
    numbers = [int(n) for c in doc.clues for n in COUNTER.findall(c.text)]
    out = [f"counter {n} is used {k} times" for n, k in sorted(Counter(numbers).items()) if k > 1]
    if top:
        out += [f"counter {n} is not within 1..{top}" for n in numbers if not 1 <= n <= top]
    return out


def _meals(source: Source, world: Plan) -> list[str]:
    meals = source.world.get("meals")
    setting = source.setting
    tl = setting.timeline
    if not meals or not tl or world.kind != "timeline":
        return []
    times, people = setting.categories[tl.times], setting.categories[tl.people]
    culprit, when = world.answer.get(tl.people), world.answer.get(tl.times)
    out = []
    for t in times.items:
        if not t.attrs.get(meals["when"]):
            continue
        for p in people.ids:
            z = world.loc.get((p, t.id), AWAY)
            if z in (AWAY, meals["place"]) or (p == culprit and t.id == when):
                continue
            out.append(f"{the_item(people, p).name} is at '{z}' at {t.name}, a meal time (meals are at '{meals['place']}')")
    return out
