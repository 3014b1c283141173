"""One focused test per semantics rule of the docs (docs/case-format.md, docs/clue-language.md:
values, conditions, counting, witnesses and liars, the timeline, cards), each with the exact
set of answers worked out by hand."""

from __future__ import annotations

import itertools

import pytest
from casetool.solver.check import prove_case
from casetool.solver.options import Options

from bruteforce import possible_answers
from solver_harness import ALL, load_docs, load_one

VILLAGE = """
setting: village
title: A Village
answer: [suspect, scene]
culprit: suspect
categories:
  suspect:
    attributes:
      gender: {values: [male, female]}
      hair: {values: [gray, red, purple]}          # nobody has purple hair
      hobbies: {values: [chess, golf, opera], multi: true}
    items:
      ann: {name: Ann, gender: female, hair: gray, hobbies: [chess, golf]}
      bob: {name: Bob, gender: male, hair: red, hobbies: [golf]}
      cid: {name: Cid, gender: male, hair: gray, hobbies: []}
  scene:
    ordered: true
    items:
      fair: {name: The Fair}
      pier: {name: The Pier}
      park: {name: The Park}
characters:
  ann: {name: Ann, role: witness, item: ann}
  bob: {name: Bob, role: witness, item: bob}
  dot: {name: Dot, role: witness}                # a witness who is no suspect
  brown: {name: Inspector Brown, role: inspector}
  boddy: {name: Mr. Boddy, role: locator}
  ned: {name: Ned, role: narrator, item: cid}      # an oracle who is also a suspect item
liar_rule: inspector
"""

MANOR = """
setting: manor
title: A Manor
answer: [suspect, place, time]
culprit: suspect
categories:
  suspect:
    items:
      ann: {name: Ann}
      bob: {name: Bob}
  place:
    items:
      hall: {name: Hall}
      yard: {name: Yard}
  time:
    ordered: true
    items:
      dawn: {name: Dawn}
      noon: {name: Noon}
      dusk: {name: Dusk}
characters:
  ned: {name: Ned, role: narrator}
liar_rule: none
timeline: {people: suspect, places: place, times: time, together_excludes_crime: TOGETHER}
"""

DECK = """
setting: deck
title: A Deck
answer: [suspect, weapon, room]
culprit: suspect
cards: true
categories:
  suspect: {items: {ann: {name: Ann}, bob: {name: Bob}}}
  weapon: {items: {rope: {name: Rope}, knife: {name: Knife}}}
  room: {items: {hall: {name: Hall}, yard: {name: Yard}}}
"""

SCENES = ["fair", "pier", "park"]
SUSPECTS = ["ann", "bob", "cid"]
EVERY_VILLAGE_ANSWER = set(itertools.product(SUSPECTS, SCENES))
EVERY_MANOR_ANSWER = set(itertools.product(["ann", "bob"], ["hall", "yard"], ["dawn", "noon", "dusk"]))


def case_yaml(setting: str, clues: list, liar_rule=None, solution=None, cards=None) -> dict:
    lines = []
    for i, clue in enumerate(clues, 1):
        speaker, means = clue if isinstance(clue, tuple) else (None, clue)
        c = {"id": f"c{i}", "text": f"Clue {i}.", "means": means}
        if speaker:
            c["speaker"] = speaker
        lines.append(c)
    doc = {"case": 1, "title": "T", "setting": setting, "story": "S.", "clues": lines}
    if liar_rule:
        doc["liar_rule"] = liar_rule
    if cards:
        doc["cards"] = cards
    default = {"village": {"suspect": "ann", "scene": "fair"},
               "manor": {"suspect": "ann", "place": "hall", "time": "dawn"},
               "deck": {"suspect": "ann", "weapon": "rope", "room": "hall"}}[setting]
    doc["solution"] = {**(solution or default), "text": "T."}
    return doc


def setting_text(name: str, together: bool = False) -> str:
    return {"village": VILLAGE, "manor": MANOR.replace("TOGETHER", str(together).lower()), "deck": DECK}[name]


def run(setting: str, clues: list, together: bool = False, **kw):
    """(status, set of answers, result) of checking a case; also asserts the brute force agrees."""
    case = load_one(setting_text(setting, together), case_yaml(setting, clues, **kw))
    result = prove_case(case, ALL)
    answers = {tuple(w.answer[c] for c in case.setting.answer) for w in result.answers}
    assert answers == possible_answers(case)
    return result.status, answers, result


