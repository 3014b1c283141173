"""Solution pages in prose (english/solution.py): every sentence true by the brute force in
tests/solver/bruteforce.py (not the compiler), no ids, and hints that do not spoil."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from casetool.english.cards import Hands, _card_clues
from casetool.english.claims import _order_claims, step_claims
from casetool.english.hints import hint, parse_known
from casetool.english.sentences import step_sentence
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "generate"))
from bruteforce import Problem, possible_answers  # noqa: E402
from generate_helpers import check_files, generate_into  # noqa: E402
from solver_harness import step_premises  # noqa: E402


def _assert_every_step_true(case):
    explanation = explain_case(case, 60)
    assert explanation.complete
    cats = case.setting.answer
    deps = step_premises(explanation)
    known, so_far = set(), set()
    for step in explanation.steps:
        so_far |= set(step.clues)
        for claim in step_claims(case, step, known):
            _assert_claim(case, claim, so_far, deps[step.number], step.number)
        known |= set(step.derived)
    assert possible_answers(case) == {tuple(case.solution[c] for c in cats)}
    if case.players:
        hands = Hands(case)
        for step in explanation.steps:
            for player, cards in hands.full(step, _card_clues(case, step)):
                _assert_hand_is(case, sorted(deps[step.number]), player, cards)
            for number, player, card in hands.shown(step, _card_clues(case, step)):
                _assert_shown(case, sorted(deps[step.number]), number, player, card)
    return explanation


def _assert_shown(case, clue_ids, number, player, card):
    """"So the card <player> showed in suggestion <number> was <card>": in every world of the
    clues the player holds the card and none of the suggestion's other cards."""
    problem = Problem(case, clue_ids)
    cards = next(s.cards for s in case.suggestions if s.number == number)
    others = [p.id for p in case.players if p.id != player]
    answers = [a for a in problem.answers() if problem.world_for(a) is not None]
    assert answers and card in cards
    for answer in answers:
        assert card not in answer.values(), (number, player, card, answer)
        assert all(problem.world_for(answer, owners={card: q}) is None for q in others), (number, player, card)
        for other in cards:
            if other != card and other not in answer.values():
                assert problem.world_for(answer, owners={other: player}) is None, (number, player, other)


def _assert_claim(case, claim, so_far, premises, number):
    """One claim of step `number`, by the brute force: "must" counting every clue read so far;
    "not", "before" and "after" from the step's premises (its clues and those of the steps
    whose facts it reads)."""
    cid, how, items = claim
    k = case.setting.answer.index(cid)
    order = [i.id for i in case.setting.categories[cid].items]
    where = (case.display, number, claim)
    if how == "must":   # "the <cat> must be <item>"
        left = possible_answers(case, sorted(so_far))
        assert left and all(a[k] == items[0] for a in left), where
        return
    left = possible_answers(case, sorted(premises))
    assert left, where
    if how == "not":    # "<these clues> tell us the <cat> is not <items>": no answer they allow has one
        assert all(a[k] not in items for a in left), where
    elif how == "before":   # "... did not happen at <item> or later"
        assert all(order.index(a[k]) < order.index(items[0]) for a in left), where
    else:
        assert how == "after", where
        assert all(order.index(a[k]) > order.index(items[0]) for a in left), where


def _assert_hand_is(case, clue_ids, player, cards):
    """"<player>'s hand is full: must hold <cards>": in every world of the clues the player
    holds each of the cards (no other player has it, it is not in the envelope)."""
    assert len(cards) == next(p.hand for p in case.players if p.id == player), (player, cards)  # full
    problem = Problem(case, clue_ids)
    others = [p.id for p in case.players if p.id != player]
    answers = [a for a in problem.answers() if problem.world_for(a) is not None]
    assert answers
    for answer in answers:
        for card in cards:
            assert card not in answer.values(), (player, card, answer)
            assert all(problem.world_for(answer, owners={card: q}) is None for q in others), (player, card)


CASES = [("hampshire", "traits", 4), ("murdle", "liars", 2), ("supercluedo", "codes", 2),
         pytest.param("classic", "cards", 2, marks=pytest.mark.slow),
         pytest.param("bare-timeline", "timeline", 1, marks=pytest.mark.slow)]


