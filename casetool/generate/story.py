"""Titles, stories, dates and events for a generated case, from the setting's templates
and the kind of crime (murder settings get murders, theft settings thefts), never
repeating a title, a date or a story sentence already used in the book.

The crime comes from `templates: crime:` (murder, theft or mischief); by default a
setting whose answer has a weapon is a murder, one with a stolen object (timeline) a
theft, and anything else mischief. A story is three sentences: an opening, the motive's
set-up (english/motives.py: the solution's why answers it), and what happened; each part is drawn from the crime's list and
filled with the case's own words (the title's noun, a person, a day), so two cases of a
book do not share a sentence.
"""

from __future__ import annotations

import random
import re

from ..english import events as composed
from ..english.dates import date_text, season_days
from ..english.motives import SETUPS, TITLES, of_motive
from ..english.phrases import Templates, fill, item_name, join_and
from ..load.model import Setting

NOUNS = ["Lantern", "Umbrella", "Teacup", "Ribbon", "Ledger", "Postcard", "Parasol", "Gramophone", "Telegram",
         "Hatbox", "Scarecrow", "Candle", "Compass", "Weathervane", "Rosette", "Kite", "Hymn Book",
         "Croquet Mallet", "Picnic Basket", "Snuff Box", "Music Box", "Tea Urn",
         "Birdcage", "Pocket Watch", "Cricket Bat", "Walking Stick", "Jam Jar", "Prize Marrow"]
# A theft or mischief is titled after what went missing (the answer's stolen object, else the
# noun its story says was taken), and says no more of it than the story does: an adjective
# such as "Broken" or "Muddy" stated what the story never told.
FRAMES = ["The Missing {object}", "The Affair of the {object}", "Who Took the {object}?", "The {object} Mystery",
          "The Stolen {object}", "The Case of the Missing {object}"]
# a title's words that are its frame, not what it is about
TITLE_STOP = {"the", "a", "an", "of", "and", "at", "in", "on", "with", "by", "to", "for", "from", "over", "under",
              "who", "be", "off", "out", "not", "up", "took", "affair", "case", "mystery", "missing", "stolen"}
