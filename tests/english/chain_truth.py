"""A supposition read through a step's clues (english/chain.py, suppose.py), checked sentence by
sentence by the brute force's evaluator (tests/solver/bruteforce.py), never the page's code:
'Suppose S: then A would be true, meaning that W, so C; and B ..., but T.'

Over every answer of the setting that S allows and the step's earlier facts keep: each 'W' is
the clue (or, for 'a lie', its opposite) by the clues' phrases read back; each clue read is
true or false in those answers as the sentence says (under the culprit rule a suspect's words
hold exactly when they did not do it); each 'so C' holds in every answer left; 'so N would
(not) be the murderer' likewise; and once every clue the sentence reads is read, no answer is
left (the supposition is refuted by what the sentence says, not by more), and the tail 'but T'
holds in the answers before the last clue.

A chain that reads whereabouts ('the note “Nobody was in the Cellar at eight o'clock” would
mean that the crime did not happen in the Cellar') is checked by the brute force's world
search instead: the answers left after each event are those of the supposition and the earlier
facts for which some world (whereabouts, liars as the step's facts have them, the timeline rule)
satisfies every clue read so far; 'the note A and the note B would mean that ...' reads both."""

from __future__ import annotations

import itertools
import re
import sys
from pathlib import Path

from casetool.english.names import possessive, whose
from casetool.english.sentences import role
from page_truth import _is_opposite, _phrase_meanings
from page_truth import read_back as _read_one

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import Evaluator, Problem, World, liar_sets  # noqa: E402

EVENT = re.compile(r"^(?P<ref>.+?) (?:(?P<how>would be true|would be a lie|tells us that|would mean that|could not be true)"
                   r"(?: \(it says that (?P<says>.+?)\))?"
                   r"(?:,? (?:meaning that )?(?P<words>.+?))??(?:, so (?P<so>.+?))?(?:, (?:but|as) (?P<tail>.+?))?"
                   r"(?:, which leaves (?P<none>.+))?)$")
SUPPOSED = re.compile(r"(?:^|\. |: |, |\b(?:Now|Then) )[Ss]uppose(?: instead)? (.+?): then (.+?)(?=\. (?:Suppose|So|The same)|\.$)")
# by cases: 'Suppose S(: then P). If X were the murderer, E. If neither of them were the murderer, E. So ...'
BY_CASES = re.compile(r"(?:^|\. |: |, |\b(?:Now|Then) )[Ss]uppose(?: instead)? (?P<head>.+?)(?:: then (?P<pre>.+?))?\. (?P<cases>If .+?\.)(?= So |$)")
CASE = re.compile(r"^If (?P<who>.+?) were (?P<neg>not )?(?P<the>the \w+), (?P<events>.+)\.$")
SAME = re.compile(r"meaning that ([^.]+?), but [^.]+\. The same words clear (.+?), who ([^.]+)\.")


def assert_chains_true(case, step, sentence: str, where) -> int:
    """Check every supposition of `sentence` that reads clues one at a time; how many were read."""
    checked = 0
    sentence = rejoined(sentence)
    while split := BY_CASES.search(sentence):   # each told by cases, then taken out of the sentence
        checked += _assert_cases(case, step, split, where, sentence)
        sentence = sentence[:split.start()] + sentence[split.end():]
    for m in LIAR.finditer(sentence):   # 'Suppose X lied: then, as only one witness lies, ...'
        checked += _assert_liar_chain(case, step, m, where, sentence)
    sentence = LIAR.sub("", sentence)
    refuted: list = []   # a later supposition reads on from what the earlier ones were refuted to
    for m in SUPPOSED.finditer(sentence):
        head, body = m.group(1), m.group(2)
        events = [e for e in re.split(r"; (?:and )?", body) if e]
        if all(EVENT.match(_plain(e)) for e in events) and not re.search(r"\bnot fit\b|cannot be with", body):
            _assert_chain(case, step, head, events, where, sentence, earlier=list(refuted))
            checked += 1
        # else 'would not fit what we already know' (page_truth._assert_supposed_words)
        refuted.append(read_back(case, head))
    for m in SAME.finditer(sentence):   # 'The same words clear Duchess Cerulean, who has blue eyes.'
        _assert_same(case, m, where, sentence)
        checked += 1
    return checked


# a supposition on who lies (english/liar_suppose.py): what the rule of one liar makes of it, then the reading
LIAR = re.compile(r"(?:^|(?<=\. ))Suppose (?P<who>[A-Z][\w.]*(?: [A-Z][\w.]*)*) (?P<how>lied|told the truth): "
                  r"then(?:, as (?P<why>[^,]+?),)? (?P<body>.+?)\. So (?P=who) (?:told the truth|is lying)\.")
