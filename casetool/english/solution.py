"""Solution pages in prose, built on the step-wise explanation (explain/steps.py).

Each step becomes one or two sentences a player accepts (sentences.py, cards.py): what to
look at, named as the player sees it, and what it rules out. Steps keep the explainer's
order (cheapest reasoning first, which is the order a person finds them); every three
steps make a paragraph, after the story's ending.

Every sentence is a consequence of the clues it names plus the earlier steps it builds
on (tests/english/test_solution.py checks each against the brute force in
tests/solver/bruteforce.py).
"""

from __future__ import annotations

import re

from ..explain.steps import Explanation, Fact
from ..load.model import Case
from .cards import Hands, card_step_sentences
from .ending import in_brief, story_ending
from .names import join, person, pronoun, quoted_before
from .phrases import cap
from .sentences import GIVEN, Flow, role, step_sentence


def solution_prose(explanation: Explanation) -> str:
    """The solution page, in the setting's words (its `templates:`, over phrases.py's): the
    ending, then the steps three to a paragraph. The page opens on the answer, so it does not
    close on it again ('Only one answer remains: ...' is `casetool explain`'s last line, which
    opens on none)."""
    told = _told(explanation)
    sentences = joined_givens([text for text, _ in told])
    paragraphs = [" ".join(p) for p in paragraphed(sentences, {text for text, goes_on in told if goes_on})]
    if explanation.complete and explanation.answer:
        paragraphs.insert(0, ending(explanation))
    return "\n\n".join(paragraphs)


PARAGRAPH = 3   # sentences a paragraph has, unless a run under one reason goes on
LONGEST = 7     # ... and at most, run or not (a run's head third, and RUN more: sentences.RUN)


def paragraphed(sentences: list[str], going_on: set[str]) -> list[list[str]]:
    """The sentences three to a paragraph, but a sentence that reads on under the reason the
    one before gave (`going_on`: 'Since the crime happened at midnight, the note A tells us
    ... The note B tells us ...') stays in its paragraph: a paragraph that opened on it would
    leave the reader without the reason."""
    out: list[list[str]] = []
    for sentence in sentences:
        if out and (len(out[-1]) < PARAGRAPH or sentence in going_on and len(out[-1]) < LONGEST):
            out[-1].append(sentence)
        else:
            out.append([sentence])
    return out


GIVEN_WORDS = 40   # two given facts joined make one sentence no longer than this
ONE_SENTENCE = re.compile(r"^[^.]*(?:(?<=\bMr|\bMs|\bDr|\bSt)\.[^.]*|(?<=\bMrs)\.[^.]*)*\.$")


def joined_givens(sentences: list[str]) -> list[str]:
    """Two given facts running on the page make one sentence ('We are told that the stolen
    object was the Gold Pen, and that the crime happened neither in the Conservatory nor in
    the Kitchen.') when it stays short, a run of four making two; `casetool explain` keeps
    a step a line."""
    out: list[str] = []
    for sentence in sentences:
        also = sentence.removeprefix(GIVEN[1])
        last = out[-1] if out else ""
        if also != sentence and last.startswith(GIVEN) and ", and that " not in last \
                and ONE_SENTENCE.match(last) and ONE_SENTENCE.match(sentence) \
                and len(f"{last} {also}".split()) <= GIVEN_WORDS:
            out[-1] = f"{last[:-1]}, and that {also}"
        else:
            out.append(sentence)
    return out


def page_sentences(explanation: Explanation) -> list[str]:
    """Each step's sentence as the page says it, in order (`casetool explain` prints the same)."""
    return [text for text, _ in _told(explanation)]


def _told(explanation: Explanation) -> list[tuple[str, bool]]:
    """Each step's sentence, and whether it reads on under the reason the one before gave."""
    case = explanation.case
    known: set[Fact] = set()
    sentences: list[tuple[str, bool]] = []
    hands = Hands(case) if case.players else None
    said: set[str | tuple[str, str]] = set()   # clue ids spelled out, and ("full", player) for a full hand said
    quoted: frozenset[str] = frozenset()   # a note quoted once is pointed back to after (names.quoted_before)
    flow = Flow()   # what the last step said, for the next to lean on
    for step in explanation.steps:
        with quoted_before(quoted):
            carded = card_step_sentences(case, step, known, hands, said)
            text = carded or step_sentence(case, step, known, flow)
        quoted |= set(step.clues)
        known |= set(step.derived)
        sentences.append((cap(text), not carded and flow.goes_on))
    return sentences


STOPPED = "The steps stop here: the clues do not single out one answer."


def closing(explanation: Explanation) -> str:
    """The line after the steps wherever they are shown (the page, `casetool explain`, serve):
    what remains, or that the steps stop short."""
    return remains(explanation) if explanation.complete and explanation.answer else STOPPED


def remains(explanation: Explanation) -> str:
    """'Only one answer remains: Miss Scarlet, in the Library, at midnight, with the Gold Pen as
    the stolen object.' The answer in brief, never the field list ('the suspect is ...') nor
    the ending's first sentence again."""
    return f"Only one answer remains: {in_brief(explanation.case, explanation.answer)}."


def ending(explanation: Explanation) -> str:
    """The story's ending, before the reasoning: who did it, how and why, in the past tense
    and the crime's voice (ending.py), and who lied. 'It was Sergeant Olive, with a poisoned
    teacup, in the Orchard. ... Every word the murderer said was a lie.' (the name is said
    once more at most, in the why: never three times over)."""
    case, answer = explanation.case, explanation.answer
    setting = case.setting
    people = setting.people_category
    text = story_ending(case, answer)
    liars = sorted({f.subject for s in explanation.steps for f in s.derived if f.kind == "lies"})
    culprit = answer.get(people) if people else None
    named = [person(case, w) for w in liars]
    if len(liars) == 1 and culprit and getattr(setting.characters.get(liars[0]), "item", None) == culprit:
        # the culprit was the liar: 'He lied.', not the name the sentences above just said
        named = [pronoun(setting, culprit) or cap(role(case))]
    if liars:
        text += f" {join(named, 'and')} lied."
    elif case.effective_liar_rule.kind == "culprit" and people in answer and _speaks(case, answer[people]):
        who = pronoun(setting, answer[people]).lower() or role(case)
        text += f" Every word {who} said was a lie."
    return text


def _speaks(case: Case, item: str) -> bool:
    """Whether the character who is this suspect speaks a clue of the case."""
    chars = case.setting.characters
    return any(c.speaker in chars and chars[c.speaker].item == item for c in case.clues)
