"""Stories of a generated book (generate/story.py): no opening or middle sentence told twice
in a book while the setting's lists last, even filled with another day or name."""

from __future__ import annotations

import random
import re

import pytest
from casetool.english.phrases import Templates
from casetool.generate.story import (
    STORIES,
    pick_title,
    record,
    setups,
    story,
    titled_setup,
    used_templates,
)


def _template_of(sentence: str, templates: list[str]) -> str:
    """Which template a filled sentence came from (its {fields} read as any text)."""
    for t in templates:
        pattern = re.escape(t)
        for field in re.findall(r"\\\{\w+\\\}", pattern):
            pattern = pattern.replace(field, ".+?")
        if re.fullmatch(pattern, sentence):
            return t
    raise AssertionError(f"no template fits {sentence!r}")


@pytest.mark.parametrize("kind", sorted(STORIES))
def test_a_book_tells_each_opening_and_middle_once_before_any_comes_back(kind):
    openings, middles = STORIES[kind]
    motives = setups(kind)
    taken: set = set()
    rng = random.Random(3)
    told = []
    for k in range(2 * len(openings)):
        words = {"day": f"May {k + 1}", "person": f"Person {k}", "noun": "lantern", "object": "Lantern",
                 "find": "the murderer and the weapon"}
        text = story({}, kind, rng, words, taken)
        taken = record({}, taken, text)   # as the book records the cases it keeps
        assert "\n\n" not in text   # no closing instruction printed as story
        opening, motive, middle = re.split(r"(?<=[.!?]) ", text, maxsplit=2)
        told.append((_template_of(opening, openings), _template_of(motive, motives), _template_of(middle, middles)))
    first, second = told[: len(openings)], told[len(openings):]
    assert len({o for o, _, _ in first}) == len(openings) and len({m for _, _, m in first}) == len(middles)
    assert len({s for _, s, _ in first}) == min(len(motives), len(openings))   # no motive set up twice
    assert len({o for o, _, _ in second}) == len(openings)    # the second round uses them all again


def test_a_title_names_nothing_that_could_be_read_as_a_clue():
    """No title word shares a word with a setting item (a noun's or a set-up title's)."""
    from casetool.generate.story import pick_title, title_words
    rng = random.Random(5)
    avoid = frozenset({"jam", "lantern", "card", "will", "locks"})
    for kind in ("murder", "mischief", "theft"):
        taken: set = set()
        for _ in range(30):
            title, noun = pick_title({}, kind, rng, taken, None, avoid)
            taken.add(title)
            assert not avoid & {w.lower() for w in noun.split()} and not avoid & title_words(title), title


# ---- a book reads as one book (issue 24 item 4) --------------------------------------------
@pytest.mark.parametrize("kind", sorted(STORIES))
def test_a_story_is_three_sentences_of_fiction_with_no_instruction(kind):
    """An opening, the motive's set-up, what happened; no closing meta line ("Every clue
    below is needed", "Find the murderer") is printed as story, and every list is long
    enough for a 20-case book to tell each sentence once."""
    from casetool.lint.texts import sentences
    assert all(len(pool) >= 20 for pool in STORIES[kind]) and len(setups(kind)) >= 20
    taken: set = set()
    rng = random.Random(8)
    for k in range(20):
        text = story({}, kind, rng, {"day": f"June {k + 1}th", "person": "Mrs. Peacock", "noun": "lantern",
                                     "object": "Lantern"}, taken)
        assert not used_templates({}, text) & taken   # nothing told twice in 20 cases
        taken |= used_templates({}, text)
        said = sentences(text)
        assert len(said) == 3, text
        for _, sentence in said:   # an instruction to the reader, not fiction
            assert not re.match(r"(Find|Sift|Read|Question|Follow|Piece|Name)\b", sentence), text
            assert not re.search(r"\b(clues?|below|statements?)\b", sentence, re.I), text


