"""Every sentence of a solution page, checked against the brute force of tests/solver (never
the compiler the page came from): the ending, each step's claims, who is said to lie or to
tell the truth, each supposition, each quote's speaker, and no sentence that repeats its clue.
Imported by name by the tests of this folder."""

from __future__ import annotations

import itertools
import re
import sys
from functools import cache
from pathlib import Path

from casetool.english.cards import _card_clues
from casetool.english.claims import step_claims
from casetool.english.names import clue_ref, quote, whose
from casetool.english.sentences import role
from casetool.english.solution import closing, page_sentences, solution_prose
from casetool.explain.steps import explain_case

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import Evaluator, Problem, World, liar_sets, possible_answers  # noqa: E402
from solver_harness import step_premises  # noqa: E402

# a sentence's clauses: split at . : ; (not the dot of a title such as "Mrs.")
CLAUSE = re.compile(r"(?<!\bMr)(?<!\bMrs)(?<!\bDr)(?<!\bMs)(?<!\bSt)[.:;]\s*")
SENTENCE = re.compile(r"(?<!\bMr)(?<!\bMrs)(?<!\bDr)(?<!\bMs)(?<!\bSt)\.\s+")
QUOTE = re.compile("([Tt]he fact|[Tt]he note|Read|) ?\u201c([^\u201d]*)\u201d")


class Truth:
    """Brute-force answers to the page's questions for one case, each computed once."""

    def __init__(self, case):
        self.case = case
        self.cats = case.setting.answer

    @cache  # noqa: B019 (one Truth per case, dropped with it)
    def answers(self, clues: frozenset | None = None) -> frozenset:
        return frozenset(possible_answers(self.case, sorted(clues) if clues is not None else None))

    @cache  # noqa: B019
    def liar_worlds(self, clues: frozenset | None = None) -> frozenset:
        """(answer, liars) for every world of the clues (all of them when None)."""
        problem = Problem(self.case, sorted(clues) if clues is not None else None)
        out = set()
        for answer in self.answers(clues):
            named = dict(zip(self.cats, answer, strict=True))
            out |= {(answer, liars) for liars in liar_sets(self.case, named)
                    if problem.world_for(named, liars) is not None}
        return frozenset(out)

    def lies(self, who: str, clues: frozenset | None = None) -> bool:
        worlds = self.liar_worlds(clues)
        return bool(worlds) and all(who in liars for _, liars in worlds)

    def truthful(self, who: str, clues: frozenset | None = None) -> bool:
        worlds = self.liar_worlds(clues)
        return bool(worlds) and all(who not in liars for _, liars in worlds)


def assert_page_true(case) -> str:
    """Check the page of `case` sentence by sentence; the page."""
    explanation = explain_case(case, 60)
    assert explanation.complete, case.display
    truth = Truth(case)
    (answer,) = truth.answers()
    page = solution_prose(explanation)
    _assert_ending(case, truth, answer, page.split("\n\n")[0])
    _assert_closing(case, truth, answer, page.split("\n\n")[0], closing(explanation))
    assert closing(explanation) not in page, (case.display, "the page closes on the answer it opened with")
    deps = step_premises(explanation)
    known: set = set()
    so_far: set = set()
    quoted: set = set()
    sentences = page_sentences(explanation)
    for step in explanation.steps:
        so_far |= set(step.clues)
        premises = frozenset(deps[step.number])
        where = (case.display, step.number)
        for claim in step_claims(case, step, known):
            _assert_claim(case, truth, claim, frozenset(so_far), premises, where)
        if not _card_clues(case, step):   # a card step is told clue by clue (test_solution.py)
            sentence = " ".join(sentences[step.number - 1].split())
            assert sentence in _given_apart(page), where
            sentence = told_together(sentence)   # 'Suppose S. Then A. B.' read as 'Suppose S: then A; and B.'
            _assert_people(case, truth, step, sentence, premises, where)
            _assert_quotes(case, step, sentence, where, frozenset(quoted))
            _assert_attributed(case, step, sentence, where)
            _assert_leant(case, step, sentence, where, frozenset(quoted), sentences[step.number - 2] if step.number > 1 else "",
                          truth, premises)
            _assert_links(case, truth, sentence, frozenset(so_far), where)   # what the page knows by now
            _assert_looks(case, sentence, where)
            _assert_rooms_apart(case, answer, sentence, where)
            _assert_follows(case, sentence, where)
            from casetool.english.chain import with_known
            from chain_truth import (
                assert_cannot_hold,
                assert_chains_true,
                assert_cleared_true,
            )
            from one_true_truth import assert_not_both, assert_one_true, assert_verdicts
            assert_chains_true(case, with_known(step, known), sentence, where)   # the page's findings so far, as it reads them
            assert_cleared_true(case, with_known(step, known), sentence, where)
            assert_cannot_hold(case, with_known(step, known), sentence, where)
            assert_one_true(case, step, sentence, where)
            assert_verdicts(case, truth, frozenset(so_far), sentence, where)
            assert_not_both(case, truth, step, frozenset(so_far), sentence, where)
        known |= set(step.derived)
        quoted |= set(step.clues)
    return page


def told_together(sentence: str) -> str:
    """A supposition told sentence by sentence ('Suppose S. Then A. B. But T.', or 'If so,',
    'In that case,') as the one sentence the checks read: chain_truth.rejoined."""
    from chain_truth import rejoined
    return rejoined(sentence)


