"""The story's ending, the first paragraph of a solution page: who did it and how, in the
past tense and in the voice of the crime (a murder is told as a murder, a theft as a theft,
mischief as mischief), then why, then who lied.

The first sentence names every part of the answer and nothing else of their categories
(tests/english/page_truth.py reads it against the brute force). The why answers the
question the case raised: its answer when the answer has a motive; else the motive the
story sets up or names (motives.py); else the setting's `templates: motives:`, in turn by
case number; else none (a why unconnected to the story reads as made up).
"""

from __future__ import annotations

import re

from ..load.model import Case, Setting
from .atoms import item_words
from .motives import setup_why, theme_why
from .names import join, name_item, pronoun
from .phrases import DEEDS, Templates, cap, crime, fill, item_name, voiced
from .sentences import role


def story_ending(case: Case, answer: dict[str, str]) -> str:
    """'Lady Lavender took the Crystal Paperweight from the Fountain at dinner. She had ...'
    (the why), without the liars (solution.ending adds them)."""
    setting = case.setting
    templates = Templates(setting.templates)
    kind = crime(setting, templates)
    people = setting.people_category
    first = _who_and_how(case, templates, kind, people, answer)
    why = _why(case, templates, people, answer)
    return f"{first} {why}" if why else first


def _who_and_how(case: Case, templates: Templates, kind: str, people: str | None, answer: dict[str, str]) -> str:
    setting = case.setting
    slots = _slots(setting, people, answer)   # place, time, thing -> category
    item = {k: answer[c] for k, c in slots.items()}
    how = " ".join(x for x in (_where(setting, templates, item.get("place"), kind),
                               templates.when(setting, item["time"]) if "time" in item else "") if x)
    rest = [_was(setting, templates, c, answer[c]) for c in answer if c not in slots.values() and c != people]
    if people not in answer:
        return f"{cap(join(rest, 'and'))}."
    who = name_item(case, answer[people])
    if kind == "theft" and "thing" in item:
        head = " ".join(x for x in (f"{who} took {item_name(setting, item['thing'])}", how) if x)
    elif kind == "murder":
        tool = f"with {item_name(setting, item['thing'])}" if "thing" in item else ""
        head = "It was " + ", ".join(x for x in (who, tool, how) if x)
    else:   # mischief: what was done, where they lie low (DEEDS), else that they were the culprit
        deeds = {c: fill(DEEDS[c][0], where=templates.where(setting, answer[c])).replace("is ", "was ", 1)
                 for c in answer if c in DEEDS and c not in slots.values()}
        taken = taken_thing(case)
        done = f"had made off with {taken}" if taken else deed(case) or "was the culprit"
        head = f"{who} {join([done] + list(deeds.values()), 'and')}"
        rest = ([f"it happened {how}"] if how else []) + [_was(setting, templates, c, answer[c]) for c in answer
                                                          if c not in slots.values() and c not in (people, *deeds)]
    return f"{head}{', and ' + join(rest, 'and') if rest else ''}."


# a story's words for a thing going missing (every generated mischief story says one, story.py)
TAKEN = re.compile(r"\b(gone|missing|vanish\w*|stolen|taken|carried off|made off|disappeared|astray|not there)\b", re.I)
FRAME = {"the", "a", "an", "of", "who", "took", "affair", "case", "mystery", "missing", "stolen", "vanishing"}