def test_dates_keep_to_the_season_and_run_in_play_order():
    import datetime

    from casetool.english.dates import parse_date
    from casetool.generate.casebook import in_play_order
    from casetool.generate.story import pick_date
    from casetool.generate.writer import CaseDoc
    templates = {"year": 1925, "season": ["June 1", "August 31"]}
    rng = random.Random(2)
    taken: set = set()
    for _ in range(40):
        taken.add(pick_date(templates, rng, taken))
    days = [parse_date(t) for t in taken]
    assert len(taken) == 40 and all(datetime.date(1925, 6, 1) <= d <= datetime.date(1925, 8, 31) for d in days)
    docs = [CaseDoc(n, f"T{n}", "s", f"On {d.rsplit(',', 1)[0]} it rained.", [], {}, "", date=d)
            for n, d in enumerate(["August 2nd, 1925", "June 3rd, 1925", "July 14th, 1925"], 1)]
    in_play_order(docs)
    assert [d.date for d in docs] == ["June 3rd, 1925", "July 14th, 1925", "August 2nd, 1925"]
    assert [d.story for d in docs] == ["On June 3rd it rained.", "On July 14th it rained.", "On August 2nd it rained."]


def _setting(name: str):
    from pathlib import Path

    from casetool.generate.source import load_source
    src, diags = load_source(Path(__file__).resolve().parents[2] / "cases" / name)
    assert src is not None, diags
    return src.setting


def _words(text: str) -> set[str]:
    """Lower-case words, each also as its first four letters ('jealous', 'jealousy')."""
    words = set(re.findall(r"[a-z][a-z'-]*", text.lower()))
    return words | {w[:4] for w in words}


def _about_its_story(title: str, story: str, obj: str) -> bool:
    from casetool.english.motives import SETUPS
    from casetool.generate.story import title_words
    whys = " ".join(why for pairs in SETUPS.values() for setup, why in pairs if setup.split(" ")[:4] ==
                    story.split(". ")[1].split(" ")[:4]) if story.count(". ") >= 1 else ""
    known = _words(f"{story} {whys} {obj}")
    return all(w in known or w[:4] in known for w in title_words(title))


@pytest.mark.parametrize("kind", ["murder", "theft", "mischief"])
def test_a_title_is_about_the_story_it_heads(kind):
    """Every content word of a title is in its story (or the set-up's why) or is the stolen
    object: never a thing the clues rule out ('Death and the Wrench') or a place the crime was
    not ('A Death near the Cellar', done in the Library), over a 40-case book."""
    from casetool.generate.story import pick_title
    rng = random.Random(11)
    taken: set = set()
    sentences: set = set()
    for k in range(40):
        obj = "Scarab Brooch" if kind == "theft" and k % 2 else None
        title, noun = pick_title({}, kind, rng, taken, obj, frozenset({"the", "cellar", "wrench", "library"}))
        assert title not in taken
        taken.add(title)
        words = {"day": f"May {k + 1}", "person": "Mrs. Peacock", "noun": noun.lower(), "object": noun,
                 "title": title}
        text = story({}, kind, rng, words, sentences)
        sentences = record({}, sentences, text)
        assert _about_its_story(title, " ".join(text.split()), obj or ""), (title, text)


@pytest.mark.parametrize("title,story_text", [
    ("A Death near the Cellar", "On Monday the fog came up from the lake. The victim had changed the locks that week, "
                                "and would not say why. Mrs. Peacock heard the fall and came running."),
    ("The Changed Locks", "On Monday the fog came up from the lake. The victim had ruined somebody's business years "
                          "before. Mrs. Peacock heard the fall and came running.")])
def test_a_title_not_about_its_story_is_caught(title, story_text):
    assert not _about_its_story(title, story_text, "")


def test_timeline_events_lead_to_their_notes_with_a_different_person_each():
    from casetool.generate.story import event_words
    setting = _setting("grange")
    people = setting.categories[setting.timeline.people]
    a, b = people.ids[0], people.ids[1]
    steps = [(1, f"at({a}, seven) == kitchen"), (2, f"at({b}, eight) == cellar"), (3, "weapon != rope"),
             (4, "time < nine")]
    words = event_words(setting, Templates(setting.templates), steps, 4, random.Random(3))
    assert words[0]["person"] == setting.item_name(a) and "Kitchen" in words[0]["place"]
    assert words[1]["person"] == setting.item_name(b) and "Cellar" in words[1]["place"]
    assert len({w["person"] for w in words}) == 4