def _assert_links(case, truth: Truth, sentence: str, premises: frozenset, where) -> None:
    """An 'if' read backwards says its link ('...; it is the Fair, so the culprit does not have
    blonde hair, and so is not ...'): the link reads as a clause of the clues' phrases, true
    in every answer of the clues read so far (the page's findings are the reader's) and of the
    supposition the sentence makes, by the brute force."""
    supposed = _supposed(case, sentence, where)
    for m in re.finditer(r"; [^;]*?, so ([^;]+?), and so ", sentence):   # within one clause
        meaning = read_back(case, m.group(1))
        assert meaning is not None, (where, "a link no clue phrase says", m.group(1), sentence)
        for answer in truth.answers(premises):
            named = dict(zip(truth.cats, answer, strict=True))
            world = Evaluator(case, World(named, frozenset()))
            if supposed is None or world.cond(supposed):   # inside a supposition: the answers it leaves
                assert world.cond(meaning), (where, "a false link", sentence)


def _supposed(case, sentence: str, where):
    """What a sentence told as a supposition ('Suppose the murderer is not Miss Peach or Captain
    Brown: then ...') supposes of the answer, read back; None for a sentence that supposes
    nothing of it (the links are then read in every answer of the clues so far)."""
    m = re.match(r"(?:[A-Z][\w ]*, )?[Ss]uppose ([^:]+): then ", sentence)   # 'Next, suppose ...' too
    if m is None:
        return None
    return read_back(case, m.group(1))   # None too for one on who lies ('Suppose Basil Crane lied')


def _rooms_apart(case) -> dict:
    """How many rooms apart each two places are, walked here over the setting's own lists of
    the places next to each (never the page's code)."""
    tl = case.setting.timeline
    items = case.setting.categories[tl.places].items
    ids = {i.id for i in items}
    near = {i.id: {v for a in i.attrs.values() if isinstance(a, (list, tuple)) for v in a if v in ids} for i in items}
    out = {}
    for start in near:
        k, edge, seen = 0, {start}, {start}
        while edge:
            out.update({(start, p): k for p in edge})
            edge = {q for p in edge for q in near[p]} - seen
            seen |= edge
            k += 1
    return out


COUNT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _assert_rooms_apart(case, answer: tuple, sentence: str, where) -> None:
    """'since the crime happened in the Cellar, three rooms from the Library, and everybody
    moves ...': the crime's place is the answer's, the rooms apart are counted true on the
    setting's map, and the rule is the rules page's own words."""
    tl = case.setting.timeline
    if tl is None:
        return
    names = {i.name: i.id for i in case.setting.categories[tl.places].items}
    alt = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
    apart = _rooms_apart(case)
    for m in re.finditer(rf"(?:in|and) the ({alt}),? (?:is )?(\w+) rooms? from the ({alt}), and (\w[^,]*, or [^,]*),", sentence):
        crime = dict(zip(case.setting.answer, answer, strict=True))[tl.places]
        assert names[m.group(1)] == crime, (where, "not the crime's place", m.group(0))
        assert apart[(names[m.group(1)], names[m.group(3)])] == COUNT[m.group(2)], (where, "rooms apart miscounted", m.group(0))
        rules = [" ".join(r.text.split()).rstrip(".").lower() for r in case.setting.always]
        assert m.group(4).lower() in rules, (where, "a rule the rules page does not say", m.group(4))
    for m in re.finditer(rf"the ({alt}),? (?:is )?(\w+) rooms? from the ({alt})", sentence):
        assert apart[(names[m.group(1)], names[m.group(3)])] == COUNT.get(m.group(2)), (where, "rooms apart miscounted", m.group(0))


def _assert_follows(case, sentence: str, where) -> None:
    """'but the crime happened in the Library, and so happened on a wooden floor': the trait
    said to follow holds in every answer where the place does (read back, by the brute force)."""
    verb = r"(?:happened|was|is|did not happen|was not|is not)"
    # 'since the crime happened in the Hall, and so in a room next to the Kitchen': the verb said once (english/grounds.py)
    for m in re.finditer(rf"(?:but|as|[Ss]ince) ((the [\w ]+?) (happened|was|is) [^,;]+), and so ((?:{verb} )?[^.;,]+)", sentence):
        base = read_back(case, m.group(1))
        then = read_back(case, f"{m.group(2)} {m.group(4)}") or read_back(case, f"{m.group(2)} {m.group(3)} {m.group(4)}")
        assert base is not None and then is not None, (where, "a trait no clue phrase says", m.group(0))
        cats = case.setting.answer
        for combo in itertools.product(*(case.setting.categories[c].ids for c in cats)):
            world = World(dict(zip(cats, combo, strict=True)), frozenset())
            if Evaluator(case, world).cond(base):
                assert Evaluator(case, world).cond(then), (where, "a trait not the item's", m.group(0))


def _apart_struck(case, leaning: str) -> str:
    """The reason less its rooms apart and the rule of movement (_assert_rooms_apart checks those)."""
    for rule in case.setting.always:
        said = " ".join(rule.text.split()).rstrip(".")
        leaning = leaning.replace(", and " + said[:1].lower() + said[1:], "")
    return re.sub(r",? (?:and the [A-Z]\w* is )?\w+ rooms? from the [A-Z]\w*$", "", leaning)