RULE_REASONS = {"only one witness lies": ("exactly_one", "inspector"),
                "one witness always lies and the others told the truth": ("exactly_one",)}


def _assert_liar_chain(case, step, m: re.Match, where, sentence: str) -> int:
    """'Suppose X lied: then, as only one witness lies, Y's statement would be true, meaning
    that W, but T. So X told the truth.': each statement read as the liar sets of the brute
    force (the rule, the step's findings on who lies, the supposition) all have it (true, a
    lie, or a fact from someone known truthful), the rule said when it settles one, and the
    reading refuted as _assert_chain checks it. 'nobody would be lying, as ...' and 'A and B
    would both be lying, but ...': no liar set has the supposition with those findings."""
    by_name = {ch.name: ch.id for ch in case.setting.characters.values()}
    who = by_name.get(m.group("who"))
    assert who, (where, "a supposition on someone not in the case", sentence)
    lied = m.group("how") == "lied"
    lying = {f.subject for f in step.facts if f.kind == "lies"}
    truthful = {f.subject for f in step.facts if f.kind == "truthful"}
    sets = {ls for a in itertools.islice(_all(case), 1) for ls in liar_sets(case, a)}
    fits = [ls for ls in sets if (who in ls) == lied and lying <= ls and not truthful & ls]
    body = m.group("body")
    if body.startswith(("nobody would be lying, as ", )) or " would both be lying, but " in body:
        assert not fits, (where, "the rule allows the supposition", sentence)
        return 1
    assert fits, (where, "the rule alone refutes the supposition, unsaid", sentence)
    if m.group("why"):
        assert case.effective_liar_rule.kind in RULE_REASONS.get(m.group("why"), ()), (where, "a rule the case has not", sentence)
    forced = {w: all(w not in ls for ls in fits) for w in by_name.values() if all(w not in ls for ls in fits) or all(w in ls for ls in fits)}
    events = [e for e in re.split(r"; (?:and )?", body) if e]
    left = LEFT.match(body)
    if left:   # one statement read by the looks of those left (liar_suppose._by_those_left)
        _assert_by_those_left(case, step, left, forced, where, sentence)
        return 1
    if not all(EVENT.match(_plain(e)) for e in events):
        return 0
    for event in events:   # each statement said true or a lie as every liar set of the supposition has it
        ref, how = EVENT.match(_plain(event)).group("ref", "how")
        clue = _clue_of(case, {c.id: c for c in case.clues if c.id in step.clues}, ref, {}, "")
        assert clue is not None, (where, "a clue the step does not read", event, sentence)
        if clue.speaker in case.who_can_lie():
            want = {"would be true": True, "would be a lie": False, "tells us that": True}.get(how)
            assert want is not None and forced.get(clue.speaker) is want, (where, "read as the rule does not have it", event, sentence)
            assert how != "tells us that" or clue.speaker in truthful, (where, "a supposed truth said as known", event, sentence)
    status = {w: t for w, t in forced.items()}
    _assert_chain(case, step, "", events, where, sentence, truthful_of=lambda clue: status.get(clue.speaker, True))
    return 1


# a statement that cannot hold with what the page found, its clash said (liar_suppose.cannot_hold)
CANNOT = re.compile(r"(?:^|\. )(?P<ref>[A-Z][^:.]*?) cannot be true: it says that (?P<rest>.+?), so (?P<who>[A-Z][\w.]*(?: [A-Z][\w.]*)*) is lying")


def assert_cannot_hold(case, step, sentence: str, where) -> int:
    """"X's statement about the weapon cannot be true: it says that W, but T, so X is lying":
    read as a supposition that the statement holds (its words, and the tail true before it
    is read), no answer of the step's earlier facts is left; and X is its speaker."""
    m = CANNOT.search(sentence)
    if not m:
        return 0
    event = f"{m.group('ref')} would be true, meaning that {m.group('rest')}"
    assert EVENT.match(_plain(event)), (where, "a clash that does not parse", sentence)
    clue = _clue_of(case, {c.id: c for c in case.clues if c.id in step.clues}, m.group("ref"), {}, "")
    assert clue is not None and case.setting.person_name(clue.speaker) == m.group("who"), (where, "not the speaker's", sentence)
    _assert_chain(case, step, "", [event], where, sentence, truthful_of=lambda c: True)
    return 1


# what a refuted supposition on the culprit finds besides who it clears (sentences._and_then)
CLEARED = re.compile(r"(?:^|\. )So (?P<ruled>[^.]+?)\. With that, (?P<body>.+?)(?:, so (?P<found>[^,;]+?))?\.$")
SETTLED = ((" is a lie, meaning that ", " would be a lie, meaning that "), (" is true, meaning that ", " would be true, meaning that "),
           (" means that ", " would mean that "), (" is true (", " would be true ("), (" is a lie (", " would be a lie ("))