def test_an_event_says_a_place_with_the_settings_preposition():
    """tudor says 'at the Fountain': an event must not say 'in the Fountain' (lint L006)."""
    from casetool.generate.story import event_words
    setting = _setting("tudor")
    templates = Templates(setting.templates)
    places = setting.categories[setting.timeline.places].ids
    said = {p: event_words(setting, templates, [(1, f"at(x, y) == {p}")], 1, random.Random(1))[0]["where"]
            for p in places}
    assert said == {p: templates.where(setting, p) for p in places}
    assert said["fountain"] == "at the Fountain"


def test_a_book_deals_out_who_lies():
    from collections import Counter
    from pathlib import Path

    from casetool.generate.casebook import plan
    from casetool.generate.engine import Request
    from casetool.generate.source import load_source
    src, _ = load_source(Path(__file__).resolve().parents[2] / "cases" / "hampshire")
    wishes = [w for w, _ in plan(Request(src, 4, "traits"), 20)]
    liars = Counter(w.who for w in wishes if w.liar)
    assert sum(liars.values()) == 10 and max(liars.values()) - min(liars.values()) <= 1 and len(liars) == 6


def test_a_wheel_statement_that_would_print_too_small_is_not_drawn():
    from casetool.generate.rules import prints_on_wheel
    setting = _setting("hampshire")
    assert prints_on_wheel(setting, "plum", "I saw a man near the Fair.")
    assert not prints_on_wheel(setting, "plum", "I saw a man with red hair near the Fair, " * 4)
    assert prints_on_wheel(setting, None, "A narrator's note of any length. " * 10)


def test_a_draft_thrown_away_uses_up_no_template():
    """story() leaves the book's `taken` as it is: only the cases the book keeps count
    (a fiendish case can take 40 drafts, which ran a list of 22 out within one case)."""
    rng = random.Random(4)
    for kind in sorted(STORIES):
        taken = {STORIES[kind][0][0]}
        for _ in range(60):
            text = story({}, kind, rng, {"day": "May 2nd", "person": "Mrs. Peacock", "noun": "kite", "object": "Kite"},
                         taken)
            assert STORIES[kind][0][0] not in used_templates({}, text) and len(used_templates({}, text)) == 3
        assert taken == {STORIES[kind][0][0]}


def _skeleton(sentence: str, fills: list[str]) -> str:
    """The sentence with the case's fill words (names, places, times) taken out, as bench/prose.py counts."""
    for name in sorted(fills, key=len, reverse=True):
        sentence = re.sub(rf"\b{re.escape(name)}\b", "_", sentence, flags=re.I)
    return sentence


@pytest.mark.parametrize("name", ["tudor", "grange"])
def test_a_timeline_book_tells_no_event_skeleton_twice(name):
    """A 20-case book of 4-5 events a case (87 in a tudor book) repeats no event sentence once
    its names are taken out: events are composed, and the book records what it told
    (record) as write_casebook does. 18 whole templates repeated 68 of 87."""
    from casetool.generate.story import event_words, events
    setting = _setting(name)
    templates = Templates(setting.templates)
    tl = setting.timeline
    people, places, times = (setting.categories[c].ids for c in (tl.people, tl.places, tl.times))
    fills = [i.name for i in setting.all_items()] + [setting.item_name(i) for i in places]
    rng = random.Random(7)
    taken: set = set()
    seen: set = set()
    for case in range(20):
        count = 4 + case % 2
        steps = [(k, f"at({rng.choice(people)}, {rng.choice(times)}) == {rng.choice(places)}") for k in range(1, count + 1)]
        texts = events(templates, "murder", rng, count, event_words(setting, templates, steps, count, rng), taken)
        for text in texts:
            key = _skeleton(text, fills)
            assert key not in seen, (case, text)
            seen.add(key)
        taken = record(templates, taken, " ".join(texts))


def test_an_event_leads_to_its_notes():
    """When the step's notes name a person, a place and a time, the event speaks of them."""
    from casetool.generate.story import event_words, events
    setting = _setting("tudor")
    templates = Templates(setting.templates)
    for seed in range(20):
        rng = random.Random(seed)
        words = event_words(setting, templates, [(1, "at(scarlet, dinner) == fountain")], 1, rng)
        (text,) = events(templates, "theft", rng, 1, words, set())
        said = [w for w in ("Miss Scarlet", "the Fountain", "dinner") if w in text]
        assert len(said) >= 1 and "in the Fountain" not in text, text
        assert words[0]["named"] == "person place time"