def _assert_looks(case, sentence: str, where) -> None:
    """'...; Colonel Mustard fishes and has blonde hair, so he is not the culprit': the looks are
    the suspect's own (read back as the culprit's, true with them as the culprit)."""
    culprit = case.setting.culprit
    if not culprit:
        return
    names = {i.name: i.id for i in case.setting.categories[culprit].items}
    alt = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
    found = [(m.group(1), m.group(2), m.group(0))
             for m in re.finditer(rf"; ({alt}) ([^;]+?), so (?:he|she|the \w+|{alt}) is not ", sentence)]
    speaker = re.match(rf"(?:[^.;]*?, )?({alt}) \([^)]*\) (?:tells us|says) that ", sentence)
    if speaker:   # the speaker clearing himself: '...; he rides and is a man, so he is not the culprit'
        found += [(speaker.group(1), m.group(2), m.group(0))
                  for m in re.finditer(r"; (he|she|the \w+) ([^;]+?), so \1 is not ", sentence)]
    expanded = []   # '..., and the same is true of Mr. Rust', '..., and Mr. Rust is ...': each one's own looks
    for who, said, whole in found:
        same = re.fullmatch(rf"(.+), and the same is true of ((?:{alt})(?:(?:, | and )(?:{alt}))*)", said)
        if same:
            expanded += [(w, same.group(1), whole) for w in [who, *re.findall(alt, same.group(2))]]
            continue
        parts = re.split(rf", (?:and )?(?=(?:{alt}) )", said)
        expanded.append((who, parts[0], whole))
        expanded += [(m.group(1), m.group(2), whole) for part in parts[1:] if (m := re.match(rf"({alt}) (.+)", part))]
    for who, said, said_whole in expanded:
        looks = read_back(case, f"{role(case)} {said}")
        assert looks is not None, (where, "looks no clue phrase says", said_whole, sentence)
        cats = case.setting.answer
        for combo in itertools.product(*(case.setting.categories[c].ids for c in cats)):
            named = dict(zip(cats, combo, strict=True))
            if named[culprit] == names[who]:
                assert Evaluator(case, World(named, frozenset())).cond(looks), (where, "looks not theirs", said_whole)


def _given_apart(page: str) -> str:
    """The page with two given facts said in one sentence ('We are told that A, and that B.')
    said apart again, as their steps' own sentences ('We are told that A. We are also told
    that B.'), so each part is checked as its step."""
    out = []
    for sentence in SENTENCE.split(" ".join(page.split())):
        if sentence.startswith(("We are told that ", "We are also told that ")) and ", and that " in sentence:
            first, second = sentence.split(", and that ", 1)
            sentence = f"{first}. We are also told that {second}"
        out.append(sentence)
    return ". ".join(out)


def _assert_ending(case, truth: Truth, answer: tuple, ending: str) -> None:
    """The first paragraph names the answer (and nothing else of its categories) and, as liars,
    only people who lie in every world of the clues."""
    setting = case.setting
    _assert_names(case, truth, answer, SENTENCE.split(ending)[0])   # who and how; a second sentence names the liars
    for ch in setting.characters.values():
        if re.search(rf"\b{re.escape(ch.name)} lied\b|\b{re.escape(ch.name)} and [^.]* lied\b", ending):
            assert truth.lies(ch.id), (case.display, ch.id, ending)
    people = setting.people_category
    if re.search(r"(^|\. )(He|She|The \w+) lied\.", ending):   # the culprit, named just before
        k = truth.cats.index(people)
        (ch,) = [c for c in setting.characters.values() if c.item == answer[k]]
        assert truth.lies(ch.id), (case.display, ch.id, ending)


def _assert_names(case, truth: Truth, answer: tuple, text: str) -> None:
    """`text` names every part of the answer and no other item of its categories."""
    setting = case.setting
    said = text.lower()
    for cid, item in zip(truth.cats, answer, strict=True):
        names = {i.id: re.sub(r"^(the|a|an) ", "", i.name.lower()) for i in setting.categories[cid].items}
        assert names[item] in said, (case.display, text, names[item])
        others = [n for i, n in names.items() if i != item and not any(n in m for m in names.values() if m != n)]
        assert not any(re.search(rf"\b{re.escape(n)}\b", said) for n in others), (case.display, text)


def _assert_closing(case, truth: Truth, answer: tuple, ending: str, closing: str) -> None:
    """The last line names the answer, in brief: not a list of fields ('the suspect is ...'),
    nor the ending's first sentence over again."""
    assert closing.startswith("Only one answer remains: "), (case.display, closing)
    _assert_names(case, truth, answer, closing)
    labels = [case.setting.categories[c].label.lower() for c in truth.cats]
    assert not any(f"the {w} is " in closing for w in labels), (case.display, "a field list", closing)
    first = SENTENCE.split(ending)[0].rstrip(".")
    assert first not in closing, (case.display, closing)


LOWER = ("The", "A", "An", "It", "There", "All", "Nobody", "Everyone", "Everybody", "No", "Whoever", "Each", "Every",
         "Both", "Neither", "Only", "None")