def assert_cleared_true(case, step, sentence: str, where) -> int:
    """'So Vicar Vermilion is not the murderer, and Sergeant Olive must be the murderer. With that, her
    statement about the place is a lie, meaning that W, so C.': each statement read as the
    culprit rule has it over the answers of the step's earlier facts without the suspects the
    step clears, its words and its 'so' checked as a supposition's are (_assert_chain), and the
    last 'so' true in every answer left."""
    m = CLEARED.search(sentence)
    culprit = case.setting.culprit
    if not m or not culprit:
        return 0
    cleared = {f.value for f in step.derived if f.kind == "not" and f.subject == culprit}
    body = m.group("body")
    for now, would in SETTLED:
        body = body.replace(now, would)
    events = [e for e in re.split(r"; (?:and )?", body) if e]
    assert all(EVENT.match(_plain(e)) for e in events), (where, "a reading that does not parse", sentence)
    left = [i for i in case.setting.categories[culprit].ids if i not in cleared
            and not any(f.kind == "not" and f.subject == culprit and f.value == i for f in step.facts)]
    named = next((i.name for i in case.setting.categories[culprit].items if [i.id] == left), "")
    answers = _assert_chain(case, step, "", events, where, sentence, case_of=lambda a: a[culprit] not in cleared,
                            named=named, refuted=False)
    if m.group("found"):
        meaning = read_back(case, m.group("found"))
        assert meaning is not None and all(_ev(case, a, meaning) for a in answers), (where, "a finding that does not follow", sentence)
    return 1


LEFT = re.compile(r"^(?P<ref>[^;]+?) would be (?P<how>true|a lie), yet it (?:holds|does not hold) (?:of (?P<one>[^,]+), the \w+|"
                  r"whether the \w+ is (?P<any>.+)|of (?:neither (?P<a>.+?) nor (?P<b>.+?)|none of (?P<all>.+?)), the only ones left)$")


def _assert_by_those_left(case, step, m: re.Match, forced: dict, where, sentence: str) -> None:
    """'Y's statement would be a lie, yet it holds of Dev Marlow, the murderer' ('whether the
    murderer is A or B', 'would be true, yet it does not hold of neither A nor B, the only ones
    left'): the statement is read as the liar sets of the supposition have it, the names are
    every culprit the step's earlier facts leave, and with each of them the statement is the
    opposite of what the supposition needs, in every answer."""
    clue = _clue_of(case, {c.id: c for c in case.clues if c.id in step.clues}, m.group("ref"), {}, "")
    assert clue is not None, (where, "a clue the step does not read", sentence)
    lie = m.group("how") == "a lie"
    assert forced.get(clue.speaker) is (not lie), (where, "read as the rule does not have it", sentence)
    named = m.group("one") or m.group("any") or m.group("all") or f"{m.group('a')} and {m.group('b')}"
    names = {i.name: i.id for i in case.setting.categories[case.setting.culprit].items}
    said = {names[n] for n in re.split(r", | and | or ", named)}
    facts = [f for f in step.facts if f.kind == "not"]
    answers = [a for a in _all(case) if all(a[f.subject] != f.value for f in facts)]
    assert {a[case.setting.culprit] for a in answers} == said, (where, "not the culprits left", sentence)
    assert all(_ev(case, a, clue.expr) is lie for a in answers), (where, "the statement does not clash", sentence)


# a long supposition said sentence by sentence: 'Suppose S. Then A. B. But T.' (chain.supposed_told;
# 'If so,' or 'In that case,' for 'Then')
ABBREVIATED = r"(?<!\bMr)(?<!\bMrs)(?<!\bDr)(?<!\bMs)(?<!\bSt)"
TOLD_APART = re.compile(r"(?P<lead>\b[Ss]uppose(?: instead)? )(?P<head>(?:\b(?:Mrs?|Dr|Ms|St)\. |(?!\. )[^;])+?)" + ABBREVIATED + r"\. (?:Then|If so,|In that case,) "
                        r"(?P<body>.+?)(?=" + ABBREVIATED + r"\. (?:Suppose|So|The same)\b|\.$)")