def test_no_two_event_topics_read_alike_once_filled():
    """told() tells a told event's topic by its fixed words: two topics with the same fixed
    words ('about {person}', 'about {place}') were confused, and the book told one twice."""
    from casetool.english.events import TOPICS
    assert len({re.sub(r"\{\w+\}", "", t) for t, _ in TOPICS}) == len(TOPICS)


@pytest.mark.parametrize("name,role", [("tudor", "the thief"), ("murdle", "the murderer"), ("hampshire", "the culprit")])
def test_a_generated_clue_calls_the_culprit_by_the_crime(name, role):
    """'The culprit is a man' in a theft (EDITOR.md: the setting's voice): generated clues say
    'the thief' or 'the murderer'; mischief keeps 'the culprit'; a setting's own `subjects:` wins."""
    from pathlib import Path

    from casetool.generate.source import load_source
    src, _ = load_source(Path(__file__).resolve().parents[2] / "cases" / name)
    assert src.templates.subject(src.setting.categories[src.setting.culprit]) == role


def test_a_settings_own_subject_for_the_culprit_is_kept(tmp_path):
    import shutil
    from pathlib import Path

    from casetool.generate.source import load_source
    folder = tmp_path / "tudor"
    shutil.copytree(Path(__file__).resolve().parents[2] / "cases" / "tudor", folder)
    text = (folder / "setting.yaml").read_text().replace("  year: 1926", "  year: 1926\n  subjects: {suspect: the guilty guest}")
    (folder / "setting.yaml").write_text(text)
    src, diags = load_source(folder)
    assert src is not None, diags
    assert src.templates.subject(src.setting.categories["suspect"]) == "the guilty guest"


@pytest.mark.parametrize("kind", sorted(STORIES))
def test_a_story_of_a_case_timed_by_its_clues_never_says_when_the_crime_happened(kind):
    """'The clocks struck midnight, and then came a cry' before a board night whose murder the
    clues put at nine: a timed case's story takes no sentence of TIMED; another case may."""
    from casetool.generate.story import TIMED
    opening, middle = STORIES[kind]
    timed_here = [t for t in opening + middle if t in TIMED]
    told = {False: set(), True: set()}
    for timed in (False, True):
        rng = random.Random(5)
        for k in range(200):
            words = {"day": f"May {k + 1}", "person": f"Person {k}", "noun": "lantern", "object": "Lantern",
                     "find": "the murderer and the weapon"}
            first, _, last = re.split(r"(?<=[.!?]) ", story({}, kind, rng, words, set(), timed=timed), maxsplit=2)
            told[timed] |= {_template_of(first, opening), _template_of(last, middle)}
    assert not told[True] & TIMED
    assert told[False] >= set(timed_here)   # without `timed` they are drawn: the filter is what keeps them out


def test_a_board_or_timeline_case_asks_for_a_story_that_does_not_say_when(monkeypatch):
    import casetool.generate.story as story_mod
    from casetool.generate.engine import Request, generate
    from casetool.generate.source import load_source
    asked = []
    real = story_mod.story
    monkeypatch.setattr(story_mod, "story", lambda *a, **k: asked.append(k.get("timed")) or real(*a, **k))
    from generate_helpers import setting_dir
    source, _ = load_source(setting_dir("mansion/small"))
    generate(Request(source, 1, "board"))
    assert asked and all(asked)


@pytest.mark.parametrize("kind", sorted(STORIES))
def test_no_two_sentences_of_a_story_tell_one_thing(kind):
    """'A new will was to be read on Monday. A new will had been drawn up that week, ...'
    (a generated 6/6/8/6 board case): the opening, the set-up and what happened are about
    three things, never the same one twice."""
    subject = re.compile(r"\b(new will|quarrel|secret|money|party|dinner|fete|stall|prizes|committee)\b", re.I)
    rng = random.Random(8)
    twice = []
    for k in range(300):
        words = {"day": f"May {k % 28 + 1}", "person": f"Person {k}", "who": f"Person {k}", "noun": "lantern",
                 "object": "Lantern", "find": "the murderer and the weapon"}
        sentences = re.split(r"(?<=[.!?]) ", story({}, kind, rng, words, set()))
        said = [{m.lower() for m in subject.findall(s)} for s in sentences]
        twice += [sentences for i, a in enumerate(said) for b in said[i + 1:] if a & b]
    assert twice == []


