"""What an editor sends back about how a clue is said (issue 24, docs/lint.md):

* L010 logic notation: the markers of english.forms.NOTATION ("but not both", "both true or
  both false", "exactly one of these", "if and only if", negations on both sides of an
  "either"), read with the commas of "if, and only if" ignored;
* L011 raw setting words: a measure said as a figure or as "size 3" rather than as the
  setting says it ("a room four paces across"), a capitalised time name after "before" or
  "after" ("after Night") where the setting reads it as a moment ("after nightfall");
* L013 a frame that does not fit: an eyewitness ("I saw", "I'd swear to it") of an
  either/or, a conditional, a both-or-neither or a count: those are reasoned, not seen;
* L015 a list over one category that says one value, or its denial, the long way ("neither
  the Library, the Greenhouse nor the Orchard" of four places), and L016 an either/or over
  one category naming the thing beside a trait of it ("either made of paper or the brass telescope"):
  english.forms.long_list and mixed_either, which the generator never draws;
* L026 an either/or over two answer categories ("The thief struck either in the south wing
  or before the early afternoon"): a formula over two columns of the table, not a scene
  (english.forms.cross_either), or over two traits of one person or thing ("The murderer
  either writes with the right hand or has blue eyes"): two facts, not two things a witness
  could confuse (english.forms.trait_either). The generator draws neither.
"""

from __future__ import annotations

import re

from ..diagnostics import Diagnostic, warning
from ..english.forms import (
    NOTATION,
    SEEN,
    cross_either,
    long_list,
    mixed_either,
    trait_either,
)
from ..english.phrases import Templates, number_word
from ..language.syntax import ClueSyntaxError, parse
from ..load.model import Setting
from .texts import Text

REASONED = {"or": "an either/or", "xor": "an either/or", "iff": "a both-or-neither", "implies": "a conditional",
            "counting": "a count"}


def notation(t: Text) -> list[Diagnostic]:
    if t.field != "clue":
        return []
    plain, where = _without_commas(t.value)
    out = []
    for name, pattern in NOTATION:
        m = pattern.search(plain)
        if m:
            out.append(warning(t.pos(where[m.start()]), "L010", f"'{name}' is logic notation, not prose",
                               "choose a clue a witness could say: one fact, a plain negation, an either/or of "
                               "two positive things, or tell the logic as a scene"))
    return out


def _without_commas(text: str) -> tuple[str, list[int]]:
    """The text with its commas taken out ("if, and only if" reads "if and only if"), and
    for each of its characters the offset in the text."""
    kept = [i for i, ch in enumerate(text) if ch != ","]
    return "".join(text[i] for i in kept), kept + [len(text)]


def frame(t: Text) -> list[Diagnostic]:
    clue = t.clue
    if t.field != "clue" or clue is None:
        return []
    seen = SEEN.search(t.value)
    if seen is None:
        return []
    try:
        kind = parse(str(clue.means)).kind
    except ClueSyntaxError:
        return []
    if kind not in REASONED:
        return []
    return [warning(t.pos(seen.start()), "L013", f"'{seen.group(0)}': an eyewitness frame on {REASONED[kind]}",
                    "a witness sees one thing; say what was seen, or reason without 'I saw'")]


def shapes(t: Text, setting: Setting) -> list[Diagnostic]:
    clue = t.clue
    if t.field != "clue" or clue is None or clue.expr is None:
        return []
    out = []
    listed = long_list(setting, clue.expr)
    if listed:
        out.append(warning(t.pos(0), "L015", listed, "name the one value plainly, or list two or more and leave two "
                                                    "or more out"))
    mixed = mixed_either(clue.expr)
    if mixed:
        out.append(warning(t.pos(0), "L016", mixed, "an either/or over one thing names two of its items, two "
                                                   "values of one attribute (a list) or two traits, or choose "
                                                   "another clue"))
    cross = cross_either(clue.expr)
    if cross:
        out.append(warning(t.pos(0), "L026", cross, "say one scene ('in the Kitchen at dawn'), an either/or of one "
                                                   "category ('in the Kitchen or the Hall'), or a trace ('whoever "
                                                   "used the Rope has red hair')"))
    traits = trait_either(clue.expr)
    if traits:
        out.append(warning(t.pos(0), "L026", traits, "say one trait plainly, or an either/or of two values of one "
                                                     "attribute ('either plays chess or goes fishing')"))
    return out


