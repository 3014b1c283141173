"""The page's 'one of two must be telling the truth' (english/one_liar.py), checked by the brute
force of tests/solver, never the page's code: 'A says that W, and B that V; only one witness
lies, so one of them must be telling the truth. Neither would be true of X, who L, nor of Y,
who M, so ...'. The rule lets no more than one witness lie; W and V are A's and B's clues in
the clues' own phrases; each L is X's own looks, and with X as the culprit both clues are false
in every answer."""

from __future__ import annotations

import itertools
import re
import sys
from pathlib import Path

from casetool.english.names import person
from casetool.english.sentences import role
from chain_truth import _singular, read_back
from page_truth import _is_opposite

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from bruteforce import Evaluator, World  # noqa: E402

RULE = r"(?:only one|no more than one) witness lies, so one of them must be telling the truth"


def assert_one_true(case, step, sentence: str, where) -> int:
    """Check the argument if the sentence makes it; how many it checked (0 or 1)."""
    # the page names the two speakers in the step's order, not the case's ('Reverend Green says
    # that ..., and Mrs. White that ...' where Mrs. White's clue comes first in the case)
    clues = [c for cid in step.clues for c in case.clues if c.id == cid]
    if len(clues) != 2 or any(c.speaker is None for c in clues):
        return 0
    a, b = (re.escape(person(case, c.speaker)) for c in clues)
    m = re.search(rf"\b{a} says that (?P<wa>.+?), and {b} that (?P<wb>.+?); {RULE}\. Neither would be true of "
                  r"(?P<cleared>.+?), so ", sentence)
    if not m:
        assert not re.search(RULE, sentence), (where, "an argument from one truthful witness that does not parse", sentence)
        return 0
    assert case.effective_liar_rule.kind in ("exactly_one", "inspector"), (where, "a rule that lets two lie", sentence)
    for clue, words in zip(clues, (m.group("wa"), m.group("wb")), strict=True):
        said = _read(case, words)
        assert said is not None and _is_opposite(case, clue, _not(said)), (where, "not the speaker's words", words, sentence)
    names = {i.name: i.id for i in case.setting.categories[case.setting.culprit].items}
    for part in m.group("cleared").split(", nor of "):
        name, _, looks = part.partition(", who ")   # no looks: the statements' names undo both
        meaning = _read(case, f"{role(case)} {looks}") if looks else None
        assert name in names and (meaning is not None or not looks), (where, "looks no clue phrase says", part, sentence)
        for named in _answers(case, names[name]):
            ev = Evaluator(case, World(named, frozenset()))
            assert meaning is None or ev.cond(meaning), (where, "looks not theirs", part, sentence)
            assert not any(ev.cond(c.expr) for c in clues), (where, "a statement true of them", part, sentence)
    return 1


def _read(case, words: str):
    """The words read back, a second 'they' (or 'she', 'he') said of the culprit ('if the murderer
    has fair hair, they do not usually keep to the Hall'; 'if the culprit is a woman, she has red hair')."""
    the = role(case)
    words = re.sub(r", they ((?:usually |often |always |never )?\w+)", lambda w: f", {the} {_singular(w.group(1))}", words)
    words = re.sub(r"^(if [^,]+), (?:she|he) ", rf"\1, {the} ", words)
    return read_back(case, words)


def _not(expr):
    from casetool.language import ir
    return ir.Not(expr)


def _answers(case, item: str):
    cats = case.setting.answer
    for combo in itertools.product(*(case.setting.categories[c].ids for c in cats)):
        named = dict(zip(cats, combo, strict=True))
        if named[case.setting.culprit] == item:
            yield named


VERDICT = re.compile(r"(?P<who>[A-Z][^.]*?)'s statement is (?P<neg>not )?true of (?P<whom>.+?), so it was "
                     r"(?P<verdict>the truth|a lie)\.")


def assert_verdicts(case, truth, read: frozenset, sentence: str, where) -> int:
    """'Basil Crane's statement is true of everyone else, so it was the truth': the speaker's
    clue is true (false) with each suspect named as the culprit, in every answer; the suspects
    named are every one the clues read so far leave, but the speaker; and the brute force agrees
    that the speaker told the truth (lied). How many it checked."""
    names = {i.name: i.id for i in case.setting.categories[case.setting.culprit].items}
    checked = 0
    for m in VERDICT.finditer(sentence):
        clue = next(c for c in case.clues if c.speaker and person(case, c.speaker) == m.group("who"))
        speaker = case.setting.characters[clue.speaker]
        whom = [i for i in names.values() if i != speaker.item] if m.group("whom") == "everyone else" \
            else [names[n] for n in re.split(r", | and ", m.group("whom"))]
        true = m.group("verdict") == "the truth"
        assert (m.group("neg") is None) == true, (where, "a verdict against its reason", sentence)
        for item in whom:
            for named in _answers(case, item):
                assert Evaluator(case, World(named, frozenset())).cond(clue.expr) == true, (where, item, sentence)
        k = truth.cats.index(case.setting.culprit)
        assert {a[k] for a in truth.answers(read)} <= set(whom) | {speaker.item}, (where, "a suspect left unnamed", sentence)
        assert (truth.truthful if true else truth.lies)(speaker.id), (where, "the brute force disagrees", sentence)
        checked += 1
    return checked


NOT_BOTH = re.compile(r"(?:Nor can both statements be true|(?P<a>[A-Z][^.;]*?)'s and (?P<b>[A-Z][^.;]*?)'s statements cannot "
                      r"both be true), so one of those two lies, and (?P<rest>.+?) told the truth(?: as well)?\.")


def assert_not_both(case, truth, step, read: frozenset, sentence: str, where) -> int:
    """'Nor can both statements be true, so one of those two lies, and C and D told the truth.'
    (or 'A's and B's statements cannot both be true, ...'): the two statements (the step's two,
    or A's and B's) hold together in no answer the clues read so far leave, and the brute force
    has everyone named after 'and' truthful. How many it checked."""
    checked = 0
    for m in NOT_BOTH.finditer(sentence):
        clues = [c for c in case.clues if c.id in step.clues]
        if m.group("a"):
            clues = [c for c in clues if c.speaker and person(case, c.speaker) in (m.group("a"), m.group("b"))]
        assert len(clues) == 2, (where, "'both statements' of a step that reads more or fewer", sentence)
        for answer in truth.answers(read):
            ev = Evaluator(case, World(dict(zip(truth.cats, answer, strict=True)), frozenset()))
            assert not all(ev.cond(c.expr) for c in clues), (where, "both statements can be true", sentence)
        for ch in case.setting.characters.values():
            if re.search(rf"\b{re.escape(ch.name)}\b", m.group("rest")):
                assert truth.truthful(ch.id), (where, ch.name, "not truthful", sentence)
        checked += 1
    return checked
