"""Issue 14's language items against the independent brute force (bruteforce.py) and
against answers worked out by hand: witness lists, `liar_rule: exactly_one`, lies/holds
of a quantified variable or an answer reference, numbers, steps along an order, and
item-valued attributes."""

from __future__ import annotations

from casetool.solver.check import prove_case

from bruteforce import possible_answers
from reach_settings import BOARD, CARDS, TRAITS, case
from solver_harness import ALL, compare_with_bruteforce, load_docs, load_one


def answers(setting, doc):
    c = load_one(setting, doc)
    compare_with_bruteforce(c)
    return {a[0] if len(a) == 1 else a for a in possible_answers(c)}


def say(who, means):
    return {"speaker": who, "means": means}


def fact(means):
    return {"means": means}


SOL = {"suspect": "amy"}


# ---- 1. witness lists -----------------------------------------------------------
def test_a_named_silent_witness_can_be_the_liar():
    # amy says "bob lies"; bob says nothing. Without the list bob cannot lie, so amy
    # must be the liar and amy's statement is false; with bob named, "bob lies" may hold.
    clues = [say("amy", "lies(bob)"), fact("suspect != cal")]
    assert answers(TRAITS, case("traits", clues, SOL)) == {"amy", "bob"}
    named = case("traits", clues + [fact("lies(bob) implies suspect == bob")], SOL, witnesses=["bob"])
    assert answers(TRAITS, named) == {"amy", "bob"}
    only = case("traits", clues + [fact("lies(bob)")], SOL, witnesses=["bob"])
    assert answers(TRAITS, only) == {"amy", "bob"}
    c = load_one(TRAITS, only)
    assert prove_case(c, ALL).answers[0].liars == ["bob"]


def test_a_setting_witness_list_applies_to_every_case():
    setting = TRAITS.replace("liar_rule: inspector", "liar_rule: inspector\nwitnesses: [bob]")
    c = load_one(setting, case("traits", [fact("lies(bob)"), fact("suspect == amy")], SOL))
    assert prove_case(c, ALL).status == "ok"
    compare_with_bruteforce(c)
    # the case's own list replaces the setting's
    c = load_one(setting, case("traits", [fact("lies(bob)"), fact("suspect == amy")], SOL, witnesses=["cal"]))
    assert prove_case(c, ALL).status == "contradiction"


def test_lies_on_someone_who_cannot_lie_is_warned_where_it_is_written():
    doc = case("traits", [say("amy", "suspect == amy"), fact("suspect == amy or   lies(cal)")], SOL)
    loaded = load_docs(TRAITS, [doc])
    (w,) = [d for d in loaded.diagnostics if d.code == "W020"]
    assert "lies(cal) is always false" in w.message and "witnesses" in w.hint
    text = loaded.cases[0].clues[1].means
    assert (w.pos.line, w.pos.col) == (text.pos.line, text.pos.col + text.index("cal"))
    # the inspector never lies, even when named; nobody lies under liar rule none
    doc = case("traits", [fact("not lies(brown)")], SOL, witnesses=["brown"], liar_rule="none")
    messages = [d.message for d in load_docs(TRAITS, [doc]).diagnostics if d.code == "W020"]
    assert messages == ["lies(brown) is always false: Inspector Brown is the inspector, who never lies"]


def test_unknown_witness_names_get_a_suggestion():
    doc = case("traits", [fact("suspect == amy")], SOL, witnesses=["bobb"])
    (e,) = [d for d in load_docs(TRAITS, [doc]).diagnostics if d.is_error]
    assert e.code == "V070" and "did you mean 'bob'" in e.message and e.pos.line > 1


def test_a_case_where_no_witness_speaks():
    # exactly one liar, nobody speaks: the listed witnesses carry the lie
    doc = case("traits", [fact("suspect.hair == gray"), fact("not lies(amy)")], SOL,
               witnesses=["amy", "cal"], liar_rule="exactly_one")
    c = load_one(TRAITS, doc)
    result = prove_case(c, ALL)
    assert result.status == "ambiguous" and {w.liars[0] for w in result.answers} == {"cal"}
    compare_with_bruteforce(c)
    # with no witness at all the rule cannot hold: a warning at the liar rule says why
    doc = case("traits", [fact("suspect == amy")], SOL, liar_rule="exactly_one")
    loaded = load_docs(TRAITS, [doc])
    (w,) = [d for d in loaded.diagnostics if d.code == "W021"]
    assert "no witness of this case can lie" in w.message and "witnesses:" in w.hint
    doc = case("traits", [fact("suspect == amy")], SOL, liar_rule={"custom": "liars == 1"})
    assert [d.code for d in load_docs(TRAITS, [doc]).diagnostics] == ["W021"]
    doc = case("traits", [fact("suspect == amy")], SOL, liar_rule={"custom": "liars <= 1"})
    assert [d.code for d in load_docs(TRAITS, [doc]).diagnostics] == []