def rejoined(sentence: str) -> str:
    """A supposition told sentence by sentence, joined back into the one sentence the checks
    read ('Suppose S: then A; and B, but T.'): each sentence after 'Then' is one clue read,
    the last 'But ...' the clash of the clue before it."""
    def join(m: re.Match) -> str:
        quotes: list[str] = []   # a quote's own stops ('“Scratched on the sundial. Only one ...”') split nothing

        def keep(q: re.Match) -> str:
            quotes.append(q.group(0))
            return f"\0{len(quotes) - 1}\0"
        body = re.sub("\u201c[^\u201d]*\u201d", keep, m.group("body"))
        parts = [re.sub("\0(\\d+)\0", lambda k: quotes[int(k.group(1))], p)
                 for p in re.split(ABBREVIATED + r"\. (?=[A-Z\u201c])", body)]
        parts = [p[:1].lower() + p[1:] if re.match(r"^(?:The|Her|His|Their|Its) ", p) else p for p in parts]
        tail = ""
        if len(parts) > 1 and parts[-1].startswith("But "):
            tail = ", but " + parts.pop()[4:]
        events = parts[0] if len(parts) == 1 else "; ".join(parts[:-1]) + "; and " + parts[-1]
        return f"{m.group('lead')}{m.group('head')}: then {events}{tail}"
    return TOLD_APART.sub(join, sentence)


def _assert_same(case, m, where, sentence: str) -> None:
    """The words just read, against another suspect's looks: the looks are theirs, and with
    them as the culprit the words cannot hold."""
    culprit, the = case.setting.culprit, role(case)
    item = next(i.id for i in case.setting.categories[culprit].items if i.name == m.group(2))
    words, looks = read_back(case, m.group(1)), read_back(case, f"{the} {m.group(3)}")
    assert words is not None and looks is not None, (where, "words no clue phrase says", sentence)
    for a in _all(case):
        if a[culprit] == item:
            assert _ev(case, a, looks) and not _ev(case, a, words), (where, "the same words do not clear them", sentence)


def _assert_cases(case, step, split, where, sentence: str) -> int:
    """A supposition told by cases of who did it: each case (a suspect named as the culprit, or
    none of those named) read through the words before the split and its own to a clash, and
    the cases together leave no culprit out."""
    culprit, the = case.setting.culprit, role(case)
    names = {i.name: i.id for i in case.setting.categories[culprit].items}
    pre = [e for e in re.split(r"; (?:and )?", split.group("pre") or "") if e]
    named: list[str] = []
    covered = set()
    for text in re.split(r"(?<=\.) (?=If )", split.group("cases")):
        m = CASE.match(text)
        assert m and m.group("the") == the, (where, "a case that does not read 'If X were the ...'", text, sentence)
        who = m.group("who")
        if who in ("neither of them", "none of them"):
            assert len(named) >= 2, (where, "'neither' before two named cases", sentence)
            left = set(names.values()) - {names[n] for n in named}
            case_of, named_now = (lambda a, left=left: a[culprit] in left), ""
        elif m.group("neg"):
            left = set(names.values()) - {names[who]}
            case_of, named_now = (lambda a, left=left: a[culprit] in left), who
        else:
            named.append(who)
            left = {names[who]}
            case_of, named_now = (lambda a, left=left: a[culprit] in left), who
        covered |= left
        events = pre + [e for e in re.split(r"; (?:and )?", m.group("events")) if e]
        assert all(EVENT.match(_plain(e)) for e in events), (where, "a case's reading that does not parse", text)
        _assert_chain(case, step, split.group("head"), events, where, sentence, case_of, named_now)
    assert covered == set(names.values()) or all(a[culprit] in covered for a in _supposed_answers(case, step, split.group("head"))), \
        (where, "the cases leave a culprit out", sentence)
    return 1


def _supposed_answers(case, step, head: str) -> list[dict]:
    meaning = read_back(case, head)
    facts = [f for f in step.facts if f.kind == "not"]
    return [a for a in _all(case) if _ev(case, a, meaning) and all(a[f.subject] != f.value for f in facts)]


def _plain(event: str) -> str:
    """The event without what only restates the clash with the supposed name ('..., not Duchess
    Cerulean', '... after all'): the reading then leaves no answer, which is checked."""
    return re.sub(r"(, not [A-Z][\w.]*(?: [A-Z][\w.]*)*| after all)$", "", event.rstrip("."))