def taken_thing(case: Case) -> str | None:
    """'the ledger': the thing the story says went missing, named as the title names it ('Who
    Took the Ledger?', 'The Marrow Vanishes'), never an item of the setting; None when the
    story says nothing was taken ('The Upset Apple Cart') or names it otherwise."""
    story = re.sub(r"\b(Mr|Mrs|Dr|St)\.", r"\1", " ".join((case.story or "").split()))
    lost = [s.lower() for s in re.split(r"(?<=[.!?])\s+", story) if TAKEN.search(s)]
    words = [w for w in re.findall(r"[a-z][a-z'-]*", (case.title or "").lower()) if w not in FRAME]
    items = {w.lower() for i in case.setting.all_items() for w in i.name.split()} - FRAME
    runs = sorted({" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)},
                  key=len, reverse=True)
    return next((f"the {run}" for run in runs if not set(run.split()) & items
                 and any(re.search(rf"\bthe (stolen )?{re.escape(run)}\b", s) for s in lost)), None)


# what a story says somebody did, unnamed: 'someone had pulled the linchpin', 'somebody stuffed
# the first trumpet full of rose petals'; or what was done to a thing: 'the pearl has been
# swapped for a glass bead'. A clause ends at a comma, a stop or 'and the ...' (the next event).
_END = r"(?=\s*(?:[.,;:!?]|\band (?:the|a|an)\b|$))"
_ACTIVE = re.compile(r"\b(?:someone|somebody)(?: in [a-z ]+?)? (?:(?:had|has) (?!(?:the|a|an|been|to|no)\b)(\w+)"
                     r"|(\w+ed)\b)([^.,;:!?]*?)" + _END, re.I)
_PASSIVE = re.compile(r"\b(the [a-z' -]+?) (?:had|has) been (\w+ed)\b([^.,;:!?]*?)" + _END, re.I)
# a deed whose words point elsewhere ('his instrument': whose?) or at the culprit is not told
_VAGUE = re.compile(r"\b(he|she|they|his|her|hers|its|their|them|him|himself|herself|by)\b", re.I)


def deed(case: Case) -> str | None:
    """'had pulled the linchpin': what the culprit did, in the story's own words ('The Runaway
    Apples': 'someone had pulled the linchpin'), for mischief where nothing was taken; None
    when the story says no deed plainly, or says one naming an item of the setting (a place,
    a person), which the ending's first sentence may name only as the answer."""
    story = " ".join((case.story or "").split())
    found = _ACTIVE.search(story)
    if found:
        done = f"had {(found.group(1) or found.group(2)).lower()}{found.group(3)}"
    else:
        passive = _PASSIVE.search(story)
        if not passive:
            return None
        done = f"had {passive.group(2).lower()} {passive.group(1).lower()}{passive.group(3)}"
    items = {i.name.lower() for i in case.setting.all_items()}
    if _VAGUE.search(done) or any(re.search(rf"\b{re.escape(n)}\b", done.lower()) for n in items):
        return None
    return done.strip()


def in_brief(case: Case, answer: dict[str, str]) -> str:
    """The answer as a solution's last line names it, unlike the ending's sentence: 'Colonel
    Mustard, in the Kitchen, with the Candlestick'; 'Miss Scarlet, in the Library, at midnight,
    with the Gold Pen as the stolen object'; 'Mr. Rust, with the Cart as the hiding place'."""
    setting = case.setting
    templates = voiced(setting)
    people = setting.people_category
    slots = _slots(setting, people, answer)
    kind = crime(setting, templates)
    parts = [name_item(case, answer[people])] if people in answer else []
    if "place" in slots:
        parts.append(templates.where(setting, answer[slots["place"]]))
    if "time" in slots:
        parts.append(templates.when(setting, answer[slots["time"]]))
    if "thing" in slots and kind == "murder":
        parts.append(f"with {item_name(setting, answer[slots['thing']])}")
    said = {people} | {c for k, c in slots.items() if k != "thing" or kind == "murder"}
    for cid in (c for c in answer if c not in said):
        parts.append(f"with {name_item(case, answer[cid])} as {templates.subject(setting.categories[cid])}")
    return ", ".join(parts)


def _slots(setting: Setting, people: str | None, answer: dict[str, str]) -> dict[str, str]:
    """Which answer category is the place, the time and the thing (the weapon or the stolen
    object): by the timeline's names, else by the usual category ids."""
    out: dict[str, str] = {}
    tl = setting.timeline
    for cid in answer:
        if cid == people:
            continue
        if (tl and cid == tl.places) or cid in ("place", "room"):
            out.setdefault("place", cid)
        elif (tl and cid == tl.times) or cid == "time":
            out.setdefault("time", cid)
        elif cid in ("weapon", "object"):
            out.setdefault("thing", cid)
    return out


def _where(setting: Setting, templates: Templates, place: str | None, kind: str) -> str:
    if place is None:
        return ""
    return f"from {item_name(setting, place)}" if kind == "theft" else templates.where(setting, place)


def _was(setting: Setting, templates: Templates, cid: str, item: str) -> str:
    """'the hiding place was the Fair': the setting's phrase for the category, in the past."""
    cat = setting.categories[cid]
    people = setting.people_category
    phrase = fill(templates.item_phrases(cat)[0], **item_words(setting, templates, item, people))
    phrase = "was " + phrase[3:] if phrase.startswith("is ") else phrase
    return f"{templates.subject(cat)} {phrase}"


def _why(case: Case, templates: Templates, people: str | None, answer: dict[str, str]) -> str:
    setting = case.setting
    if "motive" in answer:
        return ""   # the answer's motive is said with the answer ("the motive was greed")
    if people not in answer:
        return ""
    story = case.story or ""
    if not setup_why(story) and (own_words := authors_why(case, answer[people])):
        return own_words
    own = templates.get("motives", None)
    chosen = setup_why(story) or theme_why(story) or (own[(case.number - 1) % len(own)] if own else None)
    if chosen is None:
        return ""   # a story that sets up no motive gets none made up for it
    thing = next((answer[c] for c in answer if c in ("object", "weapon")), None)
    it = item_name(setting, thing) if thing else "it"
    # the ending's first sentence has just named the culprit: the why says who by pronoun
    # or role word, never the name again ('Ada Vane, ... Ada Vane had been cut out ...')
    said = pronoun(setting, answer[people]) or cap(role(case))
    text = fill(chosen, who="\0", it=it)
    head, _, rest = text.partition("\0")
    return cap(head + (said if not head else said[0].lower() + said[1:]) + rest)


_SENTENCE_END = re.compile(r"(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)\.(?=\s+[A-Z\"]|\s*$)")


def authors_why(case: Case, culprit: str) -> str | None:
    """The why a hand-written case's author gave: the first sentence of the solution's last
    paragraph when that paragraph opens on the culprit ('Mr. Rust has ridden the omnibus every
    day since it started and had come to believe he could run it better than the company.'),
    the name said as a pronoun (the ending has just named them); 'The Captain ...' is kept.
    A story word such as 'wages' (the conductor's, 003) or 'prize' (a rose bush, 006) is not
    the culprit's motive; the author's own ending is."""
    paragraphs = [" ".join(p.split()) for p in (case.solution_text or "").split("\n\n") if p.strip()]
    if len(paragraphs) < 2:
        return None   # a page of reasoning only, or a generated page's own ending
    name = name_item(case, culprit)
    title = name.split()[0]
    opening = re.match(rf"({re.escape(name)}|The {re.escape(title)})\b", paragraphs[-1])
    if not opening:
        return None
    first = _SENTENCE_END.split(paragraphs[-1], maxsplit=1)[0].rstrip(".") + "."
    others = [i.name for i in case.setting.all_items() if i.id != culprit]
    if any(re.search(rf"\b{re.escape(n)}\b", first, re.I) for n in others):
        return None   # 'Professor Plum did it in the Library with the Rope.' restates, it does not say why
    if opening.group(1) == name:
        first = (pronoun(case.setting, culprit) or cap(role(case))) + first[len(name):]
    return first