@pytest.mark.parametrize("kind", sorted(STORIES))
def test_a_story_never_says_its_person_was_silent(kind):
    """The story's {person} may be a speaker of the case: 'Vicar Vermilion said nothing at all,
    which was strange.' over clue 1, the Vicar's own statement (murdle traits hard 94, the
    editor's read). No sentence of the pools says anyone kept silent."""
    silent = re.compile(r"\{person\}[^.]*\b(said nothing at all|kept silent|did not speak|never spoke|not a word)\b", re.I)
    assert not [t for pool in STORIES[kind] for t in pool if silent.search(t)]


@pytest.mark.parametrize("kind", sorted(STORIES))
def test_cases_of_consecutive_seeds_tell_different_lines(kind):
    """Seeds 91-100 generated one by one (each a book of its own, `taken` empty) tell ten
    different openings and middles when the case's seed is given (`words: seed:`)."""
    openings, middles = STORIES[kind]
    told = []
    for seed in range(91, 101):
        words = {"day": "May 2nd", "person": "Mrs. Peacock", "noun": "kite", "object": "Kite", "seed": str(seed)}
        first, _, last = re.split(r"(?<=[.!?]) ", story({}, kind, random.Random(seed), words, set()), maxsplit=2)
        told.append((_template_of(first, openings), _template_of(last, middles)))
    assert len({o for o, _ in told}) == 10 and len({m for _, m in told}) == 10, told


def test_murders_of_consecutive_seeds_are_titled_after_different_set_ups():
    """The editor's read of seeds 101-110, each generated alone, found 'The Fire at the Mill' over
    two cases: a murder's set-up title is the seed's place in a fixed shuffle too."""
    titles = [pick_title({}, "murder", random.Random(seed), set(), None, seed=seed)[0] for seed in range(101, 111)]
    assert len({titled_setup("murder", t, "") for t in titles}) == 10, titles


@pytest.mark.parametrize("name,kind", [("tudor", "timeline"), ("hampshire", "liars"), ("murdle", "traits")])
def test_the_storys_bystander_is_never_the_culprit(monkeypatch, name, kind):
    """'Colonel Mustard noticed the Wallet was missing and said nothing for an hour.' over a case
    Mustard did (tudor timeline hard 107, the editor's read): the story's {person} is someone else."""
    import casetool.generate.story as story_mod
    from casetool.generate.engine import Request, generate
    from casetool.generate.source import load_source

    from generate_helpers import setting_dir
    told: list[str] = []
    real = story_mod.story
    monkeypatch.setattr(story_mod, "story", lambda *a, **k: told.append(a[3]["person"]) or real(*a, **k))
    source, _ = load_source(setting_dir(name))
    setting = source.setting
    for seed in range(101, 106):
        told.clear()
        got = generate(Request(source, seed, kind, max_attempts=40))
        culprit = setting.item_name(got.case.solution[setting.people_category])
        assert told and culprit not in told, (seed, culprit, told)


@pytest.mark.parametrize("size", ["small", "medium"])
def test_a_board_storys_set_up_tells_the_murderers_motive(size):
    """Mansion medium 110 (the editor's read) set up 'The victim knew who had started the fire at
    the mill' and its page proved 'The motive was revenge.': where the murderer's motive is a
    fact of the night, the story's set-up and the title tell that motive."""
    from casetool.english.motives import MOTIVE_WORDS, TITLES
    from casetool.generate.engine import Request, generate
    from casetool.generate.source import load_source

    from generate_helpers import setting_dir
    source, _ = load_source(setting_dir(f"mansion/{size}"))
    for seed in range(101, 105):
        got = generate(Request(source, seed, "board", max_attempts=40))
        motive = got.world.facts[(got.case.solution["suspect"], "motive")]
        story = " ".join(got.case.story.split())
        told = [s for s in MOTIVE_WORDS if s in story]
        assert [MOTIVE_WORDS[s] for s in told] == [motive], (seed, motive, story)
        assert got.title in TITLES[told[0]], (seed, got.title)
