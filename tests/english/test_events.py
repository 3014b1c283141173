"""Timeline events (english/events.py) say nothing the book has not set up: a lead that harks
back to an earlier talk ('The Inspector questions the gamekeeper a second time ...', '... tells
a new story ...') reads false in a case that told no first one (issue 24, readB bookT#1)."""

from __future__ import annotations

import random
import re

from casetool.english.events import LEADS, compose

# words that take an earlier scene for granted
HARKS_BACK = re.compile(r"\b(a second time|again|new|another|once more|still|back to|repeat\w*)\b", re.IGNORECASE)


def test_no_lead_harks_back_to_an_earlier_talk():
    assert [lead for lead in LEADS if HARKS_BACK.search(lead.replace("comes back from", ""))] == []


def test_composed_events_in_a_case_never_hark_back():
    words = [{"person": "Mrs. White", "place": "the Hall", "where": "in the Hall", "when": "at dawn",
              "named": "person place time"}] * 5
    for seed in range(40):
        for text in compose(random.Random(seed), words, set(), "theft"):
            assert not HARKS_BACK.search(text.replace("comes back from", "")), text