def _assert_leant(case, step, sentence: str, where, quoted: frozenset, previous: str,
                  truth: Truth | None = None, premises: frozenset = frozenset()) -> None:
    """A step that leans on a fact in words ('Since the crime happened after dusk, ...', 'We
    know that ...') says only clues of the step that the page has used before, from someone
    who never lies, word for word, or what the page found before ('Since the weapon was a
    poisoned teacup, the fact “If ...”'): a clause this reader reads, true in every answer of
    the step's premises by the brute force; 'The same fact, with ...' follows a step that
    leant on it."""
    lean = r"^(?:[A-Z][a-z ,]*, )?(?:[Ss]ince|[Ww]e know that) (.+?), (?:the note|the fact|so) "
    if sentence.startswith("For the same reason, "):   # the reason the step before gave, true here too
        m = re.match(lean.replace("^(?:[A-Z][a-z ,]*, )?", "^(?:(?:[A-Z][a-z ,]*,|Then|Now) )?"), previous)   # 'Then since'
        assert m and truth is not None, (where, "'for the same reason' after a step that gave none", sentence)
        meaning = read_back(case, " ".join(m.group(1).split()))
        assert meaning is not None, (where, "a reason no clue phrase says", previous)
        for answer in truth.answers(premises):
            named = dict(zip(truth.cats, answer, strict=True))
            assert Evaluator(case, World(named, frozenset())).cond(meaning), (where, "the same reason is false", sentence)
        return
    m = re.match(lean, sentence)
    if re.match(r"^(?:[A-Z][a-z ,]*, )?[Tt]he same facts?, with ", sentence):
        m = re.match(lean, previous)
        assert m, (where, "'the same fact' after a step that leant on none", sentence)
    if not m:
        return
    leaning = _apart_struck(case, m.group(1))
    leaning = re.sub(r", and so [^,]+", "", leaning)   # a trait said to follow: _assert_follows checks it
    for cid in step.clues:
        clue = next(c for c in case.clues if c.id == cid)
        words = " ".join(clue.text.split()).rstrip(".")
        words = words[:1].lower() + words[1:] if words.split(" ", 1)[0] in LOWER else words   # as settled.clause_of
        if words in leaning:
            assert cid in quoted and clue.speaker not in case.who_can_lie(), (where, cid, sentence)
            leaning = leaning.replace(words, "")
    left = re.sub(r"\band( that)?\b|,", "", leaning).strip()
    if left and truth is not None and step.facts:   # a finding of the page's, not a clue's words
        meaning = read_back(case, " ".join(leaning.split()))
        assert meaning is not None, (where, "leans on words no clue of the step says", sentence)
        for answer in truth.answers(premises):
            named = dict(zip(truth.cats, answer, strict=True))
            assert Evaluator(case, World(named, frozenset())).cond(meaning), (where, "leans on a falsehood", sentence)
        return
    assert not left, (where, "leans on words no clue of the step says", sentence)


def _assert_claim(case, truth: Truth, claim, so_far: frozenset, premises: frozenset, where) -> None:
    """'must' counts every clue read so far; 'not', 'before', 'after' follow from the premises."""
    cid, how, items = claim
    k = truth.cats.index(cid)
    order = [i.id for i in case.setting.categories[cid].items]
    left = truth.answers(so_far if how == "must" else premises)
    assert left, (where, claim)
    if how == "must":
        assert all(a[k] == items[0] for a in left), (where, claim)
    elif how == "not":
        assert all(a[k] not in items for a in left), (where, claim)
    elif how == "before":
        assert all(order.index(a[k]) < order.index(items[0]) for a in left), (where, claim)
    else:
        assert how == "after", (where, claim)
        assert all(order.index(a[k]) > order.index(items[0]) for a in left), (where, claim)


def _assert_people(case, truth: Truth, step, sentence: str, premises: frozenset, where) -> None:
    """Who the sentence says lies or tells the truth, what it supposes, and whose words it
    reports as true, each by the brute force."""
    chars = case.setting.characters
    culprit = case.setting.culprit
    k = truth.cats.index(culprit) if culprit in truth.cats else None
    by_name = {ch.name: ch for ch in chars.values()}
    the = re.escape(role(case))   # 'the murderer': the culprit as the case calls them
    for clause in CLAUSE.split(sentence):
        if clause.startswith(("Suppose", "suppose")) or " suppose " in clause:
            continue   # a supposition says what is not so (checked as refuted below)
        head = ""
        if re.search(r"(told|tells) the truth( as well)?$", clause) and not re.search(rf"not {the}\b", clause):
            head, said = clause.rsplit(" so ", 1)[-1], "truthful"
        elif re.search(r"(is|are) lying$", clause) or ", so the opposite of " in clause:
            # 'Inspector Brown (wheel 9) tells us that Mrs. Peacock is lying': the one after 'that'
            head = clause.split(", so the opposite of ")[0].rsplit(" so ", 1)[-1].split(" tells us that ")[-1]
            said = "lies"
        for ch in by_name.values():
            if head and re.search(rf"\b{re.escape(ch.name)}\b", head):
                assert getattr(truth, said)(ch.id), (where, ch.name, said, sentence)
    for name, ch in by_name.items():
        n = re.escape(name)
        if k is not None and ch.item and re.search(rf"\b{n} is not {the} and so tells the truth\b", sentence):
            assert all(a[k] != ch.item for a in truth.answers(premises)), (where, name, sentence)
        if k is not None and ch.item and re.search(rf"\b{n} is {the} and so is lying\b", sentence):
            assert {a[k] for a in truth.answers(premises)} == {ch.item}, (where, name, sentence)
    m = re.match(rf"(?:[A-Z][a-z ,]*, )?[Ss]uppose (.+?) were {the}: ", sentence)
    if m:   # the supposition fails: no world of the premises has any of them as culprit
        items = {i.name: i.id for i in case.setting.categories[culprit].items}
        supposed = [items[x] for x in items if re.search(rf"\b{re.escape(x)}\b", m.group(1))]
        assert supposed and not any(a[k] in supposed for a in truth.answers(premises)), (where, sentence)
        _assert_supposed_words(case, step, sentence, supposed, where)
    speakers = [c.speaker for c in case.clues if c.id in step.clues and c.speaker in chars
                and chars[c.speaker].item and chars[c.speaker].may_lie]
    if case.effective_liar_rule.kind == "culprit" and speakers and \
            any(f.kind == "not" and f.subject == culprit for f in step.derived):
        # a case split on who is the culprit is said as one, never as a bare conclusion
        assert "uppose " in sentence or "cannot be true" in sentence, (where, "no supposition", sentence)
    hedged = ("suppose", "whether or not", "whichever", "cannot be true", "one of them must be telling the truth")
    # who the sentence says is lying: their words are turned round, not reported as true
    turned = {ch.id for name, ch in by_name.items()
              if re.search(rf"\b{re.escape(name)} is (?:lying\b|{the} and so is lying\b)", sentence)}
    if reported(sentence) is not None and not any(h in sentence.lower() for h in hedged):
        # a plain "X tells us that ...": X's words are reported as true, so X must be truthful
        for cid in step.clues:
            clue = next(c for c in case.clues if c.id == cid)
            if clue.speaker in case.who_can_lie() and clue.speaker not in turned:
                assert truth.truthful(clue.speaker), (where, clue.speaker, "reported as true", sentence)
    _assert_turned_in_words(case, step, sentence, by_name, where)
    _assert_cleared_words(case, step, sentence, by_name, where)
    _assert_lied_against(case, step, sentence, by_name, where)
    if "the opposite of" in sentence and not re.search(rf" were {the}: ", sentence):   # the liar's own clue turned round
        m = re.search(rf"(\S+ \S+) is (?:lying, so|{the} and so is lying:) the opposite of (.+?) is true", sentence)
        assert m, (where, sentence)
        liar = by_name[m.group(1)] if m.group(1) in by_name else next(
            ch for name, ch in by_name.items() if name.endswith(m.group(1)))
        owned = [c for c in step.clues if next(x for x in case.clues if x.id == c).speaker == liar.id]
        assert owned and any(m.group(2).removesuffix("\u2026\u201d") in clue_ref(case, c) or m.group(2) == f"wheel {_wheel(case, c)}"
                             for c in owned), (where, sentence)