def raw_words(t: Text, setting: Setting) -> list[Diagnostic]:
    return _measures(t, setting) + _values(t, setting) + _times(t, setting)


def _values(t: Text, setting: Setting) -> list[Diagnostic]:
    """'a grass floor': a value before its attribute's name, where the setting's own phrase
    for the value says it as a noun ('happened on the grass'); 'dark hair' and 'medium
    weight' are English."""
    templates = Templates(setting.templates or {})
    out = []
    for cat in setting.categories.values():
        for attr in cat.attributes.values():
            if attr.kind not in ("enum", "set"):
                continue
            names = {attr.id.replace("_", " ")} | ({re.sub(r"\s*\(.*\)", "", attr.label).lower()} if attr.label else set())
            said = "|".join(re.escape(n) for n in sorted(names))
            for value in attr.values:
                phrases = templates.attribute_phrases(cat, attr.id, value) or []
                word = str(value).replace("_", " ")
                if not phrases or not re.search(rf"\b(?:the|a|an)\s+{re.escape(word)}\b", phrases[0], re.I):
                    continue   # only a value the setting says as a noun ('on the grass') is raw as a modifier
                for m in re.finditer(rf"\b{re.escape(word)}\s+(?:{said})\b", t.value, re.I):
                    out.append(warning(t.pos(m.start()), "L011", f"'{m.group(0)}': a value as a raw setting word",
                                       f"say it as the setting does ('{phrases[0]}')"))
    return out


def _measures(t: Text, setting: Setting) -> list[Diagnostic]:
    """'a room of size 3', 'weighed 3 pounds': a measure is said as the setting says it."""
    out = []
    for cat in setting.categories.values():
        for attr in cat.attributes.values():
            if attr.kind != "number":
                continue
            names = {attr.id.replace("_", " ")} | ({re.sub(r"\s*\(.*\)", "", attr.label).lower()} if attr.label else set())
            units = _units(setting, cat, attr.id)
            said = "|".join(re.escape(n) for n in sorted(names))
            pattern = rf"\b(?:{said})\s+(?:of\s+)?(\d+)\b"
            if units:
                pattern += rf"|\b(\d+)\s+(?:{'|'.join(sorted(units))})\b"
            for m in re.finditer(pattern, t.value, re.I):
                figure = int(m.group(1) or m.group(2))
                out.append(warning(t.pos(m.start()), "L011", f"'{m.group(0)}': a measure as a raw number",
                                   f"say it as the setting does ('{_example(setting, cat, attr.id, figure)}')"))
    return out


def _units(setting: Setting, cat, attr: str) -> set[str]:
    """The word after {value} in the setting's phrase: 'pounds' in 'weighed {value} pounds'."""
    phrases = Templates(setting.templates or {}).attribute_phrases(cat, attr, 2) or []
    out = set()
    for p in phrases:
        m = re.search(r"\{value\}\s+([A-Za-z]+)", p)
        if m:
            out |= {m.group(1), m.group(1).rstrip("s")}
    return out


def _example(setting: Setting, cat, attr: str, figure: int) -> str:
    phrases = Templates(setting.templates or {}).attribute_phrases(cat, attr, figure)
    if phrases:
        return phrases[0].replace("{value}", number_word(figure))
    return f"declare the phrase under `templates: attributes: {cat.id}.{attr}:`"


ORDER_WORD = r"\b(before|after|until|till|since|by|from)\s+(?:the\s+)?"


def _times(t: Text, setting: Setting) -> list[Diagnostic]:
    """'after Night': a time after an order word reads as a moment ('after nightfall')."""
    templates = Templates(setting.templates or {})
    out = []
    for cat in setting.categories.values():
        if not cat.ordered:
            continue
        for item in cat.items:
            if not item.name[:1].isupper():
                continue
            moment = templates.moment(setting, item.id)
            for m in re.finditer(ORDER_WORD + rf"({re.escape(item.name)})\b", t.value):
                if m.group(2) == moment:
                    continue
                out.append(warning(t.pos(m.start(2)), "L011", f"'{m.group(0)}': a capitalised time name mid-sentence",
                                   f"write '{m.group(1)} {moment}' (or give the time's moment under `templates: "
                                   "moments:`)"))
    return out
