"""A board page's paragraph says a thing once, and every verdict in it has its ground (issue 24:
the editor's 'say less twice' and 'every finding a page states gives its ground'):
- a room, a room ruled out or a part of the answer the paragraph has said is not recalled in it
  again: mansion/small said 'The facts put Colonel Ashby in the Kitchen and the Dagger in the
  Dining Room at eleven o'clock.' and two sentences on 'We know that Colonel Ashby was in the
  Kitchen at eleven o'clock, that the Dagger was in the Dining Room at eleven o'clock and ...';
  after 'That leaves nine o'clock for the murder' the hours ruled out are not listed again;
- facts that name the rooms they rule out are not followed by those rooms again ('the fact
  “Nobody was in the Kitchen at eight o'clock” keeps the Colonel out of the Kitchen at eight
  o'clock, and of the rooms ...'); weapons the notes cleared above are not cleared again;
- who a verdict keeps away from the victim ('Colonel Ashby and Dr Crane were both kept out of
  the Library at eight o'clock; the murderer was with Lord Ashdown there, so it was Mrs
  Bellamy'; 'Nobody was with Lord Ashdown in the Study') is placed, or kept out, by a sentence
  of the paragraph before it, or by a fact it quotes (mansion small 74 said no reason at all);
- a room kept out of by a piece whose room the paragraph has just found is not argued again
  ('With that, the rules printed with the case keep Colonel Ashby out of the Kitchen at ten
  o'clock' after he was found in the Hall then: mansion small 73).
The pages are mansion/small's (3,230 characters, was 3,681: it fits its printed page again,
tests/printing/test_page_fill.py), the other samples and kept mansion small cases."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from casetool.english.board_solution import _Page, board_page
from casetool.load.project import load_paths
from casetool.solver.budget import Budget
from casetool.solver.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from test_board_solution import assert_claim  # noqa: E402

from bruteforce import feasible_values, possible_answers  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
KEPT = ["mansion-board-small-68-book-2", "mansion-board-small-73", "mansion-board-small-74"]
RECALL = re.compile(r"(?:We know|Recall|We have seen|We also know) (?:that|where) [^\u201c]*?\.(?= |$)")
AWAY = re.compile(r"kept out of|[Nn]obody was with|was alone (?:in|with) (?!the victim)|nobody could have killed")


def sample(book: str):
    return load_paths([ROOT / "cases" / "mansion" / book]).cases[0]


def kept(tmp_path: Path, name: str):
    shutil.copy(ROOT / "cases" / "mansion" / "small" / "setting.yaml", tmp_path / "setting.yaml")
    shutil.copy(FIXTURES / f"{name}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path]).cases[0]


def cases(tmp_path: Path) -> list:
    out = [sample(b) for b in ("small", "medium", "large")]
    for name in KEPT:
        (tmp_path / name).mkdir()
        out.append(kept(tmp_path / name, name))
    return out


def told(case):
    """The page (its words and night) and its paragraphs of lines."""
    session = Session.open(case, Budget(30.0))
    try:
        assert session.feasible(session.clue_lits([c.id for c in case.clues]))
        page = _Page(case, session.world(), session)
        return page, page.paragraphs()
    finally:
        session.close()


def cells_said(lines) -> set:
    """The cells the lines place or keep out of a room, each as (piece, hour)."""
    out = {(c[1], c[2]) for line in lines for c in line.claims if c[0] in ("cell", "not_cell")}
    return out | {(d[0], d[1]) for line in lines if line.kind == "placed" for d in line.data}


def test_the_small_sample_says_less_twice():
    case = sample("small")
    page = board_page(case)
    assert page is not None and len(page) < 3_300, len(page or "")
    assert " ".join(case.solution_text.split()) == " ".join(page.split())   # the book prints today's page
    assert "We know that Colonel Ashby was in the Kitchen at eleven o'clock" not in page, page
    assert "The notes say" not in page and page.count("rules out the Candlestick as the weapon") == 1, page
    assert ("Colonel Ashby was in the Kitchen at seven o'clock; of the rooms a step from there, the fact \u201cNobody "
            "was in the Kitchen at eight o'clock\u201d leaves the Colonel only the Dining Room at eight o'clock.") in page
    assert ("the fact \u201cDr Crane was not in the Dining Room at ten o'clock\u201d and the fact \u201cNobody was in "
            "the Hall at ten o'clock\u201d leave only the Library.") in page, page


def test_a_paragraph_recalls_nothing_it_has_said(tmp_path):
    for case in cases(tmp_path):
        page, paragraphs = told(case)
        for paragraph in paragraphs:
            for k, line in enumerate(paragraph):
                recalled = " ".join(RECALL.findall(line.text))
                for c in [c for before in paragraph[:k] for c in before.claims if c[0] == "cell"]:
                    said = f"{page.name(c[1])} was {page.where(c[3])} {page.at(c[2])}"
                    assert said not in recalled, (said, line.text)
                if any(c[:2] == ("answer", page.tl.times) for before in paragraph[:k] for c in before.claims):
                    assert "has been ruled out at" not in line.text, line.text


def test_who_a_verdict_keeps_from_the_victim_has_a_ground_in_its_paragraph(tmp_path):
    verdicts = 0
    for case in cases(tmp_path):
        page, paragraphs = told(case)
        culprit = page.night.answer[page.tl.people]
        for paragraph in paragraphs:
            for k, line in enumerate(paragraph):
                hours = [c[1] for c in line.claims if c[0] == "not_time"] or \
                    [c[2] for c in line.claims if c[0] == "cell" and c[1] == page.victim]
                if not AWAY.search(line.text) or not hours:
                    continue
                t, verdicts = hours[0], verdicts + 1
                quoted = {cid for before in paragraph[:k] for c in before.claims if c[0] in ("by", "if") for cid in c[1]}
                said = cells_said(paragraph[:k])
                here = page.room(page.victim, t)
                for p in page.people:
                    why = page.reasoner.why.get((p, t))
                    stated = why is not None and why.rule == "clue" and set(why.clues) <= quoted
                    if page.room(p, t) != here and (p, t) not in said and not stated:
                        pytest.fail(f"{p} at {t}: no ground before {line.text!r}")
                    assert p != culprit or "kept out of" not in line.text or page.room(p, t) == here
    assert verdicts >= 6, verdicts


@pytest.mark.slow   # the brute force of a mansion small night: some 10 s
def test_the_men_kept_out_in_small_74_are_placed_first_and_every_claim_is_true(tmp_path):
    case = kept(tmp_path, "mansion-board-small-74")
    _, paragraphs = told(case)
    crime = [line.text for line in paragraphs[-1]]
    verdict = next(k for k, s in enumerate(crime) if "were both kept out of the Library at eight o'clock" in s)
    assert crime[1:verdict] == [
        "Colonel Ashby went from the Kitchen to the Dining Room between eight and nine o'clock, so the Colonel was in "
        "the Kitchen at eight o'clock.",
        "With that, the fact \u201cColonel Ashby was in a room next to Dr Crane's at eight o'clock\u201d keeps Dr Crane "
        "out of the Library at eight o'clock."], crime
    answers = possible_answers(case)
    values = feasible_values(case, dict(zip(case.setting.answer, next(iter(answers)), strict=True)))
    for claim in [c for p in paragraphs for line in p for c in line.claims if c[0] not in ("by", "if")]:
        assert_claim(case, claim, answers, values)


def test_a_room_just_found_is_not_kept_out_again(tmp_path):
    for case in cases(tmp_path):
        _, paragraphs = told(case)
        for paragraph in paragraphs:
            for k, line in enumerate(paragraph):
                placed = {(c[1], c[2]) for before in paragraph[:k] for c in before.claims if c[0] == "cell"}
                again = [c for c in line.claims[:1] if c[0] == "not_cell" and (c[1], c[2]) in placed]
                assert not again, (again, line.text)