def errors_of(setting: str, clues: list, **kw) -> list:
    loaded = load_docs(setting_text(setting), [case_yaml(setting, clues, **kw)])
    return [d for d in loaded.diagnostics if d.is_error]


def village(suspects, scenes=SCENES) -> set:
    return set(itertools.product(suspects, scenes))


# ---- 1. an answer needs one world; the world need not be unique ----------------------
def test_unique_answer_with_many_worlds():
    # nothing pins where anyone was, or who lies; the answer is still unique
    status, answers, _ = run("manor", ["suspect == ann and place == hall and time == dawn"])
    assert (status, answers) == ("ok", {("ann", "hall", "dawn")})
    status, answers, _ = run("village", [("ann", "suspect == cid"), ("bob", "suspect == cid"), ("boddy", "scene == fair")],
                             solution={"suspect": "cid", "scene": "fair"})
    assert (status, answers) == ("ok", {("cid", "fair")})


# ---- 2. a liar's statement is the opposite of the whole statement ------------------------
def test_liar_negates_the_whole_statement():
    status, answers, _ = run("village", [("ann", "suspect == bob and scene == pier"), ("brown", "lies(ann)")])
    assert answers == EVERY_VILLAGE_ANSWER - {("bob", "pier")}   # "not both", not "neither"


def test_all_statements_of_a_liar_are_false():
    status, answers, _ = run("village", [("ann", "suspect == bob"), ("ann", "scene == pier"), ("brown", "lies(ann)")])
    assert answers == village(["ann", "cid"], ["fair", "park"])


def test_a_truthful_speaker_statement_holds():
    status, answers, _ = run("village", [("ann", "suspect == bob"), ("brown", "liars == 0")])
    assert answers == village(["bob"])


# ---- 3. set-valued attributes ----------------------------------------------------------
def test_set_valued_has_and_its_negation():
    assert run("village", ["suspect.hobbies has golf"])[1] == village(["ann", "bob"])
    assert run("village", ["not suspect.hobbies has golf"])[1] == village(["cid"])
    assert run("village", ["suspect.hobbies has opera"])[0] == "contradiction"   # nobody sings


def test_set_valued_attribute_compared_with_equals_is_a_type_error():
    errors = errors_of("village", ["suspect.hobbies == golf"])
    assert [e.code for e in errors] == ["T003"]


# ---- 4. quantifiers: all over none is true, any over none is false, over every item ---------
def test_all_over_no_items_is_true():
    assert run("village", ["all p in suspect where p.hair == purple: false"])[1] == EVERY_VILLAGE_ANSWER
    assert run("village", ["no p in suspect where p.hair == purple: true"])[1] == EVERY_VILLAGE_ANSWER
    assert run("village", ["exactly 0 p in suspect where p.hair == purple: true"])[1] == EVERY_VILLAGE_ANSWER


def test_any_over_no_items_is_false():
    assert run("village", ["any p in suspect where p.hair == purple: true"])[0] == "contradiction"
    assert run("village", ["at least 1 p in suspect where p.hair == purple: true"])[0] == "contradiction"


def test_quantifiers_range_over_every_item_not_only_the_witnesses():
    # cid is a suspect but no character of this case: the quantifier still covers him
    assert run("village", ["all p in suspect where p.gender == male: p != suspect"])[1] == village(["ann"])
    assert run("village", ["any p in suspect where p.hair == gray: p == suspect"])[1] == village(["ann", "cid"])
    assert run("village", ["exactly 2 p in suspect: p.hobbies has golf"])[1] == EVERY_VILLAGE_ANSWER
    assert run("village", ["exactly 1 p in suspect: p.hobbies has golf"])[0] == "contradiction"


# ---- 5. order is strict; between includes both ends -------------------------------------------
def test_order_is_strict():
    assert run("village", ["scene < pier"])[1] == village(SUSPECTS, ["fair"])
    assert run("village", ["scene > pier"])[1] == village(SUSPECTS, ["park"])
    assert run("village", ["scene <= pier"])[1] == village(SUSPECTS, ["fair", "pier"])
    assert run("village", ["scene >= pier"])[1] == village(SUSPECTS, ["pier", "park"])
    assert run("village", ["scene between pier and park"])[1] == village(SUSPECTS, ["pier", "park"])
    assert run("village", ["scene < fair"])[0] == "contradiction"