# A story is an opening and what happened: no closing instruction ("Find the murderer",
# "Every clue below is needed") is printed as story, the rules page says what to find.
# Each list is long enough for a 20-case book to tell every sentence once (bench/prose.py
# counts skeletons, the sentences with their fill words removed).
STORIES = {
    "mischief": (
        ["On {day} the whole town turned out for the fete.", "{day} began quietly enough.",
         "It rained all morning on {day}, and tempers were short.", "By noon on {day} the square was crowded.",
         "On {day} the brass band was still tuning up when the trouble began.",
         "On {day} the bunting went up before breakfast.", "Nobody expected much excitement from {day}.",
         "The vicar had prayed for sunshine on {day}, and got it.", "A strong wind blew through the village on {day}.",
         "Half the county seemed to have come in by cart on {day}.", "On {day} the judging tent opened at ten sharp.",
         "The church bells were still ringing on {day} when the shouting started.",
         "Every stall had a queue by eleven on {day}.", "On {day} the children were let out of school early.",
         "{day} was the hottest day anyone could remember.", "The committee had argued for a month about {day}.",
         "Lemonade ran out before noon on {day}.", "On {day} the bus from Winchester came in packed.",
         "On {day} the coconut shy did a roaring trade.",
         "The flower show drew a bigger crowd than ever on {day}.",
         "On {day} a dog chased the tombola prizes across the green.",
         "{day} started with a quarrel over the best pitch for a stall."],
        ["Then the {noun} went missing, and {person} was the first to raise the alarm.",
         "When {person} went to fetch the {noun}, it was gone.",
         "Somebody made off with the {noun} while {person} was looking the other way.",
         "The {noun} had been left in plain sight; by tea time {person} swore it had vanished.",
         "{person} had promised to guard the {noun}, and now it was gone.", "By three o'clock the {noun} had disappeared, and {person} was furious.",
         "{person} turned round for a moment, and the {noun} was not there any more.",
         "Only an empty space on the table showed where the stolen {noun} had been, as {person} pointed out loudly.",
         "{person} was the last to see the {noun} before it was taken.",
         "It was {person} who noticed that the {noun} had gone.",
         "The {noun} was meant to be the pride of the day; {person} found it missing at two.",
         "Someone had carried off the {noun}, and {person} wanted to know who.",
         "{person} came running across the green to say the {noun} had been stolen.",
         "The {noun} was there at noon, {person} insisted, and gone by one.",
         "The {noun} was missing, though {person} searched every stall.",
         "{person} raised a shout: the {noun} had been taken from under everyone's nose.",
         "A gap in the display was all that was left of the stolen {noun}, and {person} was in tears.",
         "{person} had lent the {noun} for the day, and now it was missing.",
         "While the band played, the {noun} went astray, and {person} blamed the crowd.",
         "The {noun} vanished between one cup of tea and the next, said {person}.",
         "The {noun} was taken, and {person} found only its name card where it had stood.",
         "The prize committee counted the exhibits twice, but the {noun} was gone, and {person} was sure it had been there at the start."],
    ),
    "theft": (
        ["The house was full of guests on {day}.", "On {day} the house party was in full swing.",
         "{day} was the busiest day of the season at the house.", "Guests had been arriving since dawn on {day}.",
         "On {day} a storm kept everyone indoors.", "The hunt met at the house on {day}.",
         "A dinner for twelve was planned for {day}.", "On {day} the house was quiet, or seemed so.",
         "The servants had been up since five on {day}.", "On {day} the family came down from town for the weekend.",
         "Fog hung over the gardens all through {day}.", "On {day} a great many people came and went.",
         "The whole household gathered on {day} for a birthday.", "Nobody could settle to anything on {day}.",
         "On {day} the household was busy with plans for a wedding.", "There was a garden party on the lawn on {day}.",
         "On {day} the house was opened to visitors.", "{day} began like any other in the house.",
         "On {day} the cook gave notice, and nothing went right after.",
         "A card game ran late into the night on {day}.", "On {day} the house was being got ready for a ball.",
         "The family's silver had been polished for a visit on {day}."],
        ["By evening the {object} had vanished, and {person} noticed first.",
         "Late that night {person} found the {object} gone from its place.",
         "Nobody missed the {object} until {person} asked to see it.",
         "When {person} went to admire the {object}, it was nowhere to be found.",
         "{person} swore the {object} was on its shelf at breakfast, but it was gone by lunch.", "The {object} was gone, and {person} sent for the Inspector.",
         "{person} raised the alarm: someone had taken the {object}.", "The {object} had not been seen since {person} last dusted it.",
         "It was {person} who found the empty case where the {object} had been.",
         "{person} wanted to show the guests the {object}, and could not.", "Somebody had helped themselves to the {object}; {person} was certain of it.",
         "The {object} was taken while {person} was out of the room.", "By supper {person} had searched the house twice for the {object}.",
         "{person} noticed the {object} was missing, and at first thought it had only been moved.",
         "The {object} disappeared, and {person} had last seen it in safe hands.",
         "{person} called everyone together: the {object} had been stolen.",
         "{person} was the only one who knew where the {object} was kept, and yet it was gone.",
         "The {object} was gone by the time {person} came to lock up.",
         "{person} found the {object} gone from its stand, and told the whole house.",
         "A thief had been at work, and the {object} was gone, as {person} discovered.",
         "{person} had been told to keep an eye on the {object}, and still it was taken.", "Nobody could say when the {object} went, least of all {person}."],
    ),
    # A murder's opening says there was a death, so the set-up's "the victim" and the
    # bystander's "the body" follow from it (an opening of a storm before "X fainted at the
    # sight" left the reader asking: the sight of what?). No opening starts a thread the case
    # never ties off (a host's "secret to tell", a cut telephone line, an uninvited visitor).
    "murder": (
        ["On {day} a scream rang through the house, and soon everyone knew there had been a murder.",
         "The storm broke over the house on {day}, and before it passed there had been a murder.",
         "{day} ended with a body on the floor.", "Death came to the house on {day}.",
         "On {day} the dinner gong sounded, but the victim was already dead.",
         "Nobody had wanted to come to the house on {day}, and before the day was out someone there was dead.",
         "On {day} the fog came up from the lake, and with it came murder.",
         "{day} had been a day of arguments, and it ended in murder.",
         "On {day} the house was shut up early against the rain, with a murderer inside it.",
         "Everyone was tired and cross on {day}, and by nightfall one of them had been murdered.",
         "A clap of thunder shook the windows on {day}, and under cover of the storm a murder was done.",
         "The gardens were full of shadows on {day}, and one of them hid a murderer.",
         "On {day} the household sat down to an uneasy supper; it was the victim's last.",
         "The clocks struck midnight on {day}, and then came a cry: there had been a murder.",
         "On {day} the police were called to a death at the house, the first in living memory.",
         "{day} was the last day of the victim's life.",
         "On {day} the house filled for a quiet weekend, and before it was over there had been a murder.",
         "Nothing out of the ordinary happened on {day}, until the body was found.",
         "On {day} the doctor was sent for, and could only say that the victim was dead.", "The murder on {day} shocked the whole county.",
         "On {day} the household woke to the news of a murder.",
         "By the end of {day} there had been a murder, and the house was full of police."],
        # the bystander's part, after an opening that told of the death; none leaves a thread
        # hanging (a glove "nobody could say whose", a note "unread") or gives a bystander a
        # debt or a quarrel of the victim's, which the set-up gives the murderer alone
        ["{person} found the body and sent for the police at once.",
         "It was {person} who raised the alarm, white as a sheet.",
         "By the time {person} arrived, the victim was beyond help.",
         "{person} could not believe it, having spoken to the victim only that day.",
         "{person} was the first to reach the body, and saw at once that nothing could be done.",
         "{person} had been fond of the victim, and took the news hard.",
         "{person} had known the victim for years, and could not think who would do such a thing.",
         "It fell to {person} to send for the police.", "{person} came upon the body and fainted clean away.",
         "{person} said the victim had seemed afraid all day.",
         "{person} locked the door on the body and kept everyone out until the police came.",
         "{person} sat with the body, and would speak to no one.",
         "{person} was the only one who wept for the victim.",
         "{person} stood at the front door and let nobody out.",
         "{person} had to break the news to the rest of the household.",
         "{person} kept asking who could have hated the victim so much.",
         "{person} had warned the victim that very week to be careful.",
         "{person} gave the police the name of everyone who had been in the house that day.",
         "{person} told the police that the victim had made enemies under that roof.",
         "{person} found the victim, and ran for help.",
         "{person} would not go near the room where the body lay.",
         "{person} stayed with the body while the others went for help."],
    ),
}
def what_to_find(setting: Setting, kind: str) -> str:
    """'the murderer, the weapon, the room and the time': what the case asks for, from its
    answer (a murder story's closing line; a fixed 'the weapon and the place' left the time out)."""
    who = {"murder": "the murderer", "theft": "the thief"}.get(kind, "the culprit")
    return join_and([who if cid == setting.culprit else f"the {setting.categories[cid].label.lower()}"
                     for cid in setting.answer])


