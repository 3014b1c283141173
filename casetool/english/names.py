"""Naming things as the reader sees them: a person and their wheel number, a counter
number, a note quoted, a suggestion by its number, never an id; items inside a sentence."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ..language import ir
from ..load.model import Case, Clue, Setting
from .phrases import Templates, item_name, voiced

COUNTER = re.compile(r"^\s*Counter (\d+)\b")
# where a quote's first clause ends ("Mrs." does not end one)
CLAUSE_END = re.compile(r"(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)[.;:,!?]")
AGAIN = 7   # words of a quote said again: enough to find it among the notes, short enough to be a pointer
# clue id -> how a printed book names the clue ("clue 3", "note 2"), over the page's own names
_BOOK: ContextVar[dict[str, str] | None] = ContextVar("book_references", default=None)
# the clues a page has already quoted in full: a second mention points back with the opening words
_QUOTED: ContextVar[frozenset[str]] = ContextVar("quoted_clues", default=frozenset())


@contextmanager
def named_as(references: dict[str, str]) -> Iterator[None]:
    """Name clues as the printed book does (render/deductions.py) while the block runs: the
    same sentences, with the book's references for the clues it numbers."""
    token = _BOOK.set(references)
    try:
        yield
    finally:
        _BOOK.reset(token)


@contextmanager
def quoted_before(clue_ids: frozenset[str]) -> Iterator[None]:
    """While the block runs, a note or fact in `clue_ids` (quoted in full earlier on the page)
    is named by its opening words: the note “The crime happened either in the West wing…”."""
    token = _QUOTED.set(clue_ids)
    try:
        yield
    finally:
        _QUOTED.reset(token)


@contextmanager
def quoted_also(clue_ids: frozenset[str]) -> Iterator[None]:
    """`quoted_before`, adding to what the page has quoted: a step that quotes a note whole
    in one supposition points back to it in the next."""
    token = _QUOTED.set(_QUOTED.get() | clue_ids)
    try:
        yield
    finally:
        _QUOTED.reset(token)


def quoted_already(clue_id: str) -> bool:
    """Whether the page has already quoted (and so used) this clue."""
    return clue_id in _QUOTED.get()


def clue_ref(case: Case, clue_id: str) -> str:
    ref = _full_ref(case, clue_id)
    return _pointer(case, clue_id, ref) if clue_id in _QUOTED.get() else ref


def _pointer(case: Case, clue_id: str, ref: str) -> str:
    """The quote cut to its opening words, unless another clue opens with the same words
    ("If the crime happened after seven o'clock, then ..." twice): then it is said whole."""
    cut = _cut(ref, AGAIN)
    head = cut.split("\u201c", 1)[-1].removesuffix("\u2026\u201d")
    alike = any(" ".join(c.text.split()).startswith(head) for c in case.clues if c.id != clue_id)
    return ref if cut != ref and alike else cut


def _full_ref(case: Case, clue_id: str) -> str:
    book = _BOOK.get() or {}
    if clue_id in book:
        return book[clue_id]
    clue = next(c for c in case.clues if c.id == clue_id)
    chars = case.setting.characters
    if clue.synthetic:
        m = re.match(r"suggestion-(\d+)$", clue_id)
        return f"suggestion {m.group(1)}" if m else "your own hand"
    m = COUNTER.match(clue.text)
    if m:
        return f"Counter {m.group(1)}"
    ch = chars.get(clue.speaker) if clue.speaker else None
    if ch and ch.wheel and clue.wheel:
        return f"{ch.name} (wheel {clue.wheel})"
    if ch and (ch.wheel or ch.role == "locator"):  # a coded message: never quote what it decodes to
        return f"{ch.name}'s message"
    quoted = quote(clue.text)
    gist = _gist(case, clue)
    if ch and ch.role in ("witness",):   # by speaker and gist: the page does not quote whole statements
        return f"{ch.name}'s statement about {gist}" if gist else f"{ch.name}'s statement"
    if ch and ch.role == "inspector":   # notes and facts are short and say one thing: quoted
        return f"the note {quoted}"
    # "the fact": a bare quote in a list after "X's statement" reads as X's words
    return f"the fact {quoted}"


def quote(text: str) -> str:
    """A clue's words as every page quotes them, and as a test finds them: one line, the last
    stop dropped, in curly quotes (“The crime happened after dusk”). The one place a quote is made."""
    return "\u201c" + " ".join(text.split()).rstrip(".") + "\u201d"


def short_ref(case: Case, clue_id: str, words: int = 8) -> str:
    """`clue_ref`, a long quote cut to its opening words (a pointer, not the clue again): the
    fact “I watched the drive from first light…”."""
    return _cut(_full_ref(case, clue_id), words)