def _assert_chain(case, step, head: str, events: list[str], where, sentence: str, case_of=None, named=None,
                  truthful_of=None, refuted: bool = True, earlier: list | None = None) -> list[dict]:
    """`case_of`: the answers of one case of a split by culprit; `named`: the suspect it names,
    whom 'her statement' means; `truthful_of`: a supposition on who lies (head ''), whether a
    clue's speaker tells the truth under it; `earlier`: what the sentence supposed before and
    refuted ('So Captain Brown is the murderer. Suppose the weapon was the Dagger: ...'), each
    false in every answer read."""
    setting = case.setting
    culprit = setting.culprit
    the = role(case)
    names = {i.name: i.id for i in setting.categories[culprit].items} if culprit else {}
    m = re.match(rf"^(.+?) were {re.escape(the)}$", head)
    if m:
        supposed = lambda a: a[culprit] == names[m.group(1)]   # noqa: E731
    elif truthful_of is not None or not refuted:
        supposed = lambda a: True   # noqa: E731
    else:
        meaning = read_back(case, head)
        assert meaning is not None, (where, "a supposition no clue phrase says", head)
        supposed = lambda a: _ev(case, a, meaning)   # noqa: E731
    facts = [f for f in step.facts if f.kind == "not"]
    answers = [a for a in _all(case) if supposed(a) and all(a[f.subject] != f.value for f in facts)
               and (case_of is None or case_of(a)) and not any(e is not None and _ev(case, a, e) for e in earlier or [])]
    assert answers, (where, "a supposition the earlier facts already rule out", sentence)
    clues = {c.id: c for c in case.clues if c.id in step.clues}
    worlds = _Worlds(case, step, answers) if any(_whereabouts(c.expr) for c in clues.values()) else None
    for k, event in enumerate(events):
        e = EVENT.match(_plain(event))
        read = _clues_of(case, clues, e.group("ref"), names, named if named is not None else m.group(1) if m else "")
        assert read, (where, "a clue the step does not read", event, sentence)
        assert len(read) == 1 or e.group("how") == "would mean that", \
            (where, "clues read together but not as notes", event, sentence)
        clue = read[-1]
        ch = setting.characters.get(clue.speaker) if clue.speaker else None
        suspect = ch.item if ch and culprit and case.effective_liar_rule.kind == "culprit" and ch.item and ch.may_lie else None
        how = e.group("how")
        lie = how == "would be a lie"
        so = e.group("so") or (e.group("words") if how == "would mean that" else None)
        words = e.group("words") or e.group("says")
        looks = re.search(rf", and ((?:{'|'.join(map(re.escape, names))}) .+)$", words or "") if names else None
        if looks:   # '..., and Sergeant Olive is tall, so ...': the supposed culprit's looks, true of them
            words = words[:looks.start()]
            _assert_tail(case, answers, looks.group(1), names, where, sentence)
        if words and how != "would mean that" and not re.match(rf"^.+? would (?:not )?be {re.escape(the)}", words):
            said = read_back(case, words)
            assert said is not None, (where, "words no clue phrase says", words, sentence)
            turned = lie and not e.group("says")   # '(it says that W)': the clue's own words
            ok = _is_opposite(case, clue, said) if turned else _is_opposite(case, clue, _not(said))
            assert ok, (where, "not the clue's words", event, sentence)
        before = answers
        if worlds is not None:   # by the world search: every clue read so far, the liars as the step has them
            answers = worlds.after(read)
        else:   # the clue read as the liar rule has it in each answer
            truth = truthful_of(clue) if truthful_of is not None else _truthful(case, step, clue)
            answers = [a for a in answers if _ev(case, a, clue.expr) == (a[culprit] != suspect if suspect and truthful_of is None else truth)]
        if how in ("would be true", "would be a lie") and suspect and not _whereabouts(clue.expr):
            assert all(_ev(case, a, clue.expr) != lie for a in answers), (where, "said true or false wrongly", event)
        tail = e.group("tail")
        if k == len(events) - 1 and refuted:
            assert not answers, (where, "the supposition is not refuted by what the sentence reads", sentence)
            if tail:
                _assert_tail(case, before, tail, names, where, sentence)
            if so:
                _assert_last_so(case, before, so, where, sentence)
            continue
        if so:
            _assert_so(case, answers, so, names, the, where, sentence)
    return answers


NOTHING_LEFT = re.compile(r"(?:^|,? and )(?:nobody could be the \w+|no [\w ]+ would be left)$")


def _without_nothing_left(so: str) -> str:
    return NOTHING_LEFT.sub("", so)


def _assert_last_so(case, before, so: str, where, sentence: str) -> None:
    """The 'so' of the clue that ends the reading: after it no answer is left (checked above), so
    any 'so' is vacuously true there; what it says must be what empties them: 'nobody could be
    the thief', or what the clue rules out of the answers before it ('the thief is not Mrs.
    Birch or Miss Dove, which leaves nobody'), never a claim some of those answers keep."""
    rest = _without_nothing_left(so)
    if not rest:
        return
    meaning = read_back(case, rest)
    assert meaning is not None, (where, "a last 'so' no clue phrase says", so, sentence)
    if rest != so:   # 'A and nobody could be ...': A holds in what was left, and nothing is
        return
    assert not any(_ev(case, a, meaning) for a in before), (where, "a last 'so' that does not empty the answers", so, sentence)