def pick_date(templates: Templates, rng: random.Random, taken: set[str]) -> str | None:
    """A day of the setting's season (`templates: year:` and `season: [June 1, August 31]`;
    no season: the whole year), one no other case of the book has."""
    days = season_days(templates)
    free = [d for d in days if date_text(d) not in taken]
    return date_text(rng.choice(free)) if free else None


def pick_title(templates: Templates, kind: str, rng: random.Random, taken: set[str], obj: str | None,
               avoid: frozenset[str] = frozenset(), seed: object = None, motive: str | None = None) -> tuple[str, str]:
    """(title, noun): a title no earlier case of the book has, and what a theft's or mischief's
    story says was taken. A murder is titled after a set-up its story will tell (motives.TITLES;
    story() tells the set-up its title names); a theft after its stolen object (`obj`), else
    its noun, then after a set-up once those titles run out. No noun or set-up title shares a
    word with one of the setting's items (`avoid`, lower case): "Teacup" beside a poisoned
    teacup would read as a clue. `seed`: the case's, so cases generated one by one draw
    different set-ups (_draw)."""
    own = templates.get("titles", None)
    noun = obj or _noun(rng, avoid, taken)
    if own:
        fresh = [t for t in own if t not in taken]
        return (rng.choice(fresh) if fresh else f"{rng.choice(own)} {len(taken) + 1}"), noun
    if kind != "murder":
        fresh = [f.format(object=noun) for f in FRAMES if f.format(object=noun) not in taken]
        if fresh:
            return rng.choice(fresh), noun
    titled = _setup_title(kind, rng, taken, noun, avoid, seed, motive)
    if titled:
        return titled, noun
    return f"{FRAMES[0].format(object=noun)} {len(taken) + 1}", noun