# ---- 2. exactly one liar -----------------------------------------------------------
def test_exactly_one_witness_lies_in_every_world():
    # amy: "not amy", bob: "not bob", cal: "it was cal". Exactly one lies:
    # amy lies -> amy (and bob's, cal's statements hold: cal) -> contradiction;
    # bob lies -> bob, but cal says cal -> no; cal lies -> not cal, not amy, not bob -> no.
    clues = [say("amy", "suspect != amy"), say("bob", "suspect != bob"), say("cal", "suspect == cal")]
    assert answers(TRAITS, case("traits", clues, SOL, liar_rule="exactly_one")) == set()
    # under the inspector rule nobody lying is allowed too: cal
    assert answers(TRAITS, case("traits", clues, SOL)) == {"cal"}
    # cal: "gray hair". bob is red: cal would lie, then amy and bob tell the truth: neither
    # amy nor bob. cal: cal tells the truth, so amy or bob lies: "not cal" then fails.
    clues[2] = say("cal", "suspect.hair == gray")
    assert answers(TRAITS, case("traits", clues, SOL, liar_rule="exactly_one")) == {"amy"}


def test_custom_liars_counts_only_witnesses():
    # bob is named, amy speaks; cal is neither and never counts as a liar
    doc = case("traits", [say("amy", "suspect == amy"), fact("not lies(bob)")], SOL,
               witnesses=["bob"], liar_rule={"custom": "liars == 1"})
    assert answers(TRAITS, doc) == {"bob", "cal"}


# ---- 3. lies and holds of a term, has with an attribute -------------------------------
def test_lies_of_a_quantified_variable_and_of_the_answer():
    # "the liar has the culprit's hair", and the culprit is not the liar
    # amy lies: cal, but bob says amy; bob lies: bob, the culprit lies; the silent cal
    # lies: amy, gray like cal
    clues = [say("amy", "suspect != cal"), say("bob", "suspect == amy"),
             fact("any p in suspect: lies(p) and p.hair == suspect.hair"), fact("not lies(suspect)")]
    assert answers(TRAITS, case("traits", clues, SOL, witnesses=["cal"])) == {"amy"}
    # under the culprit rule lies(suspect) always holds for a speaking suspect's culprit
    doc = case("traits", [say("amy", "suspect == bob"), fact("lies(suspect)")], SOL, liar_rule="culprit")
    assert answers(TRAITS, doc) == {"amy", "bob"}


def test_holds_with_a_quantified_card():
    doc = case("deck", [fact("any c in weapon where c.heavy: holds(ann, c)"), fact("not holds(ann, pipe)"),
                        fact("suspect == amy")], {"suspect": "amy", "weapon": "rope"},
               cards={"players": [{"id": "ann", "hand": 2}, {"id": "ben", "hand": 2}]})
    assert answers(CARDS, doc) == {("amy", "rope"), ("amy", "pipe")}


def test_has_with_an_attribute_on_the_right():
    # amy likes red (her hair is gray), bob likes gray (red hair), cal likes nothing
    doc = case("board", [fact("suspect.likes has bob.hair"), fact("weapon == rope and room == hall and time == dawn")],
               {"suspect": "bob", "weapon": "rope", "room": "hall", "time": "dawn"})
    assert {a[0] for a in answers(BOARD, doc)} == {"amy"}


# ---- 4. numbers and steps ------------------------------------------------------------
FIX = "room == hall and time == dawn"