def reported(sentence: str) -> str | None:
    """What a sentence reports its notes as giving: after 'tells us that', 'shows that' (or
    'show that'), or 'Put A beside B: '; None when it reports nothing so."""
    # english/verbs.py reads one clue with the verb that fits it: 'clears', 'rules out', 'leaves
    # only', 'means that' report the clue as true as 'tells us that' does
    found = [(sentence.index(f), len(f)) for f in (" us that ", " shows that ", " show that ") if f in sentence]
    found += [(m.start(), len(m.group(0))) for m in re.finditer(r"(?<=[\u201d)]) (?:clears|rules out|leaves only|means that|says that|puts) ",
                                                               sentence)][:1]   # after a quote or '(wheel 9)'
    if found:
        at, size = min(found)
        return sentence[at + size:]
    m = re.search(r"(?:^|, )[Pp]ut .+? beside .+?[\u201d)0-9a-z]: (.+)$", sentence)
    return m.group(1) if m else None


def _assert_turned_in_words(case, step, sentence: str, by_name: dict, where) -> None:
    """'Professor Plum is lying: the culprit is not a man, so ...': the words after the colon
    mean (by the phrases clues are written with) the negation of one of the liar's clues of
    the step, in every answer of the setting by the brute force's evaluator. A liar the step
    before found ('Turned round, Dev Marlow's statement about the murderer says that ...',
    'As the murderer, Vicar Vermilion is lying: ...') is checked the same way, and the liar by
    the brute force."""
    names = "|".join(re.escape(n) for n in sorted(by_name, key=len, reverse=True))
    the = re.escape(role(case))
    turned = re.match(rf"^Turned round, ({names})'s (?:statement .*?says|words on wheel \d+ say|words say) that ", sentence)
    if turned:
        assert Truth(case).lies(by_name[turned.group(1)].id), (where, "turned round, but not a liar", sentence)
        sentence = f"{turned.group(1)} is lying: {sentence[turned.end():]}"
    m = re.search(rf"\b({names}) is (?:{the} and so is )?lying: (?!the opposite of )(.+?)(?:, so |, and with |; with |\.$)", sentence)
    if not m:
        # ('X is the murderer and so is lying: the opposite of ...' is checked by _assert_people)
        assert not re.search(r"(?<!and so) is lying: ", sentence), (where, "a liar the page does not name", sentence)
        return
    liar = by_name[m.group(1)]
    meaning = read_back(case, m.group(2))
    assert meaning is not None, (where, "no clue phrase says", m.group(2), sentence)
    owned = [c for c in case.clues if c.id in step.clues and c.speaker == liar.id]
    assert any(_is_opposite(case, c, meaning) for c in owned), (where, "not the opposite of the liar's words", sentence)


_SUBJECTS = ("the crime", "the weapon", "the stolen object", "the hiding place", "the culprit", "the murderer",
             "the thief")


