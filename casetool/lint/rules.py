"""The prose checks, one function each. A finding is a warning Diagnostic at the exact
position of the words it is about (lint codes L001-L007, docs/lint.md)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from ..diagnostics import Diagnostic, Pos, warning
from ..load.model import Case, Setting
from .texts import Text, sentences
from .words import Words, preposition

# "a" before a vowel sound, "an" before a consonant sound; the usual exceptions
A_VOWEL = re.compile(r"\b([Aa]) ([aeiouAEIOU][\w-]*)")
AN_CONSONANT = re.compile(r"\b([Aa]n) ([b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z][\w-]*)")
SOUNDS_CONSONANT = re.compile(r"^(uni|use|usu|ure|eu|one|once|ewe|u[bcdfgjklmnpstvz][aeiou])", re.IGNORECASE)
SOUNDS_VOWEL = re.compile(r"^(hour|honest|honou?r|heir)", re.IGNORECASE)


def articles(t: Text) -> list[Diagnostic]:
    out = []
    for m in A_VOWEL.finditer(t.value):
        if not SOUNDS_CONSONANT.match(m.group(2)):
            out.append(warning(t.pos(m.start()), "L001", f"'{m.group(0)}': write 'an {m.group(2)}'"))
    for m in AN_CONSONANT.finditer(t.value):
        if not SOUNDS_VOWEL.match(m.group(2)):
            out.append(warning(t.pos(m.start()), "L001", f"'{m.group(0)}': write 'a {m.group(2)}'"))
    return out


NEGATION = re.compile(r"\b(not|no|never|nobody|nothing)\b|n't\b", re.IGNORECASE)


# a list of three or more after a negation ("not in A, B or C"): the commas group it, as a
# reader hears it; "not A, or B" (a comma before the 'or') joins two clauses and is not one
DENIED_LIST = re.compile(r"[^,]+, [^,]*[^,] or [^,]+$")
# a clause whose subject is "no one" / "nobody" with an 'or' in it ("No one lying low in the Cart
# or on the Bus plays music"): a denied 'any' of the places, which is 'neither' too, so both
# readings mean one thing
# "never touched the Candlestick or the Rope", "never set foot in the Hall or the Cellar": 'never'
# and a verb over a list of named things has one reading (neither), as a clause pair does not
NEVER_THINGS = re.compile(r"\bnever [a-z]+(?: [a-z]+)? (?:(?:in|into|onto|on|at) )?the [^,;]+? or (?:(?:in|into|onto|on|at) )?the ")
NOBODY_OF = re.compile(r"^\s*(?:[\w' ]+: )?(no one|nobody|none)\b[^,]* or ")


def scope(t: Text) -> list[Diagnostic]:
    """Clue texts: and/or whose grouping a reader has to guess."""
    if t.field != "clue":
        return []
    out = []
    for start, s in sentences(t.value):
        low = s.lower()
        if "if and only if" in low:
            continue   # notation, not a scope question: sayable.notation (L010) says what to do
        for clause_start, clause in _clauses(low):
            if " or " not in clause or any(w in clause for w in ("either", "neither", " nor ", "whether")):
                continue
            neg = NEGATION.search(clause)
            where = start + clause_start + clause.find(" or ") + 1
            if neg and " and " not in clause and DENIED_LIST.search(clause, neg.start()):
                continue   # "did not happen in the Library, the Lounge or the Rose Garden": one list, denied
            if neg and (NOBODY_OF.match(clause) or NEVER_THINGS.search(clause)):
                continue
            if neg and neg.start() < clause.find(" or "):
                out.append(warning(t.pos(where), "L002", "a negation before 'or' can read as 'neither'",
                                   "say 'either ... or ...' or 'neither ... nor ...'"))
            elif " and " in clause:
                out.append(warning(t.pos(where), "L002", "'and' and 'or' in one clause: the grouping is unclear",
                                   "split the sentence, or say 'either ... or ...' / 'both ... and ...'"))
    return out


def _clauses(sentence: str) -> list[tuple[int, str]]:
    """Parts of a sentence between ';' and ':' (each is read on its own)."""
    out, at = [], 0
    for part in re.split(r"[;:]", sentence):
        out.append((at, part))
        at += len(part) + 1
    return out


def self_naming(t: Text, setting: Setting) -> list[Diagnostic]:
    clue = t.clue
    if t.field != "clue" or clue is None or not clue.speaker:
        return []
    ch = setting.characters.get(clue.speaker)
    if ch is None or not ch.item:
        return []
    at = t.value.find(ch.name)
    if at < 0:
        return []
    return [warning(t.pos(at), "L003", f"{ch.name} names themselves in their own statement",
                    "a speaker says 'I' or 'me': 'I did not do it', 'it was not me'")]


NUMBERED = re.compile(r"\b(Counter|Note|Clue)\s+(?:No\.\s*)?(\d+)\b")


def numbers(texts: list[Text]) -> list[Diagnostic]:
    """A counter or note number used twice in one case."""
    out: list[Diagnostic] = []
    seen: dict[tuple[str, int], Pos] = {}
    for t in texts:
        if t.field not in ("clue", "event"):
            continue
        for m in NUMBERED.finditer(t.value):
            key = (m.group(1).lower(), int(m.group(2)))
            if key in seen:
                out.append(warning(t.pos(m.start()), "L005", f"{m.group(1)} {m.group(2)} is used twice in this case "
                                   f"(first at {seen[key]})", "number every counter and note once"))
            else:
                seen[key] = t.pos(m.start())
    return out


def phrases(t: Text, words: Words) -> list[Diagnostic]:
    out = _lowered(t, words)
    for kind, table in (("place", words.places), ("time", words.times)):
        for phrase in table:
            for m in phrase.pattern.finditer(t.value):
                used = m.group(1).lower()
                if used == "on" and PHRASAL.search(t.value[:m.start()]):
                    continue  # "passed on the Library": a verb, not a place
                want = preposition(phrase.allowed)
                if want in ("in", "at", "on") and used != want:
                    out.append(warning(t.pos(m.start()), "L006", f"'{m.group(0)}': the setting says '{phrase.allowed}'",
                                       f"write '{phrase.allowed}' (or declare the {kind}'s phrase in the setting's "
                                       f"templates: {kind}s:)"))
    return out


def _lowered(t: Text, words: Words) -> list[Diagnostic]:
    """A place named as a bare word ("next to kitchen"): an id or a name that lost its
    capital and article on the way into the sentence."""
    out = []
    for phrase in words.places:
        for m in phrase.lowered.finditer(t.value) if phrase.lowered else ():
            out.append(warning(t.pos(m.start()), "L006", f"'{m.group(0)}': the place is '{phrase.allowed}'",
                               f"write '{m.group(0)[:m.start(1) - m.start()]}the {phrase.name}'"))
    return out


PHRASAL = re.compile(r"\b(pass|passed|passes|went|go|goes|carried|carry|move|moved)\s*$", re.IGNORECASE)
ID_TOKEN = re.compile(r"'([a-z][a-z0-9_]*)'|\b([a-z]+_[a-z0-9_]+|[a-z]+[0-9]+)\b")


def ids(t: Text, words: Words, clue_ids: set[str]) -> list[Diagnostic]:
    """An id ('boddy', fact1, dining_room) is for the file, never for the reader."""
    out = []
    for m in ID_TOKEN.finditer(t.value):
        token = m.group(1) or m.group(2)
        if token in words.ids or token in clue_ids:
            out.append(warning(t.pos(m.start()), "L007", f"the text names the id '{token}'",
                               "name the person, the thing or the clue as the reader sees it"))
    return out


def repeats_in_case(texts: list[Text]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    seen: dict[str, tuple[Text, Pos]] = {}
    for t in texts:
        if t.field in ("title", "solution"):  # a solution may quote the clues it explains
            continue
        for start, s in sentences(t.value):
            key = _norm(s)
            if len(key.split()) < 4:
                continue
            if key in seen and seen[key][0] is not t:
                out.append(warning(t.pos(start), "L004", f"the sentence '{_short(s)}' is repeated in this case "
                                   f"(first at {seen[key][1]})"))
            else:
                seen.setdefault(key, (t, t.pos(start)))
    return out


def repeats_in_book(book: list[list[Text]]) -> list[Diagnostic]:
    """Across the cases of one casebook: the same title, story or story sentence twice."""
    out: list[Diagnostic] = []
    first: dict[tuple[str, str], Pos] = {}
    for texts in book:
        mine: set[tuple[str, str]] = set()
        for t in texts:
            if t.field == "title":
                key = ("title", _norm(t.value))
                if key in first:
                    out.append(warning(t.pos(), "L004", f"the title '{t.value}' is also used at {first[key]}"))
                first.setdefault(key, t.pos())
            if t.field != "story":
                continue
            for start, s in sentences(t.value):
                key = ("story", _norm(s))
                if len(key[1].split()) < 6 or key in mine:
                    continue
                mine.add(key)
                if key in first:
                    out.append(warning(t.pos(start), "L004", f"the story sentence '{_short(s)}' is also used at "
                                       f"{first[key]}", "every story of a casebook tells its own case"))
                else:
                    first[key] = t.pos(start)
    return out


def _norm(s: str) -> str:
    return " ".join(re.sub(r"[^\w\s']", " ", s.lower()).split())


def _short(s: str) -> str:
    return s if len(s) <= 60 else s[:57] + "..."


def by_folder(cases: Iterable[Case]) -> dict[Path, list[Case]]:
    groups: defaultdict[Path, list[Case]] = defaultdict(list)
    for case in cases:
        groups[case.path.parent].append(case)
    return groups