@pytest.mark.parametrize("name,kind,seed", CASES)
def test_every_solution_step_is_true_by_brute_force(tmp_path, name, kind, seed):
    _got, path = generate_into(tmp_path, name, kind, seed)
    loaded, _ = check_files([path])
    case = loaded.cases[0]
    explanation = _assert_every_step_true(case)
    text = solution_prose(explanation)
    assert case.solution_text.strip() == " ".join(text.split()) or case.solution_text.split() == text.split()
    ids = {c.id for c in case.clues} | set(case.setting.characters)
    assert not any(f"'{i}'" in text for i in ids)
    assert "Step 1." not in text and text.rstrip().endswith(".")
    flat = " ".join(text.split())
    for clue in case.clues:   # statements are named by speaker and gist, never quoted whole
        ch = case.setting.characters.get(clue.speaker) if clue.speaker else None
        if ch and ch.role == "witness" and len(clue.text.split()) > 3:
            assert " ".join(clue.text.split()).rstrip(".") not in flat, clue.id


@pytest.fixture(scope="module")
def hampshire_case(tmp_path_factory):
    """hampshire traits seed 4, generated and checked once for the tests that read it."""
    _got, path = generate_into(tmp_path_factory.mktemp("hampshire"), "hampshire", "traits", 4)
    return check_files([path])[0].cases[0]


def test_a_wheel_statement_is_named_by_person_and_wheel_number(hampshire_case):
    case = hampshire_case
    text = solution_prose(explain_case(case, 60))
    boddy = next(c for c in case.clues if c.speaker == "boddy")
    assert f"Mr. Boddy (wheel {boddy.wheel})" in text
    brown = next(c for c in case.clues if c.speaker == "brown")
    flat = " ".join(text.split())
    # what the note tells us, never a quote of words it does not say ('says nobody lies except ...')
    said = "tells us that" if brown.means.startswith("lies(") else "tells us that no witness lies"
    assert f"Inspector Brown (wheel {brown.wheel}) {said}" in flat and "Inspector Brown never lies" in flat
    assert " says nobody " not in flat and " says every " not in flat
    assert "then Inspector Brown" not in flat   # not "Suppose X lied: then Inspector Brown could not hold"


def test_hints_start_from_what_the_player_knows_and_do_not_spoil(tmp_path):
    _got, path = generate_into(tmp_path, "supercluedo", "codes", 2)
    case = check_files([path])[0].cases[0]
    explanation = explain_case(case, 60)
    first = explanation.steps[0]
    words = hint(explanation, [])
    derived = {case.setting.find_item(f.value).name for f in first.derived if f.kind == "not"}
    assert words.startswith("Read ") and not any(name in words for name in derived)
    known = [f for s in explanation.steps[:2] for f in s.derived]
    later = hint(explanation, known)
    assert later != words
    everything = [f for s in explanation.steps for f in s.derived]
    assert hint(explanation, everything) == "You know everything the clues can tell you."


def test_known_facts_are_parsed_from_words(hampshire_case):
    case = hampshire_case
    facts, unknown = parse_known(case, "not plum, scene fair, white lies, nonsense")
    kinds = {(f.kind, f.subject, f.value) for f in facts}
    assert ("not", "suspect", "plum") in kinds and ("lies", "white", "") in kinds
    assert {("not", "scene", i) for i in ("parade", "cart", "bus")} <= kinds
    assert [(u.col, u.part) for u in unknown] == [(35, "nonsense")]


def test_ruled_out_items_are_named_in_the_settings_order():
    """'the time is not Breakfast, Lunch or Dusk' runs in time, not alphabetically."""
    loaded, _ = check_files([Path(__file__).resolve().parents[2] / "cases" / "tudor"])
    case = sorted(loaded.cases, key=lambda c: c.number)[0]
    explanation = explain_case(case, 60)
    known, lists = set(), 0
    for step in explanation.steps:
        for cid, how, items in step_claims(case, step, known):
            order = [i.id for i in case.setting.categories[cid].items]
            assert items == sorted(items, key=order.index), (step.number, cid, items)
            lists += len(items) > 1 and how == "not"
        known |= set(step.derived)
    assert lists >= 3