def _assert_so(case, answers, so: str, names: dict, the: str, where, sentence: str) -> None:
    culprit = case.setting.culprit
    m = re.match(rf"^(.+?) would (not )?be {re.escape(the)}(?:, and (.+?) would be)?$", so)
    if m:
        item = names[m.group(1)]
        assert all((a[culprit] != item) == bool(m.group(2)) for a in answers), (where, "a wrong 'so'", so, sentence)
        if m.group(3):
            assert all(a[culprit] == names[m.group(3)] for a in answers), (where, "a wrong 'so'", so, sentence)
        return
    meaning = read_back(case, so)
    assert meaning is not None, (where, "a 'so' no clue phrase says", so, sentence)
    assert all(_ev(case, a, meaning) for a in answers), (where, "a 'so' that does not follow", so, sentence)
    _assert_still_open(case, answers, meaning, so, where, sentence)


def _assert_still_open(case, answers, meaning, so: str, where, sentence: str) -> None:
    """'so the weapon was the Candlestick or the Lead Piping' when the page has ruled the Lead
    Piping out: each item a 'so' leaves open is one an answer still has."""
    from casetool.language import ir
    parts = meaning.args if isinstance(meaning, ir.Or) else (meaning,)
    for part in parts:
        if isinstance(part, ir.Compare) and part.op == ir.CompareOp.EQ and isinstance(part.left, ir.AnswerRef) \
                and isinstance(part.right, ir.ItemConst):
            cid, item = part.left.category, part.right.item
            assert any(a[cid] == item for a in answers), (where, "a 'so' that names what is ruled out", so, sentence)


def _assert_tail(case, answers, tail: str, names: dict, where, sentence: str) -> None:
    """'but T': true in every answer before the last clue (a suspect's name read as the culprit);
    a card's owners ('the suspect card, Captain Brown's or Mrs White's, has ...', 'the Spanner's
    card does not ...'): each answer's card is one of them, and the words hold of it."""
    the = role(case)
    tail = _cards_owned(case, answers, tail, where, sentence)
    alike = re.search(rf"(?:^|\band )(?P<who>(?:{'|'.join(map(re.escape, names))})(?:(?:, | and )(?:{'|'.join(map(re.escape, names))}))+) "
                      r"(?:both|all) (?P<pred>.+)$", tail) if names else None
    if alike:   # 'Duchess Cerulean and Professor Ochre both write with the left hand': each of them, by their looks
        looks = read_back(case, f"{the} {_singular(alike.group('pred'))}")
        assert looks is not None, (where, "looks no clue phrase says", alike.group(0), sentence)
        for name in re.split(r", | and ", alike.group("who")):
            assert all(_ev(case, a, looks) for a in _all(case) if a[case.setting.culprit] == names[name]), \
                (where, "looks that are not theirs", name, sentence)
        tail = tail[:alike.start()].removesuffix(" and ").strip()
        if not tail:
            return
    each = re.search(rf"(?:^|\band ){re.escape(the)} is (?P<list>.+, who .+)$", tail) if names else None
    if each:   # 'the murderer is Ada Vane, who stands five foot four, or Basil Crane, who has fair hair'
        said = re.findall(rf"({'|'.join(map(re.escape, names))}), who (.+?)(?=, (?:or )?(?:{'|'.join(map(re.escape, names))}), who |$)",
                          each.group("list"))
        assert len(said) >= 2, (where, "suspects left said apart", each.group(0), sentence)
        for name, pred in said:
            looks = read_back(case, f"{the} {pred}")
            assert looks is not None, (where, "looks no clue phrase says", pred, sentence)
            assert all(_ev(case, a, looks) for a in _all(case) if a[case.setting.culprit] == names[name]), \
                (where, "looks that are not theirs", name, sentence)
        assert all(a[case.setting.culprit] in {names[n] for n, _ in said} for a in answers), (where, "not the ones left", sentence)
        tail = tail[:each.start()].removesuffix(" and ").strip()
        if not tail:
            return
    for name in sorted(names, key=len, reverse=True):
        if f"{name}, {the}, " in tail:   # 'Dev Marlow, the murderer, has dark hair': the one culprit left
            assert all(a[case.setting.culprit] == names[name] for a in answers), (where, "not the murderer", name, sentence)
            tail = tail.replace(f"{name}, {the}, ", f"{name} ")
        tail = re.sub(rf"(^|\band ){re.escape(name)} (?!is {re.escape(the)}\b|is not {re.escape(the)}\b)", rf"\1{the} ", tail)
    follows = re.fullmatch(r"((the [\w ]+?) (?:happened|was|is) .+), and so ((?:happened|was|is) .+)", tail)
    if follows:   # 'the crime happened in the Library, and so happened on a wooden floor': the trait too
        then = read_back(case, f"{follows.group(2)} {follows.group(3)}")
        assert then is not None, (where, "a trait no clue phrase says", follows.group(3), sentence)
        assert all(_ev(case, a, then) for a in answers), (where, "a trait that is not so", follows.group(3), sentence)
        tail = follows.group(1)
    meaning = read_back(case, tail)
    assert meaning is not None, (where, "a tail no clue phrase says", tail, sentence)
    assert all(_ev(case, a, meaning) for a in answers), (where, "a tail that is not so", tail, sentence)