def _assert_cleared_words(case, step, sentence: str, by_name: dict, where) -> None:
    """'So Professor Ochre is not the murderer and so tells the truth: if the weapon was a
    rowing-boat anchor, the murderer is short; but Vicar Vermilion is of average height and
    Sergeant Olive is tall, so ...': the words are the suspect's own clue of the step (the same
    in every answer), and each suspect's looks after 'but' make the 'if''s result false with
    them as the culprit."""
    names = "|".join(re.escape(n) for n in sorted(by_name, key=len, reverse=True))
    m = re.search(rf"\b({names}) is not {re.escape(role(case))} and so tells the truth: "
                  rf"(?:(?:his|her|[\w. ]+?'s) statement about [^,;:]+? tells us that )?(.+?)(?:; but (.+?)|; (?!but )(.+?))?, so ", sentence)
    if not m:
        return
    if m.group(4):   # what the page knows that reads the words ('; the weapon was a leather-bound atlas'): so in the answer
        (answer,) = possible_answers(case)
        solved = dict(zip(case.setting.answer, answer, strict=True))
        known = read_back(case, m.group(4))
        if known is None and m.group(4).startswith("it "):   # 'it was a brass telescope': the 'if''s subject again
            said = re.sub(r", (?:which|whose) [^,]*$", "", m.group(4)).removeprefix("it ")
            subject = next((s for s in _SUBJECTS if read_back(case, f"{s} {said}") is not None), None)
            known = read_back(case, f"{subject} {said}") if subject else None
            which = re.search(r", ((?:which|whose) [^,]*)$", m.group(4))
            if subject and which:   # the trait after it ('which is on the grass') is the found item's own
                assert_which(case, solved, subject, which.group(1), where, sentence)
        if known is None and ", who " in m.group(4):   # 'the murderer is A, who ..., or B, who ...': their looks (chain_truth)
            from chain_truth import _assert_tail
            people = {i.name: i.id for i in case.setting.categories[case.setting.culprit].items}
            _assert_tail(case, [solved], m.group(4), people, where, sentence)
        else:
            assert known is not None, (where, "a reason no clue phrase says", m.group(4), sentence)
            assert Evaluator(case, World(solved, frozenset())).cond(known), (where, "a reason that is not so", m.group(4), sentence)
    ch = by_name[m.group(1)]
    owned = [c for c in case.clues if c.id in step.clues and c.speaker == ch.id]
    meaning = read_back(case, m.group(2)) or _read_if(case, m.group(2))
    assert meaning is not None and owned, (where, "words no clue phrase says", m.group(2), sentence)
    assert any(_is_opposite(case, c, _negated(meaning)) for c in owned), (where, "not the suspect's own words", sentence)
    if m.group(3):
        rule = owned[0].expr
        for part in re.split(r"(?:,| and) (?=[A-Z])", m.group(3)):   # 'A has X, B has Y and C has Z'
            who = next(n for n in by_name if part.startswith(n + " "))
            looks = read_back(case, f"{role(case)} {part[len(who) + 1:]}")
            assert looks is not None, (where, "looks no clue phrase says", part)
            item = by_name[who].item
            culprit, cats = case.setting.culprit, case.setting.answer
            for combo in itertools.product(*(case.setting.categories[c].ids for c in cats)):
                named = dict(zip(cats, combo, strict=True))
                if named[culprit] == item:
                    ev = Evaluator(case, World(named, frozenset()))
                    assert ev.cond(looks) and not ev.cond(rule.right), (where, "looks that do not undo the 'if'", part)


def assert_which(case, solved: dict, subject: str, which: str, where, sentence: str) -> None:
    """'which is on the grass' after 'it happened in the Orchard' (`subject`: 'the crime'), 'which
    was made of metal' after 'it was a brass telescope', 'whose card has ...': read back as the
    subject's own words ('the crime happened on the grass'), a clue phrase true of the answer."""
    rest = which.split(" ", 1)[1]
    tries = [f"{subject} {rest}"]
    for be, verb in (("is not ", "did not happen "), ("is ", "happened ")):   # of a place: 'which is' for 'happened'
        if rest.startswith(be):
            tries.append(f"{subject} {verb}{rest[len(be):]}")
    if which.startswith("whose "):   # 'whose card has ...': the subject's card
        tries = [f"{subject} {rest}"]
    meaning = next((k for t in tries if (k := read_back(case, t)) is not None), None)
    assert meaning is not None, (where, "a trait no clue phrase says", which, sentence)
    assert Evaluator(case, World(solved, frozenset())).cond(meaning), (where, "a trait the found item does not have", which, sentence)


def _negated(meaning):
    from casetool.language import ir
    return ir.Not(meaning)


def _read_if(case, words: str):
    """'if A, B' read back as A implies B (each a clue phrase; the subject of B may be 'they')."""
    from casetool.language import ir
    m = re.match(r"^if (.+?), (.+)$", words)
    if not m:
        return None
    left, right = read_back(case, m.group(1)), read_back(case, m.group(2))
    return ir.Implies(left, right) if left is not None and right is not None else None


def _assert_lied_against(case, step, sentence: str, by_name: dict, where) -> None:
    """'Suppose Ada Vane lied: then, turned round, Ada Vane's statement ... says that W. But only
    one witness lies, so Dev Marlow would be telling the truth, and he says that V. So Ada Vane
    told the truth.': W is the opposite of her clue, V is his clue, and no answer has W and V."""
    names = "|".join(re.escape(n) for n in sorted(by_name, key=len, reverse=True))
    m = re.match(rf"^Suppose ({names}) lied: then, turned round, .*? says? that (.+?)\. But .*?, so .*? would be telling "
                 rf"the truth, and (?:he|she|{names}) says that (.+?)\. So \1 told the truth\.$", sentence)
    if not m:
        return
    liar = by_name[m.group(1)]
    turned, said = read_back(case, m.group(2)), read_back(case, m.group(3))
    assert turned is not None and said is not None, (where, "words no clue phrase says", sentence)
    assert any(_is_opposite(case, c, turned) for c in case.clues if c.id in step.clues and c.speaker == liar.id), (where, sentence)
    assert any(_is_opposite(case, c, _negated(said)) for c in case.clues if c.id in step.clues and c.speaker != liar.id), \
        (where, "not the other witness's words", sentence)
    cats = case.setting.answer
    for combo in itertools.product(*(case.setting.categories[c].ids for c in cats)):
        ev = Evaluator(case, World(dict(zip(cats, combo, strict=True)), frozenset()))
        assert not (ev.cond(turned) and ev.cond(said)), (where, "the two could both hold", sentence)


def _is_opposite(case, clue, meaning) -> bool:
    """Whether `meaning` is the negation of the clue in every answer of the setting (by the
    brute force's evaluator)."""
    cats = case.setting.answer
    for answer in itertools.product(*(case.setting.categories[c].ids for c in cats)):
        ev = Evaluator(case, World(dict(zip(cats, answer, strict=True)), frozenset()))
        said, turned = ev.cond(clue.expr), ev.cond(meaning)
        if None not in (said, turned) and said == turned:
            return False
    return True


