"""A page leans on what it has said: 'since the crime happened at seven o'clock' only after a
step has said it ('..., and seven o'clock is the only time left'). Issue 24, grange timeline
medium 92 in the editor's read: 'We are told that the crime happened neither at nine o'clock
nor at eight o'clock, and that the crime happened before nine o'clock.' then 'since the crime
happened at seven o'clock', never concluded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casetool.english.solution import page_sentences
from casetool.explain.steps import explain_case
from kept import kept_case

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
GRANGE = sorted(p.stem for p in FIXTURES.glob("grange-timeline-*.yaml"))
SINCE = re.compile(r"since the crime happened ((?:at|in) [^,]+?)(?: and ((?:at|in) [^,]+?))?,")


def _case(tmp_path: Path, fixture: str):
    return kept_case(tmp_path, "grange", fixture)


def said_before(page: str, where: str) -> bool:
    """Whether the page, before its `where` text, says the crime happened there: as the only one
    left, or in those words."""
    name = where.split(" ", 1)[1].removeprefix("the ")
    return bool(re.search(rf"{re.escape(name)} is the only \w+ left|crime happened {re.escape(where)}\b", page))


@pytest.mark.parametrize("fixture", GRANGE)
def test_a_reason_is_said_before_a_step_leans_on_it(tmp_path, fixture):
    page = " ".join(" ".join(page_sentences(explain_case(_case(tmp_path, fixture), 60))).split())
    for m in SINCE.finditer(page):
        for where in filter(None, m.groups()):
            assert said_before(page[:m.start()], where), (fixture, where, page[max(0, m.start() - 300):m.end()])


def test_an_order_that_leaves_one_time_with_earlier_findings_says_it(tmp_path):
    page = " ".join(" ".join(page_sentences(explain_case(_case(tmp_path, "grange-timeline-95-medium"), 60))).split())
    assert ("The note “The crime happened before ten o'clock” rules out ten o'clock, "
            "and seven o'clock is the only time left.") in page