def test_order_on_an_unordered_category_is_a_type_error():
    assert [e.code for e in errors_of("village", ["suspect < bob"])] == ["T004"]


# ---- 6. inspector rule ---------------------------------------------------------------------------
def test_inspector_rule_at_most_one_liar():
    clues = [("ann", "suspect == bob"), ("bob", "suspect == bob")]
    assert run("village", clues)[1] == village(["bob"])            # at most one of the two lies
    two = run("village", clues, liar_rule={"custom": "liars <= 2"})[1]
    assert two == EVERY_VILLAGE_ANSWER                              # both may lie: anyone


def test_inspector_rule_nobody_lying_is_allowed():
    status, answers, result = run("village", [("ann", "suspect == bob"), ("bob", "scene == pier")],
                                  solution={"suspect": "bob", "scene": "pier"})
    world = next(w for w in result.answers if w.answer == {"suspect": "bob", "scene": "pier"})
    assert world.liars == []
    # and a case where only "nobody lies" fits
    status, answers, result = run("village", [("ann", "suspect == bob"), ("brown", "liars == 0")],
                                  solution={"suspect": "bob", "scene": "fair"})
    assert all(w.liars == [] for w in result.answers)


@pytest.mark.parametrize("who", ["dot", "brown", "boddy", "ned"])
def test_only_the_case_witnesses_can_lie(who):
    # dot is a witness who says nothing in this case; the others are oracles
    status, _, result = run("village", [("ann", "scene == fair"), ("brown", f"lies({who})")])
    assert status == "contradiction"
    assert [c.id for c in result.conflict] == ["c2"]


def test_inspector_liar_and_culprit_are_independent():
    # bob lies and is the culprit
    status, answers, _ = run("village", [("bob", "suspect != bob"), ("brown", "lies(bob)")],
                             solution={"suspect": "bob", "scene": "fair"})
    assert answers == village(["bob"])
    # ann lies, and says nothing about herself: the culprit is anyone
    assert run("village", [("ann", "scene == pier"), ("brown", "lies(ann)")])[1] == village(SUSPECTS, ["fair", "park"])


# ---- 7. culprit rule -------------------------------------------------------------------------------
def test_culprit_rule_i_did_not_do_it_tells_nothing():
    assert run("village", [("ann", "suspect != ann")], liar_rule="culprit")[1] == EVERY_VILLAGE_ANSWER


def test_culprit_rule_a_suspect_statement_holds_unless_they_are_the_culprit():
    # bob accuses ann: true unless bob is the culprit (then false, and bob did it)
    assert run("village", [("bob", "suspect == ann")], liar_rule="culprit")[1] == village(["ann", "bob"])


def test_culprit_rule_lies_means_culprit():
    assert run("village", [("boddy", "lies(bob)")], liar_rule="culprit")[1] == village(["bob"])
    assert run("village", [("boddy", "liars == 0")], liar_rule="culprit")[1] == village(["cid"])


def test_culprit_rule_oracles_never_lie_even_when_they_are_a_suspect_item():
    # ned is a narrator whose item is cid: if cid did it, ned still tells the truth
    assert run("village", [("ned", "suspect == ann")], liar_rule="culprit")[1] == village(["ann"])
    assert run("village", [("boddy", "lies(ned)")], liar_rule="culprit")[0] == "contradiction"


def test_culprit_rule_witness_without_item_never_lies():
    assert run("village", [("dot", "suspect == ann")], liar_rule="culprit")[1] == village(["ann"])


# ---- 8. timeline ---------------------------------------------------------------------------------------
def test_timeline_exactly_one_place_or_away():
    assert run("manor", ["at(ann, dawn) == hall and at(ann, dawn) == yard"])[0] == "contradiction"
    assert run("manor", ["at(ann, dawn) != hall and at(ann, dawn) != yard and at(ann, dawn) != away"])[0] == "contradiction"
    # away is a whereabouts of its own
    assert run("manor", ["at(ann, dawn) != hall and at(ann, dawn) != yard"])[1] == EVERY_MANOR_ANSWER - {
        ("ann", "hall", "dawn"), ("ann", "yard", "dawn")}


def test_timeline_cells_no_clue_names_are_free():
    assert run("manor", [])[1] == EVERY_MANOR_ANSWER