def read_back(case, words: str):
    """The meaning of a liar's words turned round as the page says them: one clause a clue is
    written with, or two of them as 'S neither P nor Q', 'S has either P or Q', 'it is not true
    that S both P and Q' (or 'both A and B'), 'A and B' (the subject said once: 'S P and Q'), by
    this reader's own grammar, never the page's code; None when it does not read."""
    from casetool.language import ir
    phrases = _phrase_meanings(case)
    if words in phrases:
        return phrases[words]
    subjects = {" ".join(c.split(" ")[:n]) for c in phrases for n in (1, 2, 3)}

    def splits(text: str, word: str):
        parts = text.split(f" {word} ")
        return [(f" {word} ".join(parts[:k]), f" {word} ".join(parts[k:])) for k in range(1, len(parts))]

    def two(text: str, first: str, second: str):
        """[A, B] of 'first A second B', or of 'S [V] first P second Q' (one subject, said once)."""
        pairs = []
        if not first or text.startswith(first + " "):
            pairs += splits(text.removeprefix(f"{first} ") if first else text, second)
        for subject in subjects:
            if not text.startswith(subject + " "):
                continue
            rest = text[len(subject) + 1:]
            verb, _, after = rest.partition(" ")
            for head, tail in ((subject, rest), (f"{subject} {verb}", after)):
                if first and not tail.startswith(first + " "):
                    continue
                pairs += [(f"{head} {a}", f"{head} {b}") for a, b in splits(tail.removeprefix(f"{first} ") if first else tail, second)]
        for a, b in pairs:
            if a in phrases and b in phrases:
                return [phrases[a], phrases[b]]
        return None
    listed = _read_list(case, words, phrases)
    if listed is not None:
        return listed
    if words.endswith(", perhaps both"):   # an or true on both sides (claims.in_words): 'A or B, perhaps both'
        pair = two(words.removesuffix(", perhaps both"), "", "or")
        return ir.Or(tuple(pair)) if pair else None
    if words.startswith("it is not true that "):
        pair = two(words.removeprefix("it is not true that "), "both", "and")
        return ir.Not(ir.And(tuple(pair))) if pair else None
    for first, second, make in (("neither", "nor", lambda a, b: ir.And((ir.Not(a), ir.Not(b)))),
                                ("either", "or", lambda a, b: ir.Or((a, b))), ("", "and", lambda a, b: ir.And((a, b)))):
        pair = two(words, first, second)
        if pair:
            return make(*pair)
    return None


def _read_list(case, words: str, phrases: dict):
    """'the culprit is not Miss Scarlet or Mr. Rust', 'the crime happened in the Library, the
    Greenhouse or the Orchard': each name of the list put in the list's place is one clause
    (an 'or' of them; of denials, an 'and'), or None."""
    from casetool.language import ir
    for cid in case.setting.answer:
        names = [re.sub(r"^(The|A|An) ", "", case.setting.item_name(i)) for i in case.setting.categories[cid].ids]
        found = sorted((words.index(n), n) for n in names if re.search(rf"\b{re.escape(n)}\b", words))
        if len(found) < 2:
            continue
        start, end = found[0][0], found[-1][0] + len(found[-1][1])
        between = words[start:end]
        for _, n in found:
            between = between.replace(n, "")
        if re.sub(r"\b(the|a|an|or|in|on|at)\b|,", "", between).strip():
            continue
        # each item with its own preposition ('in the Greenhouse or on the Jetty'): the clause
        # of the same subject that ends with the item, whatever small words come before it
        subject = re.sub(r"(\s+\b(the|a|an|in|on|at)\b)+\s*$", "", words[:start].rstrip())
        parts = [phrases.get(words[:start] + n + words[end:]) or next(
            (m for t, m in phrases.items() if t.startswith(subject + " ") and t.endswith(n) and not words[end:]
             and not re.sub(r"\b(the|a|an|in|on|at)\b", "", t[len(subject):-len(n)]).strip()), None)
            for _, n in found]
        if None in parts:
            continue
        negative = all(isinstance(p, ir.Compare) and p.op == ir.CompareOp.NE for p in parts)
        return ir.And(tuple(parts)) if negative else ir.Or(tuple(parts))
    return None


def _phrase_meanings(case) -> dict:
    """Clause -> meaning, for every clause a clue is written with (the generator's phrases,
    read back by english.reading) and every 'X is (not) the culprit' of an item."""
    from casetool.english.claims import is_clause, not_clause, phrase_reader
    from casetool.english.phrases import voiced
    from casetool.language import ir
    out = {text: expr for expr, text in phrase_reader(case.setting).phrases.items()}
    for cid in case.setting.answer:
        for item in case.setting.categories[cid].ids:
            ref, const = ir.AnswerRef(cid), ir.ItemConst(cid, item)
            out[is_clause(case, cid, item)] = ir.Compare(ir.CompareOp.EQ, ref, const)
            out[not_clause(case, voiced(case.setting), cid, [item])] = ir.Compare(ir.CompareOp.NE, ref, const)
    return out


