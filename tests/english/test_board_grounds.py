"""What a board page's step leans on, said before what it gives (english/board_grounds.py), on
the mansion samples as `casetool explain` and the solution page print them:

1. no sentence names more than four facts (clues quoted and grounds recalled), and a result
   that rests on many is split into steps a reader takes one at a time;
2. no bare list of prerequisites after the result ("This leans on ...", "It also needs ...",
   "..., with Dr Crane in the Hall at nine o'clock");
3. the grounds before the conclusion: who was kept out of the scene before who the murderer was;
4. what leaves a room (or nobody) is said: the clues that rule the others out, every one ruled out.

Their truth is checked by the brute force in test_board_solution.py and test_board_steps.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casetool.english.board_solution import board_paragraphs
from casetool.english.sentences import step_sentence
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths

ROOT = Path(__file__).resolve().parents[2]
HOUR = r"(?:six|seven|eight|nine|ten|eleven|midnight|one|two)(?: o'clock)?"
HOURS = re.compile(rf"\b(?:{HOUR}, )*{HOUR} and {HOUR}")
BUNDLE = re.compile(r"(where everyone we have placed was|where [A-Z][^.]*? (?:was|were)(?:, or (?:was|were) not,)?"
                    r"|what we know of [A-Z][^.]*?) (?:at|between) H")
LEAD = re.compile(r"^(This leans on|It also needs|We know|Recall|We have seen|We also know|Since) ")
LEAN = re.compile(r"This leans on|It also needs")


def case_of(book: str):
    return load_paths([ROOT / "cases" / "mansion" / book]).cases[0]


def sentences(text: str) -> list[str]:
    """The sentences, a full stop inside a quoted fact not ending one; a bare list of what the
    result leans on ('This leans on ...') read with the sentence before it, as a reader must."""
    out, depth, cur = [], 0, ""
    for k, ch in enumerate(text):
        cur += ch
        depth += (ch == "\u201c") - (ch == "\u201d")
        if ch == "." and depth == 0 and (k + 1 == len(text) or text[k + 1] == " "):
            said = cur.strip()
            if out and LEAN.match(said):
                out[-1] += " " + said
            else:
                out.append(said)
            cur = ""
    return out + ([cur.strip()] if cur.strip() else [])


def named(sentence: str) -> int:
    """The facts a sentence names: each clue quoted, and each thing it leans on (a room, a part
    of the answer; 'where everyone we have placed was ...' three), in a list after ', with ',
    after 'This leans on' and the like, or in front of the result ('Since ..., ')."""
    s = HOURS.sub("H", re.sub("\u201c[^\u201d]*\u201d", "Q", sentence))

    def count(tail: str) -> int:
        parts = [p for p in re.split(r", | and that | and ", BUNDLE.sub("B", tail)) if p.strip()]
        return sum(3 if p.strip() == "B" else 1 for p in parts)
    n = s.count("Q")
    lead = LEAD.match(s)
    if lead:
        tail = s[lead.end():]
        n += count(tail.split(", ")[0].replace(" and ", ", ") if lead.group(1) == "Since" else tail.rstrip("."))
    for m in LEAN.finditer(s):
        n += count(s[m.end():].rstrip("."))
    k = s.rfind(", with ")
    if k > s.rfind("Q") >= 0:
        n += count(s[k + len(", with "):].split(". ")[0].rstrip("."))
    return n


def page_sentences(case) -> list[str]:
    paragraphs = board_paragraphs(case)
    assert paragraphs is not None
    return [s for p in paragraphs for s in sentences(" ".join(line.text for line in p))]


def explained(case) -> list[str]:
    known: set = set()
    out = []
    for step in explain_case(case).steps:
        out.append(step_sentence(case, step, known))
        known |= set(step.derived)
    return out


@pytest.mark.parametrize("book", ["small", "medium", "large"])
def test_no_sentence_of_a_page_names_more_than_four_facts(book):
    case = case_of(book)
    said = page_sentences(case) + (sum((sentences(s) for s in explained(case)), []) if book == "small" else [])
    many = [(named(s), s) for s in said if named(s) > 4]
    assert not many, many


def test_the_counting_reads_a_list_after_the_result():
    """The count of test 1, on the words the pages printed before (mansion/large, ten o'clock)."""
    old = ("The fact \u201cA.\u201d, the fact \u201cB\u201d and the fact \u201cC\u201d keep the Colonel out. It also "
           "needs Mrs Bellamy in the Library at ten o'clock and Dr Crane in the Kitchen at ten o'clock.")
    assert [named(s) for s in sentences(old)] == [5]
    new = ("Recall that Mrs Bellamy was in the Library at ten o'clock and that Dr Crane was in the Kitchen at ten "
           "o'clock. Then the fact \u201cA\u201d, the fact \u201cB\u201d and the fact \u201cC\u201d keep Colonel Ashby "
           "out of the Study at ten o'clock.")
    assert [named(s) for s in sentences(new)] == [2, 3]


def test_a_result_resting_on_many_facts_is_split_into_steps():
    """mansion/small, Lord Ashdown at ten o'clock: three clues, the rooms of three pieces and
    the hours ruled out, once one sentence; now the notes that clear the Candlestick and the
    Rope are steps of their own first, and the room takes one fact with what they found."""
    paragraphs = board_paragraphs(case_of("small"))
    assert paragraphs is not None
    lines = [line for p in paragraphs for line in p]
    k = next(k for k, line in enumerate(lines) if ("cell", "ashdown", "ten", "dining_room") in line.claims)
    by = next(c for c in lines[k].claims if c[0] == "by")
    assert len(by[1]) == 1 and {("weapon", "rope", False), ("weapon", "candlestick", False)} <= set(by[3]), by
    before = " ".join(line.text for line in lines[:k])
    assert "rules out the Candlestick as the weapon" in before and "rules out the Rope as the weapon" in before, before


@pytest.mark.parametrize("book", ["small", "medium", "large"])
def test_what_a_result_leans_on_is_said_before_it(book):
    """Never 'This leans on ...', 'It also needs ...', nor '..., with Dr Crane in the Hall at
    nine o'clock' after the clues quoted: what the clues lean on comes first ('Since ...', 'We
    know that ...')."""
    case = case_of(book)
    said = page_sentences(case) + (sum((sentences(s) for s in explained(case)), []) if book == "small" else [])
    assert not [s for s in said if LEAN.search(s)]
    assert not [s for s in said if re.search("\u201d[^\u201c]*, with ", s)]
    # the medium page's paragraphs say all their results lean on before them, so it recalls
    # nothing (test_board_paragraph.py: nothing is recalled that its paragraph said)
    assert book == "medium" or any(re.match(r"(Since|We know|Recall|We have seen) ", s) for s in said), said


@pytest.mark.parametrize(("book", "culprit", "others"), [
    ("small", "Mrs Bellamy", ["Colonel Ashby", "Dr Crane"]),
    ("large", "Colonel Ashby", ["Mrs Bellamy", "Dr Crane", "Lady Dunmore", "Mr Everett"]),
])
def test_who_was_kept_out_is_said_before_who_the_murderer_was(book, culprit, others):
    """Not 'The murderer was with Lord Ashdown in the Study then, and nobody else could have
    been there: it was Colonel Ashby': everyone else kept out of the scene, then who that leaves."""
    paragraphs = board_paragraphs(case_of(book))
    assert paragraphs is not None
    line = next(line for line in paragraphs[-1] if ("answer", "suspect", culprit.split()[-1].lower()) in line.claims)
    assert "The murderer was with" not in line.text, line.text
    k = line.text.index(culprit)
    assert all(0 <= line.text.find(o) < k for o in others), line.text


@pytest.mark.parametrize("book", ["small", "medium", "large"])
def test_what_leaves_a_room_is_said(book):
    """'... that leaves the Kitchen', '... only the Dining Room is left': the sentence quotes the
    clues that rule the other rooms out, or says the room is the only one a step from both."""
    for s in page_sentences(case_of(book)):
        if re.search(r"leaves (the|only the) [A-Z]|only the [A-Z][\w ]* is left", s):
            assert "\u201c" in s or "a step from both" in s, s


def test_a_supposition_left_with_nobody_names_everyone_ruled_out():
    """mansion/small explained, step 10: 'Suppose Mrs Bellamy had not been the murderer:
    Colonel Ashby and Dr Crane have been ruled out, which leaves nobody', not only Dr Crane."""
    said = explained(case_of("small"))[9]
    m = re.search(r"Suppose Mrs Bellamy had not been the murderer: ([^.]*) ha(?:s|ve) been ruled out", said)
    assert m and "Colonel Ashby" in m.group(1) and "Dr Crane" in m.group(1), said