def _noun(rng: random.Random, avoid: frozenset[str], taken: set[str]) -> str:
    """A noun for a story's missing thing: none that shares a word with an item, and first one
    whose last word no title of the book has ("The Missing Music Box" after "The Snuff Box")."""
    used = {w for t in taken for w in t.split()}
    nouns = [n for n in NOUNS if not ({w.lower() for w in n.split()} & avoid)]
    return rng.choice([n for n in nouns if n.split()[-1] not in used] or nouns)


def _setup_title(kind: str, rng: random.Random, taken: set[str], obj: str, avoid: frozenset[str],
                 seed: object = None, motive: str | None = None) -> str | None:
    """A title of a set-up the book has not yet titled a case after, else any title it has not used.
    The set-up is drawn first, then one of its titles: drawn among all titles, seeds 101 and 109
    took the two titles of one set-up ('A Jealous House', 'Simmering Jealousy', one story)."""
    options = [(setup, t.replace("{object}", obj)) for setup in setups(kind, motive) for t in TITLES.get(setup, ())
               if not title_words(t) & avoid]
    told = {setup for setup, t in options if t in taken}
    pool = list(dict.fromkeys(setup for setup, _ in options))
    fresh = [setup for setup in pool if setup not in told]
    if not fresh:
        left = [t for _, t in options if t not in taken]
        return _draw(rng, left, [t for _, t in options], seed) if left else None
    setup = _draw(rng, fresh, pool, seed)
    titles = [t for s, t in options if s == setup]
    turn = int(str(seed)) // len(pool) if seed is not None and str(seed).isdigit() else rng.randrange(len(titles))
    return titles[turn % len(titles)]


def title_words(title: str) -> set[str]:
    """The words a title is about (lower case, its frame and {object} left out)."""
    return {w for w in re.findall(r"[a-z][a-z'-]*", re.sub(r"\{\w+\}", " ", title.lower())) if w not in TITLE_STOP}


def titled_setup(kind: str, title: str, obj: str) -> str | None:
    """The set-up `title` was drawn for (pick_title), so the story tells it."""
    return next((setup for setup in setups(kind) for t in TITLES.get(setup, ())
                 if t.replace("{object}", obj) == title), None)


# Sentences that say when the crime happened. In a case whose clues place the crime in time (a
# timeline or a board night) such a sentence contradicts them ("the clocks struck midnight, and
# then came a cry" before a solution that puts the murder at nine) or gives the hour away.
TIMED = {"The clocks struck midnight on {day}, and then came a cry: there had been a murder.",
         "On {day} the dinner gong sounded, but the victim was already dead.",
         "On {day} the household sat down to an uneasy supper; it was the victim's last.",
         "On {day} the household woke to the news of a murder.",
         "Everyone was tired and cross on {day}, and by nightfall one of them had been murdered.",
         "{person} swore the {object} was on its shelf at breakfast, but it was gone by lunch.",
         "By evening the {object} had vanished, and {person} noticed first.",
         "By supper {person} had searched the house twice for the {object}.",
         "The {noun} had been left in plain sight; by tea time {person} swore it had vanished.",
         "By three o'clock the {noun} had disappeared, and {person} was furious.",
         "The {noun} was there at noon, {person} insisted, and gone by one."}