def _assert_supposed_words(case, step, sentence: str, supposed: list[str], where) -> None:
    """Under 'Suppose X were the culprit', X would lie: X's own words are never said to hold
    as spoken (one supposed culprit: they are turned round, 'the opposite of ...'), and only
    speakers who are not supposed are said to be telling the truth."""
    chars = case.setting.characters
    then = re.split(r"\. (?:So|Suppose instead|The same words) ", sentence.split(f" were {role(case)}: then ", 1)[-1])[0]
    for ch in chars.values():
        if ch.item in supposed:
            own = [c for c in step.clues if next(x for x in case.clues if x.id == c).speaker == ch.id]
            for cid in own:
                ref = whose(case, cid)
                # turned round in words; the supposed culprit just named may be 'his', 'her', 'their'
                own = f"(?:{re.escape(ref)}|(?:\\bhis|\\bher|the [A-Z][a-z]+'s) {re.escape(ref.split(chr(39) + 's ', 1)[-1])})"
                lie = re.search(rf"{own} would be a lie, meaning that (.+?), (?:which (?:does not fit|cannot be)|but (.+)$)", then)
                if (lie is None or lie.group(2)) and re.search(rf"{own} would be a lie, ", then):
                    continue   # a refutation read clue by clue, and its tail (chain_truth.py)
                if len(supposed) == 1 and lie:
                    words = lie.group(1)
                    meaning = read_back(case, words)
                    assert meaning is not None, (where, "no clue phrase says", words, sentence)
                    assert _is_opposite(case, next(x for x in case.clues if x.id == cid), meaning), \
                        (where, "not the opposite of the supposed liar's words", sentence)
                    if lie.group(2):
                        _assert_clash(case, ch, meaning, lie.group(2).rstrip("."), where, sentence)
                elif len(supposed) == 1 and re.search(own, then):   # (words not read at all are not reported)
                    assert f"the opposite of {ref}" in then, (where, "a supposed liar's words as true", sentence)
                else:
                    assert ref not in then or f"{role(case)}'s words would be false" in then, (where, sentence)
    true = re.match(r"^(.+?) would be true, meaning that (.+?), but (.+)$", then)
    from chain_truth import EVENT
    if true and not EVENT.match(then.rstrip(".")):   # else read as a refutation, tail and all (chain_truth.py)   # another's words, true under the supposition, against the supposed culprit's looks
        from casetool.language import ir
        (cid,) = [c for c in step.clues if whose(case, c) == true.group(1)]
        clue = next(x for x in case.clues if x.id == cid)
        assert chars[clue.speaker].item not in supposed, (where, "a supposed liar's words as true", sentence)
        meaning = read_back(case, true.group(2))
        assert meaning is not None and _is_opposite(case, clue, ir.Not(meaning)), (where, "not the clue's words", sentence)
        (ch,) = [c for c in chars.values() if c.item in supposed]
        _assert_clash(case, ch, meaning, true.group(3).rstrip("."), where, sentence)
    told = re.search(r"^(.+?) would be telling the truth", then)
    if told:
        for ch in chars.values():
            if re.search(rf"\b{re.escape(ch.name)}\b", told.group(1)):
                assert ch.item not in supposed, (where, ch.name, "supposed culprit said to tell the truth", sentence)


def _assert_clash(case, ch, meaning, clash: str, where, sentence: str) -> None:
    """'..., but Professor Ochre has gray eyes': the clause names the supposed culprit, says of
    them what the clues' phrases say of a culprit (read back with the culprit for the name),
    true of that suspect in every answer that has them as culprit, and with it the turned
    words hold in no answer of the setting (by the brute force's evaluator)."""
    assert clash.startswith(ch.name + " "), (where, "the clash names someone else", sentence)
    facts = read_back(case, f"{role(case)} {clash.removeprefix(ch.name + ' ')}")
    assert facts is not None, (where, "no clue phrase says", clash, sentence)
    cats, culprit = case.setting.answer, case.setting.culprit
    for answer in itertools.product(*(case.setting.categories[c].ids for c in cats)):
        named = dict(zip(cats, answer, strict=True))
        ev = Evaluator(case, World(named, frozenset()))
        if named[culprit] == ch.item:
            assert ev.cond(facts), (where, "not true of the supposed culprit", clash, sentence)
        if ev.cond(facts):
            assert not ev.cond(meaning), (where, "the named trait does not clash with the words", sentence)


def _assert_attributed(case, step, sentence: str, where) -> None:
    """Every "NAME's statement" or "NAME's message" is a clue of the step that NAME spoke (a
    quote is never given to a speaker who did not say it)."""
    for ch in case.setting.characters.values():
        for m in re.finditer(rf"\b{re.escape(ch.name)}'s (statement|message)\b", sentence):
            assert any(next(x for x in case.clues if x.id == c).speaker == ch.id for c in step.clues), \
                (where, m.group(0), sentence)


def _bare(words: str) -> str:
    """Words without their verb of being: "the weapon was the Rope" and "the weapon must be
    the Rope" both read "the weapon the rope"."""
    return " ".join(re.sub(r"\b(must be|must have been|is|was)\b", "", words.lower()).split())


def _wheel(case, clue_id: str):
    return next(c for c in case.clues if c.id == clue_id).wheel


def _assert_quotes(case, step, sentence: str, where, quoted: frozenset = frozenset()) -> None:
    """Each quote is a clue of the step, said as a fact or a note by who gave it (a bare quote
    after a statement reads as the speaker's), and no quote is repeated as its own result; a
    quote cut short (…) is one an earlier step quoted whole (`quoted`), or this sentence did before."""
    texts = {quote(c.text)[1:-1]: c for c in case.clues if c.id in step.clues}   # as names.quote makes them
    for m in QUOTE.finditer(sentence):
        words = m.group(2)
        clue = texts.get(words) if not words.endswith("\u2026") else \
            next((c for t, c in texts.items() if t.startswith(words[:-1])
                  and (c.id in quoted or quote(c.text) in sentence[:m.start()])), None)
        assert clue is not None, (where, m.group(2))
        ch = case.setting.characters.get(clue.speaker) if clue.speaker else None
        assert m.group(1).lower() == ("the note" if ch is not None and ch.role == "inspector" else "the fact"), (where, sentence)
        said = reported(sentence)
        if said is not None:
            assert _bare(m.group(2)) not in _bare(said), (where, "says its clue twice", sentence)
    for m in re.finditer(r"\b([A-Z][a-z.]+ [A-Z][a-z]+) \(wheel (\d+)\)", sentence):
        assert any(c.wheel == int(m.group(2)) and case.setting.person_name(c.speaker or "") == m.group(1)
                   for c in case.clues if c.id in step.clues), (where, m.group(0))