# a clue that opens on its premise: cut, it is the premise alone ('“Whoever struck before
# midnight did so…”' tells nothing) or half its conclusion, so it is quoted whole (issue 24)
_PREMISE = re.compile(r"(Whoever|Whatever|Wherever|Whenever|If|Should|Anyone who)\b")


def _cut(ref: str, words: int) -> str:
    m = re.match("(.*?“)([^”]*)”$", ref)
    if not m or len(m.group(2).split()) <= words + 2 or _PREMISE.match(m.group(2)):
        return ref
    said = m.group(2).split()
    ends = [n for n in range(4, len(said)) if _ends_phrase(said, n)]
    # the longest phrase that fits, else the shortest past it: never mid-name or mid-phrase
    n = max((n for n in ends if n <= words), default=min((n for n in ends if n <= words + 4), default=0))
    return f"{m.group(1)}{' '.join(said[:n]).rstrip(',;:.')}…”" if n else ref


# words a phrase does not end on: it goes on past them ("in a room next to the…")
_OPEN = frozenset("a an the of in on at to from into by with for and or nor but either neither not no if then "
                  "that who whom whose which whoever whatever was were is are be been did does do had has have "
                  "next out front very than as his her their its my your our".split())
# words that start a phrase: a quote may stop just before one ("Mrs. Peacock | and Mrs. White");
# not 'of' nor a relative 'that', 'who', 'which', which go on with the noun before them ("the
# second-smallest | of the four rooms", "used a weapon | that weighed three pounds")
_STARTS = frozenset("in on at to from into by with for near after before during until since between across "
                    "through under over beside behind without and or nor but because while when where if then "
                    "unless though whoever was were is are did does had has would could must never".split())
_NUMBERS = frozenset("one two three four five six seven eight nine ten eleven twelve".split())
# what a measure goes on to say ("two paces across", "three hands high")
_MEASURED = frozenset("across high tall long wide deep old away apart off".split())


def _ends_phrase(said: list[str], n: int) -> bool:
    """Whether a quote's first `n` words end a phrase: after a stop or a comma, or before a word
    that opens a phrase; never after a title ("Mrs."), a word the phrase goes on past ("the",
    "next"), a number, or a measure that goes on ("two paces | across")."""
    last, after = said[n - 1], said[n]
    bare = last.lower().rstrip(".,;:!?")
    if bare in _OPEN or bare in _NUMBERS or bare.isdigit():
        return False
    if said[n - 2].lower() in _NUMBERS and after.lower().rstrip(".,;:") in _MEASURED:   # "two paces | across"
        return False
    if CLAUSE_END.search(last[-1:]) and not re.fullmatch(r"(Mr|Mrs|Ms|Dr|St)\.", last):
        return True
    return after.lower() in _STARTS


def whose(case: Case, clue_id: str) -> str:
    """A speaker's clue as the thing they said: 'wheel 39', 'Sergeant Olive's statement about
    the place' (for "the opposite of wheel 39")."""
    clue = next(c for c in case.clues if c.id == clue_id)
    ch = case.setting.characters.get(clue.speaker) if clue.speaker else None
    if ch and ch.wheel and clue.wheel and clue_id not in (_BOOK.get() or {}):
        return f"wheel {clue.wheel}"
    return clue_ref(case, clue_id)


def plain_fact(clue: Clue) -> bool:
    """A clue that names items of the answer and nothing else ("The weapon was not the
    Rope", "The crime happened after dusk"): read alone it says no more than itself, so the page does not repeat it as a
    conclusion."""
    if clue.expr is None:
        return False
    allowed = (ir.AnswerRef, ir.ItemConst, ir.Compare, ir.Not, ir.And)
    # an order ("The crime happened after dusk") is one fact too: read alone it rules out
    # the times it names and no more
    return all(isinstance(n, allowed) for n in ir.walk(clue.expr))


def _gist(case: Case, clue: Clue) -> str:
    """What a clue is about, by the answer categories it names, as the clues call them: 'the
    murderer and the weapon', 'the hiding place', 'the place' (not 'the crime', which every
    statement is about)."""
    about: list[str] = []
    for node in ir.walk(clue.expr) if clue.expr is not None else ():
        if isinstance(node, ir.AnswerRef):
            subject = topic(case, node.category)
            about += [subject] if subject not in about else []
    return join(about, "and")


def topic(case: Case, cid: str) -> str:
    """A category as something said about: its subject in the case's clues ('the murderer',
    'the hiding place'), or its label where that subject is 'the crime' ('the place')."""
    subject = voiced(case.setting).subject(case.setting.categories[cid])
    return f"the {label(case, cid)}" if subject == "the crime" else subject


def join(words: list[str], word: str = "or") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {word} " + words[-1]