@pytest.mark.parametrize("items,read,said", [
    (["d", "e"], set(), [("before", ["d"])]),
    (["a", "b"], set(), [("after", ["b"])]),
    (["a", "b", "d", "e"], set(), [("after", ["b"]), ("before", ["d"])]),
    (["b", "d", "e"], {"a"}, [("after", ["b"]), ("before", ["d"])]),   # the run counts a fact the step reads
    (["b", "d", "e"], set(), [("before", ["d"]), ("not", ["b"])]),      # one left over, as a list
    (["a", "b", "c", "e"], set(), [("after", ["c"]), ("before", ["e"])]),   # the last alone, beside a run: 'before e'
    (["e"], set(), [("not", ["e"])]),                                    # a run of one: a list
    (["b", "c", "d"], {"e"}, [("before", ["b"])]),
    (["a", "c", "d"], {"e"}, [("before", ["c"]), ("after", ["a"])]),    # 'after dawn and before nightfall', not '..., nor at dawn'
    (["b", "e"], {"a", "d"}, [("after", ["b"]), ("before", ["d"])]),
    (["b", "c"], {"d", "e"}, [("before", ["b"])]),
    (["b"], {"c", "d", "e"}, [("before", ["b"])]),
])
def test_a_run_at_either_end_of_an_ordered_category_is_claimed_as_the_order(items, read, said):
    got = _order_claims("time", ["a", "b", "c", "d", "e"], items, read)
    assert [(c.how, c.items) for c in got] == said


def test_a_run_that_leaves_two_or_more_items_over_is_said_as_a_list():
    got = _order_claims("time", list("abcdefg"), ["b", "d", "f", "g"], set())
    assert [(c.how, c.items) for c in got] == [("not", ["b", "d", "f", "g"])]


def _first_case_claiming(tmp_path, name, how, seeds=range(1, 9)):
    """The first generated timeline case whose page makes a `how` claim: which seed does depends
    on the explainer's step order, so the test looks for one rather than naming it."""
    for seed in seeds:
        got, path = generate_into(tmp_path / str(seed), name, "timeline", seed)
        case = check_files([path])[0].cases[0]
        explanation = explain_case(case, 60)
        known, claims = set(), []
        for step in explanation.steps:
            claims += [c for c in step_claims(case, step, known) if c.how == how]
            known |= set(step.derived)
        if claims:
            return case
    raise AssertionError(f"no {name} timeline case in seeds {list(seeds)} claims {how!r}")


@pytest.mark.slow
@pytest.mark.parametrize("name,how,words", [("bare-timeline", "before", "or later"),
                                            ("village", "after", "or earlier")])
def test_times_ruled_out_to_either_end_are_said_as_the_order(tmp_path, name, how, words):
    """'... tells us that the crime did not happen at tea time or later': the order claim is
    true by the brute force (with every other claim of the page), and the page says it."""
    case = _first_case_claiming(tmp_path, name, how)
    _assert_every_step_true(case)
    page = " ".join(case.solution_text.split())
    # a note that gives the order read alone is said once, as given (35fbcb5)
    assert words in page or re.search(rf"We (are|are also) told that .*\b{how}\b", page), page


def _culprit_wordings(tmp_path, seed) -> set[str]:
    """One generated murdle case's steps, each 'X is (not) the culprit and so ...' checked by
    the brute force from the step's premises; the wordings the case used."""
    _got, path = generate_into(tmp_path / str(seed), "murdle", "liars", seed)
    case = check_files([path])[0].cases[0]
    explanation = explain_case(case, 60)
    deps = step_premises(explanation)
    k = case.setting.answer.index(case.setting.culprit)
    names = {i.name: i.id for i in case.setting.categories[case.setting.culprit].items}
    known: set = set()
    said = set()
    for step in explanation.steps:
        flat = " ".join(step_sentence(case, step, known).split())
        culprits = {a[k] for a in possible_answers(case, sorted(deps[step.number]))}
        for name, item in names.items():
            if f"{name} is not the murderer and so tells the truth" in flat:   # murdle's culprit
                assert item not in culprits, (seed, step.number, flat)
                said.add("not")
            if f"{name} is the murderer and so is lying" in flat:
                assert culprits == {item}, (seed, step.number, flat)
                said.add("is")
        known |= set(step.derived)
    return said


@pytest.mark.slow
def test_a_culprit_rule_step_says_what_it_knows_of_the_speaker_truly(tmp_path):
    """Culprit rule: a step that reads whether its speaker is the culprit says so ('Sergeant
    Olive is not the murderer and so tells the truth: ...', 'Professor Ochre is the murderer and
    so is lying: ...'), never 'whether or not', and only where the brute force agrees."""
    said = set().union(*(_culprit_wordings(tmp_path, seed) for seed in range(1, 7)))
    assert said == {"not", "is"}