def _cards_owned(case, answers, tail: str, where, sentence: str) -> str:
    """The tail with each card's owners checked and taken out: 'the suspect card has ...'."""
    from casetool.english.names import name_item
    owner = {}
    for cid in case.setting.answer:
        for item in case.setting.categories[cid].ids:
            owner[f"{name_item(case, item)}'s"] = (cid, item)
    names = "|".join(sorted(map(re.escape, owner), key=len, reverse=True))
    for m in reversed(list(re.finditer(rf"(?P<card>the [\w ]+? card), (?P<who>(?:{names})(?:(?:, | or )(?:{names}))+), ", tail))):
        held = [owner[w] for w in re.split(r", | or ", m.group("who"))]
        cids = {c for c, _ in held}
        assert len(cids) == 1 and m.group("card") == f"the {cids.pop()} card", (where, "owners of another card", m.group(0), sentence)
        assert all(a[held[0][0]] in {i for _, i in held} for a in answers), (where, "a card left that is not named", m.group(0), sentence)
        tail = tail[:m.start()] + m.group("card") + " " + tail[m.end():]
    for m in reversed(list(re.finditer(rf"(?P<card>the [\w ]+? card), which is not (?P<who>(?:{names})(?:(?:, | or )(?:{names}))*), ", tail))):
        held = [owner[w] for w in re.split(r", | or ", m.group("who"))]
        cids = {c for c, _ in held}
        assert len(cids) == 1 and m.group("card") == f"the {cids.pop()} card", (where, "owners of another card", m.group(0), sentence)
        assert all(a[held[0][0]] not in {i for _, i in held} for a in answers), (where, "a card put aside that is left", m.group(0), sentence)
        tail = tail[:m.start()] + m.group("card") + " " + tail[m.end():]
    for m in reversed(list(re.finditer(rf"(?:^|(?<=and ))(?P<who>{names}) card ", tail))):
        cid, item = owner[m.group("who")]
        assert all(a[cid] == item for a in answers), (where, "a card that is not the only one left", m.group(0), sentence)
        tail = tail[:m.start()] + f"the {cid} card " + tail[m.end():]
    return tail.replace(", and the ", " and the ")


def _singular(pred: str) -> str:
    """'write with the left hand' -> 'writes with the left hand' (said of one person)."""
    adverb = re.match(r"(usually|often|always|never|also) ", pred)   # 'usually keep to the Hall'
    if adverb:
        return f"{adverb.group(1)} {_singular(pred[adverb.end():])}"
    verb, _, rest = pred.partition(" ")
    verb = {"are": "is", "have": "has", "do": "does", "were": "was"}.get(verb) or (
        verb[:-1] + "ies" if verb.endswith("y") and verb[-2:-1] not in "aeiou" else
        verb + "es" if verb.endswith(("s", "sh", "ch", "x")) else verb + "s")
    return f"{verb} {rest}".strip()


class _Worlds:
    """The answers of a supposition (`base`) that some world of the brute force allows, with the
    clues read so far, the timeline rule and the liars as the step's facts have them."""

    def __init__(self, case, step, base: list[dict]):
        from casetool.explain.steps import Fact
        self.case, self.base, self.read = case, base, set()
        chars = case.setting.characters
        self.lying = {c for c in chars if Fact("lies", c) in step.facts}
        self.truthful = {c for c in chars if Fact("truthful", c) in step.facts}

    def after(self, clues: list) -> list[dict]:
        self.read |= {c.id for c in clues}
        problem = Problem(self.case, sorted(self.read))
        return [a for a in self.base if any(problem.world_for(a, liars=ls) is not None for ls in liar_sets(self.case, a)
                                            if self.lying <= ls and not (self.truthful & ls))]


def _whereabouts(expr) -> bool:
    from casetool.language import ir
    return any(isinstance(n, (ir.At, ir.Together)) for n in ir.walk(expr))