def name_item(case: Case, item_id: str) -> str:
    """Inside a sentence: people as they are, things with a small article, and a time as
    it reads after 'is' ('the time is dusk', 'the late morning', 'nine o'clock'), never a capitalised time name mid-sentence."""
    setting = case.setting
    people = setting.people_category
    item = setting.find_item(item_id)
    if item is not None and setting.categories[item.category].ordered:
        # the setting's `times:` phrase less its preposition ('at night' -> 'night'): its
        # `moments:` are for 'after' ('after nightfall'), and 'the time is nightfall' is not 'at night'
        words = Templates(setting.templates)
        own = words.get("times", {}).get(item_id)
        return re.sub(r"^(at|in|on|during)\s+", "", own) if own else words.moment(setting, item_id)
    return item_name(setting, item_id, people)


def label(case: Case, cid: str) -> str:
    return case.setting.categories[cid].label.lower()


def person(case: Case, who: str) -> str:
    return case.setting.person_name(who)



def role(case: Case) -> str:
    """What the case calls its culprit, as its clues do: 'the murderer', 'the thief', 'the culprit'."""
    culprit = case.setting.culprit
    return voiced(case.setting).subject(case.setting.categories[culprit]) if culprit else "the culprit"


def rule_ref(case: Case) -> str:
    """What a step no clue takes part in reasons from: the liar rule itself, said in words
    ('the rule that one witness always lies', 'the rule that only the murderer lies'), never
    'the setting's rules' for the reader to look up."""
    rule = case.effective_liar_rule
    if rule.kind == "custom":
        return f"the liar rule (\u201c{' '.join(str(rule.expression).split())}\u201d)"
    if rule.kind == "culprit" and case.setting.culprit:
        return f"the rule that only {role(case)} lies"
    return RULES.get(rule.kind, "the setting's rules")


RULES = {"exactly_one": "the rule that one witness always lies", "inspector": "the rule that no more than one witness lies",
         "none": "the rule that nobody lies"}


# titles that say whether a name is a woman's or a man's; 'Professor', 'Colonel' do not
TITLES = {"She": ("Mrs", "Miss", "Ms", "Lady", "Duchess", "Countess", "Princess", "Dame", "Madame"),
          "He": ("Mr", "Lord", "Sir", "Duke", "Count", "Prince", "Baron", "Master")}


# titles that name a person on their own, as a book does once it has said the whole name
# ('the Sergeant's statement', 'the Vicar'), when they say nothing of whether a woman or a man
RANKS = {"Sergeant": "Sergeant", "Vicar": "Vicar", "Professor": "Professor", "Colonel": "Colonel",
         "Reverend": "Reverend", "Captain": "Captain", "Dr": "Doctor", "Doctor": "Doctor", "Major": "Major",
         "Inspector": "Inspector", "Constable": "Constable", "Nurse": "Nurse", "Judge": "Judge",
         "Admiral": "Admiral", "General": "General", "Chef": "Chef", "Bishop": "Bishop", "Canon": "Canon"}


def referent(setting: Setting, item: str, before: str = "") -> str:
    """How a sentence names a person again just after naming them: 'she' or 'he' when the
    setting says which (pronoun; never for `pronoun: they`), else the title alone when no other
    suspect shares it ('the Sergeant'), else the whole name; never 'they' for one person.
    `before`: what the sentence has said since naming them; when it names another person who
    is also 'she' (or 'he'), 'she' would read as that one, so the title or the name again."""
    said = pronoun(setting, item).lower()
    found = setting.find_item(item)
    if found is None:
        return said
    people = setting.categories[found.category].items
    if said and not any(i.id != item and i.name in before and pronoun(setting, i.id).lower() == said for i in people):
        return said
    title = _rank(found.name)
    if title and sum(1 for i in people if _rank(i.name) == title) == 1:
        return f"the {title}"
    return found.name


def possessive(setting: Setting, item: str, before: str = "") -> str:
    """'her', 'his', 'the Sergeant's', 'Sergeant Olive's' (referent, possessive)."""
    who = referent(setting, item, before)
    return {"she": "her", "he": "his"}.get(who) or f"{who}'s"


def _rank(name: str) -> str:
    words = name.split()
    return RANKS.get(words[0].rstrip("."), "") if len(words) >= 2 else ""


def pronoun(setting: Setting, item: str) -> str:
    """'She' or 'He' by the person's `pronoun:` in the setting, else their `gender` attribute,
    else their name's title ('Mrs Peacock'); '' when none says, or `pronoun: they` (never she
    or he, whatever the rest says: the page names them again instead, see referent)."""
    found = setting.find_item(item)
    if found is None:
        return ""
    if found.pronoun:
        return {"she": "She", "he": "He"}.get(found.pronoun, "")
    gender = {"female": "She", "male": "He"}.get(str(found.attrs.get("gender")))
    title = found.name.split(" ", 1)[0].rstrip(".")
    return gender or next((p for p, titles in TITLES.items() if title in titles), "")