def test_timeline_culprit_is_at_the_crime_place_at_the_crime_time():
    assert run("manor", ["at(ann, dawn) == hall"])[1] == EVERY_MANOR_ANSWER - {("ann", "yard", "dawn")}
    assert run("manor", ["at(bob, noon) == away"])[1] == EVERY_MANOR_ANSWER - {("bob", "hall", "noon"), ("bob", "yard", "noon")}
    # the culprit's own whereabouts
    assert run("manor", ["at(suspect, time) == yard"])[1] == {a for a in EVERY_MANOR_ANSWER if a[1] == "yard"}


def test_timeline_together_means_one_place_and_not_away():
    assert run("manor", ["together(noon) and at(ann, noon) == away"])[0] == "contradiction"
    assert run("manor", ["together(noon) and at(ann, noon) == hall and at(bob, noon) == yard"])[0] == "contradiction"
    assert run("manor", ["together(noon) and at(ann, noon) == hall"])[1] == EVERY_MANOR_ANSWER - {
        ("ann", "yard", "noon"), ("bob", "yard", "noon")}


def test_together_excludes_the_crime_time_only_where_turned_on():
    assert run("manor", ["together(noon)"], together=False)[1] == EVERY_MANOR_ANSWER
    assert run("manor", ["together(noon)"], together=True)[1] == {a for a in EVERY_MANOR_ANSWER if a[2] != "noon"}
    # the rule is about being together, not about the clue: not together is no exclusion
    assert run("manor", ["not together(noon)"], together=True)[1] == EVERY_MANOR_ANSWER


# ---- 9. cards -------------------------------------------------------------------------------------------
def players(*hands, holds=None):
    out = []
    for pid, hand in hands:
        p = {"id": pid, "hand": hand}
        if holds and pid in holds:
            p["holds"] = holds[pid]
        out.append(p)
    return {"players": out}


def test_cards_hand_sizes_are_exact():
    cards = players(("you", 2), ("max", 1))
    # at most: three cards do not fit a hand of two
    assert run("deck", ["holds(you, rope) and holds(you, knife) and holds(you, hall)"], cards=cards)[0] == "contradiction"
    # at least: you hold two cards; if neither can be a weapon or room, both are suspects
    only_suspects = "not holds(you, rope) and not holds(you, knife) and not holds(you, hall) and not holds(you, yard)"
    assert run("deck", [only_suspects], cards=cards)[0] == "contradiction"
    # every card not in the envelope is in exactly one hand: you hold ann and rope, max the last card
    status, answers, _ = run("deck", ["holds(you, ann) and holds(you, rope)"], cards=cards)
    assert answers == {("bob", "knife", "hall"), ("bob", "knife", "yard")}


def test_cards_the_envelope_holds_no_card_of_a_hand():
    cards = players(("you", 2), ("max", 1), holds={"you": ["ann", "rope"]})
    assert run("deck", ["holds(max, hall)"], cards=cards)[1] == {("bob", "knife", "yard")}


def test_cards_suggestion_log_is_read_literally():
    cards = players(("you", 1), ("max", 1), ("zed", 1), holds={"you": ["ann"]})
    cards["suggestions"] = [{"by": "you", "cards": ["bob", "rope", "hall"], "passed": ["max"], "shown_by": "zed"}]
    # max holds none of the three; zed holds at least one of them
    status, answers, result = run("deck", [], cards=cards)
    assert answers == {("bob", "rope", "yard"), ("bob", "knife", "hall")}
    # a card seen is held: zed holds hall, so the room is the yard
    cards["suggestions"][0]["shown"] = "hall"
    assert run("deck", [], cards=cards)[1] == {("bob", "rope", "yard")}


def test_cards_a_shower_may_hold_more_than_one_of_the_cards():
    cards = players(("you", 1), ("max", 2), holds={"you": ["ann"]})
    cards["suggestions"] = [{"by": "you", "cards": ["bob", "rope", "hall"], "shown_by": "max"}]
    # max holds rope and hall: showing one of them does not mean holding only one
    assert ("bob", "knife", "yard") in run("deck", [], cards=cards)[1]


def test_cards_known_hand_and_suggestions_are_named_clues():
    cards = players(("you", 2), ("max", 1), holds={"you": ["ann", "rope"]})
    cards["suggestions"] = [{"by": "max", "cards": ["ann", "knife", "hall"], "passed": ["you"]}]
    status, answers, result = run("deck", [], cards=cards)
    assert status == "contradiction"     # you hold ann, yet could not disprove ann
    assert {c.id for c in result.conflict} == {"hand-you", "suggestion-1"}