def _clues_of(case, clues: dict, ref: str, names: dict, supposed: str) -> list:
    """The clues an event's `ref` names: one, or several joined ('the note A and the note B',
    'the note A, the note B and the note C'); [] when it names none of the step's."""
    one = _clue_of(case, clues, ref, names, supposed)
    if one is not None:
        return [one]
    for m in re.finditer(r", | and ", ref):
        if ref[:m.start()].count("\u201c") != ref[:m.start()].count("\u201d"):   # inside a quote
            continue
        first = _clue_of(case, clues, ref[:m.start()], names, supposed)
        rest = _clues_of(case, clues, ref[m.end():], names, supposed) if first is not None else []
        if rest:
            return [first, *rest]
    return []


def _clue_of(case, clues: dict, ref: str, names: dict, supposed: str):
    for cid, clue in clues.items():
        said = whose(case, cid)
        if ref == said or said.startswith(ref.removesuffix("\u2026\u201d")):
            return clue
        # 'her statement', or 'the Sergeant's' where another 'she' was named since (names.referent)
        own, again = said.split(chr(39) + "s ", 1)[-1], " ".join(names)
        if supposed and said.startswith(f"{supposed}'s ") and ref in (
                f"{possessive(case.setting, names[supposed])} {own}", f"{possessive(case.setting, names[supposed], again)} {own}"):
            return clue
    return None


def _truthful(case, step, clue) -> bool:
    from casetool.explain.steps import Fact
    return not (clue.speaker and Fact("lies", clue.speaker) in step.facts)


def _not(expr):
    from casetool.language import ir
    return ir.Not(expr)


def _all(case):
    cats = case.setting.answer
    for combo in itertools.product(*(case.setting.categories[c].ids for c in cats)):
        yield dict(zip(cats, combo, strict=True))


def _ev(case, answer: dict, expr) -> bool:
    got = Evaluator(case, World(answer, frozenset())).cond(expr)
    assert got is not None, ("a clue the answer alone does not decide", expr)
    return got


def read_back(case, text: str):
    """page_truth.read_back, and what a chain says beside it: two clauses joined by 'and' (the
    second may share the first's subject and verb: 'the crime happened in the Rose Garden and at
    night'), and an 'or' list of one phrase's items ('the crime happened at night or midnight',
    the list's preposition said once); None when it does not read."""
    from casetool.language import ir
    got = _read_one(case, text)
    if got is not None:
        return got
    listed = _or_list(case, text)
    if listed is not None:
        return listed
    if text.startswith("if "):   # 'if P, R'
        for k in [m.start() for m in re.finditer(", ", text)]:
            said = text[k + 2:]   # 'if the murderer is tall, they do not write ...': 'they' is the culprit
            said = f"{role(case)} {_singular(said[5:])}" if said.startswith("they ") else said
            premise, result = read_back(case, text[3:k]), read_back(case, said)
            if premise is not None and result is not None:
                return ir.Implies(premise, result)
    for m in re.finditer(r", (?=the )", text):   # 'A, B and C': a clause of its own after each comma before 'the ...'
        first = read_back(case, text[:m.start()])
        rest = read_back(case, text[m.end():]) if first is not None else None
        if rest is not None:
            return ir.And((first, rest))
    words = text.split(" ")
    for k in range(1, len(words)):
        if words[k] != "and":
            continue
        left, right = " ".join(words[:k]), " ".join(words[k + 1:])
        first = read_back(case, left)
        if first is None:
            continue
        second = read_back(case, right)
        for n in (2, 3, 4):   # the subject (and verb) said once
            if second is None and len(words) > n:
                second = read_back(case, " ".join(words[:n]) + " " + right)
        if second is not None:
            return ir.And((first, second))
    return None


def _or_list(case, text: str):
    from casetool.language import ir
    phrases = _phrase_meanings(case)
    m = re.match(r"^(.*?) ((?:at|in|on) )?(\S.*)$", text)
    for k in range(len(text.split(" ")) - 1, 1, -1):
        head, rest = " ".join(text.split(" ")[:k]), " ".join(text.split(" ")[k:])
        items = re.split(r", (?:nor |or )?| or | nor ", rest)
        if len(items) < 2:
            continue
        parts = []
        for item in items:
            found = phrases.get(f"{head} {item}")
            if found is None and m:
                prep = head.split(" ")[-1]
                found = phrases.get(f"{head} {item}") or next(
                    (phrases[f"{head.rsplit(' ', 1)[0]} {p} {item}"] for p in ("at", "in", "on")
                     if prep in ("at", "in", "on") and f"{head.rsplit(' ', 1)[0]} {p} {item}" in phrases), None)
            if found is None:
                break
            parts.append(found)
        else:
            negative = all(isinstance(p, ir.Compare) and p.op == ir.CompareOp.NE for p in parts)
            return ir.And(tuple(parts)) if negative else ir.Or(tuple(parts))
    return None