@pytest.mark.slow
def test_a_level_3_hint_speaks_the_settings_words(tmp_path):
    """tudor's `templates: times:` say "at tea time", not "at Tea Time": the whole step a level 3
    hint gives reads as the solution page does (it had used the built-in words). The case is
    tudor timeline hard seed 11 as generated at 0d2045e, kept (this session's generation
    changes left no tudor timeline seed 1-8 with a 'before' claim); its page as printed now."""
    from kept import kept_case
    case = kept_case(tmp_path, "tudor", "tudor-timeline-11-hard")
    explanation = explain_case(case, 60)
    page = " ".join(solution_prose(explanation).split())
    known: list = []
    for step in explanation.steps:
        said = hint(explanation, known, 3)
        if any(c.how in ("before", "after") for c in step_claims(case, step, set(known))):
            when = case.setting.templates["times"]
            # "at tea time or later", or the note said once as given: "before lunch"
            assert any(f"{phrase} or " in said or f"{how_} {phrase.split(' ', 1)[-1]}" in said
                       for phrase in when.values() for how_ in ("before", "after")), said
            assert " ".join(said.split()) in page
            return
        known += step.derived
    raise AssertionError("no order step")


@pytest.mark.slow
def test_a_note_quoted_once_is_pointed_back_to_by_its_opening_words(tmp_path):
    """A published solution quotes a note once; a later step that reads it again names it by
    its opening words (english/names.quoted_before), so a page never carries one long quote
    twice (grange timeline seed 2 quoted the same conditional note three times; tudor seed
    4 reads five long notes again: that case as generated before padding was refused, from
    fixtures/tudor-timeline-4.yaml). A note that opens on its premise ("If the crime happened
    before lunch, then ...") is the exception: cut, it is its premise alone, so it is quoted
    whole again (91c5afb, test_quote_cuts)."""
    import re
    import shutil

    from casetool.english.names import AGAIN
    from casetool.load.project import load_paths
    shutil.copy(Path(__file__).resolve().parents[2] / "cases" / "tudor" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / "tudor-timeline-4.yaml", tmp_path / "001.yaml")
    cut_seen = 0
    for case in load_paths([tmp_path / "001.yaml"]).cases:
        page = " ".join(solution_prose(explain_case(case, 60)).split())
        quotes = re.findall("\u201c([^\u201d]*)\u201d", page)
        whole = [q for q in quotes if not q.endswith("\u2026")]
        premise = re.compile(r"(If|Whoever|Whatever|Wherever|Whenever|Should|Anyone who)\b")
        long = [q for q in whole if len(q.split()) > AGAIN + 2]   # a short note is its own pointer
        once = [q for q in long if not premise.match(q)]
        assert len(once) == len(set(once)), sorted(q for q in once if once.count(q) > 1)
        cut = [q for q in quotes if q.endswith("\u2026")]
        assert not [q for q in cut if premise.match(q)], cut   # never its premise alone
        assert all(any(w.startswith(q[:-1]) for w in whole) for q in cut), cut
        texts = [" ".join(c.text.split()) for c in case.clues]
        assert all(sum(t.startswith(q[:-1]) for t in texts) == 1 for q in cut), cut   # a pointer names one note
        assert all(page.index(q[:-1]) < page.index(q) for q in cut)   # the whole quote comes first
        cut_seen += len(cut)
    assert cut_seen


def test_a_pointer_back_names_one_note_of_its_case():
    """A note said again by its opening words must be the only one that opens so: tudor 002's
    "Mrs. White, Mrs. Peacock and ..." was cut at "Mrs." to “Mrs…”, which opens three notes,
    and the mansion's "The Candlestick lay in the Dining Room ..." opens two; such a note is
    quoted whole again instead."""
    from casetool.english.names import clue_ref, quoted_before
    from casetool.load.project import load_paths
    root = Path(__file__).resolve().parents[2]
    pointers = 0
    for path in sorted((root / "cases").glob("**/[0-9]*.yaml")):
        case = load_paths([path]).cases[0]
        texts = [" ".join(c.text.split()) for c in case.clues]
        with quoted_before(frozenset(c.id for c in case.clues)):
            refs = [clue_ref(case, c.id) for c in case.clues]
        for ref in (r for r in refs if r.endswith("\u2026\u201d")):
            head = ref.split("\u201c", 1)[1].removesuffix("\u2026\u201d")
            assert sum(t.startswith(head) for t in texts) == 1 and len(head.split()) >= 4, (path.name, ref)
            pointers += 1
    assert pointers > 20