def test_numeric_attributes_compare_across_categories():
    doc = case("board", [fact("weapon.weight > room.size"), fact("suspect.height + weapon.weight == 4"),
                         fact("time == dawn")], {"suspect": "amy", "weapon": "rope", "room": "study", "time": "dawn"})
    # weight > size: rope(1) > study(1)? no; pipe(3) > hall(2), study(1). height + weight == 4: amy+rope, cal+pipe
    assert answers(BOARD, doc) == {("cal", "pipe", "hall", "dawn"), ("cal", "pipe", "study", "dawn")}
    doc["clues"][0]["means"], doc["clues"][1]["means"] = "suspect.height - weapon.weight == 2", "room == hall"
    assert answers(BOARD, doc) == {("amy", "rope", "hall", "dawn")}


def test_next_and_previous_time():
    # the culprit was in the hall one time after the crime, and in the attic one time before
    doc = case("board", [fact("at(suspect, time + 1) == hall"), fact("at(suspect, time - 1) == attic"),
                         fact("suspect == amy and weapon == rope")],
               {"suspect": "amy", "weapon": "rope", "room": "hall", "time": "noon"})
    assert {(a[2], a[3]) for a in answers(BOARD, doc)} == {(r, "noon") for r in ("hall", "study", "attic")}


def test_a_step_past_the_end_makes_every_comparison_false():
    # at the last time, time + 1 names no time: `==` and `!=` with it are both false
    for means in ("at(amy, time + 1) == hall", "at(amy, time + 1) != hall", "time + 1 > dawn",
                  "room.size + 0 < 9 and time + 1 != dawn"):
        doc = case("board", [fact(means), fact("suspect == amy and weapon == rope and room == hall")],
                   {"suspect": "amy", "weapon": "rope", "room": "hall", "time": "dawn"})
        assert "dusk" not in {a[3] for a in answers(BOARD, doc)}, means


def test_not_in_with_a_value_that_names_nothing_is_false():
    # like `!=`: a step past the end is in no list, and not out of one either (docs: every
    # condition that reads it is false); `not (x in [...])` is the way to say "true then"
    for means in ("at(amy, time + 1) not in [hall, study]", "time + 1 not in [dawn]",
                  "at(amy, time + 1).size not in [1]"):
        doc = case("board", [fact(means), fact("suspect == amy and weapon == rope and room == hall")],
                   {"suspect": "amy", "weapon": "rope", "room": "hall", "time": "dawn"})
        assert "dusk" not in {a[3] for a in answers(BOARD, doc)}, means
    doc["clues"][0]["means"] = "not (time + 1 in [dawn])"
    assert "dusk" in {a[3] for a in answers(BOARD, doc)}


def test_not_in_with_the_place_of_someone_away_is_false():
    sol = {"suspect": "amy", "weapon": "rope", "room": "hall", "time": "dawn"}
    where = [fact("suspect == amy and weapon == rope and room == hall and time == dawn")]
    doc = case("board", where + [fact("at(bob, noon) == away"), fact("at(bob, noon).size not in [1, 2]")], sol)
    assert answers(BOARD, doc) == set()  # away: no size, so `not in` is false, as `!=` is
    doc = case("board", where + [fact("at(bob, noon).size not in [1, 2]")], sol)
    assert answers(BOARD, doc) == {("amy", "rope", "hall", "dawn")}  # in the attic (size 3)


def test_a_quantifier_skips_the_items_a_step_leaves():
    # every time but the last: amy is where she is one time later (so she never moves)
    doc = case("board", [fact("all t in time: at(amy, t + 1) == at(amy, t)"), fact("at(amy, dawn) == attic"),
                         fact("at(amy, dusk) != attic or suspect == amy")],
               {"suspect": "amy", "weapon": "rope", "room": "attic", "time": "dawn"})
    assert {a[0] for a in answers(BOARD, doc)} == {"amy"}


# ---- 5. item-valued attributes --------------------------------------------------------
def test_moves_only_to_an_adjacent_room_or_stays():
    move = "all t in time: all q in room: at(amy, t) == q implies (at(amy, t + 1) == q or q.adjacent has at(amy, t + 1))"
    doc = case("board", [fact(move), fact("at(amy, dawn) == hall"), fact("suspect == amy and weapon == rope and time == dusk"),
                         fact("room.wing == east")],
               {"suspect": "amy", "weapon": "rope", "room": "study", "time": "dusk"})
    # hall -> hall|study -> (hall, study, attic); attic is in the west wing
    assert {a[2] for a in answers(BOARD, doc)} == {"hall", "study"}
    doc["clues"][3]["means"] = "room.adjacent has study and room != hall"
    assert {a[2] for a in answers(BOARD, doc)} == {"attic"}