# ---- 10. conflict sets name clues only, never the fixed rules ------------------------------------------
def test_conflict_names_clues_not_the_timeline_rule():
    status, _, result = run("manor", ["suspect == ann and time == dawn", "place == hall", "at(ann, dawn) == yard",
                                      "at(bob, dusk) == away"])
    assert status == "contradiction"
    assert {c.id for c in result.conflict} == {"c1", "c2", "c3"}
    assert all(c.line > 0 and c.file.endswith(".yaml") for c in result.conflict)


def test_conflict_names_clues_not_the_together_rule():
    status, _, result = run("manor", ["time == noon", "together(noon)", "suspect == ann"], together=True)
    assert status == "contradiction"
    assert {c.id for c in result.conflict} == {"c1", "c2"}


def test_conflict_names_clues_not_the_liar_rule():
    status, _, result = run("village", [("ann", "suspect == bob"), ("bob", "suspect == bob"), ("boddy", "scene == fair"),
                                        ("ned", "suspect == cid")])
    assert status == "contradiction"
    assert {c.id for c in result.conflict} == {"c1", "c2", "c4"}


def test_fixed_rules_alone_failing_give_an_empty_conflict():
    status, _, result = run("village", [("ann", "scene == fair")], liar_rule={"custom": "liars == 2"})
    assert status == "contradiction"
    assert result.conflict == []
    assert "fixed rules" in result.message


# ---- 11. the declared solution never influences solving --------------------------------------------------
@pytest.mark.parametrize("clues", [
    [("ann", "suspect == bob"), ("brown", "liars == 0"), ("boddy", "scene == pier")],   # unique
    [("ann", "suspect.gender == male"), ("boddy", "scene != park")],                   # ambiguous
    ["suspect == ann", "suspect == bob"],                                                # contradiction
])
def test_declared_solution_never_influences_solving(clues):
    outcomes = set()
    for suspect, scene in sorted(EVERY_VILLAGE_ANSWER):
        status, answers, result = run("village", clues, solution={"suspect": suspect, "scene": scene})
        worlds = tuple((tuple(w.answer.items()), tuple(w.liars)) for w in result.answers)
        conflict = tuple(c.id for c in result.conflict)
        outcomes.add((frozenset(answers), worlds, conflict, result.count))
        if len(answers) == 1:
            assert status == ("ok" if answers == {(suspect, scene)} else "wrong-solution")
    assert len(outcomes) == 1


def test_declared_liars_never_influence_solving():
    doc = case_yaml("village", [("ann", "suspect == bob"), ("bob", "scene == pier")])
    plain = prove_case(load_one(VILLAGE, doc), ALL)
    doc["solution"]["liars"] = ["ann"]
    declared = prove_case(load_one(VILLAGE, doc), ALL)
    assert [w.answer for w in plain.answers] == [w.answer for w in declared.answers]
    assert plain.status == declared.status


# ---- connectives and counting ------------------------------------------------------------------------------
def test_xor_is_an_odd_number_and_counting_is_exact():
    three = "(suspect == ann xor scene == fair) xor suspect.gender == male"  # a bare chain is T009
    expected = {(s, z) for s, z in EVERY_VILLAGE_ANSWER if ((s == "ann") + (z == "fair") + (s != "ann")) % 2 == 1}
    assert run("village", [three])[1] == expected
    assert run("village", ["exactly 2 of [suspect == ann, scene == fair, suspect.hair == gray]"])[1] == {
        ("ann", "pier"), ("ann", "park"), ("cid", "fair")}
    assert run("village", ["at most 0 of [suspect == ann, scene == fair]"])[1] == village(["bob", "cid"], ["pier", "park"])
    assert run("village", ["suspect == ann implies scene == fair"])[1] == village(["bob", "cid"]) | {("ann", "fair")}
    assert run("village", ["suspect == ann iff scene == fair"])[1] == village(["bob", "cid"], ["pier", "park"]) | {("ann", "fair")}


def test_checking_is_deterministic():
    doc = case_yaml("village", [("ann", "suspect.gender == male"), ("boddy", "scene != park")])
    a = prove_case(load_one(VILLAGE, doc), Options(warnings=True))
    b = prove_case(load_one(VILLAGE, doc), Options(warnings=True))
    assert (a.status, [w.answer for w in a.answers], [w.liars for w in a.answers]) == \
           (b.status, [w.answer for w in b.answers], [w.liars for w in b.answers])