def story(templates: Templates, kind: str, rng: random.Random, words: dict[str, str], taken: set[str],
          timed: bool = False) -> str:
    """An opening and what happened, neither already told in the book (`taken`: the templates
    its accepted cases were filled from, used_templates): a template is used once a book while
    its list lasts (filled with another day or name it would still read as the same
    sentence). `taken` is not changed: a draft may be thrown away, and only the book knows
    which cases it keeps (casebook.write_casebook). `timed`: the clues place the crime in time,
    so no sentence may say when it happened (TIMED)."""
    own = templates.get("stories", None)
    if own:
        return _fill(rng.choice([t for t in own if t not in taken] or list(own)), words)
    opening, happened = STORIES[kind]
    # the set-up the title names (pick_title) is told, and drawn first so the opening keeps off its theme
    forced = titled_setup(kind, words.get("title", ""), words.get("object", ""))
    pools = {"opening": opening, "setup": [forced] if forced else setups(kind, words.get("motive")),
             "happened": happened}
    parts: dict[str, str] = {}
    for name in (("setup", "opening", "happened") if forced else ("opening", "setup", "happened")):
        pool = [t for t in pools[name] if not (timed and t in TIMED)]
        told = [t for t in pool if not _themes(t) & _themes(" ".join(parts.values()))] or pool
        unused = [t for t in told if t not in taken] or list(told)   # a book longer than the list
        parts[name] = _fill(_draw(rng, unused, pools[name], words.get("seed")), words)
    # the set-up second: the motive the solution page's why answers (english/motives.py)
    return " ".join(parts[k] for k in ("opening", "setup", "happened"))


def _draw(rng: random.Random, unused: list[str], pool: list[str], seed: object) -> str:
    """A template of `unused`. Given the case's seed (`words: seed:`), the seed's place in a
    fixed shuffle of the whole pool while that one is unused: cases of seeds 91, 92, ... each
    drawn as a book of its own tell different lines until the pool is spent (random draws
    repeat 'the fog came up from the lake' across them). Else a random one."""
    if seed is not None and str(seed).isdigit():
        order = sorted(pool, key=lambda t: random.Random(t).random())
        pick = order[int(str(seed)) % len(order)]
        if pick in unused:
            return pick
    return rng.choice(unused)


# what a story's sentence is about: a second sentence on the same ("A new will was to be read
# on Monday. A new will had been drawn up that week ...") reads as the same sentence twice
# ("... the house was full of police. X sent for the police at once.")
THEMES = re.compile(r"\b(will|quarrel\w*|secret|money|party|dinner|fete|stall|prizes|committee|judging|band|"
                    r"show|birthday|debts?|letters?|cards?|police)\b", re.IGNORECASE)


def _themes(text: str) -> set[str]:
    return {m.group(1).lower().rstrip("s") for m in THEMES.finditer(text)}


def setups(kind: str, motive: str | None = None) -> list[str]:
    """The motive set-ups a story of this crime may carry (`motive`: the murderer's, where it is
    a fact of the night, motives.of_motive)."""
    return of_motive([setup for setup, _ in SETUPS[kind]], motive)


def events(templates: Templates, kind: str, rng: random.Random, count: int, words: list[dict[str, str]],
           taken: set[str] | None = None) -> list[str]:
    """`count` event texts for a reveal schedule; event k is about `words[k]` (event_words),
    the notes it comes before. The setting's own `templates: events:` are drawn whole, none
    twice in the case; otherwise each event is composed (english/events.py) so no sentence
    comes back in the book. Templates the book has told (`taken`) are not changed."""
    mine = words if len(words) == count else [rng.choice(words) for _ in range(count)]
    own = templates.get("events", None)
    if not own:
        return composed.compose(rng, mine, set(taken or ()), kind)
    pool = list(own)
    used = set(taken or ())
    out: list[str] = []
    for k in range(count):
        unused = [t for t in pool if t not in used] or list(pool)
        order = rng.sample(unused, len(unused))
        template = next((t for t in order if _fill(t, mine[k]) not in out), order[0])
        used.add(template)
        out.append(_fill(template, mine[k]))
    return out


def event_words(setting: Setting, templates: Templates, steps: list[tuple[int, str]], count: int,
                rng: random.Random) -> list[dict[str, str]]:
    """For each reveal step 1..count, a person, a place and a time that step's notes name
    (`steps`: (step, meaning) of every clue), so the event before the notes leads to them;
    `named` lists which of the three the notes name. A step whose notes name no one gets a
    person no other event has (never one bystander in every event)."""
    tl = setting.timeline
    assert tl is not None   # events are for timeline cases
    people, places, times = (setting.categories[c] for c in (tl.people, tl.places, tl.times))
    used: list[str] = []
    out = []
    for k in range(1, count + 1):
        ids = set(re.findall(r"[a-z_][a-z0-9_]*", _moments(" ".join(m for step, m in steps if step == k))))
        named = [i for i in people.ids if i in ids]
        fresh = [i for i in named if i not in used] or [i for i in people.ids if i not in used] or list(people.ids)
        who = rng.choice(fresh)
        used.append(who)
        where = [i for i in places.ids if i in ids]
        place = rng.choice(where or list(places.ids))
        when = [i for i in times.ids if i in ids]
        time = rng.choice(when or list(times.ids))
        # "where": the place with the setting's own preposition ("at the Fountain", not "in")
        out.append({"person": setting.item_name(who), "place": item_name(setting, place),
                    "where": templates.where(setting, place), "when": templates.when(setting, time),
                    "named": " ".join(n for n, got in (("person", named), ("place", where), ("time", when)) if got)})
    return out


# an order ("time < eight", "t > nine") or a neighbour ("room.adjacent has library") is not the
# moment or the place it names: an event about eight o'clock read "before eight" as "at eight"
NOT_THERE = re.compile(r"[a-z_][a-z0-9_.]*\s*[<>]=?\s*[a-z_][a-z0-9_]*|\badjacent\s+has\s+[a-z_][a-z0-9_]*")


def _moments(means: str) -> str:
    """The notes with their orders and neighbours taken out (NOT_THERE)."""
    return NOT_THERE.sub(" ", means)


def used_templates(templates: Templates, text: str) -> set[str]:
    """The story and event templates a finished case's `text` was filled from. A book records
    only these (casebook.write_casebook): the drafts thrown away on the way drew templates too,
    and counting theirs would run a list out long before the book does."""
    own = list(templates.get("stories", None) or []) + list(templates.get("events", None) or [])
    pools = own + [t for parts in STORIES.values() for pool in parts for t in pool] + \
        [t for kind in SETUPS for t in setups(kind)]
    flat = " ".join(text.split())
    return {t for t in set(pools) if _pattern(t).search(flat)} | composed.told(text)


def record(templates: Templates, taken: set[str], text: str) -> set[str]:
    """The book's `taken` after a case it keeps told `text`: its templates added, and a list
    every template of which has now been told starts its round again."""
    out = taken | used_templates(templates, text)
    own = [list(templates.get(k, None) or []) for k in ("stories", "events")]
    pools = [p for parts in STORIES.values() for p in parts] + [setups(kind) for kind in SETUPS]
    for pool in pools + [composed.composites()] + own:
        if pool and set(pool) <= out:
            out -= set(pool)
    return out


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{\w+\}", template)
    return re.compile(".+?".join(re.escape(p) for p in parts), re.IGNORECASE)


def split_sentences(text: str) -> list[str]:
    """The sentences of a text, as a book's `taken` set holds them."""
    return [x.strip() for x in re.split(r"(?<=[.!?])\s+", " ".join(text.split())) if x.strip()]


def _fill(template: str, words: dict[str, str]) -> str:
    text = fill(template, **words)
    return text[:1].upper() + text[1:]
